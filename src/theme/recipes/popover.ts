import { defineSlotRecipe } from '@pandacss/dev';
import { insetFocusRing } from './focus';

/**
 * Floating panels on Ark UI Popover and Menu (the top bars' menus, notifications, the wish list,
 * the icon rail's groups): a raised surface card with a title, a list of entries and a muted note
 * for loading, empty and failed states.
 */
export const popover = defineSlotRecipe({
  className: 'popover',
  description: 'Popover or menu panel',
  slots: ['positioner', 'content', 'header', 'title', 'list', 'item', 'note'],
  base: {
    positioner: { zIndex: '50' },
    content: {
      minW: '12rem',
      p: '1.5',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      boxShadow: 'card',
      zIndex: '50',
      _focusVisible: { outline: 'none' },
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: '2', pt: '1', pb: '2' },
    title: { px: '2', pt: '1', pb: '2', fontSize: 'sm', fontWeight: 'semibold' },
    list: { listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1' },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2.5',
      minH: '9',
      px: '2.5',
      borderRadius: 'md',
      fontSize: 'sm',
      cursor: 'pointer',
      color: 'fg.default',
      textDecoration: 'none',
      '&[data-highlighted]': { bg: 'bg.muted' },
      _focusVisible: insetFocusRing,
      '& svg': { color: 'fg.muted' },
    },
    note: { px: '2', py: '3', fontSize: 'sm', color: 'fg.muted' },
  },
  variants: {
    size: {
      menu: {},
      sm: { content: { w: '20rem', maxW: 'calc(100vw - 1rem)', maxH: '60vh', overflowY: 'auto' } },
      md: { content: { w: '24rem', maxW: 'calc(100vw - 1rem)', maxH: '70vh', overflowY: 'auto' } },
    },
    /** A small uppercase title (a group's name over its links). */
    kicker: {
      true: {
        content: { p: '2' },
        title: { px: '3', fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' },
        list: { gap: '0.5' },
      },
    },
  },
  defaultVariants: { size: 'menu' },
  staticCss: ['*'],
});

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
  slots: ['positioner', 'content', 'header', 'summary', 'title', 'groupLabel', 'list', 'item', 'note'],
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
    /** The title with an action beside it (the title's own padding then comes from here). */
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: '2', pt: '1', pb: '2', '& [data-part=title]': { p: '0' } },
    /** Who is signed in, over the user menu's entries. */
    summary: { px: '2.5', py: '2', mb: '1', borderBottomWidth: '1px', borderColor: 'border.default' },
    title: { px: '2', pt: '1', pb: '2', fontSize: 'sm', fontWeight: 'semibold' },
    groupLabel: { px: '2.5', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' },
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
    /** A combobox's list of options: under its input, entries 44 px tall, the chosen one in the accent colour. */
    listbox: {
      true: {
        // Above the dialog a picker may sit in.
        positioner: { zIndex: '60 !important' },
        content: {
          minW: 'auto',
          p: '0',
          py: '1',
          maxH: '40vh',
          overflowY: 'auto',
          borderColor: 'border.strong',
          borderRadius: 'md',
          '&[data-state=closed]': { display: 'none' },
        },
        item: { minH: '11', px: '3', borderRadius: '0', fontSize: 'md', '&[data-state=checked]': { fontWeight: 'semibold', color: 'accent.fg' } },
        note: { px: '3', py: '2' },
      },
    },
    /** Entries 44 px tall for fingers (the phone menus). */
    touch: { true: { item: { minH: '11', px: '3' } } },
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

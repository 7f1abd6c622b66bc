import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/**
 * The one dialog look (`components/Modal` and `ConfirmDialog`): a blurred scrim, a card centred
 * from 480 px and a bottom sheet below (so it fits a 390 px phone), the close button in the corner
 * and the row of actions (end-aligned; stacked full width on phones).
 */
export const dialog = defineSlotRecipe({
  className: 'dialog',
  description: 'Modal dialog',
  slots: ['backdrop', 'positioner', 'content', 'title', 'description', 'closeTrigger', 'actions'],
  base: {
    backdrop: { position: 'fixed', inset: '0', zIndex: 50, bg: 'bg.overlay', backdropFilter: 'blur(2px)' },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 51,
      display: 'flex',
      alignItems: { base: 'flex-end', sm: 'center' },
      justifyContent: 'center',
      p: { base: '0', sm: '4' },
    },
    content: {
      position: 'relative',
      w: 'full',
      maxW: { base: 'full', sm: '32rem' },
      maxH: '90dvh',
      overflowY: 'auto',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: { base: 'lg lg 0 0', sm: 'lg' },
      boxShadow: 'card',
      p: { base: '5', sm: '6' },
      _focusVisible: { outline: 'none' },
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', pr: '10', lineHeight: '1.3' },
    description: { mt: '2', color: 'fg.muted', fontSize: 'sm' },
    closeTrigger: {
      position: 'absolute',
      top: '3',
      right: '3',
      w: '10',
      h: '10',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted', color: 'fg.default' },
      _focusVisible: focusRing,
    },
    actions: {
      display: 'flex',
      flexDirection: { base: 'column-reverse', sm: 'row' },
      justifyContent: 'flex-end',
      gap: '3',
      mt: '6',
    },
  },
  variants: {
    size: {
      default: {},
      /** For dialogs with tables. */
      wide: { content: { maxW: { base: 'full', sm: '48rem' } } },
    },
  },
  defaultVariants: { size: 'default' },
  staticCss: ['*'],
});

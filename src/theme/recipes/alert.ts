import { defineSlotRecipe } from '@pandacss/dev';

/** Inline messages above forms: info, success and error tones. */
export const alert = defineSlotRecipe({
  className: 'alert',
  description: 'Inline message',
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      gap: '3',
      alignItems: 'flex-start',
      borderWidth: '1px',
      borderRadius: 'md',
      px: '4',
      py: '3',
      fontSize: 'sm',
      lineHeight: '1.5',
      color: 'fg.default',
    },
    icon: { flexShrink: 0, w: '5', h: '5', mt: '0.5' },
    content: { display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' },
    title: { fontWeight: 'semibold' },
    description: { overflowWrap: 'anywhere' },
  },
  variants: {
    tone: {
      info: { root: { bg: 'accent.subtle', borderColor: 'accent.border' }, icon: { color: 'accent.fg' } },
      success: { root: { bg: 'success.subtle', borderColor: 'success.border' }, icon: { color: 'success.fg' } },
      error: { root: { bg: 'danger.subtle', borderColor: 'danger.border' }, icon: { color: 'danger.fg' } },
    },
  },
  defaultVariants: { tone: 'info' },
  staticCss: ['*'],
});

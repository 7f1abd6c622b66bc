import { defineRecipe } from '@pandacss/dev';

/**
 * Status badges (availability, book status, member status, role facts, counts): a small pill in
 * one of four tones, and `count` for the red unread number on an icon button. Every tone's text
 * meets AA (4.5:1) on its own background in both themes.
 */
export const badge = defineRecipe({
  className: 'badge',
  description: 'Status pill or count',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    borderRadius: 'full',
    borderWidth: '1px',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      success: { bg: 'success.subtle', color: 'success.fg', borderColor: 'success.border' },
      warning: { bg: 'bg.subtle', color: 'fg.default', borderColor: 'border.strong' },
      danger: { bg: 'danger.subtle', color: 'danger.fg', borderColor: 'danger.border' },
      neutral: { bg: 'bg.muted', color: 'fg.muted', borderColor: 'border.default' },
      count: { bg: 'danger.default', color: 'fg.onAccent', borderColor: 'transparent', borderWidth: '0' },
    },
    size: {
      sm: { px: '2', py: '0.5', fontSize: 'xs' },
      md: { px: '3', py: '1', fontSize: 'sm' },
      /** The unread number on an icon button. */
      count: { minW: '4.5', h: '4.5', px: '1', py: '0', justifyContent: 'center', fontSize: '2xs', fontWeight: 'bold', lineHeight: '1' },
    },
  },
  defaultVariants: { tone: 'neutral', size: 'sm' },
  staticCss: ['*'],
});

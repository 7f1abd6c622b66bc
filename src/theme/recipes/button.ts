import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/** Buttons: 44 px tall by default (touch target), five variants, a busy state via aria-busy. */
export const button = defineRecipe({
  className: 'button',
  description: 'Action button',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    fontWeight: 'semibold',
    lineHeight: '1.2',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    // Also when it is a link styled as a button.
    textDecoration: 'none',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: 'fast',
    userSelect: 'none',
    _focusVisible: focusRing,
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    '&[aria-busy=true]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'fg.onAccent',
        _hover: { _enabled: { bg: 'accent.hover' } },
      },
      outline: {
        bg: 'transparent',
        color: 'fg.default',
        borderColor: 'border.strong',
        _hover: { _enabled: { bg: 'bg.muted' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { _enabled: { bg: 'bg.muted' } },
      },
      danger: {
        bg: 'danger.default',
        color: 'fg.onAccent',
        _hover: { _enabled: { bg: 'danger.hover' } },
      },
      /** A quiet destructive action (a row's Delete): red words on the page's own background, in both themes. */
      dangerGhost: {
        bg: 'transparent',
        color: 'danger.fg',
        _hover: { _enabled: { bg: 'danger.subtle' } },
      },
    },
    size: {
      md: { minH: '11', px: '4', fontSize: 'md' },
      // Row actions in tables and panels.
      sm: { minH: '9', px: '3', fontSize: 'sm' },
      icon: { w: '11', h: '11', p: '0', fontSize: 'lg' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
  staticCss: ['*'],
});

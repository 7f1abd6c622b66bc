import { defineRecipe } from '@pandacss/dev';

/** A ring spinner drawn with borders; it takes the current text colour. */
export const spinner = defineRecipe({
  className: 'spinner',
  description: 'Busy indicator',
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animation: 'spin 0.8s linear infinite',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
  },
  variants: {
    size: {
      sm: { w: '4', h: '4' },
      md: { w: '6', h: '6' },
      lg: { w: '8', h: '8', borderWidth: '3px' },
    },
  },
  defaultVariants: { size: 'sm' },
  staticCss: ['*'],
});

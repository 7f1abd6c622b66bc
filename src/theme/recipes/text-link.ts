import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/** Inline links in running text and under forms. */
export const textLink = defineRecipe({
  className: 'text-link',
  description: 'Text link',
  base: {
    color: 'accent.fg',
    fontWeight: 'medium',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    textDecorationThickness: '1px',
    borderRadius: 'sm',
    _hover: { textDecorationThickness: '2px' },
    _focusVisible: focusRing,
  },
  staticCss: ['*'],
});

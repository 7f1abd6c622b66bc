import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/**
 * The surface card: panels, figure cards, empty states, filter boxes. One look (surface, thin
 * border, rounded); variants choose the padding, a shadow for cards standing alone on the canvas,
 * a link's hover and focus, and the muted, centred empty state of a list.
 */
export const card = defineRecipe({
  className: 'card',
  description: 'Surface card',
  base: {
    bg: 'bg.surface',
    color: 'fg.default',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'lg',
  },
  variants: {
    padding: {
      none: {},
      sm: { p: { base: '3', md: '4' } },
      md: { p: { base: '4', md: '5' } },
      lg: { p: { base: '4', md: '6' } },
      xl: { p: { base: '5', md: '6' } },
    },
    /** Cards standing alone on the canvas (welcome, sign-in, access refused). */
    raised: { true: { boxShadow: 'card', borderRadius: 'xl' } },
    /** A card that is a link: the border lights up on hover, and the one focus ring. */
    interactive: {
      true: {
        textDecoration: 'none',
        transition: 'border-color 0.15s ease',
        '&[href]:hover, &:is(button):hover': { borderColor: 'accent.border' },
        _focusVisible: focusRing,
      },
    },
    /** Nothing to list: a muted, centred sentence in the card. */
    empty: { true: { textAlign: 'center', py: '12', px: '4', color: 'fg.muted' } },
    /** Only from 640 px: on phones the content sits on the canvas (lists whose rows are cards). */
    fromSm: { true: { bg: { base: 'transparent', sm: 'bg.surface' }, borderWidth: { base: '0', sm: '1px' } } },
    /** Children clipped to the rounded corners (a table or list flush with the edges). */
    clip: { true: { overflow: 'hidden' } },
  },
  defaultVariants: { padding: 'none' },
  staticCss: ['*'],
});

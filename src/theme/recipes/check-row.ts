import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/**
 * A native checkbox with its label beside it (fine picks, Full payment, a cover to remove, the
 * catalogue's "Available only", the bulk upload's option): a 44 px tall hit area, a 20 px box in
 * the accent colour, the one focus ring on the box. Layout around it (grid column, margins) stays
 * with the caller.
 */
export const checkRow = defineRecipe({
  className: 'check-row',
  description: 'A checkbox and its label',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    minH: '11',
    cursor: 'pointer',
    fontSize: 'sm',
    fontWeight: 'medium',
    '& input': { w: '5', h: '5', accentColor: 'accent.default', cursor: 'pointer', flexShrink: 0 },
    '& input:focus-visible': focusRing,
  },
});

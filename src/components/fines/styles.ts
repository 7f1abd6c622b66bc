/** Shared looks of the fines screens: checkbox rows, money columns, small tables, totals. */
import { css } from 'styled-system/css';
import { checkRow as checkRowRecipe } from 'styled-system/recipes';

/** A checkbox with its label (fine picks, Full payment). */
export const checkRow = checkRowRecipe();

/**
 * A compact table inside a dialog or panel; scrolls sideways on phones. Positioned, so it also
 * holds the table's absolutely placed parts (a screen-reader-only header): otherwise they would
 * stand where the table ends and widen the page.
 */
export const smallTableWrap = css({ position: 'relative', overflowX: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', _print: { overflow: 'visible' } });
export const smallTable = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { px: '3', py: '2', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& thead th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs', bg: 'bg.muted' },
  '& tfoot td, & tfoot th': { fontWeight: 'semibold', borderBottomWidth: '0' },
  '& .money': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/** Label / value pairs (totals, the preview). */
export const figures = css({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  justifyContent: 'start',
  columnGap: '6',
  rowGap: '1',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
});

export const muted = css({ color: 'fg.muted', fontSize: 'sm' });
export const sectionGap = css({ display: 'flex', flexDirection: 'column', gap: '4' });

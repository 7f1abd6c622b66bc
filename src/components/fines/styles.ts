/** Shared looks of the fines screens: checkbox rows, totals (their tables are `MoneyTable` on the table recipe). */
import { css } from 'styled-system/css';
import { checkRow as checkRowRecipe } from 'styled-system/recipes';

/** A checkbox with its label (fine picks, Full payment). */
export const checkRow = checkRowRecipe();

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

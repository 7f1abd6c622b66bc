/** Looks shared by the home screens' parts: the page, two columns, small tables (figure cards and skeletons: `figure-styles.ts`). */
import { css } from 'styled-system/css';

/** The page: a column of sections. */
export const page = css({ display: 'flex', flexDirection: 'column', gap: { base: '5', md: '6' }, minW: '0' });

/** Two columns of panels from 1024 px. */
export const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: { base: '5', md: '6' }, alignItems: 'start' });

/** A compact table inside a panel; scrolls sideways on phones. */
export const tableWrap = css({ overflowX: 'auto', mx: { base: '-4', md: '0' } });
export const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { px: '3', py: '2', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top', overflowWrap: 'anywhere' },
  '& thead th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' },
  '& tbody tr:last-child > *': { borderBottomWidth: '0' },
  '& tbody th': { fontWeight: 'normal' },
  '& .end': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& .nowrap': { whiteSpace: 'nowrap' },
  /** Cells left out on phones (their facts repeat in a `.phone` line of the row's first cell). */
  '& .wide': { display: { base: 'none', sm: 'table-cell' } },
  '& .phone': { display: { base: 'block', sm: 'none' } },
});
export const muted = css({ color: 'fg.muted', fontSize: 'sm' });
export const detail = css({ display: 'block', color: 'fg.muted', fontSize: 'xs' });

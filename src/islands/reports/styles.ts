/** Shared looks of the report page: chart panels, the print view's table (figures use `components/home/FigureCards`). */
import { css } from 'styled-system/css';

/** A compact table (the print view's rows). */
export const compactTable = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& caption': { textAlign: 'start', fontWeight: 'semibold', px: '3', py: '2' },
  '& th, & td': { px: '3', py: '1.5', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& thead th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs', bg: 'bg.muted' },
  '& .num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

export const chartGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' }, gap: '4' });
export const chartPanel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '3', md: '4' }, minW: '0' });

export const muted = css({ color: 'fg.muted', fontSize: 'sm' });

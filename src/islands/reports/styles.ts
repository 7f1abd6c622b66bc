/** Shared looks of the report page: figure cards, chart panels, the print view's table. */
import { css } from 'styled-system/css';

export const figureGrid = css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(auto-fill, minmax(11.5rem, 1fr))' }, gap: '3' });
export const figureCard = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  px: '4',
  py: '3',
  minW: '0',
});
export const figureLabel = css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium', lineHeight: '1.3' });
export const figureValue = css({ fontSize: { base: 'md', md: 'lg' }, fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', whiteSpace: { md: 'nowrap' } });

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

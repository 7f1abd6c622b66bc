/** Looks shared by the home screens' parts: card grid, figures, small tables, skeletons. */
import { css } from 'styled-system/css';

/** The page: a column of sections. */
export const page = css({ display: 'flex', flexDirection: 'column', gap: { base: '5', md: '6' }, minW: '0' });

/** A grid of figure cards: as many 11rem columns as fit (6.5rem on phones, two or three across). */
export const cardGrid = css({ display: 'grid', gridTemplateColumns: { base: 'repeat(auto-fill, minmax(6.5rem, 1fr))', md: 'repeat(auto-fill, minmax(11rem, 1fr))' }, gap: { base: '2', md: '4' }, listStyle: 'none', p: '0', m: '0' });

/** One figure card (a link when it leads to a list). */
export const card = css({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  gap: '2',
  h: 'full',
  minH: { base: '5rem', md: '6.5rem' },
  p: { base: '3', md: '4' },
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  color: 'fg.default',
  textDecoration: 'none',
  transition: 'border-color 0.15s ease',
  '&[href]:hover': { borderColor: 'accent.border' },
  '&[href]:hover .card-more': { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
export const cardLabel = css({ fontSize: { base: 'xs', md: 'sm' }, color: 'fg.muted', fontWeight: 'medium' });
export const cardFigure = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.1', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere', '&[data-alarm]': { color: 'danger.fg' } });
/** "View list →": from 768 px (on phones the whole card is plainly a link already). */
export const cardMore = css({ display: { base: 'none', md: 'inline' }, fontSize: 'xs', color: 'accent.fg', fontWeight: 'medium' });

/** A grey block standing in for content that is loading. */
export const skeleton = css({ borderRadius: 'md', bg: 'bg.muted', animation: 'pulse 1.6s ease-in-out infinite', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } });

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

/**
 * The data table's styles. From 640 px up it is an ordinary table; below, each row is a card whose
 * cells are labelled by their column (the `data-label` attribute), because a 390 px phone cannot
 * show six columns side by side and a horizontal scroll would hide the row actions off screen.
 */
import { css } from 'styled-system/css';

const focusRing = { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } as const;

export const frame = css({
  bg: { base: 'transparent', sm: 'bg.surface' },
  borderWidth: { base: '0', sm: '1px' },
  borderColor: 'border.default',
  borderRadius: 'lg',
});

export const toolbarClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '3',
  p: { base: '0', sm: '4' },
  pb: { base: '4', sm: '4' },
  borderBottomWidth: { base: '0', sm: '1px' },
  borderColor: 'border.default',
});

export const sortSelect = css({ display: 'flex', flexDirection: 'column', gap: '1.5', fontSize: 'sm', fontWeight: 'medium' });

export const scroller = css({ position: 'relative', overflowX: { base: 'visible', sm: 'auto' }, minH: '12rem' });

export const table = css({
  display: { base: 'block', sm: 'table' },
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
});

export const srOnly = css({ srOnly: true });

export const thead = css({ display: { base: 'none', sm: 'table-header-group' } });

export const tbody = css({ display: { base: 'flex', sm: 'table-row-group' }, flexDirection: 'column', gap: '3' });

export const row = css({
  display: { base: 'flex', sm: 'table-row' },
  flexDirection: 'column',
  gap: '2',
  p: { base: '4', sm: '0' },
  bg: { base: 'bg.surface', sm: 'transparent' },
  borderWidth: { base: '1px', sm: '0' },
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  borderRadius: { base: 'lg', sm: '0' },
  _hover: { bg: { sm: 'bg.muted' } },
  '&:last-child': { borderBottomWidth: { base: '1px', sm: '0' } },
});

export const headerCell = css({
  px: '3',
  py: '2',
  textAlign: 'start',
  fontWeight: 'semibold',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.muted',
  fontSize: 'xs',
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  '&[data-align=end]': { textAlign: 'end' },
});

export const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: '11',
  px: '2',
  mx: '-2',
  borderRadius: 'md',
  color: 'inherit',
  font: 'inherit',
  textTransform: 'inherit',
  letterSpacing: 'inherit',
  cursor: 'pointer',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
  _focusVisible: focusRing,
  '&[data-active]': { color: 'fg.default' },
});

export const sortIcon = css({ flexShrink: 0, opacity: 0.5, '[data-active] > &': { opacity: 1 } });

export const cell = css({
  display: { base: 'flex', sm: 'table-cell' },
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  px: { base: '0', sm: '3' },
  py: { base: '0', sm: '2' },
  verticalAlign: 'middle',
  textAlign: { base: 'end', sm: 'start' },
  overflowWrap: { base: 'anywhere', sm: 'normal' },
  '&[data-label]::before': {
    content: 'attr(data-label)',
    display: { base: 'block', sm: 'none' },
    flexShrink: 0,
    textAlign: 'start',
    color: 'fg.muted',
    fontWeight: 'medium',
  },
  '&[data-align=end]': { textAlign: 'end' },
  // The row's key cell: a card's title on phones.
  '&[data-row-header]': { fontWeight: 'semibold', fontSize: { base: 'md', sm: 'sm' }, textAlign: 'start', justifyContent: 'flex-start' },
  '&[data-actions]': { whiteSpace: 'nowrap', textAlign: 'end', justifyContent: 'flex-end' },
});

/**
 * Columns that give way on narrower screens (and on phone cards), chosen by `data-hide-below`.
 * An attribute selector outweighs the cell's own display rules whatever order they are emitted in.
 */
/** The key cell's content: always start-aligned, also when a long name wraps on a card. */
export const rowHeaderText = css({ display: 'block', textAlign: 'start' });

export const hideable = css({
  '&[data-hide-below=sm]': { display: { base: 'none', sm: 'table-cell' } },
  '&[data-hide-below=md]': { display: { base: 'none', md: 'table-cell' } },
  '&[data-hide-below=lg]': { display: { base: 'none', lg: 'table-cell' } },
  '&[data-hide-below=xl]': { display: { base: 'none', xl: 'table-cell' } },
  '&[data-hide-below=2xl]': { display: { base: 'none', '2xl': 'table-cell' } },
});

export type Breakpoint = 'sm' | 'md' | 'lg' | 'xl' | '2xl';

export const actionsRow = css({ display: 'flex', gap: '1', justifyContent: 'flex-end', flexWrap: 'nowrap' });

export const emptyCell = css({ display: { base: 'block', sm: 'table-cell' }, textAlign: 'center', py: '12', px: '4', color: 'fg.muted' });

export const skeletonBar = css({
  display: 'block',
  h: '3',
  w: 'full',
  maxW: '10rem',
  borderRadius: 'sm',
  bg: 'bg.subtle',
  animation: 'pulse 1.6s ease-in-out infinite',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

export const skeletonRow = css({ h: { sm: '16' } });

export const paginationBar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: { base: '0', sm: '4' },
  py: '3',
  borderTopWidth: { base: '0', sm: '1px' },
  borderColor: 'border.default',
  fontSize: 'sm',
});

export const pageSizeLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' });

export const pageSizeSelect = css({ w: 'auto', minW: '5rem' });

export const pageButtons = css({ display: 'flex', alignItems: 'center', gap: '1' });

/**
 * "Page 3 of 12": on a phone (a panel beside the icon rail leaves about 280 px) it may break
 * between "Page 3" and "of 12" (kept whole by no-break spaces), so the four buttons fit beside it.
 */
export const pageText = css({ px: { base: '1', sm: '2' }, whiteSpace: { base: 'normal', sm: 'nowrap' }, textAlign: 'center', color: 'fg.default' });

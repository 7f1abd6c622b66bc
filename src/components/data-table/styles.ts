/**
 * The data table's styles. From 640 px up it is an ordinary table; below, each row is a card whose
 * cells are labelled by their column (the `data-label` attribute), because a 390 px phone cannot
 * show six columns side by side and a horizontal scroll would hide the row actions off screen.
 */
import { css, cx } from 'styled-system/css';
import { focusable, table as tableRecipe } from 'styled-system/recipes';

/** The table's parts are the table recipe's card layout in its panel frame (one home for the look). */
const parts = tableRecipe({ layout: 'cards', frame: 'panel' });
export const frame = parts.frame;
export const scroller = parts.root;
export const table = parts.table;
export const thead = parts.head;
export const tbody = parts.body;
export const row = parts.row;
export const headerCell = parts.headerCell;
export const cell = parts.cell;
export const emptyCell = parts.empty;
export const paginationBar = parts.footer;

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

export const srOnly = css({ srOnly: true });

export const sortButton = cx(
  focusable(),
  css({
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
  '&[data-active]': { color: 'fg.default' },
  }),
);

export const sortIcon = css({ flexShrink: 0, opacity: 0.5, '[data-active] > &': { opacity: 1 } });

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

export const pageSizeLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' });

export const pageSizeSelect = css({ w: 'auto', minW: '5rem' });

export const pageButtons = css({ display: 'flex', alignItems: 'center', gap: '1' });

/**
 * "Page 3 of 12": on a phone (a panel beside the icon rail leaves about 280 px) it may break
 * between "Page 3" and "of 12" (kept whole by no-break spaces), so the four buttons fit beside it.
 */
export const pageText = css({ px: { base: '1', sm: '2' }, whiteSpace: { base: 'normal', sm: 'nowrap' }, textAlign: 'center', color: 'fg.default' });

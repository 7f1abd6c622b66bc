import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/**
 * Every table of the site. `layout: 'plain'` is a compact table styled from its root (cells need
 * no classes: mark number cells `.num`, cells left out on phones `.wide` and their phone-only
 * stand-in `.phone`); `frame: 'boxed'` gives it a thin rounded frame and a grey header.
 * `layout: 'cards'` is the data table: an ordinary table from 640 px, and below it every row is a
 * card whose cells are labelled by their column (`data-label`), because a 390 px phone cannot show
 * six columns side by side and a sideways scroll would hide the row actions. `phone: 'cards'` does
 * the same for a plain table (give each cell its column's `data-label`; a row header is the card's
 * title): its last columns (a fine's Remaining) stay on screen instead of behind a scroll.
 */
export const table = defineSlotRecipe({
  className: 'table',
  description: 'Table',
  slots: ['frame', 'root', 'table', 'caption', 'head', 'body', 'row', 'headerCell', 'cell', 'cellStack', 'cellDetail', 'cellNumber', 'empty', 'footer'],
  base: {
    frame: { minW: '0' },
    root: { position: 'relative', overflowX: 'auto', _print: { overflow: 'visible' }, _focusVisible: focusRing },
    table: { w: 'full', borderCollapse: 'collapse', fontSize: 'sm' },
    caption: { textAlign: 'start', px: '3', py: '2', fontWeight: 'semibold' },
    /** A cell's lines stacked (a name over its member ID, a title over its detail). */
    cellStack: { display: 'flex', flexDirection: 'column', gap: '0.5', textAlign: 'start', minW: '0' },
    /** The small muted second line of a cell. */
    cellDetail: { color: 'fg.muted', fontSize: 'xs', fontWeight: 'normal' },
    /** Figures, amounts and dates: digits in columns, never broken. */
    cellNumber: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    empty: { textAlign: 'center', py: '12', px: '4', color: 'fg.muted' },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      py: '3',
      fontSize: 'sm',
    },
  },
  variants: {
    layout: {
      plain: {
        table: {
          '& th, & td': { px: '3', py: '2', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
          '& thead th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' },
          '& tbody tr:last-child > *': { borderBottomWidth: '0' },
          '& tfoot td, & tfoot th': { fontWeight: 'semibold', borderBottomWidth: '0', borderTopWidth: '1px' },
          // Figures and amounts: end-aligned, digits in columns (`.num`; `.money` and `.end` are its older names).
          '& .num, & .money, & .end': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
          '& .nowrap': { whiteSpace: 'nowrap' },
          '& .wide': { display: { base: 'none', sm: 'table-cell' } },
          '& .phone': { display: { base: 'block', sm: 'none' } },
        },
      },
      cards: {
        root: { overflowX: { base: 'visible', sm: 'auto' }, minH: '12rem' },
        table: { display: { base: 'block', sm: 'table' } },
        head: { display: { base: 'none', sm: 'table-header-group' } },
        body: { display: { base: 'flex', sm: 'table-row-group' }, flexDirection: 'column', gap: '3' },
        row: {
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
        },
        headerCell: {
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
        },
        cell: {
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
        },
        empty: { display: { base: 'block', sm: 'table-cell' } },
        footer: { px: { base: '0', sm: '4' }, borderTopWidth: { base: '0', sm: '1px' }, borderColor: 'border.default' },
      },
    },
    frame: {
      none: {},
      /** A thin rounded frame and a grey header row (tables inside dialogs and panels). */
      boxed: {
        root: { borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' },
        table: { '& thead th': { bg: 'bg.muted' } },
      },
      /** The data table's card: surface from 640 px, the rows stand on the canvas below it. */
      panel: {
        frame: { bg: { base: 'transparent', sm: 'bg.surface' }, borderWidth: { base: '0', sm: '1px' }, borderColor: 'border.default', borderRadius: 'lg' },
      },
    },
    phone: {
      /** Too wide for a phone: the table scrolls inside its box. */
      scroll: {},
      /** Below 640 px each row is a card of labelled lines (cells carry `data-label`). */
      cards: {
        root: { overflowX: { base: 'visible', sm: 'auto' } },
        table: {
          display: { base: 'block', sm: 'table' },
          '& thead': { display: { base: 'none', sm: 'table-header-group' } },
          '& tbody, & tfoot': { display: { base: 'block', sm: 'table-row-group' } },
          '& tbody > tr, & tfoot > tr': {
            display: { base: 'flex', sm: 'table-row' },
            flexDirection: 'column',
            gap: '1.5',
            px: { base: '3', sm: '0' },
            py: { base: '3', sm: '0' },
            borderBottomWidth: { base: '1px', sm: '0' },
            borderColor: 'border.default',
          },
          '& tbody > tr:last-child, & tfoot > tr:last-child': { borderBottomWidth: '0' },
          '& tfoot > tr': { borderTopWidth: { base: '1px', sm: '0' } },
          '& tr > th, & tr > td': {
            display: { base: 'flex', sm: 'table-cell' },
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: '3',
            px: { base: '0', sm: '3' },
            py: { base: '0', sm: '2' },
            borderWidth: { base: '0', sm: '0 0 1px' },
            textAlign: { base: 'end', sm: 'start' },
            overflowWrap: { base: 'anywhere', sm: 'normal' },
          },
          '& tr > [data-label]::before': {
            content: 'attr(data-label)',
            display: { base: 'block', sm: 'none' },
            flexShrink: 0,
            textAlign: 'start',
            color: 'fg.muted',
            fontWeight: 'medium',
          },
          // The row's header (a book, a charge, a receipt) is the card's title.
          '& tr > th[scope=row]:not([data-label])': { textAlign: 'start', justifyContent: 'flex-start', fontWeight: 'semibold' },
          '& tr > :empty': { display: { base: 'none', sm: 'table-cell' } },
        },
      },
    },
    density: {
      /** Small print (previews of uploaded rows). */
      compact: { table: { fontSize: 'xs', '& th, & td': { px: '2.5', py: '1.5' } } },
      snug: { table: { '& th, & td': { py: '1.5' } } },
      normal: {},
    },
  },
  defaultVariants: { layout: 'plain', frame: 'none', density: 'normal', phone: 'scroll' },
  staticCss: ['*'],
});

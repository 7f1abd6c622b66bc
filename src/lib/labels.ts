/**
 * Spine labels: where each label lands on an A4 label sheet (millimetres from the page's top-left
 * corner, so the print lands on the sheet's die-cut labels), what a label says, and the choice of
 * copies to print (a book's copies, a range of accession numbers, or every copy added since a
 * date) as a pure reducer the Spine Labels screen dispatches to. The grid maths serves member
 * cards too (`member-cards.ts`).
 */
import { labelSheet, type LabelSheet } from '#shared/copies';
import { isCalendarDate } from '#shared/dates';
import type { CopyView } from './schemas/copies';

/** A grid of equal boxes on an A4 page: a label sheet, or a sheet of member cards. */
export type SheetGrid = Omit<LabelSheet, 'id' | 'name'>;

/** Where one box of a grid lies: its 1-based slot, column and row (from 0), and its top-left corner in mm. */
export interface SlotPosition {
  slot: number;
  column: number;
  row: number;
  leftMm: number;
  topMm: number;
}

/** One item placed on a sheet. */
export interface Placed<T> extends SlotPosition {
  item: T;
}

/** How many boxes one sheet holds. */
export const perSheet = (grid: SheetGrid): number => grid.columns * grid.rows;

/** Millimetres to a hundredth (a print's precision; no 108.99999999 in the page's styles). */
const hundredths = (mm: number): number => Math.round(mm * 100) / 100;

/** The position of a slot (1-based, in reading order: left to right, then down). */
export function slotPosition(grid: SheetGrid, slot: number): SlotPosition {
  const index = slot - 1;
  const column = index % grid.columns;
  const row = Math.floor(index / grid.columns);
  return {
    slot,
    column,
    row,
    leftMm: hundredths(grid.marginLeftMm + column * (grid.widthMm + grid.gapXMm)),
    topMm: hundredths(grid.marginTopMm + row * (grid.heightMm + grid.gapYMm)),
  };
}

/** A start position within the sheet (1 to the sheet's box count). */
export const startWithin = (grid: SheetGrid, start: number): number => Math.min(Math.max(1, Math.floor(start) || 1), perSheet(grid));

/**
 * The items laid out sheet by sheet. `start` (1-based) skips the boxes already used on a partly
 * used first sheet; later sheets start at their first box.
 */
export function layoutSheets<T>(grid: SheetGrid, items: readonly T[], start = 1): Placed<T>[][] {
  const size = perSheet(grid);
  const pages: Placed<T>[][] = [];
  let slot = startWithin(grid, start);
  let page: Placed<T>[] = [];
  for (const item of items) {
    if (slot > size) {
      pages.push(page);
      page = [];
      slot = 1;
    }
    page.push({ item, ...slotPosition(grid, slot) });
    slot++;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/* ---------- What a label says ---------- */

/** One spine label's text and barcode. */
export interface SpineLabel {
  key: string;
  /** The call number, else the copy's shelf, else its book's shelf or rack when it has neither. */
  callNumber: string;
  title: string;
  library: string;
  /** What the bars encode: the copy's barcode, else its accession number. */
  barcode: string;
  accession: string;
}

/** A title cut to `max` characters at a word (or hyphen) where one is near, ending in "…". */
export function shortTitle(title: string, max: number): string {
  const clean = title.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastBreak = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('-'));
  const head = lastBreak > max / 2 ? cut.slice(0, lastBreak) : cut;
  return `${head.replace(/[\s,:;.-]+$/, '')}…`;
}

/** Characters of title a label of this width holds on one line (about 1.9 mm a character in the label's type). */
export const titleLength = (sheet: SheetGrid): number => Math.max(12, Math.floor(sheet.widthMm / 1.9));

/** Where a book stands, for its copies' labels: its shelf, else its rack. */
export const bookShelf = (book: { shelf_location?: string | null | undefined; rack_no?: string | null | undefined }): string => book.shelf_location?.trim() || book.rack_no?.trim() || '';

/** Books read at most for their shelf (copies with neither call number nor shelf of their own). */
export const MAX_SHELF_BOOKS = 50;

/** The books whose shelf some copies' labels need: no call number and no shelf on the copy. */
export function booksNeedingShelf(copies: readonly CopyView[]): string[] {
  const ids = copies.filter((copy) => !copy.call_number?.trim() && !copy.shelf_location?.trim()).map((copy) => String(copy.book_id));
  return [...new Set(ids)].slice(0, MAX_SHELF_BOOKS);
}

/** The label of one copy; `shelves` holds the books' shelves (`bookShelf`) by book id. */
export function spineLabel(copy: CopyView, library: string, sheet: SheetGrid, shelves: Readonly<Record<string, string>> = {}): SpineLabel {
  return {
    key: String(copy.id),
    callNumber: copy.call_number?.trim() || copy.shelf_location?.trim() || shelves[String(copy.book_id)] || '',
    title: shortTitle(copy.book.title, titleLength(sheet)),
    library,
    barcode: copy.barcode?.trim() || copy.accession_no,
    accession: copy.accession_no,
  };
}

/* ---------- Choosing the copies ---------- */

export type LabelSource = 'book' | 'range' | 'since';

/** The copies asked for: one of three ways. */
export interface LabelSelection {
  source: LabelSource;
  book: { id: string | number; title: string } | null;
  from: string;
  to: string;
  since: string;
}

/** The field a problem belongs to, and its words. */
export interface SelectionProblem {
  field: 'book' | 'from' | 'to' | 'since';
  message: string;
}

/** Copies printed in one run at most (two pages of the copies list). */
export const MAX_LABELS = 1000;

export const LABELS_MESSAGES = {
  bookNeeded: 'Choose a book.',
  fromNeeded: 'Enter the first accession number.',
  toNeeded: 'Enter the last accession number.',
  rangeOrder: 'The last accession number comes before the first.',
  sinceNeeded: 'Enter a date.',
  sinceFuture: 'The date is in the future.',
  noneFound: 'No copies match this choice.',
  loadFailed: 'The copies could not be loaded.',
  capped: (count: number) => `Showing the first ${MAX_LABELS.toLocaleString('en')} of ${count.toLocaleString('en')} copies. Narrow the choice to print the rest.`,
} as const;

/** What is wrong with the choice, or null when it can be loaded. `today` (the library's) bounds the date. */
export function selectionProblem(selection: LabelSelection, today?: string): SelectionProblem | null {
  switch (selection.source) {
    case 'book':
      return selection.book ? null : { field: 'book', message: LABELS_MESSAGES.bookNeeded };
    case 'range': {
      const from = selection.from.trim();
      const to = selection.to.trim();
      if (!from) return { field: 'from', message: LABELS_MESSAGES.fromNeeded };
      if (!to) return { field: 'to', message: LABELS_MESSAGES.toNeeded };
      if (from.localeCompare(to, 'en', { numeric: true, sensitivity: 'base' }) > 0) return { field: 'to', message: LABELS_MESSAGES.rangeOrder };
      return null;
    }
    case 'since':
      if (!isCalendarDate(selection.since)) return { field: 'since', message: LABELS_MESSAGES.sinceNeeded };
      if (today && selection.since > today) return { field: 'since', message: LABELS_MESSAGES.sinceFuture };
      return null;
  }
}

/** The copies list's query string for a valid choice (`GET /books/copies/`). */
export function copyQuery(selection: LabelSelection): Record<string, string> {
  switch (selection.source) {
    case 'book':
      return { book: String(selection.book?.id ?? '') };
    case 'range':
      return { accession_from: selection.from.trim(), accession_to: selection.to.trim() };
    case 'since':
      return { added_since: selection.since };
  }
}

/** The screen's state: the choice, the start position, and the copies loaded for it. */
export interface LabelsState {
  selection: LabelSelection;
  /** The first free label (1-based); 0 while its field is empty. */
  start: number;
  phase: 'idle' | 'loading' | 'ready' | 'failed';
  problem: SelectionProblem | null;
  copies: CopyView[];
  /** How many copies match (may be more than loaded, see MAX_LABELS). */
  count: number;
  /** The shelves of books whose copies have none of their own, by book id. */
  shelves: Record<string, string>;
  error: string | null;
}

export const initialLabelsState: LabelsState = {
  selection: { source: 'book', book: null, from: '', to: '', since: '' },
  start: 1,
  phase: 'idle',
  problem: null,
  copies: [],
  count: 0,
  shelves: {},
  error: null,
};

export type LabelsAction =
  | { type: 'source'; source: LabelSource }
  | { type: 'book'; book: LabelSelection['book'] }
  | { type: 'from' | 'to' | 'since'; value: string }
  | { type: 'start'; value: number }
  | { type: 'preview'; today?: string }
  | { type: 'loaded'; copies: CopyView[]; count: number; shelves?: Record<string, string> }
  | { type: 'failed'; message: string };

/** A changed choice: its problem and any preview of the old choice are gone. */
const choose = (state: LabelsState, selection: LabelSelection): LabelsState => ({ ...state, selection, phase: 'idle', problem: null, copies: [], count: 0, shelves: {}, error: null });

export function labelsReducer(state: LabelsState, action: LabelsAction): LabelsState {
  switch (action.type) {
    case 'source':
      return choose(state, { ...state.selection, source: action.source });
    case 'book':
      return choose(state, { ...state.selection, book: action.book });
    case 'from':
    case 'to':
    case 'since':
      return choose(state, { ...state.selection, [action.type]: action.value });
    case 'start':
      // 0 while the field is empty; the layout starts at the first label then (`startWithin`).
      return { ...state, start: Math.max(0, Math.floor(action.value) || 0) };
    case 'preview': {
      const problem = selectionProblem(state.selection, action.today);
      return problem ? { ...state, phase: 'idle', problem } : { ...state, phase: 'loading', problem: null, error: null };
    }
    case 'loaded':
      return state.phase === 'loading' ? { ...state, phase: 'ready', copies: action.copies, count: action.count, shelves: action.shelves ?? {} } : state;
    case 'failed':
      return state.phase === 'loading' ? { ...state, phase: 'failed', error: action.message } : state;
  }
}

/** The sheet Book Settings chose (`label_sheet` of `GET /settings/Books_settings/`), else the default one. */
export function labelSheetOf(settings: object | null | undefined): LabelSheet {
  const id = settings && 'label_sheet' in settings ? settings.label_sheet : null;
  return labelSheet(typeof id === 'string' ? id : null);
}

/** How a label of a sheet is drawn: its padding, the barcode's box and the type sizes. */
export interface LabelLayout {
  paddingMm: number;
  barcodeWidthMm: number;
  barcodeHeightMm: number;
  textPt: number;
  callNumberPt: number;
  /** Small labels leave the library's name out to keep the barcode tall enough to scan. */
  showLibrary: boolean;
}

const clamp = (n: number, low: number, high: number): number => Math.min(high, Math.max(low, Math.round(n * 10) / 10));

/** The drawing of a label on this sheet: the barcode spans the label inside its padding, about a third of its height. */
export function labelLayout(sheet: SheetGrid): LabelLayout {
  const paddingMm = sheet.heightMm >= 30 ? 2 : 1.2;
  const textPt = clamp((sheet.heightMm / 37) * 8, 5.5, 8);
  return {
    paddingMm,
    barcodeWidthMm: Math.round((sheet.widthMm - 2 * paddingMm) * 10) / 10,
    barcodeHeightMm: clamp(sheet.heightMm * 0.3, 5, 11),
    textPt,
    callNumberPt: textPt + 2,
    showLibrary: sheet.heightMm >= 30,
  };
}

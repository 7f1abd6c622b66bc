/** Spine labels: where each label lands on a sheet, what it says, and the choice of copies. */
import { describe, expect, test } from 'vitest';
import { LABEL_SHEETS, labelSheet } from '#shared/copies';
import {
  LABELS_MESSAGES,
  MAX_LABELS,
  copyQuery,
  initialLabelsState,
  bookShelf,
  booksNeedingShelf,
  labelLayout,
  labelSheetOf,
  labelsReducer,
  layoutSheets,
  selectionProblem,
  shortTitle,
  slotPosition,
  spineLabel,
  type LabelsState,
} from '../../src/lib/labels';
import type { CopyView } from '../../src/lib/schemas/copies';

const copy = (over: Partial<CopyView> = {}): CopyView => ({
  id: 7,
  book_id: 3,
  copy_no: 1,
  accession_no: 'ACC-00042',
  barcode: 'ACC-00042',
  call_number: '823.912 ORW',
  shelf_location: 'R2-S4',
  acquired_on: null,
  source: null,
  price: null,
  effective_price: '120.00',
  condition_note: null,
  status: 'AVAILABLE',
  status_reason: null,
  status_changed_at: null,
  withdrawn_on: null,
  created_at: '2026-11-20T10:00:00.000Z',
  book: { id: 3, title: 'Nineteen Eighty-Four: A Novel', author: 'George Orwell', isbn: null },
  loan: null,
  hold: null,
  ...over,
});

describe('label positions on a sheet', () => {
  const sheet = labelSheet('3x7');

  test.each([
    [1, 0, 0, 7.2, 15.15],
    [2, 1, 0, 7.2 + 63.5 + 2.5, 15.15],
    [3, 2, 0, 7.2 + 2 * (63.5 + 2.5), 15.15],
    [4, 0, 1, 7.2, 15.15 + 38.1],
    [21, 2, 6, 7.2 + 2 * 66, 15.15 + 6 * 38.1],
  ])('slot %i is column %i, row %i at (%f mm, %f mm)', (slot, column, row, left, top) => {
    const at = slotPosition(sheet, slot);
    expect(at.column).toBe(column);
    expect(at.row).toBe(row);
    expect(at.leftMm).toBeCloseTo(left, 6);
    expect(at.topMm).toBeCloseTo(top, 6);
  });

  test.each(LABEL_SHEETS.map((s) => [s.id, s] as const))('every label of the %s sheet lies inside A4', (_, s) => {
    const last = slotPosition(s, s.columns * s.rows);
    expect(last.leftMm + s.widthMm).toBeLessThanOrEqual(210 + 1e-9);
    expect(last.topMm + s.heightMm).toBeLessThanOrEqual(297 + 1e-9);
  });

  test('fills sheets in reading order and starts a new sheet when one is full', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const pages = layoutSheets(labelSheet('3x8'), items);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.map((p) => p.item)).toEqual(items.slice(0, 24));
    expect(pages[1]!.map((p) => p.slot)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('a start position skips the used labels of the first sheet only', () => {
    const pages = layoutSheets(labelSheet('3x8'), Array.from({ length: 10 }, (_, i) => i), 20);
    expect(pages.map((page) => page.length)).toEqual([5, 5]);
    expect(pages[0]!.map((p) => p.slot)).toEqual([20, 21, 22, 23, 24]);
    expect(pages[1]![0]).toMatchObject({ item: 5, slot: 1, column: 0, row: 0 });
  });

  test('a start past the sheet or below 1 is brought back within it', () => {
    expect(layoutSheets(labelSheet('3x8'), [1], 99)[0]![0]!.slot).toBe(24);
    expect(layoutSheets(labelSheet('3x8'), [1], 0)[0]![0]!.slot).toBe(1);
  });

  test('nothing to print is no sheet', () => {
    expect(layoutSheets(labelSheet('3x8'), [])).toEqual([]);
  });
});

describe('what a label says', () => {
  test('call number, short title, library name, the barcode and the accession number', () => {
    expect(spineLabel(copy(), 'City Library', labelSheet('3x8'))).toEqual({
      key: '7',
      callNumber: '823.912 ORW',
      title: 'Nineteen Eighty-Four: A Novel',
      library: 'City Library',
      barcode: 'ACC-00042',
      accession: 'ACC-00042',
    });
  });

  test('the shelf stands in for a missing call number, the accession number for a missing barcode', () => {
    const label = spineLabel(copy({ call_number: null, barcode: null }), 'City Library', labelSheet('3x8'));
    expect(label.callNumber).toBe('R2-S4');
    expect(label.barcode).toBe('ACC-00042');
  });

  test("a copy with neither takes its book's shelf (else rack); only those books are read", () => {
    const bare = copy({ call_number: null, shelf_location: '  ' });
    expect(spineLabel(bare, 'L', labelSheet('3x8'), { '3': 'D-1' }).callNumber).toBe('D-1');
    expect(booksNeedingShelf([bare, copy({ id: 8 }), copy({ id: 9, book_id: 4, call_number: '' , shelf_location: null }), bare])).toEqual(['3', '4']);
    expect(bookShelf({ shelf_location: null, rack_no: 'R-7' })).toBe('R-7');
    expect(bookShelf({ shelf_location: 'S-2', rack_no: 'R-7' })).toBe('S-2');
  });

  test.each([
    ['Short', 20, 'Short'],
    ['Nineteen Eighty-Four: A Novel', 20, 'Nineteen Eighty…'],
    ['Supercalifragilisticexpialidocious', 12, 'Supercalifr…'],
  ])('shortens %s to %i characters at a word', (title, max, expected) => {
    expect(shortTitle(title, max)).toBe(expected);
    expect(shortTitle(title, max).length).toBeLessThanOrEqual(max);
  });

  test('narrow sheets print shorter titles', () => {
    const long = copy({ book: { id: 3, title: 'The Structure and Interpretation of Computer Programs', author: null, isbn: null } });
    expect(spineLabel(long, 'L', labelSheet('5x13')).title.length).toBeLessThan(spineLabel(long, 'L', labelSheet('3x8')).title.length);
  });
});

describe('the sheet and the drawing of a label', () => {
  test('the sheet is the one Book Settings names, else the default', () => {
    expect(labelSheetOf({ label_sheet: '4x10' }).id).toBe('4x10');
    expect(labelSheetOf({ label_sheet: 'nope' }).id).toBe('3x8');
    expect(labelSheetOf({ max_issue_duration: 14 }).id).toBe('3x8');
    expect(labelSheetOf(null).id).toBe('3x8');
  });

  test.each(LABEL_SHEETS.map((s) => [s.id, s] as const))('on the %s sheet the barcode and text fit inside the label', (_, s) => {
    const layout = labelLayout(s);
    expect(layout.barcodeWidthMm + 2 * layout.paddingMm).toBeLessThanOrEqual(s.widthMm);
    const lines = (layout.callNumberPt + layout.textPt * (layout.showLibrary ? 3 : 2)) * 0.3528 * 1.2;
    expect(layout.barcodeHeightMm + lines + 2 * layout.paddingMm).toBeLessThanOrEqual(s.heightMm);
    expect(layout.barcodeHeightMm).toBeGreaterThanOrEqual(5);
  });
});

describe('choosing the copies', () => {
  const run = (...actions: Parameters<typeof labelsReducer>[1][]): LabelsState => actions.reduce(labelsReducer, initialLabelsState);

  test('a book is needed for its copies', () => {
    expect(selectionProblem(initialLabelsState.selection)).toEqual({ field: 'book', message: LABELS_MESSAGES.bookNeeded });
    const state = run({ type: 'book', book: { id: 3, title: 'Dune' } });
    expect(selectionProblem(state.selection)).toBeNull();
    expect(copyQuery(state.selection)).toEqual({ book: '3' });
  });

  test('a range needs both ends in order', () => {
    const state = run({ type: 'source', source: 'range' });
    expect(selectionProblem(state.selection)?.field).toBe('from');
    expect(selectionProblem(run({ type: 'source', source: 'range' }, { type: 'from', value: 'ACC-00010' }).selection)?.field).toBe('to');
    const reversed = run({ type: 'source', source: 'range' }, { type: 'from', value: 'ACC-00010' }, { type: 'to', value: 'ACC-00002' });
    expect(selectionProblem(reversed.selection)).toEqual({ field: 'to', message: LABELS_MESSAGES.rangeOrder });
    const ok = run({ type: 'source', source: 'range' }, { type: 'from', value: ' ACC-00001 ' }, { type: 'to', value: 'ACC-00012' });
    expect(copyQuery(ok.selection)).toEqual({ accession_from: 'ACC-00001', accession_to: 'ACC-00012' });
  });

  test('added since needs a real date, not a future one', () => {
    const since = (value: string) => run({ type: 'source', source: 'since' }, { type: 'since', value }).selection;
    expect(selectionProblem(since(''), '2026-11-27')?.field).toBe('since');
    expect(selectionProblem(since('2026-02-30'), '2026-11-27')?.field).toBe('since');
    expect(selectionProblem(since('2026-12-01'), '2026-11-27')).toEqual({ field: 'since', message: LABELS_MESSAGES.sinceFuture });
    expect(copyQuery(since('2026-11-01'))).toEqual({ added_since: '2026-11-01' });
  });

  test('preview loads, then shows the copies; a new choice clears the preview', () => {
    let state = run({ type: 'book', book: { id: 3, title: 'Dune' } }, { type: 'preview' });
    expect(state.phase).toBe('loading');
    state = labelsReducer(state, { type: 'loaded', copies: [copy()], count: 1, shelves: { '3': 'D-1' } });
    expect(state).toMatchObject({ phase: 'ready', count: 1, shelves: { '3': 'D-1' } });
    expect(state.copies).toHaveLength(1);
    state = labelsReducer(state, { type: 'from', value: 'X' });
    expect(state).toMatchObject({ phase: 'idle', copies: [] });
  });

  test('preview with a bad choice shows the problem and loads nothing', () => {
    const state = run({ type: 'source', source: 'range' }, { type: 'preview' });
    expect(state).toMatchObject({ phase: 'idle', problem: { field: 'from' } });
  });

  test('a failed load keeps the choice and says why', () => {
    const state = run({ type: 'book', book: { id: 3, title: 'Dune' } }, { type: 'preview' }, { type: 'failed', message: 'Offline' });
    expect(state).toMatchObject({ phase: 'failed', error: 'Offline', selection: { book: { id: 3 } } });
  });

  test('the start position is a whole number; an emptied field is 0 and prints from the first label', () => {
    expect(run({ type: 'start', value: 5 }).start).toBe(5);
    expect(run({ type: 'start', value: 2.7 }).start).toBe(2);
    expect(run({ type: 'start', value: Number('') }).start).toBe(0);
    expect(layoutSheets(labelSheet('3x8'), ['a'], run({ type: 'start', value: Number('') }).start)[0]![0]!.slot).toBe(1);
    expect(MAX_LABELS).toBeGreaterThanOrEqual(500);
  });
});

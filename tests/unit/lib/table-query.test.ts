import { describe, expect, test } from 'vitest';
import type { Book } from '../../../src/lib/schemas/books';
import {
  BOOK_RECORD_SPEC,
  bookQueryFromState,
  defaultTableState,
  isFiltered,
  nextOrdering,
  pageCount,
  parseTableState,
  showingText,
  sortDirection,
  tableStateSearch,
  tableStateToParams,
  type BookRecordState,
} from '../../../src/lib/table-query';
import { BOOK_EXPORT_COLUMNS, bookExportCsv, bookExportFileName, bookExportRows } from '../../../src/lib/book-export';

const parse = (query: string) => parseTableState(BOOK_RECORD_SPEC, new URLSearchParams(query));

describe('Book Record URL state', () => {
  test('a plain visit reads as the defaults and writes an empty query', () => {
    const state = parse('');
    expect(state).toEqual({
      search: '',
      filters: { category: '', department: '', language: '', status: '', available: '' },
      ordering: '',
      page: 1,
      pageSize: 20,
    });
    expect(tableStateSearch(BOOK_RECORD_SPEC, state)).toBe('');
  });

  test('every field survives a round trip through the URL', () => {
    const state: BookRecordState = {
      search: 'Jane Austen & co',
      filters: { category: '3', department: '12', language: '1', status: 'LOST', available: 'true' },
      ordering: '-date_of_entry',
      page: 4,
      pageSize: 50,
    };
    const params = tableStateToParams(BOOK_RECORD_SPEC, state);
    expect(parse(params.toString())).toEqual(state);
    expect(params.get('search')).toBe('Jane Austen & co');
    expect(params.get('page_size')).toBe('50');
  });

  test('defaults are left out of the URL', () => {
    const state = { ...defaultTableState(BOOK_RECORD_SPEC), search: 'dune' };
    expect(tableStateSearch(BOOK_RECORD_SPEC, state)).toBe('?search=dune');
  });

  test.each([
    ['page=abc', 'page', 1],
    ['page=0', 'page', 1],
    ['page=-2', 'page', 1],
    ['page=2.5', 'page', 1],
    ['page_size=7', 'pageSize', 20],
    ['page_size=1000', 'pageSize', 20],
    ['ordering=price', 'ordering', ''],
    ['ordering=--title', 'ordering', ''],
    ['ordering=id;drop', 'ordering', ''],
  ] as const)('ignores the invalid value %s', (query, key, expected) => {
    expect(parse(query)[key]).toBe(expected);
  });

  test.each([
    ['category=abc', 'category', ''],
    ['category=0', 'category', ''],
    ['category=07', 'category', ''],
    ['department=-1', 'department', ''],
    ['status=BORROWED', 'status', ''],
    ['status=lost', 'status', 'LOST'],
    ['status=write_off', 'status', 'WRITE_OFF'],
    ['available=maybe', 'available', ''],
    ['available=1', 'available', 'true'],
  ] as const)('reads the filter %s as %j', (query, name, expected) => {
    expect(parse(query).filters[name]).toBe(expected);
  });

  test('keeps valid values beside invalid ones and trims the search', () => {
    const state = parse('search=%20%20dune%20&page=x&ordering=-title&category=2&status=nope');
    expect(state.search).toBe('dune');
    expect(state.page).toBe(1);
    expect(state.ordering).toBe('-title');
    expect(state.filters.category).toBe('2');
    expect(state.filters.status).toBe('');
  });

  test('the server query is always paged and carries the filters', () => {
    const state = parse('search=austen&category=2&available=true&ordering=-title&page=3&page_size=10');
    expect(bookQueryFromState(state)).toEqual({
      search: 'austen',
      category: '2',
      department: '',
      language: '',
      status: '',
      available: true,
      ordering: '-title',
      page: 3,
      page_size: 10,
    });
  });

  test('isFiltered is true for a search or any filter only', () => {
    expect(isFiltered(parse('ordering=title&page=2'))).toBe(false);
    expect(isFiltered(parse('search=x'))).toBe(true);
    expect(isFiltered(parse('available=true'))).toBe(true);
  });
});

describe('sorting and paging', () => {
  test('a click cycles a column ascending, descending, then back to the default order', () => {
    expect(nextOrdering('', 'title')).toBe('title');
    expect(nextOrdering('title', 'title')).toBe('-title');
    expect(nextOrdering('-title', 'title')).toBe('');
    expect(nextOrdering('-title', 'author')).toBe('author');
  });

  test('aria-sort follows the ordering', () => {
    expect(sortDirection('title', 'title')).toBe('ascending');
    expect(sortDirection('-title', 'title')).toBe('descending');
    expect(sortDirection('author', 'title')).toBe('none');
  });

  test.each([
    [1, 20, 0, 'No results', 1],
    [1, 20, 5, 'Showing 1–5 of 5', 1],
    [3, 20, 1234, 'Showing 41–60 of 1,234', 62],
    [62, 20, 1234, 'Showing 1,221–1,234 of 1,234', 62],
    [1, 100, 100000, 'Showing 1–100 of 100,000', 1000],
  ])('page %i of size %i with %i rows: "%s"', (page, size, count, text, pages) => {
    expect(showingText(page, size, count)).toBe(text);
    expect(pageCount(count, size)).toBe(pages);
  });
});

describe('CSV export', () => {
  const book: Book = {
    id: 7,
    title: 'Emma',
    author: 'Jane Austen',
    isbn: '9780141439587',
    department: { id: 3, name: 'English Literature' },
    category: { id: 1, name: 'Fiction', image: null },
    language: { id: 1, name: 'English' },
    publisher: 'Penguin Classics',
    edition: null,
    total_copies: 2,
    available_copies: 1,
    rack_no: 'A-1',
    shelf_location: null,
    date_of_entry: '2026-01-05',
    status: 'LOST',
    status_reason: 'Water damage, "unreadable"',
    price: '12.50',
    cover_photo: null,
  };

  test('one row per book in the column order, names for reference data, blanks for nulls', () => {
    const [row] = bookExportRows([book]);
    expect(row).toHaveLength(BOOK_EXPORT_COLUMNS.length);
    const byColumn = Object.fromEntries(BOOK_EXPORT_COLUMNS.map((column, i) => [column, row![i]]));
    expect(byColumn).toMatchObject({
      id: '7',
      title: 'Emma',
      category: 'Fiction',
      department: 'English Literature',
      language: 'English',
      edition: '',
      total_copies: '2',
      available_copies: '1',
      status: 'LOST',
      status_reason: 'Water damage, "unreadable"',
      shelf_location: '',
      price: '12.50',
    });
  });

  test('a book without reference data exports empty names', () => {
    const [row] = bookExportRows([{ ...book, category: null, department: undefined, language: null }]);
    expect(row![BOOK_EXPORT_COLUMNS.indexOf('category')]).toBe('');
    expect(row![BOOK_EXPORT_COLUMNS.indexOf('department')]).toBe('');
  });

  test('the file neutralises formulas in every cell, on every line', async () => {
    const csv = await bookExportCsv([{ ...book, title: '=HYPERLINK("http://evil.test")', status_reason: 'fine\n@SUM(A1)', author: '-2+3' }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csv).toContain(`"fine\n'@SUM(A1)"`);
    expect(csv).toContain(`'-2+3`);
  });

  test('the file is named after the local date', () => {
    expect(bookExportFileName(new Date(2026, 0, 9, 23, 30))).toBe('books-2026-01-09.csv');
  });
});

/**
 * The state of a server-side table (search, filters, ordering, page, page size) and its round trip
 * through the page's URL query, so a reload or the back button restores what the user saw. Values
 * that do not parse (a page of "abc", an unknown status, a sort key the table does not offer) are
 * ignored and fall back to the defaults instead of reaching the server. Defaults are left out of
 * the URL so a plain visit has a clean address.
 *
 * Generic over a table's filters (`TableSpec`); the Book Record's spec, its server query and its
 * (The Book Record's CSV export lives in book-export.ts.) Later lists (members, loans, fines) define their own spec.
 */
import { formatCount } from '#shared/numbers';
import type { BookQuery } from './api/books';
import { BOOK_SORT_KEYS } from '#shared/book-sort-keys';
import { BOOK_STATUSES } from './schemas/books';

/** Page sizes every table offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Reads one URL value into a filter value; undefined when the value is not acceptable. */
export type FilterParser = (raw: string) => string | undefined;

/** What a table accepts in its URL: filter names with their parsers, sortable keys, defaults. */
export interface TableSpec<F extends string> {
  filters: Record<F, FilterParser>;
  sortKeys: readonly string[];
  defaultPageSize: number;
}

/** A table's state: empty strings mean "no search / no filter / server's default order". */
export interface TableState<F extends string> {
  search: string;
  filters: Record<F, string>;
  /** A sort key, '-key' for descending, or '' for the server's default order. */
  ordering: string;
  page: number;
  pageSize: number;
}

/** A positive whole number written plainly (ids of categories, departments...). */
export const idFilter: FilterParser = (raw) => (/^[1-9]\d{0,14}$/.test(raw) ? raw : undefined);

/** One of a fixed list, matched in any letter case and given back as listed. */
export const choiceFilter =
  (choices: readonly string[]): FilterParser =>
  (raw) =>
    choices.find((choice) => choice.toLowerCase() === raw.toLowerCase());

/** A yes/no switch: 'true' when on ('true', '1', 'yes'); anything else is off. */
export const flagFilter: FilterParser = (raw) => (['true', '1', 'yes'].includes(raw.toLowerCase()) ? 'true' : undefined);

const MAX_PAGE = 1_000_000_000;

/** The state of a plain visit: nothing searched or filtered, first page, default size. */
export function defaultTableState<F extends string>(spec: TableSpec<F>): TableState<F> {
  const filters = Object.fromEntries(Object.keys(spec.filters).map((name) => [name, ''])) as Record<F, string>;
  return { search: '', filters, ordering: '', page: 1, pageSize: spec.defaultPageSize };
}

/** Whether `ordering` names a key of the spec (ascending or descending). */
function validOrdering(spec: TableSpec<string>, ordering: string): boolean {
  const key = ordering.startsWith('-') ? ordering.slice(1) : ordering;
  return spec.sortKeys.includes(key);
}

/** Reads a table's state from the URL query; invalid values are dropped for the defaults. */
export function parseTableState<F extends string>(spec: TableSpec<F>, params: URLSearchParams): TableState<F> {
  const state = defaultTableState(spec);
  state.search = (params.get('search') ?? '').trim();
  for (const name of Object.keys(spec.filters) as F[]) {
    const raw = params.get(name)?.trim();
    if (raw) state.filters[name] = spec.filters[name](raw) ?? '';
  }
  const ordering = params.get('ordering')?.trim() ?? '';
  if (ordering && validOrdering(spec, ordering)) state.ordering = ordering;
  const page = params.get('page') ?? '';
  if (/^\d{1,10}$/.test(page) && Number(page) >= 1 && Number(page) <= MAX_PAGE) state.page = Number(page);
  const size = Number(params.get('page_size') ?? '');
  if ((PAGE_SIZES as readonly number[]).includes(size)) state.pageSize = size;
  return state;
}

/** Writes a table's state as URL parameters, leaving out every default. */
export function tableStateToParams<F extends string>(spec: TableSpec<F>, state: TableState<F>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  for (const name of Object.keys(spec.filters) as F[]) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  if (state.ordering && validOrdering(spec, state.ordering)) params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== spec.defaultPageSize) params.set('page_size', String(state.pageSize));
  return params;
}

/** The URL query string for a state: '' or '?…'. */
export function tableStateSearch<F extends string>(spec: TableSpec<F>, state: TableState<F>): string {
  const query = tableStateToParams(spec, state).toString();
  return query ? `?${query}` : '';
}

/** The direction a column is sorted in, for its header's aria-sort. */
export function sortDirection(ordering: string, key: string): 'ascending' | 'descending' | 'none' {
  if (ordering === key) return 'ascending';
  if (ordering === `-${key}`) return 'descending';
  return 'none';
}

/** The ordering after a click on a column: a new column sorts ascending, then descending, then back to default. */
export function nextOrdering(ordering: string, key: string): string {
  if (ordering === key) return `-${key}`;
  if (ordering === `-${key}`) return '';
  return key;
}

/** The number of pages for `count` rows (at least 1, so "page 1 of 1" when empty). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

/** The pagination bar's range: 'Showing 41–60 of 1,234', or 'No results' when empty. */
export function showingText(page: number, pageSize: number, count: number): string {
  if (count <= 0) return 'No results';
  const from = Math.min((page - 1) * pageSize + 1, count);
  const to = Math.min(page * pageSize, count);
  return `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`;
}

/* ---------- The Book Record ---------- */

export type BookFilter = 'category' | 'department' | 'language' | 'status' | 'available';

/** What the Book Record keeps in its URL. */
export const BOOK_RECORD_SPEC: TableSpec<BookFilter> = {
  filters: {
    category: idFilter,
    department: idFilter,
    language: idFilter,
    status: choiceFilter(BOOK_STATUSES),
    available: flagFilter,
  },
  sortKeys: BOOK_SORT_KEYS,
  defaultPageSize: 20,
};

export type BookRecordState = TableState<BookFilter>;

/** The list call's query for a Book Record state (always paged). */
export function bookQueryFromState(state: BookRecordState): BookQuery {
  const { category, department, language, status, available } = state.filters;
  return {
    search: state.search.trim(),
    category,
    department,
    language,
    status,
    available: available === 'true',
    ordering: state.ordering,
    page: state.page,
    page_size: state.pageSize,
  };
}

/** Whether anything narrows the list (a search or a filter). */
export function isFiltered<F extends string>(state: TableState<F>): boolean {
  return state.search.trim() !== '' || Object.values<string>(state.filters).some((value) => value !== '');
}

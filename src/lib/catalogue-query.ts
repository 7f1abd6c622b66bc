/**
 * The Online Catalogue and the Book Profile as pure rules: the catalogue's state in the URL query
 * (search, category, department, language, "available only", page — so reload and back restore
 * the grid), the list call it makes, the availability badge of a book, and the display of copies,
 * covers and dates. The URL round trip reuses the table machinery of `table-query.ts`; the page
 * size is fixed at 24 (a grid of 2, 3, 4 or 6 columns fills evenly) and never written to the URL.
 */
import type { BookQuery } from './api/books';
import { formatCount } from '#shared/numbers';
import type { Book } from './schemas/books';
import {
  defaultTableState,
  flagFilter,
  idFilter,
  pageCount,
  parseTableState,
  tableStateToParams,
  type TableSpec,
  type TableState,
} from './table-query';

/** Books per catalogue page. */
export const CATALOGUE_PAGE_SIZE = 24;

/** How long the search box waits after the last key before asking the server. */
export const CATALOGUE_SEARCH_DELAY_MS = 300;

export type CatalogueFilter = 'category' | 'department' | 'language' | 'available';

/** What the catalogue keeps in its URL (no sorting: the grid is by title). */
export const CATALOGUE_SPEC: TableSpec<CatalogueFilter> = {
  filters: { category: idFilter, department: idFilter, language: idFilter, available: flagFilter },
  sortKeys: [],
  defaultPageSize: CATALOGUE_PAGE_SIZE,
};

export type CatalogueState = TableState<CatalogueFilter>;

/** The catalogue of a plain visit: everything, first page. */
export const defaultCatalogueState = (): CatalogueState => defaultTableState(CATALOGUE_SPEC);

/** Reads the catalogue's state from a URL query; bad values fall back to the defaults. */
export function parseCatalogueState(search: string | URLSearchParams): CatalogueState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const state = parseTableState(CATALOGUE_SPEC, params);
  return { ...state, ordering: '', pageSize: CATALOGUE_PAGE_SIZE };
}

/** The URL query of a catalogue state: '' for a plain visit, else '?search=…&category=…'. */
export function catalogueSearch(state: CatalogueState): string {
  const params = tableStateToParams(CATALOGUE_SPEC, { ...state, ordering: '', pageSize: CATALOGUE_PAGE_SIZE });
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The list call for a catalogue state: always paged, by title. */
export function catalogueQuery(state: CatalogueState): BookQuery {
  const { category, department, language, available } = state.filters;
  return {
    search: state.search.trim(),
    category,
    department,
    language,
    available: available === 'true',
    ordering: 'title',
    page: state.page,
    page_size: CATALOGUE_PAGE_SIZE,
  };
}

/** A new state after the search or a filter changed: back to the first page. */
export function withCatalogueChange(state: CatalogueState, change: { search?: string; filter?: [CatalogueFilter, string] }): CatalogueState {
  const filters = { ...state.filters };
  if (change.filter) filters[change.filter[0]] = change.filter[1];
  return { ...state, search: change.search ?? state.search, filters, page: 1 };
}

/** 'Page 2 of 5' (at least 'Page 1 of 1'). */
export function pageLabel(page: number, count: number): string {
  return `Page ${formatCount(page)} of ${formatCount(pageCount(count, CATALOGUE_PAGE_SIZE))}`;
}

/** The number of catalogue pages for `count` books. */
export const cataloguePages = (count: number): number => pageCount(count, CATALOGUE_PAGE_SIZE);

/** '1 book', '1,234 books'. */
export function bookCountText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'book' : 'books'}`;
}

/* ---------- Availability ---------- */

export type AvailabilityTone = 'success' | 'warning' | 'danger' | 'neutral';

export interface AvailabilityBadge {
  label: 'Available' | 'All copies out' | 'Lost' | 'Written off';
  tone: AvailabilityTone;
}

const asCount = (value: string | number | null | undefined): number => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
};

/**
 * The badge of a title: its status first (a LOST or WRITE_OFF record cannot be borrowed whatever
 * its counts say), then whether any copy is on the shelf.
 */
export function availabilityBadge(book: Pick<Book, 'status' | 'available_copies'>): AvailabilityBadge {
  if (book.status === 'LOST') return { label: 'Lost', tone: 'danger' };
  if (book.status === 'WRITE_OFF') return { label: 'Written off', tone: 'neutral' };
  return asCount(book.available_copies) > 0 ? { label: 'Available', tone: 'success' } : { label: 'All copies out', tone: 'warning' };
}

/** '3 / 5' : copies on the shelf over copies owned. */
export function copiesText(book: Pick<Book, 'available_copies' | 'total_copies'>): string {
  return `${formatCount(asCount(book.available_copies))} / ${formatCount(asCount(book.total_copies))}`;
}

/** A book's status in words, with the recorded reason for LOST and WRITE_OFF. */
export function statusText(book: Pick<Book, 'status' | 'status_reason'>): string {
  const words: Record<string, string> = { ACTIVE: 'Active', LOST: 'Lost', WRITE_OFF: 'Written off' };
  const label = words[book.status] ?? book.status;
  const reason = book.status_reason?.trim();
  return (book.status === 'LOST' || book.status === 'WRITE_OFF') && reason ? `${label}: ${reason}` : label;
}

/** Every cover of a book in upload order (`cover_photos`, else the single `cover_photo`). */
export function coverUrls(book: Pick<Book, 'cover_photo' | 'cover_photos'>): string[] {
  const all = (book.cover_photos ?? []).filter((url) => url.trim() !== '');
  if (all.length) return all;
  return book.cover_photo ? [book.cover_photo] : [];
}


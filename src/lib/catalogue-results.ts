/** What the Online Catalogue shows for its page of books: loading, the books with their count, or the failure. */
import { callErrorMessage, errorStatus } from './errors';
import type { Book, BookPage } from './schemas/books';

export type CatalogueResult = { kind: 'loading' } | { kind: 'ready'; count: number; books: Book[] } | { kind: 'error'; message: string };

/** The books of an answer. */
export const catalogueResult = (page: Pick<BookPage, 'count' | 'results'>): CatalogueResult => ({ kind: 'ready', count: page.count, books: page.results });

/** A page past the end (the catalogue shrank, or an old link) goes back to the first page; any other failure shows its message. */
export function catalogueFailure(failure: unknown, page: number): { kind: 'to-first-page' } | { kind: 'error'; message: string } {
  if (errorStatus(failure) === 404 && page > 1) return { kind: 'to-first-page' };
  return { kind: 'error', message: callErrorMessage('catalogue', failure) };
}

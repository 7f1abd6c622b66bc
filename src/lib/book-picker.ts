/**
 * How the book picker names books and what it searches: "Title (id)" as the choice, the ISBN,
 * author and available copies beneath; a term of digits also looks the id up, since the book
 * list searches title, author, ISBN and publisher but not the id.
 */

/** What the picker shows of a book (a row of `GET /books/books/`). */
export interface PickableBook {
  id: string | number;
  title: string;
  author?: string | null | undefined;
  isbn?: string | null | undefined;
  available_copies?: string | number | null | undefined;
}

/** "Dune (12)". */
export function bookLabel(book: PickableBook): string {
  return `${book.title} (${book.id})`;
}

/** The second line: ISBN, author and available copies, those known. */
export function bookDetail(book: PickableBook): string {
  const copies = book.available_copies === undefined || book.available_copies === null || book.available_copies === '' ? null : `${Number(book.available_copies)} available`;
  return [book.isbn ? `ISBN ${book.isbn}` : null, book.author, copies].filter(Boolean).join(' · ');
}

/** The picker's key of a book. */
export const bookKey = (book: PickableBook): string => String(book.id);

/** A book id typed as a term (digits only), or null. */
export function bookIdTerm(term: string): string | null {
  const value = term.trim();
  return /^\d{1,15}$/.test(value) ? String(Number(value)) : null;
}

/** The book found by id (if any) first, then the list's matches without it again. */
export function mergeBookMatches<T extends PickableBook>(byId: T | null, listed: readonly T[]): T[] {
  if (!byId) return [...listed];
  return [byId, ...listed.filter((book) => bookKey(book) !== bookKey(byId))];
}

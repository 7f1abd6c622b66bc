/**
 * The book list's sortable columns, one list for the Book Record's table (`table-query.ts`) and
 * the server's `ordering` whitelist (server/src/modules/books/schemas.ts); the server compiles
 * this module too, like isbn.ts. Pure, no imports.
 */

/** The columns a user can sort the book list by. */
export const BOOK_SORT_KEYS = ['title', 'author', 'isbn', 'publisher', 'total_copies', 'available_copies', 'date_of_entry'] as const;

/** One of the sortable columns. */
export type BookSortKey = (typeof BOOK_SORT_KEYS)[number];

/** What the server's `ordering` accepts: the sortable columns and `id`, the tie-breaker (never offered on screen). */
export const BOOK_ORDERING_FIELDS = [...BOOK_SORT_KEYS, 'id'] as const;

/** One field of the server's `ordering`. */
export type BookOrderingField = (typeof BOOK_ORDERING_FIELDS)[number];

/** The order of a list whose `ordering` names no known column. */
export const DEFAULT_BOOK_ORDERING: BookSortKey = 'title';

/**
 * The book CSV (the `Book-Template.csv` template's columns): its columns in the specification's order, the
 * ones every row must fill, and other header names read as a template column. Pure, no imports:
 * the site's preview (src/lib/book-csv.ts), the server's import (server/src/modules/books/bulk.ts)
 * and the bench all read this one list.
 */
export const BOOK_CSV_COLUMNS = [
  'title',
  'author',
  'publisher',
  'isbn',
  'total_copies',
  'category',
  'department',
  'language',
  'edition',
  'rack_no',
  'shelf_location',
  'brief_description',
] as const;

export type BookCsvColumn = (typeof BOOK_CSV_COLUMNS)[number];

/** Columns the header must hold and every row must fill: the book form's required fields. */
export const REQUIRED_CSV_COLUMNS: readonly BookCsvColumn[] = ['title', 'author', 'publisher', 'isbn', 'total_copies', 'category', 'department', 'language', 'rack_no'];

/** Other header names read as a template column (the original system's export). */
export const CSV_COLUMN_ALIASES: Readonly<Record<string, BookCsvColumn>> = { specification_description: 'brief_description' };

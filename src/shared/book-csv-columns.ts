/**
 * The book CSV (the `Book-Template.csv` template's columns): its columns in the specification's order
 * (then the optional accession numbers), the ones every row must fill, other header names read as a
 * template column, and the accession numbers' rules. Pure: the site's preview
 * (src/lib/book-csv.ts), the server's import (server/src/modules/books/bulk.ts) and the bench all
 * read this one list.
 */
import { ACCESSION_LIMITS, ACCESSION_PATTERN } from './copies.js';

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
  // Optional and last, after the specification's columns: one number per copy, `;` between them.
  'accession_numbers',
] as const;

export type BookCsvColumn = (typeof BOOK_CSV_COLUMNS)[number];

/** Columns the header must hold and every row must fill: the book form's required fields. */
export const REQUIRED_CSV_COLUMNS: readonly BookCsvColumn[] = ['title', 'author', 'publisher', 'isbn', 'total_copies', 'category', 'department', 'language', 'rack_no'];

/** Other header names read as a template column (the original system's export). */
export const CSV_COLUMN_ALIASES: Readonly<Record<string, BookCsvColumn>> = { specification_description: 'brief_description' };

/** What separates the accession numbers of one row's copies. */
export const ACCESSION_SEPARATOR = ';';

/** Numbers a message names before "and N more". */
const NAMED = 3;
const named = (numbers: readonly string[]): string =>
  `${numbers.slice(0, NAMED).map((n) => `"${n}"`).join(', ')}${numbers.length > NAMED ? ` and ${numbers.length - NAMED} more` : ''}`;

/** The accession numbers column's messages (the preview and the import say the same). */
export const ACCESSION_CSV_MESSAGES = {
  invalid: (numbers: readonly string[]) =>
    `Not a valid accession number: ${named(numbers)}. Use letters, digits and . / _ - only, at most ${ACCESSION_LIMITS.codeMax} characters each, with ; between numbers.`,
  count: (copies: number, given: number) => `Give one accession number per copy: total_copies is ${copies}, this row has ${given}.`,
  repeatedInRow: (number: string) => `Accession number "${number}" is given twice in this row.`,
  repeatedInFile: (number: string, firstRow: number) => `Accession number "${number}" is already given on row ${firstRow} of this file.`,
  taken: (numbers: readonly string[]) => `Accession number already used by a copy in the library: ${named(numbers)}.`,
} as const;

/** A row's accession numbers: split at `;`, trimmed, blanks dropped (empty: the library's sequence numbers the copies). */
export const splitAccessionNumbers = (cell: string): string[] =>
  cell
    .split(ACCESSION_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * What is wrong with a row's accession numbers on their own, or undefined: each must be a valid
 * number, one per copy (`copies` undefined when total_copies is itself wrong), none twice.
 */
export function accessionNumbersProblem(numbers: readonly string[], copies: number | undefined): string | undefined {
  if (numbers.length === 0) return undefined;
  const invalid = numbers.filter((n) => n.length > ACCESSION_LIMITS.codeMax || !ACCESSION_PATTERN.test(n));
  if (invalid.length > 0) return ACCESSION_CSV_MESSAGES.invalid(invalid);
  if (copies !== undefined && numbers.length !== copies) return ACCESSION_CSV_MESSAGES.count(copies, numbers.length);
  const seen = new Set<string>();
  for (const n of numbers) {
    if (seen.has(n)) return ACCESSION_CSV_MESSAGES.repeatedInRow(n);
    seen.add(n);
  }
  return undefined;
}

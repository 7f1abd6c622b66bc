/**
 * What the books calls accept, read into typed input with the book form's rules and DRF wording:
 * the rows of a CSV import.
 */
import { ValidationError } from '../../errors.js';
import { FormReader } from '../../http/form.js';
import { BOOK_CSV_COLUMNS, type BookCsvColumn } from '../../../../src/lib/book-csv-columns.js';
import { BOOK_TEXT_LIMITS, MAX_TOTAL_COPIES } from '../../../../src/lib/book-limits.js';
import { ISBN_MESSAGE, normaliseIsbn } from './isbn.js';

/** The reference columns of a book (named in a CSV row, ids in the book form). */
export type ReferenceColumn = 'category' | 'department' | 'language';

/** A CSV row that passed the book form's rules. */
export interface BookCsvRow {
  values: {
    title: string;
    author: string;
    publisher: string;
    isbn: string;
    total_copies: number;
    edition: string | null;
    rack_no: string;
    shelf_location: string | null;
    specification_description: string | null;
  };
  /** Reference names as written (trimmed). */
  names: Record<ReferenceColumn, string>;
}

const CSV_REFERENCES: readonly ReferenceColumn[] = ['category', 'department', 'language'];

/** Checks one CSV row with the book form's rules: the typed row, or its errors by column. */
export function parseBookCsvRow(row: Record<BookCsvColumn, string>): BookCsvRow | { errors: { field: BookCsvColumn; message: string }[] } {
  const f = new FormReader(row);
  const title = f.text('title', { max: BOOK_TEXT_LIMITS.title });
  const author = f.text('author', { max: BOOK_TEXT_LIMITS.author });
  const publisher = f.text('publisher', { max: BOOK_TEXT_LIMITS.publisher });
  const isbnText = f.text('isbn', { max: BOOK_TEXT_LIMITS.isbn });
  const total = f.integer('total_copies', 1, MAX_TOTAL_COPIES);
  const names = {} as Record<ReferenceColumn, string>;
  for (const column of CSV_REFERENCES) {
    const name = f.text(column, { max: BOOK_TEXT_LIMITS.reference_name });
    if (name !== undefined) names[column] = name;
  }
  const edition = f.optionalText('edition', BOOK_TEXT_LIMITS.edition);
  const rackNo = f.text('rack_no', { max: BOOK_TEXT_LIMITS.rack_no });
  const shelf = f.optionalText('shelf_location', BOOK_TEXT_LIMITS.shelf_location);
  const brief = f.optionalText('brief_description', BOOK_TEXT_LIMITS.specification_description);
  let isbn: string | undefined;
  if (isbnText !== undefined) {
    isbn = normaliseIsbn(isbnText);
    if (isbn === undefined) f.errors.add('isbn', ISBN_MESSAGE);
  }
  // The reader hands its collected messages over only as the ValidationError it throws.
  try {
    f.errors.throwIfAny();
  } catch (error) {
    const fields = (error as ValidationError).fields;
    return { errors: BOOK_CSV_COLUMNS.flatMap((field) => (fields[field] ?? []).map((message) => ({ field, message }))) };
  }
  return {
    values: {
      title: title!,
      author: author!,
      publisher: publisher!,
      isbn: isbn!,
      total_copies: total!,
      edition: edition ?? null,
      rack_no: rackNo!,
      shelf_location: shelf ?? null,
      specification_description: brief ?? null,
    },
    names,
  };
}

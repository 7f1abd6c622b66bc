/**
 * The local preview of a book CSV for the bulk upload (only .csv files) before anything is sent, on the shared
 * preview of `csv-preview.ts`: row errors the server would also find (blank required fields, ISBN
 * checksum, whole-number copies, duplicate ISBNs in the file, accession numbers: valid, one per copy,
 * none twice in the file) and, when the lists could be read,
 * names of categories, departments and languages the library does not have (warnings: the upload
 * can create them). The template is `book-template.ts`; the upload's answer and rejected rows are
 * `book-upload-result.ts`.
 */
import {
  CSV_ROW_MESSAGES,
  canUploadPreview,
  cleanHeaderCell,
  isBlankRecord,
  MAX_LISTED_ISSUES,
  previewCsvFile,
  previewCsvText,
  SAMPLE_ROW_COUNT,
  type CsvPreview,
  type CsvPreviewSpec,
  type RowIssue,
} from './csv-preview';
import { ACCESSION_CSV_MESSAGES, accessionNumbersProblem, CSV_COLUMN_ALIASES, REQUIRED_CSV_COLUMNS, splitAccessionNumbers, type BookCsvColumn } from '#shared/book-csv-columns';
import { ISBN_MESSAGE, normaliseIsbn } from '#shared/isbn';
import { BOOK_TEXT_LIMITS, MAX_TOTAL_COPIES } from '#shared/book-limits';
import { BOUND_MESSAGES, WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { BOOK_TEMPLATE_COLUMNS, type BookCsvRow } from './book-template';

/** Fields every row must fill (the book form's required fields). */
export const REQUIRED_BOOK_COLUMNS = REQUIRED_CSV_COLUMNS;

/** Longest text the server stores per column. */
const MAX_LENGTHS: Partial<Record<BookCsvColumn, number>> = {
  title: BOOK_TEXT_LIMITS.title,
  author: BOOK_TEXT_LIMITS.author,
  publisher: BOOK_TEXT_LIMITS.publisher,
  category: BOOK_TEXT_LIMITS.reference_name,
  department: BOOK_TEXT_LIMITS.reference_name,
  language: BOOK_TEXT_LIMITS.reference_name,
  edition: BOOK_TEXT_LIMITS.edition,
  rack_no: BOOK_TEXT_LIMITS.rack_no,
  shelf_location: BOOK_TEXT_LIMITS.shelf_location,
  brief_description: BOOK_TEXT_LIMITS.specification_description,
  isbn: BOOK_TEXT_LIMITS.isbn,
};

/** The server's messages (server/src/http/form.ts, server/src/modules/books/bulk.ts). */
export const ROW_MESSAGES = {
  required: CSV_ROW_MESSAGES.required,
  integer: WHOLE_NUMBER_MESSAGES.invalid,
  tooLong: CSV_ROW_MESSAGES.tooLong,
  tooFew: BOUND_MESSAGES.atLeast,
  tooMany: BOUND_MESSAGES.atMost,
  duplicate: (first: number) => `Duplicate ISBN in this file (first on row ${first}).`,
  unknownName: (kind: string, name: string) => `Unknown ${kind} "${name}".`,
  malformed: CSV_ROW_MESSAGES.malformed,
} as const;

/** The most copies a row may give. */
export const MAX_COPIES = MAX_TOTAL_COPIES;

export { canUploadPreview, cleanHeaderCell, isBlankRecord, MAX_LISTED_ISSUES, SAMPLE_ROW_COUNT, type RowIssue };

/** Names the library has, lower-cased; a kind left out is not checked. */
export interface KnownNames {
  category?: ReadonlySet<string>;
  department?: ReadonlySet<string>;
  language?: ReadonlySet<string>;
}

/** The columns that name a category, department or language. */
export type ReferenceColumn = 'category' | 'department' | 'language';
const REFERENCE_COLUMNS: readonly ReferenceColumn[] = ['category', 'department', 'language'];

/** Known names from the library's lists (any objects with a `name`). */
export function knownNames(lists: Partial<Record<ReferenceColumn, readonly { name: string }[]>>): KnownNames {
  const result: KnownNames = {};
  for (const kind of REFERENCE_COLUMNS) {
    const list = lists[kind];
    if (list) result[kind] = new Set(list.map((item) => item.name.trim().toLowerCase()));
  }
  return result;
}

/** What the preview shows before an upload. */
export type BookCsvPreview = CsvPreview<BookCsvColumn>;

/** The server's integer syntax (up to 9 digits, optional minus). */
const WHOLE_NUMBER = /^-?\d{1,9}$/;

/** Errors of one row that need no server: required fields, lengths, ISBN checksum, copies. */
export function validateBookRow(row: BookCsvRow, rowNumber: number): RowIssue[] {
  const issues: RowIssue[] = [];
  const add = (field: string, message: string) => issues.push({ row: rowNumber, field, message });
  for (const column of BOOK_TEMPLATE_COLUMNS) {
    const value = row[column];
    if (value === '') {
      // The server reads copies as an integer first: a blank is not one.
      if (column === 'total_copies') add(column, ROW_MESSAGES.integer);
      else if (REQUIRED_BOOK_COLUMNS.includes(column)) add(column, ROW_MESSAGES.required);
      continue;
    }
    const max = MAX_LENGTHS[column];
    if (max !== undefined && value.length > max) add(column, ROW_MESSAGES.tooLong(max));
  }
  if (row.isbn !== '' && row.isbn.length <= 32 && normaliseIsbn(row.isbn) === undefined) add('isbn', ISBN_MESSAGE);
  let copies: number | undefined;
  if (row.total_copies !== '') {
    if (!WHOLE_NUMBER.test(row.total_copies)) add('total_copies', ROW_MESSAGES.integer);
    else {
      copies = Number(row.total_copies);
      if (copies < 1) add('total_copies', ROW_MESSAGES.tooFew(1));
      else if (copies > MAX_COPIES) add('total_copies', ROW_MESSAGES.tooMany(MAX_COPIES));
    }
  }
  const badCopies = issues.some((issue) => issue.field === 'total_copies');
  const accession = accessionNumbersProblem(splitAccessionNumbers(row.accession_numbers), badCopies ? undefined : copies);
  if (accession !== undefined) add('accession_numbers', accession);
  return issues;
}

/** The row rules plus accession numbers given twice in the file (the first row claims a number). */
function withAccessionClaims(): (row: BookCsvRow, rowNumber: number) => RowIssue[] {
  const firstRowOf = new Map<string, number>();
  return (row, rowNumber) => {
    const issues = validateBookRow(row, rowNumber);
    if (issues.some((issue) => issue.field === 'accession_numbers')) return issues;
    for (const number of splitAccessionNumbers(row.accession_numbers)) {
      const first = firstRowOf.get(number);
      if (first === undefined) firstRowOf.set(number, rowNumber);
      else if (!issues.some((issue) => issue.field === 'accession_numbers')) issues.push({ row: rowNumber, field: 'accession_numbers', message: ACCESSION_CSV_MESSAGES.repeatedInFile(number, first) });
    }
    return issues;
  };
}

/** The book template's preview rules; `names` are the library's names (a kind left out is not checked). */
function bookCsvSpec(names: KnownNames = {}): CsvPreviewSpec<BookCsvColumn> {
  return {
    columns: BOOK_TEMPLATE_COLUMNS,
    required: REQUIRED_BOOK_COLUMNS,
    aliases: CSV_COLUMN_ALIASES,
    validateRow: withAccessionClaims(),
    unique: [{ column: 'isbn', key: normaliseIsbn, message: ROW_MESSAGES.duplicate }],
    names: { known: names, columns: REFERENCE_COLUMNS, message: ROW_MESSAGES.unknownName },
  };
}

/** The preview of CSV text (BOM, CRLF and quoted fields handled). */
export const previewBookCsvText = (text: string, names: KnownNames = {}): BookCsvPreview => previewCsvText(text, bookCsvSpec(names));

/** The preview of a chosen file, parsed chunk by chunk; `onProgress` gets 0..1. */
export const previewBookCsvFile = (file: File, names: KnownNames = {}, onProgress?: (fraction: number) => void): Promise<BookCsvPreview> =>
  previewCsvFile(file, bookCsvSpec(names), onProgress);

/**
 * The local preview of a book CSV (section 5 bulk upload) before anything is sent: header
 * problems (missing required columns block the upload), row errors the server would also find
 * (blank required fields, ISBN checksum, whole-number copies, duplicate ISBNs in the file) and,
 * when the lists could be read, names of categories, departments and languages the library does
 * not have (warnings: the upload can create them). Rows are numbered like the server's answer: 1
 * is the first data row after the header; blank lines are not rows.
 *
 * Files are parsed in chunks (papaparse reads a File piece by piece), so 10,000+ rows preview
 * without freezing the page; only the first rows and the first issues are kept. The template is
 * `book-template.ts`; the upload's answer and rejected rows are `book-upload-result.ts`.
 */
import Papa from 'papaparse';
import { CSV_COLUMN_ALIASES, REQUIRED_CSV_COLUMNS, type BookCsvColumn } from './book-csv-columns';
import { ISBN_MESSAGE, normaliseIsbn } from './isbn';
import { BOOK_TEXT_LIMITS, MAX_TOTAL_COPIES } from './book-limits';
import { BOOK_TEMPLATE_COLUMNS, type BookCsvRow } from './book-template';

/** Fields every row must fill (the book form's required fields, section 5). */
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
  required: 'This field may not be blank.',
  integer: 'A valid integer is required.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  tooFew: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  tooMany: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  duplicate: (first: number) => `Duplicate ISBN in this file (first on row ${first}).`,
  unknownName: (kind: string, name: string) => `Unknown ${kind} "${name}".`,
  malformed: 'Malformed row: a quoted value is not closed.',
} as const;

/** The most copies a row may give. */
export const MAX_COPIES = MAX_TOTAL_COPIES;

/** One problem with one row: row 1 is the first data row. */
export interface RowIssue {
  row: number;
  field: string;
  message: string;
}

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
export interface BookCsvPreview {
  /** The header as written in the file (trimmed, BOM removed). */
  header: string[];
  /** Required columns absent from the header: the upload is blocked. */
  missingColumns: BookCsvColumn[];
  /** Optional template columns absent: their values are left empty. */
  missingOptionalColumns: BookCsvColumn[];
  /** Columns that are not the template's: ignored. */
  unknownColumns: string[];
  /** Data rows (blank lines left out). */
  rowCount: number;
  /** The first `MAX_LISTED_ISSUES` row errors, and how many there are in all. */
  errors: RowIssue[];
  errorCount: number;
  /** How many rows have at least one error. */
  rowsWithErrors: number;
  /** Unknown reference names (warnings), the first ones listed, and how many in all. */
  warnings: RowIssue[];
  warningCount: number;
  /** Distinct unknown names per column, as written. */
  unknownNames: Record<ReferenceColumn, string[]>;
  /** The first rows, by template column, for the preview table. */
  sampleRows: BookCsvRow[];
  /** Which reference columns were checked against the library's lists. */
  checkedNames: ReferenceColumn[];
}

/** Errors and warnings listed (the rest are counted). */
export const MAX_LISTED_ISSUES = 50;
/** Rows shown in the preview table. */
export const SAMPLE_ROW_COUNT = 5;

/** A header cell as written, BOM and surrounding spaces removed. */
export const cleanHeaderCell = (cell: string): string => cell.replace(/^\uFEFF/, '').trim();

/** The template column a header cell names (any letter case, aliases read), if any. */
function canonicalColumn(cell: string): BookCsvColumn | undefined {
  const name = cleanHeaderCell(cell).toLowerCase();
  if ((BOOK_TEMPLATE_COLUMNS as readonly string[]).includes(name)) return name as BookCsvColumn;
  return CSV_COLUMN_ALIASES[name];
}

/** Header problems: required and optional template columns missing, and columns not in the template. */
export function checkBookCsvHeader(header: readonly string[]): Pick<BookCsvPreview, 'missingColumns' | 'missingOptionalColumns' | 'unknownColumns'> {
  const present = new Set(header.map((cell) => canonicalColumn(cell)).filter((column) => column !== undefined));
  const missing = BOOK_TEMPLATE_COLUMNS.filter((column) => !present.has(column));
  return {
    missingColumns: missing.filter((column) => REQUIRED_BOOK_COLUMNS.includes(column)),
    missingOptionalColumns: missing.filter((column) => !REQUIRED_BOOK_COLUMNS.includes(column)),
    unknownColumns: header.map(cleanHeaderCell).filter((cell) => cell !== '' && canonicalColumn(cell) === undefined),
  };
}

/** Whether the preview allows the upload: a header with every required column and at least one row. */
export const canUploadPreview = (preview: BookCsvPreview): boolean => preview.missingColumns.length === 0 && preview.rowCount > 0;

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
  if (row.total_copies !== '') {
    if (!WHOLE_NUMBER.test(row.total_copies)) add('total_copies', ROW_MESSAGES.integer);
    else {
      const copies = Number(row.total_copies);
      if (copies < 1) add('total_copies', ROW_MESSAGES.tooFew(1));
      else if (copies > MAX_COPIES) add('total_copies', ROW_MESSAGES.tooMany(MAX_COPIES));
    }
  }
  return issues;
}

/**
 * Builds a preview row by row: `begin` with the header, `addRow` each data row's cells, then
 * `finish`. Keeps only counts, the first issues and the first rows, plus one set of ISBNs.
 */
export function createBookCsvPreviewer(names: KnownNames = {}) {
  let header: string[] = [];
  let columnIndex: Partial<Record<BookCsvColumn, number>> = {};
  let headerChecks: ReturnType<typeof checkBookCsvHeader> = { missingColumns: [], missingOptionalColumns: [], unknownColumns: [] };
  let rowCount = 0;
  let rowsWithErrors = 0;
  const errors: RowIssue[] = [];
  let errorCount = 0;
  const warnings: RowIssue[] = [];
  let warningCount = 0;
  const sampleRows: BookCsvRow[] = [];
  const firstRowOfIsbn = new Map<string, number>();
  const unknown: Record<ReferenceColumn, Map<string, string>> = { category: new Map(), department: new Map(), language: new Map() };
  const checkedNames = REFERENCE_COLUMNS.filter((kind) => names[kind] !== undefined);

  return {
    begin(headerCells: readonly string[]): void {
      header = headerCells.map(cleanHeaderCell);
      columnIndex = {};
      const aliased: Partial<Record<BookCsvColumn, number>> = {};
      header.forEach((cell, index) => {
        const column = canonicalColumn(cell);
        if (column === undefined) return;
        const target = column === cell.toLowerCase() ? columnIndex : aliased;
        if (target[column] === undefined) target[column] = index;
      });
      for (const [column, index] of Object.entries(aliased) as [BookCsvColumn, number][]) columnIndex[column] ??= index;
      headerChecks = checkBookCsvHeader(header);
    },

    /** One data row's cells; `malformed` when a quoted value is never closed. */
    addRow(cells: readonly string[], malformed = false): void {
      rowCount += 1;
      const rowNumber = rowCount;
      const row = {} as BookCsvRow;
      for (const column of BOOK_TEMPLATE_COLUMNS) {
        const index = columnIndex[column];
        row[column] = index === undefined ? '' : (cells[index] ?? '').trim();
      }
      if (sampleRows.length < SAMPLE_ROW_COUNT) sampleRows.push(row);
      if (headerChecks.missingColumns.length > 0) return;
      if (malformed) {
        rowsWithErrors += 1;
        errorCount += 1;
        if (errors.length < MAX_LISTED_ISSUES) errors.push({ row: rowNumber, field: '', message: ROW_MESSAGES.malformed });
        return;
      }

      const issues = validateBookRow(row, rowNumber);
      const isbn = row.isbn === '' ? undefined : normaliseIsbn(row.isbn);
      if (isbn !== undefined) {
        const first = firstRowOfIsbn.get(isbn);
        if (first === undefined) firstRowOfIsbn.set(isbn, rowNumber);
        else issues.push({ row: rowNumber, field: 'isbn', message: ROW_MESSAGES.duplicate(first) });
      }
      if (issues.length > 0) {
        rowsWithErrors += 1;
        errorCount += issues.length;
        for (const issue of issues) if (errors.length < MAX_LISTED_ISSUES) errors.push(issue);
      }
      for (const kind of checkedNames) {
        const value = row[kind];
        const key = value.toLowerCase();
        if (value === '' || names[kind]!.has(key)) continue;
        if (!unknown[kind].has(key)) unknown[kind].set(key, value);
        warningCount += 1;
        if (warnings.length < MAX_LISTED_ISSUES) warnings.push({ row: rowNumber, field: kind, message: ROW_MESSAGES.unknownName(kind, value) });
      }
    },

    finish(): BookCsvPreview {
      return {
        header,
        ...headerChecks,
        rowCount,
        errors,
        errorCount,
        rowsWithErrors,
        warnings,
        warningCount,
        unknownNames: {
          category: [...unknown.category.values()],
          department: [...unknown.department.values()],
          language: [...unknown.language.values()],
        },
        sampleRows,
        checkedNames,
      };
    },
  };
}

/** A record with every cell blank is a blank line, not a row. */
export const isBlankRecord = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/** Indexes of records with an unclosed quote, from papaparse's errors. */
const malformedRecords = (errors: readonly Papa.ParseError[]): Set<number> =>
  new Set(errors.filter((error) => error.type === 'Quotes' && error.row !== undefined).map((error) => error.row!));

/** Feeds parsed records (header first) to a previewer; returns whether the header has been read. */
function feed(previewer: ReturnType<typeof createBookCsvPreviewer>, parsed: Papa.ParseResult<string[]>, headerRead: boolean): boolean {
  let seenHeader = headerRead;
  const malformed = malformedRecords(parsed.errors);
  parsed.data.forEach((cells, index) => {
    if (isBlankRecord(cells)) return;
    if (!seenHeader) {
      previewer.begin(cells);
      seenHeader = true;
    } else previewer.addRow(cells, malformed.has(index));
  });
  return seenHeader;
}

/** The preview of CSV text (BOM, CRLF and quoted fields handled). */
export function previewBookCsvText(text: string, names: KnownNames = {}): BookCsvPreview {
  const previewer = createBookCsvPreviewer(names);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  feed(previewer, parsed, false);
  return previewer.finish();
}

/** Bytes read per chunk when previewing a file: small enough to keep the page responsive. */
const CHUNK_BYTES = 256 * 1024;

/** The preview of a chosen file, parsed chunk by chunk; `onProgress` gets 0..1. */
export function previewBookCsvFile(file: File, names: KnownNames = {}, onProgress?: (fraction: number) => void): Promise<BookCsvPreview> {
  return new Promise((resolve, reject) => {
    const previewer = createBookCsvPreviewer(names);
    let headerRead = false;
    let firstChunk = true;
    Papa.parse<string[]>(file, {
      skipEmptyLines: true,
      chunkSize: CHUNK_BYTES,
      chunk: (results) => {
        if (firstChunk && results.data[0]?.[0] !== undefined) {
          results.data[0][0] = results.data[0][0].replace(/^\uFEFF/, '');
          firstChunk = false;
        }
        headerRead = feed(previewer, results, headerRead);
        if (onProgress && file.size > 0) onProgress(Math.min(1, results.meta.cursor / file.size));
      },
      complete: () => resolve(previewer.finish()),
      error: (error) => reject(error),
    });
  });
}

/**
 * The book CSV bulk import (`POST /books/bulk-upload/`).
 *
 * - The file is judged by its content: UTF-8 text without zero bytes (a BOM is fine), at most
 *   `UPLOAD_CSV_MAX_BYTES`. The header (any order, any letter case) must hold the required
 *   template columns, or nothing is imported (400 naming the missing ones). The optional columns
 *   edition, shelf_location and brief_description may be left out (the site's preview treats them
 *   so too); `specification_description`, the original system's name, stands in for
 *   brief_description, which is stored as the book's specification_description.
 * - Every row is checked with the book form's rules and messages; rows are numbered from 1 (the
 *   first data row after the header; blank lines are not rows), like the site's preview.
 * - Valid rows land in transactions of BATCH_SIZE rows with multi-row inserts; each batch is all
 *   or nothing. One audit entry per import (BOOKS_IMPORTED) is written with the first batch and
 *   its counts updated by each later batch, so it always describes what is committed.
 */
import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import Papa from 'papaparse';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { dialectOfDb, type Dialect } from '../../db/connection.js';
import { nowIso } from '../../db/values.js';
import { ApiError, ValidationError } from '../../errors.js';
import { FormReader } from '../../http/form.js';
import type { UploadedFile } from '../../http/multipart.js';
import { detectFileType, tooLargeMessage } from '../../storage/media.js';
import { recordAudit } from '../audit/service.js';
import { CATEGORIES, DEPARTMENTS, ensureNamed, LANGUAGES, type NamedKind } from '../reference/service.js';
import type { AuthUser } from '../users/service.js';
import { ISBN_MESSAGE, normaliseIsbn } from './isbn.js';

/** Columns of `Book-Template.csv`, in the specification's order (section 3). */
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

/** Columns the header must hold: the book form's required fields. */
export const REQUIRED_CSV_COLUMNS: readonly BookCsvColumn[] = ['title', 'author', 'publisher', 'isbn', 'total_copies', 'category', 'department', 'language', 'rack_no'];

/** Other header names read as a template column (the original system's export). */
const COLUMN_ALIASES: Record<string, BookCsvColumn> = { specification_description: 'brief_description' };

/** Rows per transaction (and per multi-row insert). */
export const BATCH_SIZE = 500;

export const CSV_MESSAGES = {
  noFile: 'No file was submitted.',
  empty: 'The submitted file is empty.',
  invalid: 'Upload a valid CSV file.',
} as const;

export interface BulkRowError {
  /** 1-based data row (the header is not a row). */
  row: number;
  /** The CSV column, or null for a problem with the whole row. */
  field: string | null;
  message: string;
}

export interface BulkResult {
  detail: string;
  imported: number;
  errors: BulkRowError[];
}

export interface BulkOptions {
  /** Create categories, departments and languages named in the file that do not exist. */
  createMissing: boolean;
}

type Row = Record<BookCsvColumn, string>;

interface ValidRow {
  row: number;
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
  names: Record<RefColumn, string>;
}

type RefColumn = 'category' | 'department' | 'language';
const REFERENCES: { column: RefColumn; kind: NamedKind; bookColumn: 'category_id' | 'department_id' | 'language_id' }[] = [
  { column: 'category', kind: CATEGORIES, bookColumn: 'category_id' },
  { column: 'department', kind: DEPARTMENTS, bookColumn: 'department_id' },
  { column: 'language', kind: LANGUAGES, bookColumn: 'language_id' },
];

/** The text of an uploaded CSV, or the 400 that refuses it. */
export function csvText(file: UploadedFile | undefined, maxBytes: number): string {
  if (!file) throw ValidationError.field('file', CSV_MESSAGES.noFile);
  if (file.truncated || file.buffer.length > maxBytes) throw ValidationError.field('file', tooLargeMessage(maxBytes));
  if (file.buffer.length === 0) throw ValidationError.field('file', CSV_MESSAGES.empty);
  // Images, PDFs and other binaries: a known signature or any zero byte.
  if (detectFileType(file.buffer) !== undefined || file.buffer.includes(0)) throw ValidationError.field('file', CSV_MESSAGES.invalid);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.buffer);
  } catch {
    throw ValidationError.field('file', CSV_MESSAGES.invalid);
  }
}

const isBlankRecord = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/** Parses CSV text into the header's column positions and the data rows (blank lines dropped). */
function parseCsv(text: string): { columns: Map<BookCsvColumn, number>; missing: BookCsvColumn[]; records: { cells: string[]; malformed: boolean }[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const malformedAt = new Set(parsed.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row!));
  const all = parsed.data.map((cells, index) => ({ cells, malformed: malformedAt.has(index) })).filter((r) => !isBlankRecord(r.cells));
  const header = all.shift();
  if (!header) throw ValidationError.field('file', CSV_MESSAGES.empty);
  const columns = new Map<BookCsvColumn, number>();
  const aliased = new Map<BookCsvColumn, number>();
  header.cells.forEach((cell, index) => {
    const name = cell.replace(/^\uFEFF/, '').trim().toLowerCase();
    if ((BOOK_CSV_COLUMNS as readonly string[]).includes(name)) {
      if (!columns.has(name as BookCsvColumn)) columns.set(name as BookCsvColumn, index);
    } else if (COLUMN_ALIASES[name] && !aliased.has(COLUMN_ALIASES[name])) aliased.set(COLUMN_ALIASES[name], index);
  });
  for (const [column, index] of aliased) if (!columns.has(column)) columns.set(column, index);
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns.has(c));
  return { columns, missing, records: all };
}

/** Checks one row with the book form's rules; errors go to `errors`. */
function checkRow(rowNumber: number, row: Row, errors: BulkRowError[]): ValidRow | undefined {
  const f = new FormReader(row);
  const title = f.text('title', { max: 255 });
  const author = f.text('author', { max: 255 });
  const publisher = f.text('publisher', { max: 255 });
  const isbnText = f.text('isbn', { max: 32 });
  const total = f.integer('total_copies', 1, 100_000);
  const names = {} as Record<RefColumn, string>;
  for (const ref of REFERENCES) {
    const name = f.text(ref.column, { max: 100 });
    if (name !== undefined) names[ref.column] = name;
  }
  const edition = f.optionalText('edition', 50);
  const rackNo = f.text('rack_no', { max: 50 });
  const shelf = f.optionalText('shelf_location', 100);
  const brief = f.optionalText('brief_description', 100);
  let isbn: string | undefined;
  if (isbnText !== undefined) {
    isbn = normaliseIsbn(isbnText);
    if (isbn === undefined) f.errors.add('isbn', ISBN_MESSAGE);
  }
  const before = errors.length;
  // The reader hands its collected messages over only as the ValidationError it throws.
  try {
    f.errors.throwIfAny();
  } catch (error) {
    const fields = (error as ValidationError).fields;
    for (const column of BOOK_CSV_COLUMNS) for (const message of fields[column] ?? []) errors.push({ row: rowNumber, field: column, message });
  }
  if (errors.length > before) return undefined;
  return {
    row: rowNumber,
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

/** Ids of the reference values of one kind, by lower-cased name. */
async function namesOf(db: Db, kind: NamedKind): Promise<Map<string, number>> {
  const rows = await db.selectFrom(kind.table).select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/** Which of these ISBNs the catalogue holds. */
async function existingIsbns(db: Db, isbns: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < isbns.length; i += BATCH_SIZE) {
    const chunk = isbns.slice(i, i + BATCH_SIZE);
    for (const r of await db.selectFrom('books').select('isbn').where('isbn', 'in', chunk).execute()) found.add(r.isbn);
  }
  return found;
}

/** Columns of the import's insert, in the order of each row's values. */
const INSERT_COLUMNS = [
  'title',
  'author',
  'publisher',
  'isbn',
  'total_copies',
  'available_copies',
  'department_id',
  'category_id',
  'language_id',
  'edition',
  'rack_no',
  'shelf_location',
  'specification_description',
  'date_of_entry',
  'created_at',
  'updated_at',
] as const;

/**
 * One multi-row insert of a batch, written directly: the query builder spends longer building a
 * 500-row statement than SQLite spends running it. ON CONFLICT DO NOTHING: an ISBN added since
 * the check is refused (it is missing from RETURNING), not the whole batch. Status, price and
 * the other columns take their defaults (ACTIVE, 0, null).
 */
function insertStatement(dialect: Dialect, rows: readonly unknown[][]): CompiledQuery<{ isbn: string }> {
  let n = 0;
  const placeholder = dialect === 'postgres' ? (): string => `$${++n}` : (): string => '?';
  const tuples = rows.map((row) => `(${row.map(placeholder).join(', ')})`).join(', ');
  const text = `insert into books (${INSERT_COLUMNS.join(', ')}) values ${tuples} on conflict (isbn) do nothing returning isbn`;
  return CompiledQuery.raw(text, rows.flat());
}

const DUPLICATE_IN_CATALOGUE = 'book with this isbn already exists.';
const byRowThenColumn = (a: BulkRowError, b: BulkRowError): number =>
  a.row - b.row || BOOK_CSV_COLUMNS.indexOf(a.field as BookCsvColumn) - BOOK_CSV_COLUMNS.indexOf(b.field as BookCsvColumn);

/**
 * Imports a book CSV: validates every row, then saves the valid ones in batches. Answers the
 * count and every rejected row's reasons; throws only for a refused file or header.
 */
export async function importBookCsv(ctx: AppContext, user: AuthUser, file: UploadedFile | undefined, options: BulkOptions): Promise<BulkResult> {
  const text = csvText(file, ctx.config.uploadCsvMaxBytes);
  const { columns, missing, records } = parseCsv(text);
  if (missing.length > 0) throw new ApiError(400, { detail: `Missing columns: ${missing.join(', ')}.` });

  const errors: BulkRowError[] = [];
  const checked: ValidRow[] = [];
  const firstRowOfIsbn = new Map<string, number>();
  records.forEach((record, index) => {
    const rowNumber = index + 1;
    if (record.malformed) {
      errors.push({ row: rowNumber, field: null, message: 'Malformed row: a quoted value is not closed.' });
      return;
    }
    const row = {} as Row;
    for (const column of BOOK_CSV_COLUMNS) {
      const at = columns.get(column);
      row[column] = at === undefined ? '' : (record.cells[at] ?? '');
    }
    // Duplicates in the file: the first row with an ISBN claims it, later ones are refused.
    const isbn = normaliseIsbn(row.isbn);
    let duplicateOf: number | undefined;
    if (isbn !== undefined) {
      duplicateOf = firstRowOfIsbn.get(isbn);
      if (duplicateOf === undefined) firstRowOfIsbn.set(isbn, rowNumber);
    }
    const valid = checkRow(rowNumber, row, errors);
    if (duplicateOf !== undefined) {
      errors.push({ row: rowNumber, field: 'isbn', message: `Duplicate ISBN in this file (first on row ${duplicateOf}).` });
      return;
    }
    if (valid) checked.push(valid);
  });

  // Against the catalogue.
  const taken = await existingIsbns(ctx.db, checked.map((r) => r.values.isbn));
  let candidates = checked.filter((r) => {
    if (!taken.has(r.values.isbn)) return true;
    errors.push({ row: r.row, field: 'isbn', message: DUPLICATE_IN_CATALOGUE });
    return false;
  });

  // Reference names: known ones map to ids; unknown ones are created (option) or refuse the row.
  const ids = {} as Record<RefColumn, Map<string, number>>;
  for (const ref of REFERENCES) ids[ref.column] = await namesOf(ctx.db, ref.kind);
  const toCreate: Record<RefColumn, Map<string, string>> = { category: new Map(), department: new Map(), language: new Map() };
  candidates = candidates.filter((r) => {
    let ok = true;
    for (const ref of REFERENCES) {
      const name = r.names[ref.column];
      const key = name.toLowerCase();
      if (ids[ref.column].has(key)) continue;
      if (options.createMissing) {
        if (!toCreate[ref.column].has(key)) toCreate[ref.column].set(key, name);
      } else {
        errors.push({ row: r.row, field: ref.column, message: `Unknown ${ref.column} "${name}".` });
        ok = false;
      }
    }
    return ok;
  });

  const importId = `import-${randomBytes(9).toString('base64url')}`;
  const created: Record<RefColumn, string[]> = { category: [], department: [], language: [] };
  const summary = (imported: number, complete: boolean): Record<string, unknown> => ({
    file: file?.filename ?? null,
    rows: records.length,
    imported,
    rejected: records.length - imported,
    created,
    complete,
  });

  let imported = 0;
  const batches: ValidRow[][] = [];
  for (let i = 0; i < candidates.length; i += BATCH_SIZE) batches.push(candidates.slice(i, i + BATCH_SIZE));
  if (batches.length === 0) batches.push([]);
  const today = new Date().toISOString().slice(0, 10);
  const dialect = dialectOfDb(ctx.db);

  for (const [index, batch] of batches.entries()) {
    try {
      const landed = await ctx.db.transaction().execute(async (trx) => {
        if (index === 0) {
          for (const ref of REFERENCES) {
            for (const [key, name] of toCreate[ref.column]) {
              const id = await ensureNamed(trx, ref.kind, name);
              ids[ref.column].set(key, id);
              created[ref.column].push(name);
            }
          }
        }
        const now = nowIso();
        const values = batch.map((r) => [
          r.values.title,
          r.values.author,
          r.values.publisher,
          r.values.isbn,
          r.values.total_copies,
          r.values.total_copies,
          ids.department.get(r.names.department.toLowerCase())!,
          ids.category.get(r.names.category.toLowerCase())!,
          ids.language.get(r.names.language.toLowerCase())!,
          r.values.edition,
          r.values.rack_no,
          r.values.shelf_location,
          r.values.specification_description,
          today,
          now,
          now,
        ]);
        const inserted = values.length === 0 ? [] : (await trx.executeQuery<{ isbn: string }>(insertStatement(dialect, values))).rows;
        const landedIsbns = new Set(inserted.map((r) => r.isbn));
        const after = summary(imported + landedIsbns.size, index === batches.length - 1);
        if (index === 0) {
          await recordAudit(trx, { userId: user.id, action: 'BOOKS_IMPORTED', entity: 'book_import', entityId: importId, after });
        } else {
          await trx.updateTable('audit_log').set({ after: JSON.stringify(after) }).where('entity', '=', 'book_import').where('entity_id', '=', importId).execute();
        }
        return landedIsbns;
      });
      for (const r of batch) if (!landed.has(r.values.isbn)) errors.push({ row: r.row, field: 'isbn', message: DUPLICATE_IN_CATALOGUE });
      imported += landed.size;
    } catch (error) {
      // This batch rolled back; the earlier ones stay. Say so for every row not saved.
      ctx.log.error({ err: error }, 'Book import batch failed');
      if (index === 0) for (const ref of REFERENCES) created[ref.column] = [];
      for (const rest of batches.slice(index)) {
        for (const r of rest) errors.push({ row: r.row, field: null, message: 'Not imported: the server failed while saving this row’s batch. Upload it again.' });
      }
      break;
    }
  }
  errors.sort(byRowThenColumn);
  return { detail: `${imported} ${imported === 1 ? 'book' : 'books'} uploaded.`, imported, errors };
}

/**
 * The book CSV bulk import (`POST /books/bulk-upload/`), streamed: the file part is read chunk by
 * chunk and imported as it goes; no more than one batch of rows (plus the file's ISBNs and the
 * error list) is held.
 *
 * - The file is judged by its content as it arrives: the first bytes must not be a known binary
 *   signature, no chunk may hold a zero byte, the text must be strict UTF-8 (a BOM is dropped), at
 *   most `UPLOAD_CSV_MAX_BYTES`. Each chunk is checked before any of its rows are parsed. The header
 *   (any order, any letter case) must hold the required template columns, or nothing is imported
 *   (400 naming the missing ones). The optional columns edition, shelf_location and
 *   brief_description may be left out (the site's preview treats them so too);
 *   `specification_description`, the original system's name, stands in for brief_description,
 *   which is stored as the book's specification_description.
 * - Every row is checked with the book form's rules and messages; rows are numbered from 1 (the
 *   first data row after the header; blank lines are not rows), like the site's preview.
 * - Every BATCH_SIZE valid rows are checked against the catalogue and saved in one transaction
 *   with a multi-row insert; each batch is all or nothing. The last (partial) batch is saved only
 *   once the whole request body has been read. One audit entry per import (BOOKS_IMPORTED) is
 *   written with the first batch and its counts updated by each later one, so it always describes
 *   what is committed.
 * - A problem found part-way (a bad byte, the size limit, `create_missing` after the file) stops
 *   the import: rows not yet committed are dropped. If nothing was imported the answer is the
 *   plain 400 of a refused file; if earlier batches were already committed, the 400 also carries
 *   `detail`, `imported` and the `errors` of the committed rows, so it never hides what was saved.
 */
import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import Papa from 'papaparse';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { dialectOfDb, type Dialect } from '../../db/connection.js';
import { nowIso } from '../../db/values.js';
import { ApiError, ValidationError } from '../../errors.js';
import { MAX_BAD_ROWS, RowErrors, TOO_MANY_BAD_ROWS, type BulkRowError } from './row-errors.js';
import { FormReader } from '../../http/form.js';
import { detectFileType, tooLargeMessage } from '../../storage/media.js';
import { recordAudit } from '../audit/service.js';
import { CATEGORIES, DEPARTMENTS, ensureNamed, LANGUAGES, type NamedKind } from '../reference/service.js';
import type { AuthUser } from '../users/service.js';
import { BOOK_CSV_COLUMNS, CSV_COLUMN_ALIASES, REQUIRED_CSV_COLUMNS, type BookCsvColumn } from '../../../../src/lib/book-csv-columns.js';
import { ISBN_MESSAGE, normaliseIsbn } from './isbn.js';
import { BOOK_TEXT_LIMITS, MAX_TOTAL_COPIES } from '../../../../src/lib/book-limits.js';


/** Rows per transaction (and per multi-row insert). */
export const BATCH_SIZE = 500;

export const CSV_MESSAGES = {
  noFile: 'No file was submitted.',
  empty: 'The submitted file is empty.',
  invalid: 'Upload a valid CSV file.',
} as const;

export interface BulkResult {
  detail: string;
  imported: number;
  /** The first MAX_LISTED_ERRORS errors. */
  errors: BulkRowError[];
  /** How many errors there were in all. */
  error_count: number;
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

const isBlankRecord = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/** Checks one row with the book form's rules; errors go to `errors`. */
function checkRow(rowNumber: number, row: Row, errors: RowErrors): ValidRow | undefined {
  const f = new FormReader(row);
  const title = f.text('title', { max: BOOK_TEXT_LIMITS.title });
  const author = f.text('author', { max: BOOK_TEXT_LIMITS.author });
  const publisher = f.text('publisher', { max: BOOK_TEXT_LIMITS.publisher });
  const isbnText = f.text('isbn', { max: BOOK_TEXT_LIMITS.isbn });
  const total = f.integer('total_copies', 1, MAX_TOTAL_COPIES);
  const names = {} as Record<RefColumn, string>;
  for (const ref of REFERENCES) {
    const name = f.text(ref.column, { max: BOOK_TEXT_LIMITS.reference_name });
    if (name !== undefined) names[ref.column] = name;
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
const NOT_SAVED = 'Not imported: the server failed while saving this row’s batch. Upload it again.';
export const LATE_OPTION_MESSAGE = 'Send create_missing before the file in the form: it arrived after the file had been read.';

/** Bytes held back before judging the file type by its first bytes. */
const SNIFF_BYTES = 32;
/** Text gathered before the delimiter and line ending are guessed (papaparse guesses on its first chunk). */
const GUESS_CHARS = 64 * 1024;

/** papaparse's per-file parser (exported by the library, not typed): guesses once, then parses chunks. */
interface ParserHandle {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): { data: string[][]; errors: { type: string; row?: number }[]; meta: { cursor: number } };
}
const ParserHandleClass = (Papa as unknown as { ParserHandle: new (config: Papa.ParseConfig) => ParserHandle }).ParserHandle;

/** The truthy spellings of a form flag. */
export const formFlag = (value: unknown): boolean => ['true', '1', 'on', 'yes'].includes(String(value ?? '').trim().toLowerCase());

/** A readable file stream: iterated chunk by chunk, drained when the import stops early. */
export interface CsvStream extends AsyncIterable<Buffer> {
  /** Set when the multipart limit cut the file. */
  truncated?: boolean;
}

/**
 * One streamed import. Feed it the form's parts in order (`option`, `readFile`), then `finish()`
 * saves the last batch and answers, or throws the 400 that refuses the upload.
 */
export class BookCsvImport {
  private createMissing = false;
  private lateOption = false;
  private fileStarted = false;
  private filename: string | null = null;
  /** Why the upload is refused (found while reading); answered by finish(). */
  private refusal: ApiError | undefined;

  private bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private sample = '';
  private parser: ParserHandle | undefined;
  private partial = '';

  private columns: Map<BookCsvColumn, number> | undefined;
  private rowCount = 0;
  private readonly firstRowOfIsbn = new Map<string, number>();
  private pending: ValidRow[] = [];
  private readonly errors = new RowErrors();
  private badRows = 0;

  private imported = 0;
  /** Rows 1..committedThrough are settled: saved in committed batches or rejected. */
  private committedThrough = 0;
  private auditWritten = false;
  private failed = false;
  private ids: Record<RefColumn, Map<string, number>> | undefined;
  private readonly created: Record<RefColumn, string[]> = { category: [], department: [], language: [] };
  private readonly importId = `import-${randomBytes(9).toString('base64url')}`;
  private readonly today = new Date().toISOString().slice(0, 10);

  constructor(
    private readonly ctx: AppContext,
    private readonly user: AuthUser,
  ) {}

  private get maxBytes(): number {
    return this.ctx.config.uploadCsvMaxBytes;
  }

  /** A form field. `create_missing` counts only before the file. */
  option(name: string, value: unknown): void {
    if (name !== 'create_missing') return;
    if (this.fileStarted) this.lateOption = true;
    else this.createMissing = formFlag(value);
  }

  /** Whether a file part was already taken (later ones are drained and ignored). */
  get hasFile(): boolean {
    return this.fileStarted;
  }

  /** Reads the file part to its end, importing full batches on the way. Never leaves it half read. */
  async readFile(filename: string, stream: CsvStream): Promise<void> {
    this.fileStarted = true;
    this.filename = filename || null;
    const chunks = stream[Symbol.asyncIterator]();
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) await this.takeBytes(next.value);
      if (stream.truncated) throw ValidationError.field('file', tooLargeMessage(this.maxBytes));
      // An empty file input (no file chosen) is no upload.
      if (this.bytes === 0 && !filename) {
        this.fileStarted = false;
        return;
      }
      await this.endOfFile();
    } catch (error) {
      // Read the rest of the part without looking at it, so the request body is consumed.
      try {
        for (let next = await chunks.next(); !next.done; next = await chunks.next());
      } catch {
        // The stream itself failed: nothing left to read.
      }
      if (!(error instanceof ApiError)) throw error;
      this.refusal = error;
    }
  }

  private async takeBytes(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) throw ValidationError.field('file', tooLargeMessage(this.maxBytes));
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < SNIFF_BYTES) return;
      chunk = this.sniff();
    }
    await this.takeText(this.decode(chunk, true), false);
  }

  /** Images, PDFs and other binaries: a known signature at the start. */
  private sniff(): Buffer {
    const start = Buffer.concat(this.head);
    this.head = [];
    this.sniffed = true;
    if (detectFileType(start) !== undefined) throw ValidationError.field('file', CSV_MESSAGES.invalid);
    return start;
  }

  private decode(chunk: Buffer, stream: boolean): string {
    if (chunk.includes(0)) throw ValidationError.field('file', CSV_MESSAGES.invalid);
    try {
      return stream ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode(chunk);
    } catch {
      throw ValidationError.field('file', CSV_MESSAGES.invalid);
    }
  }

  private async endOfFile(): Promise<void> {
    if (this.bytes === 0) throw ValidationError.field('file', CSV_MESSAGES.empty);
    const last = this.sniffed ? Buffer.alloc(0) : this.sniff();
    await this.takeText(this.decode(last, false), true);
    if (!this.columns) throw ValidationError.field('file', CSV_MESSAGES.empty);
  }

  /** Parses the complete rows of the text so far; the last, maybe cut, line waits for more. */
  private async takeText(text: string, final: boolean): Promise<void> {
    if (!this.parser) {
      this.sample += text;
      if (!final && this.sample.length < GUESS_CHARS) return;
      text = this.sample.replace(/^\uFEFF/, '');
      this.sample = '';
      this.parser = new ParserHandleClass({ skipEmptyLines: true });
    }
    const input = this.partial + text;
    const parsed = this.parser.parse(input, 0, !final);
    this.partial = final ? '' : input.slice(parsed.meta.cursor);
    const malformedAt = new Set(parsed.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row!));
    for (const [index, cells] of parsed.data.entries()) {
      if (isBlankRecord(cells)) continue;
      if (!this.columns) {
        this.header(cells);
        continue;
      }
      this.takeRow(cells, malformedAt.has(index));
      if (this.pending.length >= BATCH_SIZE) await this.flush(false);
    }
  }

  private header(cells: string[]): void {
    const columns = new Map<BookCsvColumn, number>();
    const aliased = new Map<BookCsvColumn, number>();
    cells.forEach((cell, index) => {
      const name = cell.replace(/^\uFEFF/, '').trim().toLowerCase();
      if ((BOOK_CSV_COLUMNS as readonly string[]).includes(name)) {
        if (!columns.has(name as BookCsvColumn)) columns.set(name as BookCsvColumn, index);
      } else if (CSV_COLUMN_ALIASES[name] && !aliased.has(CSV_COLUMN_ALIASES[name])) aliased.set(CSV_COLUMN_ALIASES[name], index);
    });
    for (const [column, index] of aliased) if (!columns.has(column)) columns.set(column, index);
    const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns.has(c));
    if (missing.length > 0) throw new ApiError(400, { detail: `Missing columns: ${missing.join(', ')}.` });
    this.columns = columns;
  }

  private takeRow(cells: string[], malformed: boolean): void {
    const errorsBefore = this.errors.length;
    this.checkAndQueue(cells, malformed);
    if (this.errors.length > errorsBefore && ++this.badRows > MAX_BAD_ROWS) throw ValidationError.field('file', TOO_MANY_BAD_ROWS);
  }

  private checkAndQueue(cells: string[], malformed: boolean): void {
    const rowNumber = ++this.rowCount;
    if (malformed) {
      this.errors.push({ row: rowNumber, field: null, message: 'Malformed row: a quoted value is not closed.' });
      return;
    }
    const row = {} as Row;
    for (const column of BOOK_CSV_COLUMNS) {
      const at = this.columns!.get(column);
      row[column] = at === undefined ? '' : (cells[at] ?? '');
    }
    // Duplicates in the file: the first row with an ISBN claims it, later ones are refused.
    const isbn = normaliseIsbn(row.isbn);
    let duplicateOf: number | undefined;
    if (isbn !== undefined) {
      duplicateOf = this.firstRowOfIsbn.get(isbn);
      if (duplicateOf === undefined) this.firstRowOfIsbn.set(isbn, rowNumber);
    }
    const valid = checkRow(rowNumber, row, this.errors);
    if (duplicateOf !== undefined) {
      this.errors.push({ row: rowNumber, field: 'isbn', message: `Duplicate ISBN in this file (first on row ${duplicateOf}).` });
      return;
    }
    if (!valid) return;
    if (this.failed) this.errors.push({ row: rowNumber, field: null, message: NOT_SAVED });
    else this.pending.push(valid);
  }

  private summary(rows: number, imported: number, complete: boolean, created: Record<RefColumn, string[]>, stopped?: string): Record<string, unknown> {
    return { file: this.filename, rows, imported, rejected: rows - imported, created, complete, ...(stopped ? { stopped } : {}) };
  }

  /** Saves the pending rows as one batch (the last one with `final`). */
  private async flush(final: boolean): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const through = this.rowCount;
    if (this.failed) return;
    const db = this.ctx.db;

    // Against the catalogue.
    const taken = await existingIsbns(db, batch.map((r) => r.values.isbn));
    let candidates = batch.filter((r) => {
      if (!taken.has(r.values.isbn)) return true;
      this.errors.push({ row: r.row, field: 'isbn', message: DUPLICATE_IN_CATALOGUE });
      return false;
    });

    // Reference names: known ones map to ids; unknown ones are created (option) or refuse the row.
    const unknown = (r: ValidRow): boolean => REFERENCES.some((ref) => !this.ids![ref.column].has(r.names[ref.column].toLowerCase()));
    if (!this.ids || candidates.some(unknown)) {
      // Loaded once, and again when a name is new to us (someone may have added it meanwhile).
      const ids = {} as Record<RefColumn, Map<string, number>>;
      for (const ref of REFERENCES) ids[ref.column] = await namesOf(db, ref.kind);
      this.ids = ids;
    }
    const ids = this.ids;
    const toCreate: Record<RefColumn, Map<string, string>> = { category: new Map(), department: new Map(), language: new Map() };
    candidates = candidates.filter((r) => {
      let ok = true;
      for (const ref of REFERENCES) {
        const name = r.names[ref.column];
        const key = name.toLowerCase();
        if (ids[ref.column].has(key)) continue;
        if (this.createMissing) {
          if (!toCreate[ref.column].has(key)) toCreate[ref.column].set(key, name);
        } else {
          this.errors.push({ row: r.row, field: ref.column, message: `Unknown ${ref.column} "${name}".` });
          ok = false;
        }
      }
      return ok;
    });

    const dialect = dialectOfDb(db);
    try {
      const { landed, newIds } = await db.transaction().execute(async (trx) => {
        const newIds: { column: RefColumn; key: string; name: string; id: number }[] = [];
        for (const ref of REFERENCES) {
          for (const [key, name] of toCreate[ref.column]) newIds.push({ column: ref.column, key, name, id: await ensureNamed(trx, ref.kind, name) });
        }
        const idOf = (column: RefColumn, name: string): number => {
          const key = name.toLowerCase();
          return ids[column].get(key) ?? newIds.find((n) => n.column === column && n.key === key)!.id;
        };
        const now = nowIso();
        const values = candidates.map((r) => [
          r.values.title,
          r.values.author,
          r.values.publisher,
          r.values.isbn,
          r.values.total_copies,
          r.values.total_copies,
          idOf('department', r.names.department),
          idOf('category', r.names.category),
          idOf('language', r.names.language),
          r.values.edition,
          r.values.rack_no,
          r.values.shelf_location,
          r.values.specification_description,
          this.today,
          now,
          now,
        ]);
        const inserted = values.length === 0 ? [] : (await trx.executeQuery<{ isbn: string }>(insertStatement(dialect, values))).rows;
        const landed = new Set(inserted.map((r) => r.isbn));
        const created = { ...this.created };
        for (const n of newIds) created[n.column] = [...created[n.column], n.name];
        const after = this.summary(through, this.imported + landed.size, final, created);
        await this.writeAudit(trx, after);
        return { landed, newIds };
      });
      this.auditWritten = true;
      for (const n of newIds) {
        ids[n.column].set(n.key, n.id);
        this.created[n.column].push(n.name);
      }
      for (const r of candidates) if (!landed.has(r.values.isbn)) this.errors.push({ row: r.row, field: 'isbn', message: DUPLICATE_IN_CATALOGUE });
      this.imported += landed.size;
      this.committedThrough = through;
    } catch (error) {
      // This batch rolled back; the earlier ones stay. Say so for this batch's rows and every later one.
      this.ctx.log.error({ err: error }, 'Book import batch failed');
      this.failed = true;
      for (const r of candidates) this.errors.push({ row: r.row, field: null, message: NOT_SAVED });
    }
  }

  private async writeAudit(db: Db, after: Record<string, unknown>): Promise<void> {
    if (!this.auditWritten) {
      await recordAudit(db, { userId: this.user.id, action: 'BOOKS_IMPORTED', entity: 'book_import', entityId: this.importId, after });
    } else {
      await db.updateTable('audit_log').set({ after: JSON.stringify(after) }).where('entity', '=', 'book_import').where('entity_id', '=', this.importId).execute();
    }
  }

  /** Saves the last batch and answers; or throws the 400 for a refused upload. */
  async finish(): Promise<BulkResult> {
    if (this.refusal) return this.stop(this.refusal);
    if (!this.fileStarted) throw ValidationError.field('file', CSV_MESSAGES.noFile);
    if (this.lateOption) return this.stop(ValidationError.field('create_missing', LATE_OPTION_MESSAGE));
    await this.flush(true);
    const imported = this.imported;
    return { detail: `${imported} ${imported === 1 ? 'book' : 'books'} uploaded.`, imported, errors: this.errors.list(), error_count: this.errors.length };
  }

  /**
   * Refuses the upload. Rows not yet committed are dropped. Nothing imported: the plain 400.
   * Earlier batches committed: the 400 says how many books and which rows, with their errors.
   */
  private async stop(refusal: ApiError): Promise<never> {
    this.pending = [];
    if (this.auditWritten) {
      const reason = Object.values(refusal.body).flat().find((m): m is string => typeof m === 'string') ?? 'refused';
      const after = this.summary(this.committedThrough, this.imported, false, this.created, reason);
      await this.writeAudit(this.ctx.db, after).catch((error: unknown) => this.ctx.log.error({ err: error }, 'Book import audit update failed'));
    }
    if (this.imported === 0) throw refusal;
    const n = this.imported;
    const through = this.committedThrough;
    throw new ApiError(400, {
      ...refusal.body,
      detail:
        `The import stopped part-way: ${n} ${n === 1 ? 'book' : 'books'} from rows 1–${through} ${n === 1 ? 'was' : 'were'} already imported and stay in the catalogue; ` +
        `nothing from row ${through + 1} on was imported. Fix the file and upload it again (rows already imported will be refused as duplicates).`,
      imported: n,
      errors: this.errors.list(through),
      error_count: this.errors.length,
    });
  }
}

/**
 * The book CSV bulk import (`POST /books/bulk-upload/`): the book-specific part of the streamed
 * import (`../imports/csv-import.ts` reads the file, caps the errors, batches and audits).
 *
 * - The header must hold the required template columns; the optional columns edition,
 *   shelf_location and brief_description may be left out (the site's preview treats them so too);
 *   `specification_description`, the original system's name, stands in for brief_description,
 *   which is stored as the book's specification_description.
 * - Every row is checked with the book form's rules and messages (`parseBookCsvRow`); the first
 *   row with an ISBN claims it, later rows with the same ISBN are refused. The optional last column
 *   `accession_numbers` gives one number per copy (`;` between them, `#shared/book-csv-columns`'s
 *   rules); the first row giving a number claims it, and a number a copy of the library already has
 *   (as accession number or barcode) refuses the row.
 * - Each batch is checked against the catalogue (ISBNs taken, reference names known) and saved
 *   with one multi-row insert, then every new book's copies with a few multi-row inserts
 *   (`addImportedCopies`: the next accession numbers unless a row gives its own); `create_missing` (sent before the file) creates the categories,
 *   departments and languages the file names that do not exist.
 */
import { CompiledQuery } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { dialectOfDb, type Dialect } from '../../db/connection.js';
import { nowIso } from '../../db/values.js';
import { readLibraryToday } from '../../lib/library-clock.js';
import { CsvImport, formFlag, type SavedBatch } from '../imports/csv-import.js';
import { CATEGORIES, DEPARTMENTS, ensureNamed, LANGUAGES, type NamedKind } from '../reference/service.js';
import { ACCESSION_CSV_MESSAGES, BOOK_CSV_COLUMNS, CSV_COLUMN_ALIASES, REQUIRED_CSV_COLUMNS, type BookCsvColumn } from '#shared/book-csv-columns';
import { normaliseIsbn } from '#shared/isbn';
import { addCopiesToTitles, type CopySpec } from '../copies/stock.js';
import { parseBookCsvRow, type BookCsvRow, type ReferenceColumn } from './schemas.js';

/** Rows per transaction (and per multi-row insert). */
export const BATCH_SIZE = 500;

/** A checked row with its number in the file. */
interface ValidRow extends BookCsvRow {
  row: number;
}

const REFERENCES: { column: ReferenceColumn; kind: NamedKind }[] = [
  { column: 'category', kind: CATEGORIES },
  { column: 'department', kind: DEPARTMENTS },
  { column: 'language', kind: LANGUAGES },
];

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

/** Which of these numbers a copy of the library already has, as accession number or barcode (a new copy's barcode is its number). */
async function existingAccessionNumbers(db: Db, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < numbers.length; i += BATCH_SIZE) {
    const chunk = numbers.slice(i, i + BATCH_SIZE);
    const rows = await db.selectFrom('copies').select(['accession_no', 'barcode']).where((eb) => eb.or([eb('accession_no', 'in', chunk), eb('barcode', 'in', chunk)])).execute();
    for (const r of rows) for (const n of [r.accession_no, r.barcode]) if (chunk.includes(n)) found.add(n);
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

/** The copies one imported row asks for. */
export interface ImportedTitleCopies {
  bookId: number;
  /** Copies of the title (its total_copies). */
  count: number;
  shelfLocation: string | null;
  /** The book's entry date: the copies' acquisition date. */
  acquiredOn: string;
  /** Accession numbers kept as given for the first copies; the rest take the library's next numbers. */
  accessionNumbers?: readonly string[];
}

/** Creates the copies of a batch of imported books in the batch's transaction (one allocation, multi-row inserts, one recount). */
export async function addImportedCopies(trx: Db, titles: readonly ImportedTitleCopies[]): Promise<number> {
  return addCopiesToTitles(
    trx,
    titles.map((title) => ({
      bookId: title.bookId,
      specs: Array.from({ length: Math.max(title.count, title.accessionNumbers?.length ?? 0) }, (_, i): CopySpec => {
        const given = title.accessionNumbers?.[i];
        return { shelf_location: title.shelfLocation, acquired_on: title.acquiredOn, ...(given ? { accession_no: given } : {}) };
      }),
    })),
  );
}

/**
 * One multi-row insert of a batch, written directly: the query builder spends longer building a
 * 500-row statement than SQLite spends running it. ON CONFLICT DO NOTHING: an ISBN added since
 * the check is refused (it is missing from RETURNING), not the whole batch. Status, price and
 * the other columns take their defaults (ACTIVE, 0, null).
 */
function insertStatement(dialect: Dialect, rows: readonly unknown[][]): CompiledQuery<{ id: number; isbn: string }> {
  let n = 0;
  const placeholder = dialect === 'postgres' ? (): string => `$${++n}` : (): string => '?';
  const tuples = rows.map((row) => `(${row.map(placeholder).join(', ')})`).join(', ');
  const text = `insert into books (${INSERT_COLUMNS.join(', ')}) values ${tuples} on conflict (isbn) do nothing returning id, isbn`;
  return CompiledQuery.raw(text, rows.flat());
}

const DUPLICATE_IN_CATALOGUE = 'book with this isbn already exists.';

/** One streamed book import (see `CsvImport` for the order of calls). */
export class BookCsvImport extends CsvImport<BookCsvColumn, ValidRow> {
  private readonly firstRowOfIsbn = new Map<string, number>();
  private readonly firstRowOfAccession = new Map<string, number>();
  private ids: Record<ReferenceColumn, Map<string, number>> | undefined;
  private readonly created: Record<ReferenceColumn, string[]> = { category: [], department: [], language: [] };
  /** The library's today in its zone, read with the first batch: every book of the file is entered on it. */
  private today: string | undefined;

  constructor(ctx: AppContext, user: AuthUser) {
    super(ctx, user, {
      columns: BOOK_CSV_COLUMNS,
      required: REQUIRED_CSV_COLUMNS,
      aliases: CSV_COLUMN_ALIASES,
      options: ['create_missing'],
      audit: { action: 'BOOKS_IMPORTED', entity: 'book_import' },
      batchSize: BATCH_SIZE,
    });
  }

  /** Create categories, departments and languages named in the file that do not exist. */
  private get createMissing(): boolean {
    return formFlag(this.option('create_missing'));
  }

  protected checkRow(rowNumber: number, row: Record<BookCsvColumn, string>): ValidRow | undefined {
    // Duplicates in the file: the first row with an ISBN claims it, later ones are refused.
    const isbn = normaliseIsbn(row.isbn);
    let duplicateOf: number | undefined;
    if (isbn !== undefined) {
      duplicateOf = this.firstRowOfIsbn.get(isbn);
      if (duplicateOf === undefined) this.firstRowOfIsbn.set(isbn, rowNumber);
    }
    const parsed = parseBookCsvRow(row);
    if ('errors' in parsed) this.errors.push(...parsed.errors.map((e) => ({ row: rowNumber, ...e })));
    const repeated = 'errors' in parsed ? undefined : this.claimAccessionNumbers(rowNumber, parsed.accessionNumbers);
    if (repeated) this.errors.push({ row: rowNumber, field: 'accession_numbers', message: repeated });
    if (duplicateOf !== undefined) {
      this.errors.push({ row: rowNumber, field: 'isbn', message: `Duplicate ISBN in this file (first on row ${duplicateOf}).` });
      return undefined;
    }
    return 'errors' in parsed || repeated ? undefined : { row: rowNumber, ...parsed };
  }

  /** The first row giving an accession number claims it; a later row giving it again is refused (its message). */
  private claimAccessionNumbers(rowNumber: number, numbers: readonly string[]): string | undefined {
    for (const number of numbers) {
      const first = this.firstRowOfAccession.get(number);
      if (first !== undefined) return ACCESSION_CSV_MESSAGES.repeatedInFile(number, first);
    }
    for (const number of numbers) this.firstRowOfAccession.set(number, rowNumber);
    return undefined;
  }

  /** Against the catalogue: ISBNs already there, reference names unknown (unless create_missing). */
  protected async prepareBatch(batch: ValidRow[]): Promise<ValidRow[]> {
    const db = this.ctx.db;
    this.today ??= await readLibraryToday(db);
    const taken = await existingIsbns(db, batch.map((r) => r.values.isbn));
    const usedNumbers = await existingAccessionNumbers(db, batch.flatMap((r) => r.accessionNumbers));
    const candidates = batch.filter((r) => {
      const used = r.accessionNumbers.filter((n) => usedNumbers.has(n));
      if (used.length > 0) this.errors.push({ row: r.row, field: 'accession_numbers', message: ACCESSION_CSV_MESSAGES.taken(used) });
      if (taken.has(r.values.isbn)) this.errors.push({ row: r.row, field: 'isbn', message: DUPLICATE_IN_CATALOGUE });
      return used.length === 0 && !taken.has(r.values.isbn);
    });
    const unknown = (r: ValidRow): boolean => REFERENCES.some((ref) => !this.ids![ref.column].has(r.names[ref.column].toLowerCase()));
    if (!this.ids || candidates.some(unknown)) {
      // Loaded once, and again when a name is new to us (someone may have added it meanwhile).
      const ids = {} as Record<ReferenceColumn, Map<string, number>>;
      for (const ref of REFERENCES) ids[ref.column] = await namesOf(db, ref.kind);
      this.ids = ids;
    }
    if (this.createMissing) return candidates;
    const ids = this.ids;
    return candidates.filter((r) => {
      let ok = true;
      for (const ref of REFERENCES) {
        const name = r.names[ref.column];
        if (ids[ref.column].has(name.toLowerCase())) continue;
        this.errors.push({ row: r.row, field: ref.column, message: `Unknown ${ref.column} "${name}".` });
        ok = false;
      }
      return ok;
    });
  }

  protected async saveBatch(trx: Db, rows: ValidRow[]): Promise<SavedBatch> {
    const ids = this.ids!;
    // Names still unknown here are created (prepareBatch refused them without create_missing).
    const newIds: { column: ReferenceColumn; key: string; name: string; id: number }[] = [];
    for (const ref of REFERENCES) {
      const toCreate = new Map<string, string>();
      for (const r of rows) {
        const name = r.names[ref.column];
        const key = name.toLowerCase();
        if (!ids[ref.column].has(key) && !toCreate.has(key)) toCreate.set(key, name);
      }
      for (const [key, name] of toCreate) newIds.push({ column: ref.column, key, name, id: await ensureNamed(trx, ref.kind, name) });
    }
    const idOf = (column: ReferenceColumn, name: string): number => {
      const key = name.toLowerCase();
      return ids[column].get(key) ?? newIds.find((n) => n.column === column && n.key === key)!.id;
    };
    const now = nowIso();
    const values = rows.map((r) => [
      r.values.title,
      r.values.author,
      r.values.publisher,
      r.values.isbn,
      // The counts are read from the copies added below.
      0,
      0,
      idOf('department', r.names.department),
      idOf('category', r.names.category),
      idOf('language', r.names.language),
      r.values.edition,
      r.values.rack_no,
      r.values.shelf_location,
      r.values.specification_description,
      this.today!,
      now,
      now,
    ]);
    const inserted = values.length === 0 ? [] : (await trx.executeQuery<{ id: number; isbn: string }>(insertStatement(dialectOfDb(trx), values))).rows;
    const landed = new Set(inserted.map((r) => r.isbn));
    const idOfIsbn = new Map(inserted.map((r) => [r.isbn, r.id]));
    await addImportedCopies(
      trx,
      rows.filter((r) => landed.has(r.values.isbn)).map((r) => ({ bookId: idOfIsbn.get(r.values.isbn)!, count: r.values.total_copies, shelfLocation: r.values.shelf_location, acquiredOn: this.today!, accessionNumbers: r.accessionNumbers })),
    );
    const created = { ...this.created };
    for (const n of newIds) created[n.column] = [...created[n.column], n.name];
    return {
      imported: landed.size,
      rejected: rows.filter((r) => !landed.has(r.values.isbn)).map((r) => ({ row: r.row, field: 'isbn', message: DUPLICATE_IN_CATALOGUE })),
      auditDetails: { created },
      committed: () => {
        for (const n of newIds) {
          ids[n.column].set(n.key, n.id);
          this.created[n.column].push(n.name);
        }
      },
    };
  }

  protected auditDetails(): Record<string, unknown> {
    return { created: this.created };
  }

  protected finishedDetail(imported: number): string {
    return `${imported} ${imported === 1 ? 'book' : 'books'} uploaded.`;
  }

  protected stoppedDetail(n: number, through: number): string {
    return (
      `The import stopped part-way: ${n} ${n === 1 ? 'book' : 'books'} from rows 1–${through} ${n === 1 ? 'was' : 'were'} already imported and stay in the catalogue; ` +
      `nothing from row ${through + 1} on was imported. Fix the file and upload it again (rows already imported will be refused as duplicates).`
    );
  }
}

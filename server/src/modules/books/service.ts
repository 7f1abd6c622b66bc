/**
 * The catalogue's books: the list (search, filters, ordering, pages), the detail, create, partial
 * update (copies invariant, status with reason, covers and e-book), and password-confirmed delete.
 * Every change writes its audit entry in the same transaction; files are saved before and
 * removed after the commit (`replaceFiles`).
 */
import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { BookRow, BooksTable, BookStatus, Db } from '../../db/schema.js';
import { dialectOfDb } from '../../db/connection.js';
import { isUniqueViolation, nowIso } from '../../db/values.js';
import { ApiError, badRequest, MESSAGES, notFound, ValidationError } from '../../errors.js';
import { FormReader } from '../../http/form.js';
import type { FormBody, UploadedFile } from '../../http/multipart.js';
import { formatMoney } from '../../lib/money.js';
import { replaceFiles, type FileType, type StoredFile } from '../../storage/media.js';
import { verifyPassword } from '../auth/passwords.js';
import { recordAudit } from '../audit/service.js';
import { CATEGORIES, DEPARTMENTS, LANGUAGES, namedExists, type NamedKind } from '../reference/service.js';
import type { AuthUser } from '../users/service.js';
import { ISBN_MESSAGE, normaliseIsbn, stripIsbn } from './isbn.js';
import type { CountOnce } from './catalogue-version.js';
import { BOOK_TEXT_LIMITS, MAX_COVERS, MAX_PRICE, MAX_TOTAL_COPIES } from '../../../../src/lib/book-limits.js';

export const BOOK_STATUSES: readonly BookStatus[] = ['ACTIVE', 'WRITE_OFF', 'LOST'];
export { MAX_COVERS };
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Rows of a list asked for without `page` (the bare array): a cap that protects the server. */
export const UNPAGED_LIMIT = 1000;

export const ORDERING_FIELDS = ['title', 'author', 'isbn', 'publisher', 'total_copies', 'available_copies', 'date_of_entry', 'id'] as const;
type OrderingField = (typeof ORDERING_FIELDS)[number];

export interface BookDetail {
  id: number;
  title: string;
  author: string;
  isbn: string;
  department: { id: number; name: string } | null;
  category: { id: number; name: string; image: string | null } | null;
  language: { id: number; name: string } | null;
  publisher: string;
  edition: string | null;
  total_copies: number;
  available_copies: number;
  rack_no: string;
  shelf_location: string | null;
  date_of_entry: string;
  status: BookStatus;
  status_reason: string | null;
  price: string;
  specification_description: string | null;
  detailed_description: string | null;
  cover_photo: string | null;
  cover_photos: string[];
  ebook_file: string | null;
}

// ---------------------------------------------------------------------------------------------
// Reading

function baseQuery(db: Db) {
  return db
    .selectFrom('books as b')
    .leftJoin('departments as d', 'd.id', 'b.department_id')
    .leftJoin('categories as c', 'c.id', 'b.category_id')
    .leftJoin('languages as l', 'l.id', 'b.language_id');
}

const DETAIL_COLUMNS = [
  'b.id',
  'b.title',
  'b.author',
  'b.isbn',
  'b.department_id',
  'b.category_id',
  'b.language_id',
  'b.publisher',
  'b.edition',
  'b.total_copies',
  'b.available_copies',
  'b.rack_no',
  'b.shelf_location',
  'b.date_of_entry',
  'b.status',
  'b.status_reason',
  'b.price',
  'b.specification_description',
  'b.detailed_description',
  'b.ebook_file',
  'd.name as department_name',
  'c.name as category_name',
  'c.image as category_image',
  'l.name as language_name',
] as const;

/** A book row as the detail query selects it: the table's columns with the reference names joined. */
type DetailRow = Omit<BookRow, 'created_at' | 'updated_at'> & {
  department_name: string | null;
  category_name: string | null;
  category_image: string | null;
  language_name: string | null;
};

/** Cover files of some books, in position order. */
async function coversOf(db: Db, bookIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (bookIds.length === 0) return map;
  const rows = await db
    .selectFrom('book_covers')
    .select(['book_id', 'file'])
    .where('book_id', 'in', bookIds)
    .orderBy('book_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = map.get(row.book_id) ?? [];
    list.push(row.file);
    map.set(row.book_id, list);
  }
  return map;
}

function toDetail(ctx: Pick<AppContext, 'media'>, row: DetailRow, covers: string[]): BookDetail {
  const coverUrls = covers.map((f) => ctx.media.url(f)).filter((u): u is string => u !== null);
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    isbn: row.isbn,
    department: row.department_id !== null && row.department_name !== null ? { id: row.department_id, name: row.department_name } : null,
    category:
      row.category_id !== null && row.category_name !== null
        ? { id: row.category_id, name: row.category_name, image: ctx.media.url(row.category_image) }
        : null,
    language: row.language_id !== null && row.language_name !== null ? { id: row.language_id, name: row.language_name } : null,
    publisher: row.publisher,
    edition: row.edition,
    total_copies: Number(row.total_copies),
    available_copies: Number(row.available_copies),
    rack_no: row.rack_no,
    shelf_location: row.shelf_location,
    date_of_entry: row.date_of_entry,
    status: row.status,
    status_reason: row.status_reason,
    price: formatMoney(Number(row.price)),
    specification_description: row.specification_description,
    detailed_description: row.detailed_description,
    cover_photo: coverUrls[0] ?? null,
    cover_photos: coverUrls,
    ebook_file: ctx.media.url(row.ebook_file),
  };
}

/** One book as the API shows it; 404 when there is none. */
export async function getBook(ctx: Pick<AppContext, 'db' | 'media'>, id: number, db: Db = ctx.db): Promise<BookDetail> {
  const row = (await baseQuery(db).select(DETAIL_COLUMNS).where('b.id', '=', id).executeTakeFirst()) as DetailRow | undefined;
  if (!row) throw notFound();
  return toDetail(ctx, row, (await coversOf(db, [id])).get(id) ?? []);
}

export interface ListQuery {
  search?: string;
  category?: string;
  department?: string;
  language?: string;
  status?: string;
  available?: string;
  ordering?: string;
  page?: string;
  page_size?: string;
}

export interface ListResult {
  /** Set when the caller asked for a page. */
  page?: { number: number; size: number; count: number; last: number };
  results: BookDetail[];
}

const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';

/** Searches this long (in characters) use the trigram index on SQLite; shorter ones a LIKE scan. */
const TRIGRAM = 3;

/** Below this many matches a search page is always sorted from the matches (no index walk). */
const WALK_MIN_MATCHES = 500;

/** An FTS5 phrase: the text in double quotes (inner quotes doubled), so no query syntax applies. */
const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** Escapes LIKE wildcards so a search is a plain "contains". */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The list: `search` (title, author, isbn, publisher; case-insensitive contains; an ISBN-looking
 * search also matches the normalised ISBN), filters, whitelisted `ordering`; with `page` one page
 * (`page_size` default 20, max 100), without it at most UNPAGED_LIMIT rows.
 */
export async function listBooks(ctx: Pick<AppContext, 'db' | 'media'>, q: ListQuery, countOnce: CountOnce = (_key, count) => count()): Promise<ListResult> {
  const errors: Record<string, string[]> = {};
  const idFilter = (name: 'category' | 'department' | 'language'): number | undefined => {
    const raw = q[name]?.trim();
    if (!raw) return undefined;
    if (!/^\d{1,15}$/.test(raw)) {
      errors[name] = [INVALID_CHOICE];
      return undefined;
    }
    return Number(raw);
  };
  const category = idFilter('category');
  const department = idFilter('department');
  const language = idFilter('language');
  const status = q.status?.trim() ? q.status.trim().toUpperCase() : undefined;
  if (status !== undefined && !(BOOK_STATUSES as readonly string[]).includes(status)) errors['status'] = [INVALID_CHOICE];
  const available = ['true', '1', 'yes'].includes((q.available ?? '').trim().toLowerCase());

  let pageNumber: number | undefined;
  let pageSize = DEFAULT_PAGE_SIZE;
  if (q.page !== undefined && q.page !== '') {
    if (q.page === 'last') pageNumber = -1;
    else if (/^\d{1,9}$/.test(q.page) && Number(q.page) >= 1) pageNumber = Number(q.page);
    else throw notFound('Invalid page.');
    if (q.page_size !== undefined && q.page_size !== '') {
      if (/^\d{1,9}$/.test(q.page_size) && Number(q.page_size) >= 1) pageSize = Math.min(Number(q.page_size), MAX_PAGE_SIZE);
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  let filtered = ctx.db.selectFrom('books as b');
  // Control characters (NUL included) never reach the full-text query: they read as spaces.
  const search = q.search?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  let ftsQuery: string | undefined;
  let ftsCondition: RawBuilder<boolean> | undefined;
  if (search) {
    const compact = stripIsbn(search);
    const isbnFragment = /^[0-9X]{3,13}$/.test(compact) ? compact : undefined;
    if (dialectOfDb(ctx.db) === 'sqlite' && [...search].length >= TRIGRAM) {
      // FTS5 trigram index (migration 0004): a quoted phrase is a case-folded substring match.
      ftsQuery = [...new Set([search, isbnFragment].filter((s): s is string => s !== undefined))].map(ftsPhrase).join(' OR ');
      ftsCondition = sql<boolean>`(select rowid from books_fts where books_fts match ${ftsQuery})`;
    } else {
      // PostgreSQL (served by the pg_trgm indexes of 0004) and 1-2 character searches on SQLite.
      const pattern = likePattern(search);
      const isbnLike = isbnFragment ? likePattern(isbnFragment) : undefined;
      filtered = filtered.where((eb) => {
        const ors = [
          eb(sql`lower(b.title)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(b.author)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(b.isbn)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(b.publisher)`, 'like', sql`${pattern} escape '\\'`),
        ];
        if (isbnLike) ors.push(eb(sql`lower(b.isbn)`, 'like', sql`${isbnLike} escape '\\'`));
        return eb.or(ors);
      });
    }
  }
  const filteredBySearchOnly = category === undefined && department === undefined && language === undefined && status === undefined && !available;
  if (category !== undefined) filtered = filtered.where('b.category_id', '=', category);
  if (department !== undefined) filtered = filtered.where('b.department_id', '=', department);
  if (language !== undefined) filtered = filtered.where('b.language_id', '=', language);
  if (status !== undefined) filtered = filtered.where('b.status', '=', status as BookStatus);
  if (available) filtered = filtered.where('b.available_copies', '>', 0).where('b.status', '=', 'ACTIVE');
  // The matches of an FTS search, looked up by id: SQLite then sorts every match (best for few).
  const filteredByIds = ftsCondition ? filtered.where(sql<boolean>`b.id in ${ftsCondition}`) : filtered;
  // The same set, walked in the ordering's index with the ids as a filter (`+` keeps SQLite from
  // using them as a lookup): stops after one page, best when many books match.
  const filteredByWalk = ftsCondition ? filtered.where(sql<boolean>`+b.id in ${ftsCondition}`) : filtered;
  filtered = filteredByIds;

  // Ordering: comma list of whitelisted fields, '-' for descending; unknown fields are ignored (DRF).
  const orders: { field: OrderingField; desc: boolean }[] = [];
  for (const part of (q.ordering ?? '').split(',')) {
    const term = part.trim();
    const desc = term.startsWith('-');
    const field = (desc ? term.slice(1) : term) as OrderingField;
    if ((ORDERING_FIELDS as readonly string[]).includes(field) && !orders.some((o) => o.field === field)) orders.push({ field, desc });
  }
  if (orders.length === 0) orders.push({ field: 'title', desc: false });
  if (!orders.some((o) => o.field === 'id')) orders.push({ field: 'id', desc: orders[0]!.desc });

  let page: ListResult['page'];
  let limit = UNPAGED_LIMIT;
  let offset = 0;
  if (pageNumber !== undefined) {
    // A search alone is counted in the FTS index, without visiting the books (about 5x faster).
    // Counted once per catalogue version (list-cache.ts); the key is the normalised query.
    const countKey = JSON.stringify([search ?? '', category, department, language, status, available]);
    const count = await countOnce(countKey, async () =>
      ftsQuery !== undefined && filteredBySearchOnly
        ? Number((await sql<{ n: number }>`select count(*) as n from books_fts where books_fts match ${ftsQuery}`.execute(ctx.db)).rows[0]!.n)
        : Number((await filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n),
    );
    if (ftsCondition && count >= WALK_MIN_MATCHES) {
      // Walking reads about (rows up to the page's end) x books / matches index entries; looking
      // up and sorting costs about 2 per match.
      const total = await countOnce('*', async () => Number((await ctx.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
      const end = pageNumber === -1 ? count : Math.min(count, pageNumber * pageSize);
      if ((end * total) / count < 2 * count) filtered = filteredByWalk;
    }
    const last = Math.max(1, Math.ceil(count / pageSize));
    const number = pageNumber === -1 ? last : pageNumber;
    if (number > last) throw notFound('Invalid page.');
    page = { number, size: pageSize, count, last };
    limit = pageSize;
    offset = (number - 1) * pageSize;
  }

  // Page the ids on the books table alone (index order), then join for the page's rows only.
  let idQuery = filtered.select('b.id');
  for (const o of orders) idQuery = idQuery.orderBy(`b.${o.field}`, o.desc ? 'desc' : 'asc');
  const ids = (await idQuery.limit(limit).offset(offset).execute()).map((r) => r.id);
  if (ids.length === 0) return { ...(page ? { page } : {}), results: [] };
  const rows = (await baseQuery(ctx.db).select(DETAIL_COLUMNS).where('b.id', 'in', ids).execute()) as DetailRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const covers = await coversOf(ctx.db, ids);
  const results = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toDetail(ctx, row, covers.get(id) ?? [])] : [];
  });
  return { ...(page ? { page } : {}), results };
}

// ---------------------------------------------------------------------------------------------
// Writing

type CheckedFile = { buffer: Buffer; type: FileType };

function checkCovers(ctx: AppContext, f: FormReader, files: UploadedFile[]): CheckedFile[] {
  const out: CheckedFile[] = [];
  for (const file of files) {
    const checked = ctx.media.check('covers', file.buffer, file.truncated);
    if ('error' in checked) {
      if (!f.errors.has('cover_photo')) f.errors.add('cover_photo', checked.error);
    } else out.push({ buffer: file.buffer, type: checked.type });
  }
  return out;
}

function checkEbook(ctx: AppContext, f: FormReader, file: UploadedFile | undefined): CheckedFile | undefined {
  if (!file) return undefined;
  const checked = ctx.media.check('ebooks', file.buffer, file.truncated);
  if ('error' in checked) return void f.errors.add('ebook_file', checked.error);
  return { buffer: file.buffer, type: checked.type };
}

const REFERENCE_FIELDS: { field: 'department' | 'category' | 'language'; column: 'department_id' | 'category_id' | 'language_id'; kind: NamedKind }[] = [
  { field: 'department', column: 'department_id', kind: DEPARTMENTS },
  { field: 'category', column: 'category_id', kind: CATEGORIES },
  { field: 'language', column: 'language_id', kind: LANGUAGES },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Reads the writable fields present in a form into column values (errors into `f`). */
async function readBookFields(db: Db, f: FormReader, creating: boolean): Promise<Updateable<BooksTable>> {
  const v: Updateable<BooksTable> = {};
  const set = <K extends keyof Updateable<BooksTable>>(key: K, value: Updateable<BooksTable>[K] | undefined): void => {
    if (value !== undefined) v[key] = value;
  };
  set('title', f.text('title', { max: BOOK_TEXT_LIMITS.title }));
  set('author', f.text('author', { max: BOOK_TEXT_LIMITS.author }));
  set('publisher', f.text('publisher', { max: BOOK_TEXT_LIMITS.publisher }));
  set('rack_no', f.text('rack_no', { max: BOOK_TEXT_LIMITS.rack_no }));
  set('edition', f.optionalText('edition', BOOK_TEXT_LIMITS.edition));
  set('shelf_location', f.optionalText('shelf_location', BOOK_TEXT_LIMITS.shelf_location));
  set('specification_description', f.optionalText('specification_description', BOOK_TEXT_LIMITS.specification_description));
  set('detailed_description', f.optionalText('detailed_description', BOOK_TEXT_LIMITS.detailed_description));
  set('total_copies', f.integer('total_copies', 1, MAX_TOTAL_COPIES));
  set('price', f.money('price', MAX_PRICE));
  const isbnText = f.text('isbn', { max: BOOK_TEXT_LIMITS.isbn });
  if (isbnText !== undefined) {
    const isbn = normaliseIsbn(isbnText);
    if (isbn === undefined) f.errors.add('isbn', ISBN_MESSAGE);
    else v.isbn = isbn;
  }
  const dateText = f.text('date_of_entry', { max: 10 });
  if (dateText !== undefined) {
    if (validDate(dateText)) v.date_of_entry = dateText;
    else f.errors.add('date_of_entry', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
  }
  for (const ref of REFERENCE_FIELDS) {
    const id = f.id(ref.field);
    if (id === undefined) continue;
    if (id === null) {
      // Department, category and language are required on a book.
      f.errors.add(ref.field, 'This field may not be null.');
      continue;
    }
    if (!(await namedExists(db, ref.kind, id))) f.errors.add(ref.field, `Invalid pk "${id}" - object does not exist.`);
    else v[ref.column] = id;
  }
  if (creating) {
    for (const name of ['title', 'author', 'isbn', 'department', 'publisher', 'total_copies', 'category', 'rack_no', 'language']) {
      if (!f.has(name) && !f.errors.has(name)) f.errors.add(name, MESSAGES.required);
    }
  }
  return v;
}

const duplicateIsbn = (): ValidationError => ValidationError.field('isbn', 'book with this isbn already exists.');

async function isbnTaken(db: Db, isbn: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('books').select('id').where('isbn', '=', isbn);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function coverFiles(db: Db, bookId: number): Promise<string[]> {
  return (await db.selectFrom('book_covers').select('file').where('book_id', '=', bookId).orderBy('position').orderBy('id').execute()).map((r) => r.file);
}

/** The audit snapshot: the stored row plus its cover files. */
async function snapshot(db: Db, bookId: number): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirst();
  if (!row) return undefined;
  return { ...row, covers: await coverFiles(db, bookId) };
}

async function appendCovers(db: Db, bookId: number, files: StoredFile[]): Promise<void> {
  if (files.length === 0) return;
  const last = await db
    .selectFrom('book_covers')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  const start = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  await db
    .insertInto('book_covers')
    .values(files.map((file, i) => ({ book_id: bookId, file, position: start + i })))
    .execute();
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** Cover files under `cover_photo` and, as the original client names them, `cover_photos`. */
function uploadedCovers(form: FormBody): UploadedFile[] {
  return [...(form.fileLists?.['cover_photo'] ?? []), ...(form.fileLists?.['cover_photos'] ?? [])];
}

/** Creates a book (add_book): available_copies = total_copies, status ACTIVE. */
export async function createBook(ctx: AppContext, user: AuthUser, form: FormBody): Promise<BookDetail> {
  const f = new FormReader(form.fields);
  const values = await readBookFields(ctx.db, f, true);
  const covers = checkCovers(ctx, f, uploadedCovers(form));
  if (covers.length > MAX_COVERS && !f.errors.has('cover_photo')) f.errors.add('cover_photo', `A book can have at most ${MAX_COVERS} cover images.`);
  const ebook = checkEbook(ctx, f, form.files['ebook_file']);
  f.errors.throwIfAny();
  if (await isbnTaken(ctx.db, values.isbn as string)) throw duplicateIsbn();

  const added: StoredFile[] = [];
  for (const c of covers) added.push(await ctx.media.save('covers', c.buffer, c.type));
  const ebookStored = ebook ? await ctx.media.save('ebooks', ebook.buffer, ebook.type) : null;
  if (ebookStored) added.push(ebookStored);
  const now = nowIso();
  try {
    const id = await replaceFiles(ctx.media, { added, replaced: [] }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const total = values.total_copies as number;
        const inserted = await trx
          .insertInto('books')
          .values({
            title: values.title as string,
            author: values.author as string,
            isbn: values.isbn as string,
            department_id: values.department_id as number,
            category_id: values.category_id as number,
            language_id: values.language_id as number,
            publisher: values.publisher as string,
            edition: (values.edition as string | null | undefined) ?? null,
            total_copies: total,
            available_copies: total,
            rack_no: values.rack_no as string,
            shelf_location: (values.shelf_location as string | null | undefined) ?? null,
            date_of_entry: (values.date_of_entry as string | undefined) ?? today(),
            status: 'ACTIVE',
            status_reason: null,
            price: (values.price as number | undefined) ?? 0,
            specification_description: (values.specification_description as string | null | undefined) ?? null,
            detailed_description: (values.detailed_description as string | null | undefined) ?? null,
            ebook_file: ebookStored,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await appendCovers(trx, inserted.id, added.filter((a) => a !== ebookStored));
        await recordAudit(trx, { userId: user.id, action: 'BOOK_CREATED', entity: 'book', entityId: inserted.id, after: await snapshot(trx, inserted.id) });
        return inserted.id;
      }),
    );
    return getBook(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIsbn();
    throw error;
  }
}

/** Recorded when a book is marked LOST or WRITE_OFF without a reason (the original client sends none). */
export const NO_REASON_GIVEN = 'no reason given';

/**
 * Partial update (change_book). total_copies keeps available = total − out and is refused below
 * the copies out; a status change to LOST/WRITE_OFF needs `reason` (kept in status_reason);
 * new cover files append (after `cover_photo_clear` removes the old ones); a new e-book replaces
 * the old, `ebook_file_clear` removes it.
 */
export async function updateBook(ctx: AppContext, user: AuthUser, id: number, form: FormBody): Promise<BookDetail> {
  const existing = await ctx.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFound();
  const f = new FormReader(form.fields);
  const values = await readBookFields(ctx.db, f, false);
  const status = f.choice('status', BOOK_STATUSES);
  const reason = f.optionalText('reason', BOOK_TEXT_LIMITS.status_reason);
  const covers = checkCovers(ctx, f, uploadedCovers(form));
  const ebook = checkEbook(ctx, f, form.files['ebook_file']);
  const clearCovers = f.flag('cover_photo_clear');
  const clearEbook = !ebook && f.flag('ebook_file_clear');
  f.errors.throwIfAny();
  if (values.isbn !== undefined && (await isbnTaken(ctx.db, values.isbn as string, id))) throw duplicateIsbn();

  const added: StoredFile[] = [];
  for (const c of covers) added.push(await ctx.media.save('covers', c.buffer, c.type));
  const ebookStored = ebook ? await ctx.media.save('ebooks', ebook.buffer, ebook.type) : null;
  const replaced: (StoredFile | null)[] = [];
  try {
    await replaceFiles(ctx.media, { added: ebookStored ? [...added, ebookStored] : added, replaced }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound();
        const beforeSnapshot = await snapshot(trx, id);
        const changes: Updateable<BooksTable> = { ...values };
        if (values.total_copies !== undefined) {
          const out = Number(before.total_copies) - Number(before.available_copies);
          const total = values.total_copies as number;
          if (total < out) {
            throw ValidationError.field('total_copies', `Cannot be lower than the ${out} copies currently issued.`);
          }
          changes.available_copies = total - out;
        }
        let action = 'BOOK_UPDATED';
        if (status !== undefined && status !== before.status) {
          // Our form asks for a reason; clients of the original contract send none.
          const removed = status === 'LOST' || status === 'WRITE_OFF';
          changes.status = status;
          changes.status_reason = removed ? (reason ?? NO_REASON_GIVEN) : (reason ?? null);
          action = 'BOOK_STATUS_CHANGE';
        }
        const oldCovers = await coverFiles(trx, id);
        if (clearCovers) {
          await trx.deleteFrom('book_covers').where('book_id', '=', id).execute();
          replaced.push(...oldCovers);
        }
        const remaining = clearCovers ? 0 : oldCovers.length;
        if (remaining + added.length > MAX_COVERS) {
          throw ValidationError.field('cover_photo', `A book can have at most ${MAX_COVERS} cover images.`);
        }
        await appendCovers(trx, id, added);
        if (ebookStored) changes.ebook_file = ebookStored;
        else if (clearEbook) changes.ebook_file = null;
        if ('ebook_file' in changes && before.ebook_file) replaced.push(before.ebook_file);
        const touched = Object.keys(changes).length > 0 || clearCovers || added.length > 0;
        if (!touched) return;
        changes.updated_at = nowIso();
        await trx.updateTable('books').set(changes).where('id', '=', id).execute();
        await recordAudit(trx, {
          userId: user.id,
          action,
          entity: 'book',
          entityId: id,
          before: beforeSnapshot ?? null,
          after: { ...(await snapshot(trx, id)), ...(action === 'BOOK_STATUS_CHANGE' ? { reason: reason ?? null } : {}) },
        });
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIsbn();
    throw error;
  }
  return getBook(ctx, id);
}

/**
 * Loans of a book on record. Circulation (book_issuances) comes with a later capability; until
 * then no book has loans. The delete refuses with 409 when this is above zero.
 */
export async function loansOnRecord(_db: Db, _bookId: number): Promise<number> {
  return 0;
}

/** Deletes a book after checking the acting user's password (delete_book). */
export async function confirmDeleteBook(ctx: AppContext, user: AuthUser, id: number, body: unknown): Promise<void> {
  const password = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['password'] : undefined;
  if (typeof password !== 'string' || password === '') throw badRequest('Password is required to delete a book.');
  const exists = await ctx.db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound();
  const account = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.password_hash, password))) throw new ApiError(403, { detail: 'Password is incorrect.' });
  const replaced: (StoredFile | null)[] = [];
  await replaceFiles(ctx.media, { added: [], replaced }, () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, id);
      if (!before) throw notFound();
      const loans = await loansOnRecord(trx, id);
      if (loans > 0) {
        throw new ApiError(409, {
          detail: `This book has ${loans} ${loans === 1 ? 'loan' : 'loans'} on record and cannot be deleted; mark it LOST or WRITE_OFF instead.`,
        });
      }
      await trx.deleteFrom('book_covers').where('book_id', '=', id).execute();
      await trx.deleteFrom('wishlist_items').where('book_id', '=', id).execute();
      await trx.deleteFrom('books').where('id', '=', id).execute();
      await recordAudit(trx, { userId: user.id, action: 'BOOK_DELETED', entity: 'book', entityId: id, before });
      replaced.push(...((before['covers'] as string[]) ?? []), (before['ebook_file'] as string | null) ?? null);
    }),
  );
}

/** The stored e-book of a book, for the signed-in download; 404 when it has none. */
export async function ebookOf(ctx: Pick<AppContext, 'db' | 'media'>, id: number): Promise<{ path: string; mime: string; title: string }> {
  const row = await ctx.db.selectFrom('books').select(['title', 'ebook_file']).where('id', '=', id).executeTakeFirst();
  if (!row || !row.ebook_file) throw notFound();
  const location = ctx.media.locate(row.ebook_file);
  if (!location) throw notFound();
  return { path: location.path, mime: location.mime, title: row.title };
}

export type { BookRow };

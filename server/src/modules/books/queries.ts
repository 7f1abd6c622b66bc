/**
 * Reading the catalogue: one book as the API shows it, the list (search, filters, ordering,
 * pages) and the stored e-book. Writes are in service.ts; the list's query string is read into
 * `BookListQuery` by schemas.ts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import { containsAnyCase, matchesAny } from '../../db/like.js';
import type { BookRow, BookStatus, Db } from '../../db/schema.js';
import { dialectOfDb } from '../../db/connection.js';
import { notFound } from '../../errors.js';
import { toDecimalString } from '#shared/money';
import { stripIsbn } from '#shared/isbn';
import type { CountOnce } from './catalogue-version.js';
import type { BookListQuery } from './schemas.js';

/** Rows of a list asked for without `page` (the bare array): a cap that protects the server. */
export const UNPAGED_LIMIT = 1000;

/** The columns a book shows as stored. */
type StoredBookFields = 'id' | 'title' | 'author' | 'isbn' | 'publisher' | 'edition' | 'total_copies' | 'available_copies' | 'rack_no' | 'shelf_location' | 'date_of_entry';

/** A book as the API shows it. */
export interface BookDetail extends Pick<BookRow, StoredBookFields> {
  department: { id: number; name: string } | null;
  category: { id: number; name: string; image: string | null } | null;
  language: { id: number; name: string } | null;
  status: BookStatus;
  status_reason: string | null;
  price: string;
  specification_description: string | null;
  detailed_description: string | null;
  cover_photo: string | null;
  cover_photos: string[];
  ebook_file: string | null;
}


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
    price: toDecimalString(Number(row.price)),
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

/** One page of the list (or the capped bare list). */
export interface ListResult {
  /** Set when the caller asked for a page. */
  page?: { number: number; size: number; count: number; last: number };
  results: BookDetail[];
}



/** Searches this long (in characters) use the trigram index on SQLite; shorter ones a LIKE scan. */
const TRIGRAM = 3;

/** Below this many matches a search page is always sorted from the matches (no index walk). */
const WALK_MIN_MATCHES = 500;

/** An FTS5 phrase: the text in double quotes (inner quotes doubled), so no query syntax applies. */
const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * The list: `search` (title, author, isbn, publisher; case-insensitive contains; an ISBN-looking
 * search also matches the normalised ISBN), filters, ordering; with a page one page, without it
 * at most UNPAGED_LIMIT rows.
 */
export async function listBooks(ctx: Pick<AppContext, 'db' | 'media'>, q: BookListQuery, countOnce: CountOnce = (_key, count) => count()): Promise<ListResult> {
  const { category, department, language, status, available, ordering, pageSize } = q;
  const pageNumber = q.page === 'last' ? -1 : q.page;

  let filtered = ctx.db.selectFrom('books as b');
  const search = q.search;
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
      const columns = ['b.title', 'b.author', 'b.isbn', 'b.publisher'].map((c) => sql.ref(c));
      filtered = filtered.where((eb) => {
        const ors = [matchesAny(search, columns)];
        if (isbnFragment) ors.push(containsAnyCase(sql.ref('b.isbn'), isbnFragment));
        return eb.or(ors);
      });
    }
  }
  const filteredBySearchOnly = category === undefined && department === undefined && language === undefined && status === undefined && !available;
  if (category !== undefined) filtered = filtered.where('b.category_id', '=', category);
  if (department !== undefined) filtered = filtered.where('b.department_id', '=', department);
  if (language !== undefined) filtered = filtered.where('b.language_id', '=', language);
  if (status !== undefined) filtered = filtered.where('b.status', '=', status);
  if (available) filtered = filtered.where('b.available_copies', '>', 0).where('b.status', '=', 'ACTIVE');
  // The matches of an FTS search, looked up by id: SQLite then sorts every match (best for few).
  const filteredByIds = ftsCondition ? filtered.where(sql<boolean>`b.id in ${ftsCondition}`) : filtered;
  // The same set, walked in the ordering's index with the ids as a filter (`+` keeps SQLite from
  // using them as a lookup): stops after one page, best when many books match.
  const filteredByWalk = ftsCondition ? filtered.where(sql<boolean>`+b.id in ${ftsCondition}`) : filtered;
  filtered = filteredByIds;

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
  for (const o of ordering) idQuery = idQuery.orderBy(`b.${o.field}`, o.desc ? 'desc' : 'asc');
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


/** The stored e-book of a book, for the signed-in download; 404 when it has none. */
export async function ebookOf(ctx: Pick<AppContext, 'db' | 'media'>, id: number): Promise<{ path: string; mime: string; title: string }> {
  const row = await ctx.db.selectFrom('books').select(['title', 'ebook_file']).where('id', '=', id).executeTakeFirst();
  if (!row || !row.ebook_file) throw notFound();
  const location = ctx.media.locate(row.ebook_file);
  if (!location) throw notFound();
  return { path: location.path, mime: location.mime, title: row.title };
}

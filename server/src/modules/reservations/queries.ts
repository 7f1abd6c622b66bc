/**
 * The reservation reads (docs/API.md, "Reservations and notices"): the Reservation record, the
 * list, one reservation, a member's, and the queue by title. A title's queue is its PENDING
 * reservations by `queue_rank` then id. `position` and `queue_length` are correlated counts on
 * the partial `reservations_queue` index, computed by the database for the whole page: never one
 * query per row.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { containsAnyCase, like, matchesAny, startsWithPattern } from '../../db/like.js';
import { inQueueOrder, placeOf, queueAheadSql } from '../../db/queue-order.js';
import type { Db, ReservationStatus } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { pageWindow, type PageWindow } from '../../http/paging.js';
import type { ReservationListQuery, ReservationOrderField, QueueQuery } from './schemas.js';
import { fullName } from '#shared/person-name';
import type { CopyRef } from '../circulation/copy-events.js';

/** Rows a list answers without `page`. */
export const UNPAGED_LIMIT = 1000;

/** Who a reservation is for, as every answer names a member. */
export interface MemberRef {
  id: number;
  username: string;
  full_name: string;
  member_id: string | null;
}

/** One reservation as the API answers it (docs/API.md, Reservation). */
export interface Reservation {
  id: number;
  book: number;
  book_title: string;
  book_author: string;
  user: number;
  user_name: string;
  member: MemberRef;
  status: ReservationStatus;
  position: number | null;
  queue_length: number;
  hold_until: string | null;
  reserved_at: string;
  notes: string | null;
  loan_id: number | null;
  available_copies: number;
  /** The copy held for the member while FULFILLED; null otherwise. */
  copy: CopyRef | null;
}

/** The PENDING reservations of `r`'s title up to and including `r` (its place), or null when `r` waits no more. */
const POSITION = sql<number | null>`case when r.status = 'PENDING' then (select count(*) from reservations q where q.book_id = r.book_id and q.status = 'PENDING' and ${queueAheadSql(placeOf('q'), placeOf('r'), true)}) end`;
/** The PENDING reservations of `r`'s title. */
const QUEUE_LENGTH = sql<number>`(select count(*) from reservations q where q.book_id = r.book_id and q.status = 'PENDING')`;

/** Reservations with their title, held copy, member and profile (`r`, `b`, `rc`, `u`, `p`). */
export function reservationRows(db: Db) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .leftJoin('copies as rc', 'rc.id', 'r.copy_id')
    .innerJoin('users as u', 'u.id', 'r.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id');
}

type ReservationQuery = ReturnType<typeof reservationRows>;

/** Selects what a Reservation needs. */
export const selectReservation = (q: ReservationQuery) =>
  q.select([
    'r.id',
    'r.book_id',
    'r.member_id',
    'r.status',
    'r.hold_until',
    'r.created_at',
    'r.notes',
    'r.loan_id',
    'b.title',
    'b.author',
    'b.available_copies',
    'u.username',
    'u.first_name',
    'u.last_name',
    'p.member_id as member_number',
    'rc.id as copy_id',
    'rc.accession_no as copy_accession_no',
    'rc.barcode as copy_barcode',
    POSITION.as('position'),
    QUEUE_LENGTH.as('queue_length'),
  ]);
type ReservationRow = Awaited<ReturnType<ReturnType<typeof selectReservation>['execute']>>[number];

/** A member as the answers name him. */
export const memberRef = (row: { member_id: number; username: string; first_name: string; last_name: string; member_number: string | null }): MemberRef => ({
  id: row.member_id,
  username: row.username,
  full_name: fullName([row.first_name, row.last_name]),
  member_id: row.member_number,
});

/** A row as Reservation. */
export function toReservation(row: ReservationRow): Reservation {
  return {
    id: row.id,
    book: row.book_id,
    book_title: row.title,
    book_author: row.author,
    user: row.member_id,
    user_name: row.username,
    member: memberRef(row),
    status: row.status,
    position: row.position === null ? null : Number(row.position),
    queue_length: Number(row.queue_length),
    hold_until: row.hold_until,
    reserved_at: row.created_at,
    notes: row.notes,
    loan_id: row.loan_id,
    available_copies: Number(row.available_copies),
    copy: row.status === 'FULFILLED' && row.copy_id !== null ? { id: row.copy_id, accession_no: row.copy_accession_no ?? '', barcode: row.copy_barcode ?? '' } : null,
  };
}

/** One reservation, or 404; `onlyMember` hides another member's (404 too). */
export async function reservationById(db: Db, id: number, onlyMember?: number): Promise<Reservation> {
  let q = selectReservation(reservationRows(db)).where('r.id', '=', id);
  if (onlyMember !== undefined) q = q.where('r.member_id', '=', onlyMember);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return toReservation(row);
}

/** Where a search term matches a reservation: title, ISBN, username or member number, any case. */
function matching(term: string, withMember: boolean): Expression<SqlBool> {
  const isbn = term.replace(/[-\s]/g, '').toUpperCase();
  const byIsbn = isbn ? sql`or ${like(sql.ref('b.isbn'), startsWithPattern(isbn))}` : sql``;
  const byMember = withMember ? sql`or ${matchesAny(term, [sql.ref('u.username'), sql.ref('p.member_id')])}` : sql``;
  return sql<SqlBool>`(${containsAnyCase(sql.ref('b.title'), term)} ${byIsbn} ${byMember})`;
}

/** Which statuses a `status` filter names. */
export function statusesOf(filter: ReservationListQuery['status']): ReservationStatus[] | undefined {
  if (filter === undefined) return undefined;
  return filter === 'active' ? ['PENDING', 'FULFILLED'] : [filter];
}

const ORDER_COLUMNS: Record<ReservationOrderField, ReturnType<typeof sql>> = {
  reserved_at: sql`r.created_at`,
  title: sql`lower(b.title)`,
  member: sql`lower(u.username)`,
  status: sql`r.status`,
  hold_until: sql`r.hold_until`,
  // Waiting ones by place; the others (no place) after them.
  position: sql`coalesce(${POSITION}, 2147483647)`,
};

/**
 * The reservation list, filtered, ordered, paged; `onlyMember` limits it to one member's (a
 * MEMBER's own). One count (when paged) and one query with the page's rows.
 */
export async function listReservations(db: Db, query: ReservationListQuery, onlyMember?: number): Promise<{ window: PageWindow | undefined; results: Reservation[] }> {
  let base = reservationRows(db);
  if (onlyMember !== undefined) base = base.where('r.member_id', '=', onlyMember);
  if (query.member !== undefined) base = base.where('r.member_id', '=', query.member);
  if (query.book !== undefined) base = base.where('r.book_id', '=', query.book);
  const statuses = statusesOf(query.status);
  if (statuses) base = base.where('r.status', 'in', statuses);
  if (query.term) base = base.where(matching(query.term, true));
  let window: PageWindow | undefined;
  if (query.page) {
    const { n } = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    window = pageWindow(Number(n), query.page);
  }
  let rows = selectReservation(base);
  for (const order of query.orders) rows = rows.orderBy(ORDER_COLUMNS[order.field], order.desc ? 'desc' : 'asc');
  rows = rows.orderBy('r.id', query.orders[0]?.desc === false ? 'asc' : 'desc');
  rows = window ? rows.limit(window.limit).offset(window.offset) : rows.limit(UNPAGED_LIMIT);
  return { window, results: (await rows.execute()).map(toReservation) };
}

/** One title of the queue screen: what is held and who waits. */
export interface QueueTitle {
  book: { id: number; title: string; author: string; isbn: string; available_copies: number; total_copies: number };
  held: Reservation[];
  waiting: Reservation[];
}

/**
 * Titles with an active reservation, the longest-waiting first (its oldest active reservation),
 * paged: one count, one query for the page's titles, one for their active reservations.
 */
export async function reservationQueue(db: Db, query: QueueQuery): Promise<{ window: PageWindow; results: QueueTitle[] }> {
  let titles = db
    .selectFrom('reservations as r')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .where('r.status', 'in', ['PENDING', 'FULFILLED']);
  if (query.term) titles = titles.where(matching(query.term, false));
  const { n } = await titles.select((eb) => eb.fn.count<number | string>('r.book_id').distinct().as('n')).executeTakeFirstOrThrow();
  const window = pageWindow(Number(n), query.page);
  const page = await titles
    .select(['b.id', 'b.title', 'b.author', 'b.isbn', 'b.available_copies', 'b.total_copies'])
    .select((eb) => eb.fn.min('r.created_at').as('since'))
    .groupBy(['b.id', 'b.title', 'b.author', 'b.isbn', 'b.available_copies', 'b.total_copies'])
    .orderBy('since')
    .orderBy('b.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  if (page.length === 0) return { window, results: [] };
  // Held copies by their deadline; the waiting ones (no deadline) in queue order.
  const rows = await inQueueOrder(
    selectReservation(reservationRows(db)).where('r.book_id', 'in', page.map((b) => b.id)).where('r.status', 'in', ['PENDING', 'FULFILLED']).orderBy('r.hold_until'),
    'r',
  ).execute();
  const active = rows.map(toReservation);
  return {
    window,
    results: page.map((b) => ({
      book: { id: b.id, title: b.title, author: b.author, isbn: b.isbn, available_copies: Number(b.available_copies), total_copies: Number(b.total_copies) },
      held: active.filter((r) => r.book === b.id && r.status === 'FULFILLED'),
      waiting: active.filter((r) => r.book === b.id && r.status === 'PENDING'),
    })),
  };
}

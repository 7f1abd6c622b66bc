/**
 * The circulation reads: the IssuedRecord of loans (the issued list, one loan) and the returned
 * history, each loan naming its copy (the member issue summary is member-summary.ts). Each list is one query with its joins (plus a count when
 * paged), never one per row. A member's fine rate is his plan's where it sets one, the book
 * settings' otherwise (`planRuleOr` of `#shared/loan-rules`, the rule `loanRulesFor` applies),
 * read from the joined plan so a list of many members stays one query.
 */
import { sql } from 'kysely';
import { like, matchesAny, startsWithPattern } from '../../db/like.js';
import type { Database, Db, LoanStatus } from '../../db/schema.js';
import { pageWindow, type PageRequest, type PageWindow } from '../../http/paging.js';
import { toDecimalString } from '#shared/money';
import { PLAN_OF_PROFILE } from '../members/queries.js';
import { readSettings } from '../settings/service.js';
import { libraryToday } from '../../lib/library-clock.js';
import { accruedFine, lateDays, type OverdueRules } from '#shared/fines';
import type { LibraryCalendar } from '#shared/dates';
import { readDeskRules } from '../settings/desk-rules.js';
import { isOverdue } from '#shared/overdue';
import { planRuleOr } from '#shared/loan-rules';
import { overdueSql } from '../../db/overdue.js';
import { firstInLineSql } from '../../db/queue-order.js';
import type { HistoryQuery, IssuedListQuery, IssuedOrderField } from './schemas.js';
import { fullName } from '#shared/person-name';
import type { CopyRef } from './copy-events.js';

/** Rows a list answers without `page`. */
export const UNPAGED_LIMIT = 1000;

/** One loan as the desk shows it (docs/API.md, IssuedRecord). */
export interface IssuedRecord {
  id: number;
  issue_date: string;
  due_date: string;
  returned_at: string | null;
  status: LoanStatus;
  renewals: number;
  overdue: boolean;
  late_days: number;
  fine_per_day: string;
  /** The member's plan's cap on one loan's overdue fine; null = none. */
  max_overdue_fine: string | null;
  fine_amount: string;
  book: { id: number; title: string; author: string; isbn: string; price: string };
  member: { id: number; name: string; member_id: string | null; full_name: string };
  /** The copy lent (null only on loans closed before copies were tracked). */
  copy: CopyRef | null;
  /** The first in the title's queue while the loan is out: the returned copy will be held for him. */
  reserved_for: { reservation_id: number; member: { id: number; username: string; full_name: string; member_id: string | null } } | null;
}

/** The library's today, its default fine rate and its calendar (one settings read and one of the holidays per call). */
export async function deskToday(db: Db): Promise<Desk> {
  const settings = await readSettings(db);
  const { calendar, countClosedDays } = await readDeskRules(db, settings);
  return { today: libraryToday(settings.timezone), finePerDay: settings.fine_per_day, maxRenewals: settings.max_renewals, dateFormat: settings.date_format, calendar, countClosedDays };
}

/** What the desk reads from the settings once per call. */
export interface Desk {
  today: string;
  /** The book settings' rate (minor units), for members whose plan sets none. */
  finePerDay: number;
  maxRenewals: number;
  dateFormat: string;
  /** The library's closed days (due dates move off them; fines may skip them). */
  calendar: LibraryCalendar;
  /** Whether overdue fines count closed days as late days. */
  countClosedDays: boolean;
}

/**
 * What a return charged on loan `l` (its overdue, lost and processing charges; a damage or manual
 * charge on the loan is not the return's): one probe of the `fines_loan` index, as a column, since
 * a loan may have several charges and a join would repeat the loan.
 */
export const RETURN_CHARGED_SQL = sql<number | string | null>`(select sum(fx.amount) from fines fx where fx.loan_id = l.id and fx.fee_type in ('overdue', 'lost', 'processing'))`;

/** Loans with their book, copy, borrower, profile and plan (`l`, `b`, `lc`, `u`, `p`, `mp`). */
export function loanRows(db: Db) {
  return db
    .selectFrom('loans as l')
    .innerJoin('books as b', 'b.id', 'l.book_id')
    .leftJoin('copies as lc', 'lc.id', 'l.copy_id')
    .innerJoin('users as u', 'u.id', 'l.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('membership_plans as mp', (join) => join.on(PLAN_OF_PROFILE));
}

type LoanQuery = ReturnType<typeof loanRows>;

/** The loan's copy (`lc`), as `copyOf` reads it. */
export const COPY_COLUMNS = ['lc.id as copy_id', 'lc.accession_no as copy_accession_no', 'lc.barcode as copy_barcode'] as const;

/** The `copy_*` columns as a loan's `copy`. */
export function copyOf(row: { copy_id: number | null; copy_accession_no: string | null; copy_barcode: string | null }): CopyRef | null {
  return row.copy_id === null ? null : { id: row.copy_id, accession_no: row.copy_accession_no ?? '', barcode: row.copy_barcode ?? '' };
}

const RECORD_COLUMNS = [
  'l.id',
  'l.issue_date',
  'l.due_date',
  'l.returned_at',
  'l.status',
  'l.renewals',
  'b.id as book_id',
  'b.title',
  'b.author',
  'b.isbn',
  'b.price',
  'u.username',
  'u.first_name',
  'u.last_name',
  'p.member_id',
  'mp.fine_per_day as plan_fine_per_day',
  'mp.max_overdue_fine as plan_max_overdue_fine',
  RETURN_CHARGED_SQL.as('fine_charged'),
  ...COPY_COLUMNS,
] as const;

/**
 * The first PENDING reservation of an open loan's title (`rq`, its member `uq`, profile `pq`): one
 * correlated subquery on the `reservations_queue` index, probed only among that title's queue.
 */
const FIRST_IN_LINE = sql<boolean>`l.returned_at is null and rq.book_id = l.book_id and rq.status = 'PENDING' and rq.id = ${firstInLineSql(sql.ref('l.book_id'))}`;

/** Adds, to a query over open loans `l`, who the title's queue puts first (the `reserved_*` columns). */
function withFirstInLine(q: LoanQuery) {
  return q
    .leftJoin('reservations as rq', (join) => join.on(FIRST_IN_LINE))
    .leftJoin('users as uq', 'uq.id', 'rq.member_id')
    .leftJoin('member_profiles as pq', 'pq.user_id', 'rq.member_id')
    .select(['rq.id as reserved_id', 'uq.id as reserved_user', 'uq.username as reserved_username', 'uq.first_name as reserved_first', 'uq.last_name as reserved_last', 'pq.member_id as reserved_number']);
}

/** The `reserved_*` columns of `withFirstInLine` as a loan's `reserved_for`. */
export function reservedFor(row: {
  reserved_id: number | null;
  reserved_user: number | null;
  reserved_username: string | null;
  reserved_first: string | null;
  reserved_last: string | null;
  reserved_number: string | null;
}): IssuedRecord['reserved_for'] {
  if (row.reserved_id === null || row.reserved_user === null) return null;
  return {
    reservation_id: row.reserved_id,
    member: { id: row.reserved_user, username: row.reserved_username ?? '', full_name: `${row.reserved_first ?? ''} ${row.reserved_last ?? ''}`.trim(), member_id: row.reserved_number },
  };
}

/** Selects what an IssuedRecord needs (with whom the title's queue puts first). */
export const selectRecord = (q: LoanQuery) => withFirstInLine(q).select([...RECORD_COLUMNS, 'u.id as user_id']);
type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecord>['execute']>>[number];

/** A row as IssuedRecord; open loans accrue their fine up to `today`, by the calendar `rules` and the plan's cap. */
export function toRecord(row: RecordRow, today: string, defaultRate: number, rules: Pick<OverdueRules, 'calendar' | 'countClosedDays'> = {}): IssuedRecord {
  const rate = planRuleOr(row.plan_fine_per_day, defaultRate);
  const open = row.returned_at === null;
  const late = lateDays(row.due_date, open ? today : row.returned_at!);
  return {
    id: row.id,
    issue_date: row.issue_date,
    due_date: row.due_date,
    returned_at: row.returned_at,
    status: row.status,
    renewals: Number(row.renewals),
    overdue: isOverdue(row, today),
    late_days: late,
    fine_per_day: toDecimalString(rate),
    max_overdue_fine: row.plan_max_overdue_fine === null || row.plan_max_overdue_fine === undefined ? null : toDecimalString(row.plan_max_overdue_fine),
    fine_amount: toDecimalString(open ? accruedFine(row.due_date, today, rate, { ...rules, cap: row.plan_max_overdue_fine }) : Number(row.fine_charged ?? 0)),
    book: { id: row.book_id, title: row.title, author: row.author, isbn: row.isbn, price: toDecimalString(row.price) },
    member: { id: row.user_id, name: row.username, member_id: row.member_id, full_name: fullName([row.first_name, row.last_name]) },
    copy: copyOf(row),
    reserved_for: reservedFor(row),
  };
}

/** One loan as IssuedRecord, or undefined; `desk` when the caller has read it already. */
export async function loanRecord(db: Db, loanId: number, desk?: Desk): Promise<IssuedRecord | undefined> {
  const read = desk ?? (await deskToday(db));
  const row = await selectRecord(loanRows(db)).where('l.id', '=', loanId).executeTakeFirst();
  return row && toRecord(row, read.today, read.finePerDay, read);
}

/** Where a search term matches a loan (`b`, `u`, `p` joined): title, ISBN, username or member number, any case. */
function matching(term: string) {
  const isbn = term.replace(/[-\s]/g, '').toUpperCase();
  const byIsbn = isbn ? sql`or ${like(sql.ref('b.isbn'), startsWithPattern(isbn))}` : sql``;
  return sql<boolean>`(${matchesAny(term, [sql.ref('b.title'), sql.ref('u.username'), sql.ref('p.member_id')])} ${byIsbn})`;
}

const ORDER_COLUMNS: Record<IssuedOrderField, ReturnType<typeof sql>> = {
  issue_date: sql`l.issue_date`,
  due_date: sql`l.due_date`,
  title: sql`lower(b.title)`,
  member: sql`lower(u.username)`,
};

/**
 * The issued list: loans still out, filtered, ordered, paged. `onlyMember` limits it to one
 * borrower (a MEMBER's own). The page's ids are picked on the loans table (joined to books,
 * borrowers and profiles only for a search or a title/member ordering), then only those rows are
 * read with their joins: the database never joins every open loan to sort them.
 */
export async function listIssued(
  db: Db,
  query: IssuedListQuery,
  onlyMember?: number,
): Promise<{ window: PageWindow | undefined; results: IssuedRecord[] }> {
  const desk = await deskToday(db);
  const { today, finePerDay } = desk;
  const joined = query.term !== '' || query.orders.some((o) => o.field === 'title' || o.field === 'member');
  let pick = db
    .selectFrom('loans as l')
    .$if(joined, (q) =>
      q
        .innerJoin('books as b', 'b.id', 'l.book_id')
        .innerJoin('users as u', 'u.id', 'l.member_id')
        .leftJoin('member_profiles as p', 'p.user_id', 'l.member_id'),
    )
    .where('l.returned_at', 'is', null);
  if (onlyMember !== undefined) pick = pick.where('l.member_id', '=', onlyMember);
  if (query.member !== undefined) pick = pick.where('l.member_id', '=', query.member);
  if (query.book !== undefined) pick = pick.where('l.book_id', '=', query.book);
  if (query.overdue) pick = pick.where(overdueSql(today, 'l'));
  if (query.term) pick = pick.where(matching(query.term));
  let window: PageWindow | undefined;
  if (query.page) {
    const { n } = await pick.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    window = pageWindow(Number(n), query.page);
  }
  let ids = pick.select('l.id');
  for (const order of query.orders) ids = ids.orderBy(ORDER_COLUMNS[order.field], order.desc ? 'desc' : 'asc');
  ids = ids.orderBy('l.id', query.orders[0]?.desc === false ? 'asc' : 'desc');
  ids = window ? ids.limit(window.limit).offset(window.offset) : ids.limit(UNPAGED_LIMIT);
  const order = (await ids.execute()).map((r) => r.id);
  if (order.length === 0) return { window, results: [] };
  const rows = await selectRecord(loanRows(db)).where('l.id', 'in', order).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A member reading his own loans is not told who waits for them (another member's name).
  const shown = (record: IssuedRecord): IssuedRecord => (onlyMember === undefined ? record : { ...record, reserved_for: null });
  return { window, results: order.map((id) => shown(toRecord(byId.get(id)!, today, finePerDay, desk))) };
}

/** One returned loan in the history. */
export interface HistoryRow {
  issue_id: number;
  return_date: string;
  issued_on: string;
  due_date: string;
  status: LoanStatus;
  fine_amount: string;
  book: { id: number; title: string; isbn: string; author: string };
  /** The copy that was lent. */
  copy: CopyRef | null;
  member: { id: number; username: string; email: string; member_id: string | null; roll_no: string | null };
}

/** The returned history, newest return first: every member's, or one member's. */
export async function returnedHistory(
  db: Db,
  query: HistoryQuery,
  memberId?: number,
): Promise<{ window: PageWindow | undefined; returned_count: number; history: HistoryRow[] }> {
  let base = loanRows(db).where('l.returned_at', 'is not', null);
  if (memberId !== undefined) base = base.where('l.member_id', '=', memberId);
  if (query.term) base = base.where(matching(query.term));
  const { n } = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const count = Number(n);
  const window = query.page ? pageWindow(count, query.page as PageRequest) : undefined;
  const rows = await base
    .select(['l.id', 'l.returned_at', 'l.issue_date', 'l.due_date', 'l.status', RETURN_CHARGED_SQL.as('amount'), 'b.id as book_id', 'b.title', 'b.isbn', 'b.author'])
    .select(['u.id as user_id', 'u.username', 'u.email', 'p.member_id', 'p.roll_no', ...COPY_COLUMNS])
    .orderBy('l.returned_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(window ? window.limit : UNPAGED_LIMIT)
    .offset(window ? window.offset : 0)
    .execute();
  return {
    window,
    returned_count: count,
    history: rows.map((r) => ({
      issue_id: r.id,
      return_date: r.returned_at!,
      issued_on: r.issue_date,
      due_date: r.due_date,
      status: r.status,
      fine_amount: toDecimalString(Number(r.amount ?? 0)),
      book: { id: r.book_id, title: r.title, isbn: r.isbn, author: r.author },
      copy: copyOf(r),
      member: { id: r.user_id, username: r.username, email: r.email, member_id: r.member_id, roll_no: r.roll_no },
    })),
  };
}

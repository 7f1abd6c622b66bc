/**
 * Reading copies as the API answers them (CopyView): the copy, its title, its open loan and the
 * FULFILLED hold it is kept for, read by joins on the loans and reservations tables (this module
 * imports neither circulation nor reservations). Lists of a title's copies and the accession list
 * with its filters, the scan lookup (exact, then any case) and a copy's history.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';
import { fullNameSql, displayNameSql } from '../../db/person-name.js';
import { like, startsWithPattern } from '../../db/like.js';
import { toDecimalString } from '#shared/money';
import { isOverdue } from '#shared/overdue';
import { startOfLibraryDay } from '#shared/dates';
import type { CopySource, CopyStatus } from '#shared/copies';
import type { CopyListQuery, CopyPageRequest } from './schemas.js';

/** The member a copy is lent to or held for. */
export interface CopyMember {
  id: number;
  username: string;
  full_name: string;
  member_id: string | null;
}

/** One copy as the API answers it. */
export interface CopyView {
  id: number;
  book_id: number;
  copy_no: number;
  accession_no: string;
  barcode: string;
  call_number: string | null;
  shelf_location: string | null;
  acquired_on: string | null;
  source: CopySource | null;
  price: string | null;
  effective_price: string;
  condition_note: string | null;
  status: CopyStatus;
  status_reason: string | null;
  status_changed_at: string | null;
  withdrawn_on: string | null;
  created_at: string;
  book: { id: number; title: string; author: string; isbn: string };
  loan: { id: number; member: CopyMember; issue_date: string; due_date: string; overdue: boolean } | null;
  hold: { reservation_id: number; member: CopyMember; hold_until: string | null } | null;
}

/** The copies joined with what a view shows: the title, the open loan and its member, the hold and its member. */
function viewQuery(db: Db) {
  return db
    .selectFrom('copies as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .leftJoin('loans as l', (join) => join.onRef('l.copy_id', '=', 'c.id').on('l.returned_at', 'is', null))
    .leftJoin('users as lu', 'lu.id', 'l.member_id')
    .leftJoin('member_profiles as lp', 'lp.user_id', 'l.member_id')
    .leftJoin('reservations as r', (join) => join.onRef('r.copy_id', '=', 'c.id').on('r.status', '=', 'FULFILLED'))
    .leftJoin('users as ru', 'ru.id', 'r.member_id')
    .leftJoin('member_profiles as rp', 'rp.user_id', 'r.member_id')
    .select([
      'c.id',
      'c.book_id',
      'c.copy_no',
      'c.accession_no',
      'c.barcode',
      'c.call_number',
      'c.shelf_location',
      'c.acquired_on',
      'c.source',
      'c.price',
      'c.condition_note',
      'c.status',
      'c.status_reason',
      'c.status_changed_at',
      'c.withdrawn_on',
      'c.created_at',
      'b.title',
      'b.author',
      'b.isbn',
      'b.price as book_price',
      'l.id as loan_id',
      'l.issue_date',
      'l.due_date',
      'l.member_id as loan_member',
      'lu.username as loan_username',
      fullNameSql('lu').as('loan_name'),
      'lp.member_id as loan_number',
      'r.id as reservation_id',
      'r.hold_until',
      'r.member_id as hold_member',
      'ru.username as hold_username',
      fullNameSql('ru').as('hold_name'),
      'rp.member_id as hold_number',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

const money = (minor: number | null): string | null => (minor === null ? null : toDecimalString(Number(minor)));

function toView(row: ViewRow, today: string): CopyView {
  return {
    id: row.id,
    book_id: row.book_id,
    copy_no: Number(row.copy_no),
    accession_no: row.accession_no,
    barcode: row.barcode,
    call_number: row.call_number,
    shelf_location: row.shelf_location,
    acquired_on: row.acquired_on,
    source: row.source,
    price: money(row.price),
    effective_price: money(row.price ?? row.book_price)!,
    condition_note: row.condition_note,
    status: row.status,
    status_reason: row.status_reason,
    status_changed_at: row.status_changed_at,
    withdrawn_on: row.withdrawn_on,
    created_at: row.created_at,
    book: { id: row.book_id, title: row.title, author: row.author, isbn: row.isbn },
    loan:
      row.loan_id === null
        ? null
        : {
            id: row.loan_id,
            member: { id: row.loan_member!, username: row.loan_username ?? '', full_name: row.loan_name ?? '', member_id: row.loan_number },
            issue_date: row.issue_date!,
            due_date: row.due_date!,
            overdue: isOverdue({ due_date: row.due_date!, returned_at: null }, today),
          },
    hold:
      row.reservation_id === null
        ? null
        : {
            reservation_id: row.reservation_id,
            member: { id: row.hold_member!, username: row.hold_username ?? '', full_name: row.hold_name ?? '', member_id: row.hold_number },
            hold_until: row.hold_until,
          },
  };
}

/** One copy's view, or undefined. */
export async function copyView(db: Db, copyId: number, today: string): Promise<CopyView | undefined> {
  const row = await viewQuery(db).where('c.id', '=', copyId).executeTakeFirst();
  return row ? toView(row, today) : undefined;
}

/** Views of these copies, in the order of the ids given. */
export async function copyViews(db: Db, copyIds: readonly number[], today: string): Promise<CopyView[]> {
  const views = new Map<number, CopyView>();
  for (let i = 0; i < copyIds.length; i += 500) {
    for (const row of await viewQuery(db).where('c.id', 'in', copyIds.slice(i, i + 500)).execute()) views.set(row.id, toView(row, today));
  }
  return copyIds.flatMap((id) => views.get(id) ?? []);
}

/**
 * The one lookup of a scanned or typed code: the copy whose barcode, else whose accession number,
 * is `code` exactly, else the same ignoring case (a number typed in lower case). Each step is one
 * index search (`copies_barcode`, `copies_accession` and their lower-case indexes of migration
 * 0016); a scanner reads the barcode, so the common case is the first statement alone; spaces
 * around the code are not part of it. The issue
 * desk, the copy lookup and stock verification all use it.
 */
export async function findCopyByCode(db: Db, typed: string): Promise<number | undefined> {
  const code = typed.trim();
  if (code === '') return undefined;
  const lower = code.toLowerCase();
  const first = (where: (q: ReturnType<typeof idOf>) => ReturnType<typeof idOf>) => where(idOf(db)).orderBy('id').limit(1).executeTakeFirst();
  const found =
    (await first((q) => q.where('barcode', '=', code))) ??
    (await first((q) => q.where('accession_no', '=', code))) ??
    (await first((q) => q.where(sql`lower(barcode)`, '=', lower))) ??
    (await first((q) => q.where(sql`lower(accession_no)`, '=', lower)));
  return found?.id;
}

const idOf = (db: Db) => db.selectFrom('copies').select('id');

/** A page of a title's copies in copy order, with the count. */
export async function bookCopies(db: Db, bookId: number, page: CopyPageRequest, today: string): Promise<{ count: number; results: CopyView[] }> {
  const { n } = await db.selectFrom('copies').select((eb) => eb.fn.countAll<number | string>().as('n')).where('book_id', '=', bookId).executeTakeFirstOrThrow();
  const rows = await viewQuery(db)
    .where('c.book_id', '=', bookId)
    .orderBy('c.copy_no')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { count: Number(n), results: rows.map((row) => toView(row, today)) };
}

/** The copies (joined with their titles) that the accession list's filters keep. */
function filteredCopies(db: Db, query: CopyListQuery, timezone: string) {
  let q = db.selectFrom('copies as c').innerJoin('books as b', 'b.id', 'c.book_id');
  if (query.book !== undefined) q = q.where('c.book_id', '=', query.book);
  if (query.status !== undefined) q = q.where('c.status', '=', query.status);
  if (query.accessionFrom !== undefined) q = q.where('c.accession_no', '>=', query.accessionFrom);
  if (query.accessionTo !== undefined) q = q.where('c.accession_no', '<=', query.accessionTo);
  // The day a copy was added is its creation instant's date in the library's zone.
  if (query.addedSince !== undefined) q = q.where('c.created_at', '>=', startOfLibraryDay(query.addedSince, timezone));
  if (query.search !== '') {
    const pattern = startsWithPattern(query.search.toLowerCase());
    q = q.where(sql<boolean>`(${like(sql`lower(c.accession_no)`, pattern)} or ${like(sql`lower(c.barcode)`, pattern)} or ${like(sql`lower(b.title)`, pattern)})`);
  }
  return q;
}

/** The accession list: every copy matching the filters, in accession-number order, a page of it with the count. */
export async function listCopies(db: Db, query: CopyListQuery, timezone: string, today: string): Promise<{ count: number; results: CopyView[] }> {
  const counted = await filteredCopies(db, query, timezone)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const ids = await filteredCopies(db, query, timezone)
    .select('c.id')
    .orderBy('c.accession_no')
    .orderBy('c.id')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return { count: Number(counted.n), results: await copyViews(db, ids.map((row) => row.id), today) };
}

/** One line of a copy's history. */
export type HistoryEntry =
  | { at: string; kind: 'loan'; loan_id: number; member: CopyMember; issue_date: string; due_date: string; returned_at: string | null; status: string }
  | { at: string; kind: 'hold'; reservation_id: number; member: CopyMember; status: string; hold_until: string | null }
  | { at: string; kind: 'status'; from_status: CopyStatus | null; to_status: CopyStatus; reason: string | null; user: { id: number; name: string } | null };

/** How many lines a history shows: the latest. */
export const HISTORY_LIMIT = 200;

/** A copy's loans, holds and status changes, newest first (the latest 200). */
export async function copyHistory(db: Db, copyId: number): Promise<HistoryEntry[]> {
  const loans = await db
    .selectFrom('loans as l')
    .innerJoin('users as u', 'u.id', 'l.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'l.member_id')
    .select(['l.id', 'l.created_at', 'l.issue_date', 'l.due_date', 'l.returned_at', 'l.status', 'u.id as member', 'u.username', fullNameSql('u').as('full_name'), 'p.member_id'])
    .where('l.copy_id', '=', copyId)
    .orderBy('l.created_at', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const holds = await db
    .selectFrom('reservations as r')
    .innerJoin('users as u', 'u.id', 'r.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'r.member_id')
    .select(['r.id', 'r.created_at', 'r.updated_at', 'r.status', 'r.hold_until', 'u.id as member', 'u.username', fullNameSql('u').as('full_name'), 'p.member_id'])
    .where('r.copy_id', '=', copyId)
    .orderBy('r.created_at', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const events = await db
    .selectFrom('copy_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.created_at', 'e.from_status', 'e.to_status', 'e.reason', 'e.user_id', displayNameSql('u').as('user_name')])
    .where('e.copy_id', '=', copyId)
    .orderBy('e.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const member = (row: { member: number; username: string; full_name: string; member_id: string | null }): CopyMember => ({
    id: row.member,
    username: row.username,
    full_name: row.full_name,
    member_id: row.member_id,
  });
  const entries: HistoryEntry[] = [
    ...loans.map((row): HistoryEntry => ({ at: row.created_at, kind: 'loan', loan_id: row.id, member: member(row), issue_date: row.issue_date, due_date: row.due_date, returned_at: row.returned_at, status: row.status })),
    ...holds.map((row): HistoryEntry => ({ at: row.created_at, kind: 'hold', reservation_id: row.id, member: member(row), status: row.status, hold_until: row.hold_until })),
    ...events.map(
      (row): HistoryEntry => ({
        at: row.created_at,
        kind: 'status',
        from_status: row.from_status,
        to_status: row.to_status,
        reason: row.reason,
        user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
      }),
    ),
  ];
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, HISTORY_LIMIT);
}

/**
 * The staff home (`GET /reports/dashboard/?period=`): its cards, its three charts and its three
 * short tables, in one answer; only the cards, charts and tables the reader may read are made
 * (a card by its list's page, a chart or table by the list it reads: dashboard-sections.ts). Every figure is aggregated by the database (counts and sums, the
 * charts grouped by bucket, each table five rows), never by reading rows here; the queries are
 * independent and run together. Loans per day come from `loan_days`, which triggers keep; the
 * indexes walked are those of migrations 0008, 0009 and 0011 (plans in docs/PERFORMANCE.md,
 * "Staff home and member home").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOfDb } from '../../db/connection.js';
import { overdueSql } from '../../db/overdue.js';
import type { Database } from '../../db/schema.js';
import { toDecimalString } from '#shared/money';
import { membersIn } from '../members/queries.js';
import { memberStateOf } from '#shared/member-state';
import { readSettings } from '../settings/service.js';
import { startOfLibraryDay, trailingPeriods, type PeriodRanges } from '#shared/dates';
import { routeOfDashboardLink } from '#shared/dashboard-path';
import { sectionsFor, type DashboardSection } from '#shared/dashboard-sections';
import type { ReportPeriod } from '#shared/report-catalogue';
import type { DashboardCard, DashboardSummary, ReportChart } from '#shared/schemas/reports';
import { libraryToday } from '../../lib/library-clock.js';
import { BUCKET_COUNT, bucketRanges } from './buckets.js';
import { displayName } from '#shared/person-name';

/** Rows of each table of the staff home. */
export const TABLE_ROWS = 5;

/** A count or a sum as the drivers hand it over (PostgreSQL: bigint and numeric as strings). */
type Figure = number | string | null;
const n = (value: Figure | undefined): number => Number(value ?? 0);

/** The card figures, each one aggregate query. */
async function cardFigures(db: Kysely<Database>, today: string) {
  const [titles, available, lost, out, overdue, holds, active, pending, fines] = await Promise.all([
    // Three small reads rather than one: a bare count and a status range cost next to nothing, and
    // the sum alone scans the smallest index at half the cost of a scan computing all three per row.
    db.selectFrom('books').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('books').select((eb) => eb.fn.sum<number | string>('available_copies').as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('books').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', 'in', ['LOST', 'WRITE_OFF']).executeTakeFirstOrThrow(),
    db.selectFrom('loans').select((eb) => eb.fn.countAll<number | string>().as('n')).where('returned_at', 'is', null).executeTakeFirstOrThrow(),
    // SQLite's statistics cannot tell that open loans are many more than a day's returns, so it is
    // pointed at the open loans' partial index by due date; PostgreSQL plans by its histograms.
    sql<{ n: Figure }>`select count(*) as n from loans ${dialectOfDb(db) === 'sqlite' ? sql`indexed by loans_open_by_due` : sql``} where ${overdueSql(today)}`.execute(db),
    db
      .selectFrom('reservations')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', ['PENDING', 'FULFILLED'])
      .groupBy('status')
      .execute(),
    membersIn(db, 'active').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    membersIn(db, 'pending').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('fines')
      .select((eb) => [eb.fn.sum<number | string>('collected_amount').as('collected'), eb.fn.sum<number | string>('remaining').as('owed')])
      .executeTakeFirstOrThrow(),
  ]);
  const held = (status: string) => n(holds.find((r) => r.status === status)?.n);
  const count = (key: string, label: string, value: Figure, href: string | null): DashboardCard => ({ key, label, kind: 'count', value: n(value), href });
  const money = (key: string, label: string, value: Figure, href: string | null): DashboardCard => ({ key, label, kind: 'money', value: toDecimalString(n(value)), href });
  return [
    count('titles', 'Titles', titles.n, 'books/record'),
    count('copies_available', 'Copies available', available.n, 'books/record?available=true'),
    count('books_out', 'Books out', out.n, 'books/issue'),
    count('overdue', 'Overdue', overdue.rows[0]?.n ?? 0, 'books/issue?overdue=true'),
    count('reservations_waiting', 'Reservations waiting', held('PENDING'), 'reservations/list?status=waiting'),
    count('reservations_held', 'Ready for pickup', held('FULFILLED'), 'reservations/list?status=ready'),
    count('lost_or_written_off', 'Lost or written off', lost.n, 'books/record?status=LOST'),
    count('members_active', 'Active members', active.n, 'members/add'),
    count('members_pending', 'Pending approvals', pending.n, 'members/pending'),
    money('fines_collected', 'Fines collected', fines.collected, 'reports/financial'),
    money('fines_owed', 'Fines owed', fines.owed, 'books/fines'),
  ];
}

/**
 * Sums per bucket: `from` joins the rows of each bucket's range to `b` (see `bucketRanges`) and
 * selects `b.bucket` with the `columns`; the database groups them by bucket, each bucket one index
 * range, never a row per loan or fine read here. Answers each bucket's sums by its index.
 */
async function perBucket(db: Kysely<Database>, ranges: RawBuilder<unknown>, from: RawBuilder<unknown>, columns: readonly string[]): Promise<Map<number, number[]>> {
  const { rows } = await sql<Record<string, Figure>>`with ${ranges} ${from} group by b.bucket`.execute(db);
  return new Map(rows.map((row) => [Number(row['bucket']), columns.map((c) => n(row[c]))]));
}

/** How a chart reads one series: the bucket sums it comes from and which of them. */
interface SeriesSource {
  key: string;
  sums: Map<number, number[]>;
  at?: number;
  money?: boolean;
}

/** A chart's points: one per bucket, oldest first, 0 where the database found nothing. */
function pointsOf(buckets: PeriodRanges, series: readonly SeriesSource[]): ReportChart['points'] {
  return buckets.labels.map((label, i) => ({
    label,
    values: Object.fromEntries(
      series.map((s) => {
        const value = s.sums.get(i)?.[s.at ?? 0] ?? 0;
        return [s.key, s.money ? toDecimalString(value) : value];
      }),
    ),
  }));
}

/** Runs `read` only for a section the reader sees; null for the others. */
const when = <T>(shown: ReadonlySet<DashboardSection>, section: DashboardSection, read: () => Promise<T>): Promise<T | null> =>
  shown.has(section) ? read() : Promise.resolve(null);

/** The charts of the period ending today that the reader sees; moments count on the library's day. */
async function charts(db: Kysely<Database>, timeZone: string, period: ReportPeriod, today: string, shown: ReadonlySet<DashboardSection>): Promise<DashboardSummary['charts']> {
  const buckets = trailingPeriods(period, today, BUCKET_COUNT[period]);
  const days = bucketRanges(buckets);
  const moments = bucketRanges(buckets, (date) => startOfLibraryDay(date, timeZone));
  const [loans, fines, joined] = await Promise.all([
    when(shown, 'circulation', () => perBucket(db, days, sql`select b.bucket, sum(d.issued) as issued, sum(d.returned) as returned from b join loan_days d on d.day >= b.since and d.day < b.until`, ['issued', 'returned'])),
    when(shown, 'fines', () => perBucket(db, moments, sql`select b.bucket, sum(f.collected_amount) as collected, sum(f.remaining) as owed from b join fines f on f.created_at >= b.since and f.created_at < b.until`, ['collected', 'owed'])),
    when(shown, 'registrations', () => perBucket(db, moments, sql`select b.bucket, count(*) as n from b join users u on u.role = 'MEMBER' and u.date_joined >= b.since and u.date_joined < b.until and u.deleted_at is null`, ['n'])),
  ]);
  const count = (key: string, label: string) => ({ key, label, kind: 'count' as const });
  const answer: DashboardSummary['charts'] = {};
  if (loans) {
    answer.circulation = {
      key: 'circulation',
      title: 'Circulation',
      kind: 'line',
      series: [count('issued', 'Issued'), count('returned', 'Returned')],
      points: pointsOf(buckets, [{ key: 'issued', sums: loans }, { key: 'returned', sums: loans, at: 1 }]),
    };
  }
  if (fines) {
    answer.fines = {
      key: 'fines',
      title: 'Fines',
      kind: 'bar',
      series: [
        { key: 'collected', label: 'Collected', kind: 'money' },
        { key: 'owed', label: 'Owed', kind: 'money' },
      ],
      points: pointsOf(buckets, [{ key: 'collected', sums: fines, money: true }, { key: 'owed', sums: fines, at: 1, money: true }]),
    };
  }
  if (joined) {
    answer.registrations = {
      key: 'registrations',
      title: 'New members',
      kind: 'bar',
      series: [count('members', 'New members')],
      points: pointsOf(buckets, [{ key: 'members', sums: joined }]),
    };
  }
  return answer;
}

/**
 * The newest loans with their title and borrower. The five are picked on the loans' own index
 * first, then read with their joins: joined first, a planner may walk the borrowers and sort
 * every loan they hold (seconds at 1,000,000 loans).
 */
async function recentIssues(db: Kysely<Database>) {
  const newest = await db.selectFrom('loans').select('id').orderBy('issue_date', 'desc').orderBy('id', 'desc').limit(TABLE_ROWS).execute();
  if (newest.length === 0) return [];
  return db
    .selectFrom('loans as l')
    .innerJoin('books as b', 'b.id', 'l.book_id')
    .innerJoin('users as u', 'u.id', 'l.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['l.id', 'l.issue_date', 'l.due_date', 'b.id as book_id', 'b.title', 'u.id as user_id', 'u.username', 'u.first_name', 'u.last_name', 'p.member_id as member_no'])
    .where('l.id', 'in', newest.map((l) => l.id))
    .orderBy('l.issue_date', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
}

/** The newest members with their state. */
const newestMembers = (db: Kysely<Database>) =>
  db
    .selectFrom('users as u')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.date_joined', 'u.is_active', 'u.is_declined', 'u.approved_at', 'p.member_id as member_no'])
    .where('u.role', '=', 'MEMBER')
    .where('u.deleted_at', 'is', null)
    .orderBy('u.date_joined', 'desc')
    .orderBy('u.id', 'desc')
    .limit(TABLE_ROWS)
    .execute();

/** The members owing most, with how many of their fines still owe something. */
function topDefaulters(db: Kysely<Database>) {
  const owing = db
    .selectFrom('fines')
    .select((eb) => ['member_id', eb.fn.countAll<number | string>().as('fines'), eb.fn.sum<number | string>('remaining').as('owed')])
    .where('remaining', '>', 0)
    .groupBy('member_id')
    .as('o');
  return db
    .selectFrom(owing)
    .innerJoin('users as u', 'u.id', 'o.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'p.member_id as member_no', 'o.fines', 'o.owed'])
    .orderBy('o.owed', 'desc')
    .orderBy('u.id')
    .limit(TABLE_ROWS)
    .execute();
}

/** The newest loans, the newest members and the members owing most: those the reader sees. */
async function tables(db: Kysely<Database>, shown: ReadonlySet<DashboardSection>): Promise<DashboardSummary['tables']> {
  const [issues, members, defaulters] = await Promise.all([
    when(shown, 'recent_issues', () => recentIssues(db)),
    when(shown, 'newest_members', () => newestMembers(db)),
    when(shown, 'top_defaulters', () => topDefaulters(db)),
  ]);
  const answer: DashboardSummary['tables'] = {};
  if (issues) {
    answer.recent_issues = issues.map((r) => ({
      id: r.id,
      issue_date: r.issue_date,
      due_date: r.due_date,
      book: { id: r.book_id, title: r.title },
      member: { id: r.user_id, name: displayName(r), username: r.username, member_no: r.member_no },
    }));
  }
  if (members) answer.newest_members = members.map((r) => ({ id: r.id, name: displayName(r), username: r.username, member_no: r.member_no, date_joined: r.date_joined, state: memberStateOf(r) }));
  if (defaulters) answer.top_defaulters = defaulters.map((r) => ({ id: r.id, name: displayName(r), username: r.username, member_no: r.member_no, fines: n(r.fines), owed: toDecimalString(n(r.owed)) }));
  return answer;
}

/**
 * Whether a card is for a reader holding the permissions `holds` accepts: a card without a list
 * is; one with a list only when he may open its page (the site's route table names its permission).
 */
export function cardIsFor(card: Pick<DashboardCard, 'href'>, holds: (permission: string) => boolean): boolean {
  if (!card.href) return true;
  const route = routeOfDashboardLink(card.href);
  return route !== null && (!route.permission || holds(route.permission));
}

/**
 * The staff home for a period ending at the library's today. Its cards are those whose list the
 * reader may open (`holds` answers for his permissions; a SUPER USER's accepts all); a chart or
 * table he may not read is left out of the answer (its key absent), never sent empty.
 */
export async function dashboardSummary(db: Kysely<Database>, period: ReportPeriod, holds: (permission: string) => boolean): Promise<DashboardSummary> {
  const { timezone } = await readSettings(db);
  const today = libraryToday(timezone);
  const shown = new Set(sectionsFor(holds));
  const [cards, chartSet, tableSet] = await Promise.all([cardFigures(db, today), charts(db, timezone || 'UTC', period, today, shown), tables(db, shown)]);
  return { today, period, cards: cards.filter((card) => cardIsFor(card, holds)), charts: chartSet, tables: tableSet };
}

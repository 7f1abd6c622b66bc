/**
 * The Book Report: stock and circulation of the titles, filtered by department and category.
 * Figures are a snapshot today except the loans of the range; a copy is "out" while its loan has
 * no return, overdue when its due date is before the library's today, low stock when an active
 * title has no more copies on the shelf than the book settings' `low_stock_threshold`. The
 * accession register lists copies by their acquisition date; copies by status is today's stock.
 */
import { sql, type RawBuilder } from 'kysely';
import { dialectOfDb } from '../../db/connection.js';
import { displayNameSql } from '../../db/person-name.js';
import { overdueCountSql, overdueSql } from '../../db/overdue.js';
import type { Db } from '../../db/schema.js';
import { toDecimalString } from '#shared/money';
import type { ReportChart, ReportFigure } from '#shared/schemas/reports';
import { periodLabelsBetween } from '#shared/dates';
import { COPY_SOURCE_LABELS, COPY_STATUS_LABELS, COPY_STATUSES } from '#shared/copies';
import { allOf, equals, searchOf, type SectionBuilder, type SectionInput } from './sections.js';

/** Loans that ended LOST or WRITE_OFF, written as literals so SQLite can use the partial index `loans_ended_lost`. */
const ENDED_LOST = sql<boolean>`l.status in ('LOST', 'WRITE_OFF')`;

/** The asked department and category, on `books as b`. */
const shelf = (input: SectionInput) => [equals('b.department_id', input.query.filters.department), equals('b.category_id', input.query.filters.category)];

/** The section's search over columns (`member`: the borrower's name) and its shelf filters. */
function where(input: SectionInput, columns: string[]): RawBuilder<boolean> {
  return allOf([...shelf(input), searchOf(input.query.term, columns.map((c) => (c === 'member' ? displayNameSql('u') : sql.ref(c))))]);
}

/** Whole days from a stored date to the library's today (both dialects). */
function daysSince(input: SectionInput, column: string): RawBuilder<number> {
  if (dialectOfDb(input.db) === 'postgres') return sql<number>`(cast(${input.range.today} as date) - cast(${sql.ref(column)} as date))`;
  return sql<number>`cast(julianday(${input.range.today}) - julianday(${sql.ref(column)}) as integer)`;
}

const loansWithBooks = (db: Db) =>
  db
    .selectFrom('loans as l')
    .innerJoin('books as b', 'b.id', 'l.book_id')
    .innerJoin('users as u', 'u.id', 'l.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'l.member_id');

const LOAN_SEARCH = ['b.title', 'member', 'u.username', 'p.member_id'];
const LOAN_COLUMNS = ['title', 'member', 'issue_date', 'due_date', 'days_overdue', 'status', 'returned_on'];

const copiesOut: SectionBuilder = (input) => {
  const { from, to } = input.range;
  const q = loansWithBooks(input.db)
    .select(['l.id as loan_id', 'b.title', displayNameSql('u').as('member'), 'p.member_id as member_no', 'l.issue_date', 'l.due_date'])
    .where('l.returned_at', 'is', null)
    .where('l.issue_date', '>=', from)
    .where('l.issue_date', '<=', to);
  return { rows: q.where(where(input, LOAN_SEARCH)), unique: ['loan_id'], notNull: LOAN_COLUMNS };
};

const overdue: SectionBuilder = (input) => {
  const q = loansWithBooks(input.db)
    .select(['l.id as loan_id', 'b.title', displayNameSql('u').as('member'), 'p.member_id as member_no', 'l.due_date', daysSince(input, 'l.due_date').as('days_overdue')])
    .where(overdueSql(input.range.today, 'l'));
  return { rows: q.where(where(input, LOAN_SEARCH)), unique: ['loan_id'], notNull: LOAN_COLUMNS };
};

const mostBorrowed: SectionBuilder = (input) => {
  const q = input.db
    .selectFrom('loans as l')
    .innerJoin('books as b', 'b.id', 'l.book_id')
    .select((eb) => ['b.id as book_id', 'b.title', 'b.author', eb.fn.countAll().as('loans'), 'b.total_copies'])
    .where('l.issue_date', '>=', input.range.from)
    .where('l.issue_date', '<=', input.range.to)
    .groupBy(['b.id', 'b.title', 'b.author', 'b.total_copies']);
  return { rows: q.where(where(input, ['b.title', 'b.author'])), unique: ['book_id'] };
};

const neverLent = sql<boolean>`not exists (select 1 from loans nl where nl.book_id = b.id)`;

const neverBorrowed: SectionBuilder = (input) => {
  const q = input.db.selectFrom('books as b').select(['b.id as book_id', 'b.title', 'b.author', 'b.total_copies', 'b.created_at']).where(neverLent);
  return { rows: q.where(where(input, ['b.title', 'b.author'])), unique: ['book_id'] };
};

const lowStock: SectionBuilder = (input) => {
  const q = input.db
    .selectFrom('books as b')
    .select(['b.id as book_id', 'b.title', 'b.author', 'b.available_copies', 'b.total_copies'])
    .where('b.status', '=', 'ACTIVE')
    .where('b.available_copies', '<=', input.settings.lowStockThreshold);
  return { rows: q.where(where(input, ['b.title', 'b.author'])), unique: ['book_id'] };
};

const lost: SectionBuilder = (input) => {
  const q = loansWithBooks(input.db)
    // The price the return charged (its lost charge's), else the title's: one value per loan, however many charges it has.
    .select(['l.id as loan_id', 'b.title', displayNameSql('u').as('member'), 'l.status', 'l.returned_at as returned_on', sql<number | null>`coalesce((select max(fx.book_price) from fines fx where fx.loan_id = l.id), b.price)`.as('price')])
    .where(ENDED_LOST)
    .where('l.returned_at', '>=', input.range.from)
    .where('l.returned_at', '<=', input.range.to);
  return { rows: q.where(where(input, LOAN_SEARCH)), unique: ['loan_id'], notNull: LOAN_COLUMNS };
};

/** A code column shown by its label (statuses, sources), so the screen, the print and the CSV read alike. */
function labelled(column: string, labels: Readonly<Record<string, string>>): RawBuilder<string> {
  return sql<string>`case ${sql.ref(column)} ${sql.join(Object.entries(labels).map(([code, label]) => sql`when ${code} then ${label}`), sql` `)} end`;
}

/** The accession register: copies acquired in the range, with the copy's price or else the title's. */
const accessionRegister: SectionBuilder = (input) => {
  const q = input.db
    .selectFrom('copies as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select([
      'c.accession_no',
      'b.title',
      'c.call_number',
      'c.acquired_on',
      labelled('c.source', COPY_SOURCE_LABELS).as('source'),
      sql<number>`coalesce(c.price, b.price)`.as('price'),
      labelled('c.status', COPY_STATUS_LABELS).as('status'),
      'c.withdrawn_on',
      'c.status_reason',
    ])
    .where('c.acquired_on', '>=', input.range.from)
    .where('c.acquired_on', '<=', input.range.to);
  return { rows: q.where(where(input, ['c.accession_no', 'c.barcode', 'b.title', 'c.call_number'])), unique: ['accession_no'], notNull: ['title', 'acquired_on', 'price', 'status'] };
};

/** Each title's copies today, counted per status in one grouped pass over the copies; one row per title, so the titles count the rows. */
const copiesByStatus: SectionBuilder = (input) => {
  const q = input.db
    .selectFrom('books as b')
    .leftJoin('copies as c', 'c.book_id', 'b.id')
    .select((eb) => [
      'b.id as book_id',
      'b.title',
      'b.author',
      eb.fn.count('c.id').as('copies'),
      ...COPY_STATUSES.map((status) => sql<number>`coalesce(sum(case when c.status = ${status} then 1 else 0 end), 0)`.as(status.toLowerCase())),
    ])
    .groupBy(['b.id', 'b.title', 'b.author']);
  const titles = input.db.selectFrom('books as b').select((eb) => eb.fn.countAll<number>().as('n')).where(where(input, ['b.title', 'b.author']));
  return { rows: q.where(where(input, ['b.title', 'b.author'])), count: titles, unique: ['book_id'], notNull: ['title', 'author', 'copies', ...COPY_STATUSES.map((s) => s.toLowerCase())] };
};

export const BOOK_SECTIONS: Record<string, SectionBuilder> = {
  out: copiesOut,
  overdue,
  'most-borrowed': mostBorrowed,
  'never-borrowed': neverBorrowed,
  'low-stock': lowStock,
  lost,
  'accession-register': accessionRegister,
  'copies-by-status': copiesByStatus,
};

const count = (key: string, label: string, value: unknown): ReportFigure => ({ key, label, kind: 'count', value: Number(value ?? 0) });
const money = (key: string, label: string, value: unknown): ReportFigure => ({ key, label, kind: 'money', value: toDecimalString(Number(value ?? 0)) });

/** The Book Report's figures and charts. */
export async function bookSummary(input: SectionInput): Promise<{ figures: ReportFigure[]; charts: ReportChart[] }> {
  const { db, range } = input;
  const threshold = input.settings.lowStockThreshold;
  const stock = await db.selectFrom('books as b')
    .select((eb) => [
      eb.fn.countAll().as('titles'),
      sql<number>`coalesce(sum(b.total_copies), 0)`.as('copies'),
      sql<number>`coalesce(sum(b.available_copies), 0)`.as('available'),
      sql<number>`coalesce(sum(b.total_copies * b.price), 0)`.as('inventory'),
      sql<number>`coalesce(sum(case when b.status = 'ACTIVE' and b.available_copies <= ${threshold} then 1 else 0 end), 0)`.as('low_stock'),
      sql<number>`coalesce(sum(case when b.status in ('LOST', 'WRITE_OFF') then 1 else 0 end), 0)`.as('lost_titles'),
      sql<number>`coalesce(sum(case when ${neverLent} then 1 else 0 end), 0)`.as('never_borrowed'),
    ])
    .where(allOf(shelf(input)))
    .executeTakeFirstOrThrow();
  const out = await db.selectFrom('loans as l').innerJoin('books as b', 'b.id', 'l.book_id')
    .select((eb) => [
      eb.fn.countAll().as('copies_out'),
      sql<number>`coalesce(sum(b.price), 0)`.as('on_loan'),
      overdueCountSql(range.today, 'l').as('overdue'),
    ])
    .where('l.returned_at', 'is', null)
    .where(allOf(shelf(input)))
    .executeTakeFirstOrThrow();
  const months = await db.selectFrom('loans as l').innerJoin('books as b', 'b.id', 'l.book_id')
    .select((eb) => [sql<string>`substr(l.issue_date, 1, 7)`.as('month'), eb.fn.countAll().as('loans')])
    .where('l.issue_date', '>=', range.from)
    .where('l.issue_date', '<=', range.to)
    .where(allOf(shelf(input)))
    .groupBy(sql`substr(l.issue_date, 1, 7)`)
    .execute();
  const lostInRange = await db.selectFrom('loans as l').innerJoin('books as b', 'b.id', 'l.book_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(ENDED_LOST)
    .where('l.returned_at', '>=', range.from)
    .where('l.returned_at', '<=', range.to)
    .where(allOf(shelf(input)))
    .executeTakeFirstOrThrow();
  const s = stock as Record<string, unknown>;
  const o = out as Record<string, unknown>;
  const figures = [
    count('titles', 'Titles', s['titles']),
    count('copies', 'Copies', s['copies']),
    count('copies_available', 'Copies available', s['available']),
    count('copies_out', 'Copies out', o['copies_out']),
    money('inventory_value', 'Inventory value', s['inventory']),
    money('value_on_loan', 'Value on loan', o['on_loan']),
    count('overdue_loans', 'Overdue loans', o['overdue']),
    count('never_borrowed', 'Never borrowed titles', s['never_borrowed']),
    count('low_stock', 'Low stock titles', s['low_stock']),
    count('lost_titles', 'Lost or written off titles', s['lost_titles']),
    count('lost_in_range', 'Copies lost or written off in the range', (lostInRange as Record<string, unknown>)['n']),
  ];
  return { figures, charts: [await topTen(input), perMonth(input, months as { month: string; loans: unknown }[])] };
}

async function topTen(input: SectionInput): Promise<ReportChart> {
  const source = mostBorrowed({ ...input, query: { ...input.query, term: '' } });
  const { rows } = await sql<{ title: string; loans: unknown }>`select * from (${source.rows}) as r order by r.loans desc, r.book_id desc limit 10`.execute(input.db);
  return {
    key: 'most_borrowed',
    title: 'Most borrowed titles',
    kind: 'bar',
    series: [{ key: 'loans', label: 'Loans', kind: 'count' }],
    points: rows.map((r) => ({ label: r.title, values: { loans: Number(r.loans) } })),
  };
}

function perMonth(input: SectionInput, months: { month: string; loans: unknown }[]): ReportChart {
  const byMonth = new Map(months.map((m) => [m.month, Number(m.loans)]));
  return {
    key: 'loans_per_month',
    title: 'Loans issued per month',
    kind: 'line',
    series: [{ key: 'loans', label: 'Loans issued', kind: 'count' }],
    points: periodLabelsBetween(input.range.from, input.range.to, 'month').map((month) => ({ label: month, values: { loans: byMonth.get(month) ?? 0 } })),
  };
}

/**
 * The Financial Report. "Charged, collected, discounted, outstanding" follow the fines created in
 * the range (what became of the fines of that period, whenever they were paid); "cash taken"
 * follows the receipts written in the range (the drawer). Periods are the dashboard's buckets,
 * taken on the library's date of each moment. Charges are also read by fee type (a section and a
 * chart); refunds are receipts with negative cash, so every sum of cash nets them out, and a
 * refunded charge's paid amount moves to its cancelled amount. Grouped queries group by position (`group by 1`):
 * PostgreSQL does not match a grouped expression that carries parameters twice.
 */
import { sql } from 'kysely';
import { displayNameSql } from '../../db/person-name.js';
import type { Db } from '../../db/schema.js';
import { toDecimalString } from '#shared/money';
import type { ReportChart, ReportFigure } from '#shared/schemas/reports';
import { periodLabelsBetween } from '#shared/dates';
import { FEE_TYPES, FEE_TYPE_LABELS } from '#shared/fee-types';
import { bucketSql, libraryDateSql, periodOf, type ReportRange } from './range.js';
import { allOf, equals, searchOf, type SectionBuilder, type SectionInput } from './sections.js';

/** Fines created in the range (`fines as f`). */
const finesIn = (db: Db, range: ReportRange) => db.selectFrom('fines as f').where('f.created_at', '>=', range.fromInstant).where('f.created_at', '<', range.toInstant);

/** Receipts written in the range (`fine_receipts as r`) with the member (`m`, `p`) and the staff member (`c`). */
const receiptsIn = (db: Db, range: ReportRange) =>
  db
    .selectFrom('fine_receipts as r')
    .innerJoin('users as m', 'm.id', 'r.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'r.member_id')
    .leftJoin('users as c', 'c.id', 'r.collected_by')
    .where('r.created_at', '>=', range.fromInstant)
    .where('r.created_at', '<', range.toInstant);

const MONEY_OF_FINES = [
  sql<number>`coalesce(sum(f.amount), 0)`.as('charged'),
  sql<number>`coalesce(sum(f.collected_amount), 0)`.as('collected'),
  sql<number>`coalesce(sum(f.discount), 0)`.as('discounted'),
  sql<number>`coalesce(sum(f.remaining), 0)`.as('outstanding'),
];

/** The fines of the range grouped by period (the period first, for `group by 1`). */
function finesByPeriod(input: SectionInput) {
  const { db, range } = input;
  const period = bucketSql(db, libraryDateSql(db, 'f.created_at', range), periodOf(range));
  return finesIn(db, range)
    .select((eb) => [period.as('period'), eb.fn.countAll().as('fines'), ...MONEY_OF_FINES])
    .groupBy(sql`1`);
}

const periods: SectionBuilder = (input) => ({ rows: finesByPeriod(input), unique: ['period'] });

const payments: SectionBuilder = (input) => ({
  rows: receiptsIn(input.db, input.range)
    .select([
      'r.receipt_no', 'r.created_at', displayNameSql('m').as('member'), 'p.member_id as member_no', displayNameSql('c').as('collected_by'), 'r.cash', 'r.discount',
      'r.discount_reason',
    ])
    .where(
      allOf([
        equals('r.collected_by', input.query.filters.staff),
        searchOf(input.query.term, [sql.ref('r.receipt_no'), displayNameSql('m'), sql.ref('m.username'), sql.ref('p.member_id'), displayNameSql('c')]),
      ]),
    ),
  unique: ['receipt_no'],
  notNull: ['created_at', 'member', 'cash', 'discount'],
});

const reconciliation: SectionBuilder = (input) => {
  const { db, range } = input;
  return {
    rows: receiptsIn(db, range)
      .select((eb) => [
        libraryDateSql(db, 'r.created_at', range).as('day'),
        'r.collected_by as staff_id',
        displayNameSql('c').as('collected_by'),
        eb.fn.countAll().as('receipts'),
        sql<number>`coalesce(sum(r.cash), 0)`.as('cash'),
        sql<number>`coalesce(sum(r.discount), 0)`.as('discount'),
      ])
      .where(allOf([equals('r.collected_by', input.query.filters.staff), searchOf(input.query.term, [displayNameSql('c'), sql.ref('c.username')])]))
      .groupBy([sql`1`, sql`2`, sql`3`]),
    unique: ['day', 'staff_id'],
  };
};

/** Each fee type's label as a SQL literal (no parameters, so PostgreSQL groups it by position). */
const feeTypeLabelSql = sql<string>`case f.fee_type ${sql.join(
  FEE_TYPES.map((type) => sql`when ${sql.lit(type)} then ${sql.lit(FEE_TYPE_LABELS[type])}`),
  sql` `,
)} else f.fee_type end`;

/** Cash handed back on each fine by refund receipts (positive), for the fines that had any. */
const refundsByFine = (db: Db) =>
  db
    .selectFrom('fine_payments as fp')
    .innerJoin('fine_receipts as rr', 'rr.id', 'fp.receipt_id')
    .where('rr.kind', '=', 'REFUND')
    .select(['fp.fine_id', sql<number>`sum(-fp.cash)`.as('refunded')])
    .groupBy('fp.fine_id');

/**
 * The charges of the range by fee type: what was charged, collected (net of refunds: a refund
 * moves the paid amount to the cancelled one), waived, cancelled and refunded, and what is owed.
 */
function finesByFeeType(input: SectionInput) {
  const { db, range } = input;
  return finesIn(db, range)
    .leftJoin(refundsByFine(db).as('rf'), 'rf.fine_id', 'f.id')
    .select((eb) => [
      'f.fee_type as fee_type',
      feeTypeLabelSql.as('label'),
      eb.fn.countAll().as('charges'),
      sql<number>`coalesce(sum(f.amount), 0)`.as('charged'),
      sql<number>`coalesce(sum(f.collected_amount), 0)`.as('collected'),
      sql<number>`coalesce(sum(f.discount), 0)`.as('waived'),
      sql<number>`coalesce(sum(f.cancelled_amount), 0)`.as('cancelled'),
      sql<number>`coalesce(sum(rf.refunded), 0)`.as('refunded'),
      sql<number>`coalesce(sum(f.remaining), 0)`.as('outstanding'),
    ])
    .groupBy([sql`1`, sql`2`]);
}

const feeTypes: SectionBuilder = (input) => ({ rows: finesByFeeType(input), unique: ['fee_type'], notNull: ['fee_type', 'label'] });

export const FINANCIAL_SECTIONS: Record<string, SectionBuilder> = { periods, payments, reconciliation, 'fee-types': feeTypes };

const money = (key: string, label: string, value: unknown): ReportFigure => ({ key, label, kind: 'money', value: toDecimalString(Number(value ?? 0)) });

/** The Financial Report's figures and its chart of charged, collected and outstanding per period. */
export async function financialSummary(input: SectionInput): Promise<{ figures: ReportFigure[]; charts: ReportChart[] }> {
  const { db, range } = input;
  const fines = await finesIn(db, range)
    .select((eb) => [eb.fn.countAll().as('fines'), ...MONEY_OF_FINES])
    .executeTakeFirstOrThrow();
  const drawer = await receiptsIn(db, range)
    .select((eb) => [eb.fn.countAll().as('receipts'), sql<number>`coalesce(sum(r.cash), 0)`.as('cash'), sql<number>`coalesce(sum(r.discount), 0)`.as('discount')])
    // The drawer's figures follow the staff member asked for; the fines' figures have no collector.
    .where(allOf([equals('r.collected_by', input.query.filters.staff)]))
    .executeTakeFirstOrThrow();
  const rows = await finesByPeriod(input).execute();
  const byPeriod = new Map(rows.map((r) => [String(r.period), r]));
  const period = periodOf(range);
  const figures: ReportFigure[] = [
    { key: 'fines', label: 'Fines charged', kind: 'count', value: Number(fines.fines) },
    money('charged', 'Charged', fines.charged),
    money('collected', 'Collected', fines.collected),
    money('discounted', 'Discounted', fines.discounted),
    money('outstanding', 'Outstanding', fines.outstanding),
    { key: 'receipts', label: 'Receipts', kind: 'count', value: Number(drawer.receipts) },
    money('cash_taken', 'Cash taken', drawer.cash),
    money('discount_given', 'Discount given', drawer.discount),
  ];
  const chart: ReportChart = {
    key: 'fines_per_period',
    title: `Fines per ${period}`,
    kind: 'bar',
    series: [
      { key: 'charged', label: 'Charged', kind: 'money' },
      { key: 'collected', label: 'Collected', kind: 'money' },
      { key: 'outstanding', label: 'Outstanding', kind: 'money' },
    ],
    points: periodLabelsBetween(range.from, range.to, period).map((label) => {
      const row = byPeriod.get(label);
      return { label, values: { charged: toDecimalString(Number(row?.charged ?? 0)), collected: toDecimalString(Number(row?.collected ?? 0)), outstanding: toDecimalString(Number(row?.outstanding ?? 0)) } };
    }),
  };
  const types = new Map((await finesByFeeType(input).execute()).map((r) => [String(r.fee_type), r]));
  const byType: ReportChart = {
    key: 'charges_by_fee_type',
    title: 'Charges by fee type',
    kind: 'bar',
    series: [
      { key: 'charged', label: 'Charged', kind: 'money' },
      { key: 'collected', label: 'Collected', kind: 'money' },
      { key: 'cancelled', label: 'Cancelled', kind: 'money' },
      { key: 'outstanding', label: 'Outstanding', kind: 'money' },
    ],
    points: FEE_TYPES.map((type) => {
      const row = types.get(type);
      const value = (key: 'charged' | 'collected' | 'cancelled' | 'outstanding') => toDecimalString(Number(row?.[key] ?? 0));
      return { label: FEE_TYPE_LABELS[type], values: { charged: value('charged'), collected: value('collected'), cancelled: value('cancelled'), outstanding: value('outstanding') } };
    }),
  };
  return { figures, charts: [chart, byType] };
}

/**
 * Reads of the fine ledger: FineRows (the pending list, a member's fines) and receipts. Each list
 * is one query for its rows (plus a count when paged); a receipt list reads its lines in one more.
 * Money leaves here as decimal strings, as the contract states.
 */
import { sql } from 'kysely';
import { matchesAny } from '../../db/like.js';
import type { Db } from '../../db/schema.js';
import { pageWindow, type PageWindow } from '../../http/paging.js';
import { toDecimalString, toMinorUnits } from '#shared/money';
import { receiptLineFigures } from '#shared/receipt-lines';
import type { PendingQuery } from './schemas.js';
import { fullName } from '#shared/person-name';
import { chargeDescription, feeTypeLabel } from '#shared/fee-types';

/** Rows a list answers without `page`. */
export const UNPAGED_LIMIT = 1000;

/** What every fine answer says of a charge: its type, its description, its copy and its cancellation. */
export interface ChargeFields {
  fee_type: string;
  fee_type_label: string;
  /** The charge in one sentence (`chargeDescription`). */
  description: string;
  note: string | null;
  copy: { id: number; accession_no: string } | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  cancelled_amount: string | null;
}

/** One fine as the lists show it (docs/API.md FineRow). Loan and book are null for a membership or manual charge. */
export interface FineRow extends ChargeFields {
  id: number;
  issued_book: number | null;
  user_id: string;
  username: string;
  member_id: string | null;
  full_name: string;
  book_id: number | null;
  book_title: string | null;
  /** The loan's status; null without a loan. */
  status: string | null;
  late_days: number;
  overdue_fine: string;
  book_price: string | null;
  amount: string;
  collected_amount: string;
  cash_in_hand: string;
  discount: string;
  remaining_fines: string;
  collected: boolean;
  created_at: string;
  return_date: string | null;
}

/**
 * Fines with their loan (`l`), copy (`fc`: the charge's own, else the loan's) and book (`b`: the
 * loan's, else the copy's), each LEFT joined: a membership or manual charge has none of them.
 */
function chargeJoins(db: Db) {
  return db
    .selectFrom('fines as f')
    .leftJoin('loans as l', 'l.id', 'f.loan_id')
    .leftJoin('copies as fc', (join) => join.on((eb) => eb('fc.id', '=', eb.fn.coalesce('f.copy_id', 'l.copy_id'))))
    .leftJoin('books as b', (join) => join.on((eb) => eb('b.id', '=', eb.fn.coalesce('l.book_id', 'fc.book_id'))));
}

/** The charge columns `toChargeFields` reads. */
const CHARGE_COLUMNS = [
  'f.fee_type', 'f.note', 'f.late_days', 'f.cancelled_at', 'f.cancel_reason', 'f.cancelled_amount', 'fc.id as copy_id', 'fc.accession_no',
  'b.id as book_id', 'b.title',
] as const;

interface ChargeColumns {
  fee_type: string;
  note: string | null;
  late_days: number;
  cancelled_at: string | null;
  cancel_reason: string | null;
  cancelled_amount: number | null;
  copy_id: number | null;
  accession_no: string | null;
  title: string | null;
}

function toChargeFields(r: ChargeColumns): ChargeFields {
  return {
    fee_type: r.fee_type,
    fee_type_label: feeTypeLabel(r.fee_type),
    description: chargeDescription({ feeType: r.fee_type, bookTitle: r.title, accessionNo: r.accession_no, note: r.note, lateDays: r.late_days }),
    note: r.note,
    copy: r.copy_id !== null && r.accession_no !== null ? { id: r.copy_id, accession_no: r.accession_no } : null,
    cancelled_at: r.cancelled_at,
    cancel_reason: r.cancel_reason,
    cancelled_amount: r.cancelled_amount === null ? null : toDecimalString(r.cancelled_amount),
  };
}

/** Fines with their loan, copy, book and member (`f`, `l`, `fc`, `b`, `u`, `p`). */
function fineRows(db: Db) {
  return chargeJoins(db)
    .innerJoin('users as u', 'u.id', 'f.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select([
      'f.id', 'f.loan_id', 'f.member_id as user_id', 'u.username', 'p.member_id', 'u.first_name', 'u.last_name',
      'p.first_name as p_first', 'p.middle_name as p_middle', 'p.last_name as p_last', ...CHARGE_COLUMNS,
      'l.status', 'l.returned_at', 'f.overdue_fine', 'f.book_price', 'f.amount', 'f.collected_amount',
      'f.discount', 'f.remaining', 'f.created_at',
    ]);
}

type FineSelect = Awaited<ReturnType<ReturnType<typeof fineRows>['execute']>>[number];

function toFineRow(r: FineSelect): FineRow {
  const profileName = fullName([r.p_first, r.p_middle, r.p_last]);
  return {
    ...toChargeFields(r),
    id: r.id,
    issued_book: r.loan_id,
    user_id: String(r.user_id),
    username: r.username,
    member_id: r.member_id,
    full_name: profileName || fullName([r.first_name, r.last_name]),
    book_id: r.book_id,
    book_title: r.title,
    status: r.status,
    late_days: r.late_days,
    overdue_fine: toDecimalString(r.overdue_fine),
    book_price: r.book_price === null ? null : toDecimalString(r.book_price),
    amount: toDecimalString(r.amount),
    collected_amount: toDecimalString(r.collected_amount),
    cash_in_hand: toDecimalString(r.collected_amount),
    discount: toDecimalString(r.discount),
    remaining_fines: toDecimalString(r.remaining),
    collected: r.remaining <= 0,
    created_at: r.created_at,
    return_date: r.returned_at ? r.returned_at.slice(0, 10) : null,
  };
}

/** Pending fines (something remaining), matching the search and member, as a base query. */
function pendingBase(db: Db, q: PendingQuery) {
  let base = fineRows(db).where('f.remaining', '>', 0);
  if (q.memberId !== undefined) base = base.where('f.member_id', '=', q.memberId);
  if (q.term) {
    base = base.where(matchesAny(q.term, ['u.username', 'p.member_id', 'u.first_name', 'u.last_name', 'b.title'].map((c) => sql.ref(c))));
  }
  return base;
}

export interface FineList {
  window?: PageWindow;
  results: FineRow[];
}

/** `GET /fines-viewset/pending/`: oldest first (created_at, id), paged or the first 1,000. */
export async function pendingFines(db: Db, q: PendingQuery): Promise<FineList> {
  let window: PageWindow | undefined;
  let limit = UNPAGED_LIMIT;
  let offset = 0;
  if (q.page) {
    const { n } = await pendingBase(db, q)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    window = pageWindow(Number(n), q.page);
    ({ limit, offset } = window);
  }
  const rows = await pendingBase(db, q).orderBy('f.created_at').orderBy('f.id').limit(limit).offset(offset).execute();
  return { ...(window ? { window } : {}), results: rows.map(toFineRow) };
}

/** A member's fines, newest first (every one, paid or not; at most 1,000). */
export async function memberFines(db: Db, memberId: number): Promise<FineRow[]> {
  const rows = await fineRows(db).where('f.member_id', '=', memberId).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(UNPAGED_LIMIT).execute();
  return rows.map(toFineRow);
}

/** These fines as FineRows, in the order of the ids given (a charge just written, a return's charges). */
export async function fineRowsByIds(db: Db, ids: readonly number[]): Promise<FineRow[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await fineRows(db).where('f.id', 'in', [...ids]).execute()).map((r) => [r.id, toFineRow(r)]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/**
 * One payment line of a receipt: the fine's amount, what earlier receipts took off it (cash paid,
 * discount) and a cancellation made before this receipt, what it owed then, this receipt's cash
 * and discount, and `remaining`, what it owed right after this receipt (`receiptLineFigures`).
 */
export interface ReceiptLine extends ChargeFields {
  fine_id: number;
  loan_id: number | null;
  book_id: number | null;
  book_title: string | null;
  amount: string;
  paid_before: string;
  discount_before: string;
  cancelled_before: string;
  owed_before: string;
  cash: string;
  discount: string;
  remaining: string;
}

/** A collection's receipt (docs/API.md Receipt). */
export interface Receipt {
  receipt_no: string;
  /** PAYMENT, or REFUND (money handed back: negative cash here and on its lines). */
  kind: 'PAYMENT' | 'REFUND';
  created_at: string;
  member: { id: number; username: string; full_name: string; member_id: string | null };
  /** The collector's username (kept as the contract had it) and his full name. */
  collected_by: string | null;
  collected_by_name: string | null;
  cash: string;
  discount: string;
  discount_reason: string | null;
  total: string;
  /** What the receipt's fines owed right before it and right after it (sums of its lines). */
  owed_before: string;
  remaining: string;
  lines: ReceiptLine[];
}

/** Receipts with their member and collector. */
function receiptRows(db: Db) {
  return db
    .selectFrom('fine_receipts as r')
    .innerJoin('users as u', 'u.id', 'r.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('users as c', 'c.id', 'r.collected_by')
    .select([
      'r.id', 'r.receipt_no', 'r.kind', 'r.created_at', 'r.cash', 'r.discount', 'r.discount_reason', 'r.member_id', 'u.username',
      'u.first_name', 'u.last_name', 'p.first_name as p_first', 'p.middle_name as p_middle', 'p.last_name as p_last',
      'p.member_id as member_no', 'c.username as collector', 'c.first_name as c_first', 'c.last_name as c_last',
    ]);
}

/** The lines of the given receipts, in one query, by receipt id. */
async function linesOf(db: Db, receiptIds: number[]): Promise<Map<number, ReceiptLine[]>> {
  const byReceipt = new Map<number, ReceiptLine[]>();
  if (receiptIds.length === 0) return byReceipt;
  const rows = await chargeJoins(db)
    .innerJoin('fine_payments as fp', 'fp.fine_id', 'f.id')
    .innerJoin('fine_receipts as fr', 'fr.id', 'fp.receipt_id')
    .select([
      'fp.receipt_id', 'fp.fine_id', 'f.loan_id', ...CHARGE_COLUMNS, 'f.amount', 'fp.cash', 'fp.discount', 'fr.created_at as receipt_at',
      // What the receipts before this one took off the fine (receipts are numbered in order), so a
      // receipt read again later tells what it told when written. Refunds (negative cash) are not payments.
      sql<number | string>`(select coalesce(sum(case when q.cash > 0 then q.cash else 0 end), 0) from fine_payments q where q.fine_id = fp.fine_id and q.receipt_id < fp.receipt_id)`.as('paid_before'),
      sql<number | string>`(select coalesce(sum(q.discount), 0) from fine_payments q where q.fine_id = fp.fine_id and q.receipt_id < fp.receipt_id)`.as('discount_before'),
      sql<number | string>`(select coalesce(sum(-q.cash), 0) from fine_payments q where q.fine_id = fp.fine_id and q.cash < 0)`.as('refunded'),
    ])
    .where('fp.receipt_id', 'in', receiptIds)
    .orderBy('fp.receipt_id')
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
  for (const r of rows) {
    const list = byReceipt.get(r.receipt_id) ?? [];
    const figures = receiptLineFigures({
      amount: r.amount,
      cash: r.cash,
      discount: r.discount,
      paidBefore: Number(r.paid_before),
      discountBefore: Number(r.discount_before),
      cancelledByThen: r.cancelled_at !== null && r.cancelled_at <= r.receipt_at ? Number(r.cancelled_amount ?? 0) : 0,
      refunded: Number(r.refunded),
    });
    list.push({
      ...toChargeFields(r),
      fine_id: r.fine_id,
      loan_id: r.loan_id,
      book_id: r.book_id,
      book_title: r.title,
      amount: toDecimalString(r.amount),
      paid_before: toDecimalString(Number(r.paid_before)),
      discount_before: toDecimalString(Number(r.discount_before)),
      cancelled_before: toDecimalString(figures.cancelledBefore),
      owed_before: toDecimalString(figures.owedBefore),
      cash: toDecimalString(r.cash),
      discount: toDecimalString(r.discount),
      remaining: toDecimalString(figures.remaining),
    });
    byReceipt.set(r.receipt_id, list);
  }
  return byReceipt;
}

type ReceiptSelect = Awaited<ReturnType<ReturnType<typeof receiptRows>['execute']>>[number];

const toReceipt = (r: ReceiptSelect, lines: ReceiptLine[]): Receipt => ({
  receipt_no: r.receipt_no,
  kind: r.kind,
  created_at: r.created_at,
  member: {
    id: r.member_id,
    username: r.username,
    full_name: fullName([r.p_first, r.p_middle, r.p_last]) || fullName([r.first_name, r.last_name]),
    member_id: r.member_no,
  },
  collected_by: r.collector,
  collected_by_name: r.collector === null ? null : fullName([r.c_first, r.c_last]) || r.collector,
  cash: toDecimalString(r.cash),
  discount: toDecimalString(r.discount),
  discount_reason: r.discount_reason,
  total: toDecimalString(r.cash + r.discount),
  owed_before: toDecimalString(lines.reduce((sum, line) => sum + (toMinorUnits(line.owed_before) ?? 0), 0)),
  remaining: toDecimalString(lines.reduce((sum, line) => sum + (toMinorUnits(line.remaining) ?? 0), 0)),
  lines,
});

/** A member's receipts, newest first (at most 1,000). */
export async function memberReceipts(db: Db, memberId: number): Promise<Receipt[]> {
  const rows = await receiptRows(db).where('r.member_id', '=', memberId).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(UNPAGED_LIMIT).execute();
  const lines = await linesOf(db, rows.map((r) => r.id));
  return rows.map((r) => toReceipt(r, lines.get(r.id) ?? []));
}

/** One receipt by its number, or undefined. */
export async function receiptByNumber(db: Db, receiptNo: string): Promise<Receipt | undefined> {
  const row = await receiptRows(db).where('r.receipt_no', '=', receiptNo).executeTakeFirst();
  if (!row) return undefined;
  const lines = await linesOf(db, [row.id]);
  return toReceipt(row, lines.get(row.id) ?? []);
}

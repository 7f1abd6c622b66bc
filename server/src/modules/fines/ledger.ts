/**
 * The fine ledger, the one place that writes charges (each with its fee type), receipts, payments,
 * cancellations and refunds, and keeps the member's defaulter flag true to what he owes. The return (circulation) charges a fine and may settle it
 * at once; the fines desk collects later. Callers pass their transaction handle, so the ledger
 * rows land together with the loan change and its audit entry, or not at all. Money in minor units.
 */
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { fineCharges, type Fine, type FineShare } from '#shared/fines';
import type { FeeType } from '#shared/fee-types';

/** A receipt number: `R-YYYYMMDD-000123` (date of the collection, the receipt's id). */
export const receiptNumber = (id: number, at: string): string => `R-${at.slice(0, 10).replace(/-/g, '')}-${String(id).padStart(6, '0')}`;

/** One charge to write to the ledger. Money in minor units. */
export interface ChargeSpec {
  memberId: number;
  feeType: FeeType;
  amount: number;
  /** The loan it is for (overdue, lost, processing, damage of a lent copy); null for membership and manual charges. */
  loanId?: number | null;
  /** The copy a lost, processing or damage charge is for. */
  copyId?: number | null;
  note?: string | null;
  /** The staff member charging (null: the product itself, e.g. at a return made from the command line). */
  createdBy?: number | null;
  lateDays?: number;
  overdueFine?: number;
  bookPrice?: number | null;
}

/** Writes one charge of any fee type; answers its id. Callers audit it in the same transaction. */
export async function addCharge(db: Db, charge: ChargeSpec): Promise<number> {
  const now = nowIso();
  const amount = Math.max(0, Math.trunc(charge.amount));
  const row = await db
    .insertInto('fines')
    .values({
      loan_id: charge.loanId ?? null,
      member_id: charge.memberId,
      fee_type: charge.feeType,
      copy_id: charge.copyId ?? null,
      note: charge.note?.trim() || null,
      created_by: charge.createdBy ?? null,
      late_days: charge.lateDays ?? 0,
      overdue_fine: charge.overdueFine ?? (charge.feeType === 'overdue' ? amount : 0),
      book_price: charge.bookPrice ?? null,
      amount,
      collected_amount: 0,
      discount: 0,
      remaining: amount,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes the charges of a returned loan (`fineCharges`): its overdue fine (also a zero fine, so
 * reports see every return's outcome), and when lost the copy's price and the processing fee, each
 * a row of its type. Answers the rows' ids and amounts in that order (a return's collection is
 * spread over them, overdue first).
 */
export async function chargeFine(
  db: Db,
  loan: { id: number; memberId: number; copyId?: number | null },
  fine: Fine,
  createdBy: number | null = null,
): Promise<{ id: number; feeType: FeeType; remaining: number }[]> {
  const written: { id: number; feeType: FeeType; remaining: number }[] = [];
  for (const charge of fineCharges(fine)) {
    const overdue = charge.feeType === 'overdue';
    const id = await addCharge(db, {
      memberId: loan.memberId,
      feeType: charge.feeType,
      amount: charge.amount,
      loanId: loan.id,
      copyId: overdue ? null : loan.copyId ?? null,
      createdBy,
      lateDays: overdue ? fine.lateDays : 0,
      overdueFine: overdue ? fine.overdueFine : 0,
      bookPrice: charge.feeType === 'lost' ? fine.bookPrice : null,
    });
    written.push({ id, feeType: charge.feeType, remaining: Math.max(0, charge.amount) });
  }
  return written;
}

/**
 * Cancels what is still owed on a charge (remaining → 0; payments already taken stay), recording
 * when, by whom, why and how much. Answers the amount cancelled, or null when the charge does not
 * exist, is already cancelled or owes nothing. Callers audit it and refresh the defaulter flag.
 */
export async function cancelCharge(db: Db, fineId: number, by: number | null, reason: string): Promise<number | null> {
  const fine = await db.selectFrom('fines').select(['id', 'remaining', 'cancelled_at']).where('id', '=', fineId).executeTakeFirst();
  if (!fine || fine.cancelled_at !== null || fine.remaining <= 0) return null;
  const now = nowIso();
  // Conditional on what was read: a payment landing at the same moment leaves this one to retry.
  const done = await db
    .updateTable('fines')
    .set({ remaining: 0, cancelled_at: now, cancelled_by: by, cancel_reason: reason.trim(), cancelled_amount: fine.remaining, updated_at: now })
    .where('id', '=', fine.id)
    .where('remaining', '=', fine.remaining)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 0 ? null : fine.remaining;
}

/**
 * Hands back the cash paid on a charge (cancel what it still owes first): one REFUND receipt with
 * negative cash (so every sum of collections nets it out), its payment line, and the charge's
 * collected amount moved to its cancelled amount.
 * Answers the receipt number, or null when nothing was paid in cash.
 */
export async function refundCharge(db: Db, fineId: number, memberId: number, by: number | null): Promise<{ receiptNo: string; amount: number } | null> {
  const fine = await db.selectFrom('fines').select(['id', 'collected_amount']).where('id', '=', fineId).executeTakeFirst();
  if (!fine || fine.collected_amount <= 0) return null;
  const now = nowIso();
  const amount = fine.collected_amount;
  const receipt = await db
    .insertInto('fine_receipts')
    .values({ receipt_no: `pending-${now}-${Math.random().toString(36).slice(2)}`, kind: 'REFUND', member_id: memberId, cash: -amount, discount: 0, discount_reason: null, collected_by: by, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receiptNo = receiptNumber(receipt.id, now);
  await db.updateTable('fine_receipts').set({ receipt_no: receiptNo }).where('id', '=', receipt.id).execute();
  await db.insertInto('fine_payments').values({ receipt_id: receipt.id, fine_id: fine.id, cash: -amount, discount: 0 }).execute();
  // What was refunded counts as cancelled: amount = collected + discount + remaining + cancelled_amount stays true.
  await db
    .updateTable('fines')
    .set((eb) => ({ collected_amount: 0, cancelled_amount: eb(eb.fn.coalesce('cancelled_amount', eb.lit(0)), '+', amount), updated_at: now }))
    .where('id', '=', fine.id)
    .where('collected_amount', '=', amount)
    .execute();
  return { receiptNo, amount };
}

export interface Collection {
  memberId: number;
  /** The staff member taking the money (null from the command line). */
  collectedBy: number | null;
  /** Each fine's share, from `spreadCollection` (shares of 0 and 0 are skipped). */
  shares: readonly FineShare[];
  discountReason?: string | null | undefined;
}

/**
 * Applies a collection to the fines and records it as one receipt with a payment line per fine.
 * Answers the receipt number, or null when nothing was paid or waived. The shares must come from
 * the fines' current `remaining` read in the same transaction (the caller's `spreadCollection`).
 */
export async function recordCollection(db: Db, collection: Collection): Promise<string | null> {
  const lines = collection.shares.filter((share) => share.cash > 0 || share.discount > 0);
  if (lines.length === 0) return null;
  const now = nowIso();
  const cash = lines.reduce((sum, line) => sum + line.cash, 0);
  const discount = lines.reduce((sum, line) => sum + line.discount, 0);
  const receipt = await db
    .insertInto('fine_receipts')
    .values({
      // Numbered from the id just below; a unique placeholder until then.
      receipt_no: `pending-${now}-${Math.random().toString(36).slice(2)}`,
      member_id: collection.memberId,
      cash,
      discount,
      discount_reason: collection.discountReason?.trim() || null,
      collected_by: collection.collectedBy,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receiptNo = receiptNumber(receipt.id, now);
  await db.updateTable('fine_receipts').set({ receipt_no: receiptNo }).where('id', '=', receipt.id).execute();
  await db
    .insertInto('fine_payments')
    .values(lines.map((line) => ({ receipt_id: receipt.id, fine_id: line.id, cash: line.cash, discount: line.discount })))
    .execute();
  for (const line of lines) {
    await db
      .updateTable('fines')
      .set((eb) => ({
        collected_amount: eb('collected_amount', '+', line.cash),
        discount: eb('discount', '+', line.discount),
        remaining: line.remaining,
        updated_at: now,
      }))
      .where('id', '=', line.id)
      .execute();
  }
  return receiptNo;
}

/** What a member owes now (minor units), one query. */
export async function amountOwed(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('fines')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('remaining'), eb.lit(0)).as('owed'))
    .where('member_id', '=', memberId)
    .where('remaining', '>', 0)
    .executeTakeFirst();
  return Number(row?.owed ?? 0);
}

/** Sets the member's defaulter flag from what he owes: a defaulter exactly while a fine remains. Answers the flag. */
export async function refreshDefaulter(db: Db, memberId: number): Promise<boolean> {
  const defaulter = (await amountOwed(db, memberId)) > 0;
  await db.updateTable('member_profiles').set({ is_defaulter: defaulter ? 1 : 0 }).where('user_id', '=', memberId).execute();
  return defaulter;
}

/**
 * The fine ledger, the one place that writes fines, receipts and payments and keeps the member's
 * defaulter flag true to what he owes. The return (circulation) charges a fine and may settle it
 * at once; the fines desk collects later. Callers pass their transaction handle, so the ledger
 * rows land together with the loan change and its audit entry, or not at all. Money in minor units.
 */
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import type { Fine, FineShare } from '#shared/fines';

/** A receipt number: `R-YYYYMMDD-000123` (date of the collection, the receipt's id). */
export const receiptNumber = (id: number, at: string): string => `R-${at.slice(0, 10).replace(/-/g, '')}-${String(id).padStart(6, '0')}`;

/** Writes the fine of a returned loan (also a zero fine, so reports see every return's outcome); answers its id. */
export async function chargeFine(db: Db, loan: { id: number; memberId: number }, fine: Fine): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('fines')
    .values({
      loan_id: loan.id,
      member_id: loan.memberId,
      late_days: fine.lateDays,
      overdue_fine: fine.overdueFine,
      book_price: fine.bookPrice,
      amount: fine.total,
      collected_amount: 0,
      discount: 0,
      remaining: fine.total,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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

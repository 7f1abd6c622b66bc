/**
 * The fines desk: collecting on a member's fines and who may read whose fines. A collection is
 * one transaction: the member, his selected fines with something remaining (oldest first, locked
 * on PostgreSQL), the spread (`spreadCollection`: discount first, then cash), the ledger's
 * receipt and defaulter flag, and the audit entry; any refusal writes nothing.
 */
import { inTransaction } from '../../db/transactions.js';
import type { AppContext, AuthUser } from '../../context.js';
import { dialectOfDb } from '../../db/connection.js';
import type { Db } from '../../db/schema.js';
import { badRequest, nonFieldError, notFound, permissionDenied } from '../../errors.js';
import { formatMoney, toDecimalString } from '#shared/money';
import { spreadCollection } from '#shared/fines';
import { collectTooMuchMessage } from '#shared/collect-messages';
import { recordAudit } from '../audit/service.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';
import { recordCollection, refreshDefaulter } from './ledger.js';
import { receiptByNumber, type Receipt } from './queries.js';
import { FINE_MESSAGES, type CollectInput } from './schemas.js';

export const MEMBER_NOT_FOUND = 'Member not found';
export const NO_FINES = 'No fines found for given issued_ids';
export const ALL_SETTLED = 'All specified fines are already fully paid or fully discounted.';

/** The answer of a collection. */
export interface CollectResult {
  detail: string;
  member_id: number;
  full_payment: boolean;
  /** Nothing remains on any selected fine. */
  all_fully_paid_selected: boolean;
  /** Null when nothing was paid or waived (never, since such a collection is refused). */
  receipt_no: string | null;
  /** What still remains on the selected fines, "0.00" when settled. */
  remaining_total: string;
  /** The receipt as `GET /fines/receipts/{receipt_no}/` answers it (each fine before and after), to show and print at once. */
  receipt?: Receipt;
}

/** The message for a collection larger than what is owed (the contract's wording). */
export const tooMuchMessage = (asked: number, owed: number): string => collectTooMuchMessage(formatMoney(asked), formatMoney(owed));

/** 404 unless the user id is a member (deleted members keep their fines, so they count). */
async function requireMember(db: Db, memberId: number | undefined): Promise<number> {
  if (memberId === undefined) throw notFound(MEMBER_NOT_FOUND);
  const row = await db.selectFrom('users').select('id').where('id', '=', memberId).where('role', '=', 'MEMBER').executeTakeFirst();
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row.id;
}

/** `POST /fines-viewset/collect/`. */
export async function collectFines(ctx: Pick<AppContext, 'db' | 'notices'>, actor: AuthUser, input: CollectInput): Promise<CollectResult> {
  const result = await inTransaction(ctx.db, async (trx) => {
    const memberId = await requireMember(trx, input.memberId);
    let query = trx
      .selectFrom('fines')
      .select(['id', 'loan_id', 'remaining'])
      .where('member_id', '=', memberId)
      // `fine_ids` names the exact charges (one charge of a loan's several, or one without a loan) and
      // then decides alone; `issued_ids` (the original contract's) takes every charge of those loans.
      .where((eb) => (input.fineIds.length > 0 ? eb('id', 'in', input.fineIds) : eb('loan_id', 'in', input.loanIds)))
      .orderBy('created_at')
      .orderBy('id');
    // Two desks collecting at once: the second waits and reads what the first left (SQLite
    // serialises write transactions by itself).
    if (dialectOfDb(ctx.db) === 'postgres') query = query.forUpdate();
    const fines = await query.execute();
    if (fines.length === 0) throw notFound(NO_FINES);
    const open = fines.filter((f) => f.remaining > 0);
    if (open.length === 0) throw badRequest(ALL_SETTLED);

    const owed = open.reduce((sum, f) => sum + f.remaining, 0);
    const cash = input.fullPayment ? owed - input.discount : input.collected;
    if (input.discount > owed || cash + input.discount > owed) throw nonFieldError(tooMuchMessage(Math.max(cash, 0) + input.discount, owed));
    if (cash + input.discount === 0) throw nonFieldError(FINE_MESSAGES.nothing);

    const spread = spreadCollection(open, input.discount, cash);
    const receiptNo = await recordCollection(trx, { memberId, collectedBy: actor.id, shares: spread.shares, discountReason: input.discountReason });
    const defaulter = await refreshDefaulter(trx, memberId);
    const left = spread.shares.reduce((sum, share) => sum + share.remaining, 0);
    await recordAudit(trx, {
      userId: actor.id,
      action: 'FINE_COLLECTED',
      entity: 'member',
      entityId: memberId,
      before: { owed_on_selected: owed },
      after: {
        receipt_no: receiptNo,
        cash,
        discount: input.discount,
        discount_reason: input.discountReason,
        full_payment: input.fullPayment,
        shares: spread.shares,
        remaining_on_selected: left,
        is_defaulter: defaulter,
      },
    });
    // The member hears of the cash he paid (a discount alone is no payment).
    if (cash > 0) await queueNotice(trx, { type: 'fine_collected', userId: memberId, facts: { amount: cash }, linkUrl: NOTICE_LINKS.fines });
    return {
      detail: 'Fines updated successfully.',
      member_id: memberId,
      full_payment: input.fullPayment,
      all_fully_paid_selected: left === 0,
      receipt_no: receiptNo,
      remaining_total: toDecimalString(left),
    };
  });
  ctx.notices.kick();
  const receipt = result.receipt_no === null ? undefined : await receiptByNumber(ctx.db, result.receipt_no);
  return receipt ? { ...result, receipt } : result;
}

/**
 * Whether the user may read this member's fines and receipts: staff with `view_fine`, or the
 * member himself. Another member gets 403; staff get 404 for an id that is not a member.
 */
export async function requireFineReader(ctx: AppContext, user: AuthUser, memberId: number | undefined): Promise<number> {
  if (user.role === 'MEMBER') {
    if (memberId !== user.id) throw permissionDenied();
    return user.id;
  }
  if (!(await ctx.access.hasPermission(user, 'view_fine'))) throw permissionDenied();
  return requireMember(ctx.db, memberId);
}

/** A receipt for staff with `view_fine` or the member it belongs to; 404 for anyone else's or an unknown number. */
export async function readReceipt(ctx: AppContext, user: AuthUser, receiptNo: string | null): Promise<Receipt> {
  if (user.role !== 'MEMBER' && !(await ctx.access.hasPermission(user, 'view_fine'))) throw permissionDenied();
  const receipt = receiptNo === null ? undefined : await receiptByNumber(ctx.db, receiptNo);
  if (!receipt || (user.role === 'MEMBER' && receipt.member.id !== user.id)) throw notFound();
  return receipt;
}

/**
 * Charges staff make and cancel by hand (`POST /fines/charges/`, `POST /fines/{id}/cancel/`), and
 * what every new charge does besides its ledger row: the member's defaulter flag refreshed and the
 * "Charge imposed" notice naming the charge in words. Each is one transaction with its audit entry;
 * a refusal writes nothing. Circulation's lost and damaged copies use `announceCharge` too.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { badRequest, notFound, ValidationError } from '../../errors.js';
import { CHARGE_MESSAGES } from '#shared/fee-types';
import { toMinorUnits } from '#shared/money';
import { recordAudit } from '../audit/service.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';
import { addCharge, cancelCharge, refreshDefaulter } from './ledger.js';
import { fineRowsByIds, type FineRow } from './queries.js';
import type { ChargeInput } from './schemas.js';

export const CHARGE_REFUSALS = {
  memberNotFound: 'Member not found.',
  loanNotFound: 'This loan does not exist or is not this member’s.',
  copyNotFound: 'No copy has this id.',
} as const;

/** The FineRow of a charge just written or changed, read in the caller's transaction. */
export async function fineRowOf(trx: Db, fineId: number): Promise<FineRow> {
  const [row] = await fineRowsByIds(trx, [fineId]);
  if (!row) throw notFound();
  return row;
}

/**
 * After a new charge: refreshes the member's defaulter flag and queues the "Charge imposed" notice
 * ("Damage to the copy ACC-00042 of "Moby-Dick": Rs. 120.00"). Answers the charge's FineRow.
 */
export async function announceCharge(trx: Db, fineId: number): Promise<FineRow> {
  const row = await fineRowOf(trx, fineId);
  const memberId = Number(row.user_id);
  await refreshDefaulter(trx, memberId);
  await queueNotice(trx, {
    type: 'fine_imposed',
    userId: memberId,
    facts: { charge: row.description, amount: toMinorUnits(row.remaining_fines) ?? 0, ...(row.book_title ? { book_title: row.book_title } : {}) },
    linkUrl: NOTICE_LINKS.fines,
  });
  return row;
}

/** `POST /fines/charges/`: a manual, damage or processing charge to a member, optionally for a loan of his and a copy. */
export async function addManualCharge(ctx: Pick<AppContext, 'db' | 'notices'>, actor: AuthUser, input: ChargeInput): Promise<FineRow> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('users').select(['id']).where('id', '=', input.member).where('role', '=', 'MEMBER').where('deleted_at', 'is', null).executeTakeFirst();
    if (!member) throw ValidationError.field('member', CHARGE_REFUSALS.memberNotFound);
    let copyId = input.copy ?? null;
    if (input.loan !== undefined) {
      const loan = await trx.selectFrom('loans').select(['id', 'copy_id']).where('id', '=', input.loan).where('member_id', '=', member.id).executeTakeFirst();
      if (!loan) throw ValidationError.field('loan', CHARGE_REFUSALS.loanNotFound);
      if (input.feeType !== 'manual') copyId ??= loan.copy_id;
    }
    if (input.copy !== undefined && !(await trx.selectFrom('copies').select('id').where('id', '=', input.copy).executeTakeFirst())) {
      throw ValidationError.field('copy', CHARGE_REFUSALS.copyNotFound);
    }
    const fineId = await addCharge(trx, { memberId: member.id, feeType: input.feeType, amount: input.amount, loanId: input.loan ?? null, copyId, note: input.note, createdBy: actor.id });
    await recordAudit(trx, {
      userId: actor.id,
      action: 'CHARGE_ADDED',
      entity: 'fine',
      entityId: fineId,
      after: { member_id: member.id, fee_type: input.feeType, amount: input.amount, note: input.note, loan_id: input.loan ?? null, copy_id: copyId },
    });
    return announceCharge(trx, fineId);
  });
  ctx.notices.kick();
  return row;
}

/** `POST /fines/{id}/cancel/`: what is still owed on a charge is cancelled with a reason (payments stay). */
export async function cancelFine(ctx: Pick<AppContext, 'db'>, actor: AuthUser, fineId: number, reason: string): Promise<FineRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const fine = await trx.selectFrom('fines').select(['id', 'member_id', 'remaining', 'cancelled_at', 'fee_type', 'amount']).where('id', '=', fineId).executeTakeFirst();
    if (!fine) throw notFound();
    if (fine.cancelled_at !== null) throw badRequest(CHARGE_MESSAGES.alreadyCancelled);
    if (fine.remaining <= 0) throw badRequest(CHARGE_MESSAGES.nothingOwed);
    const cancelled = await cancelCharge(trx, fine.id, actor.id, reason);
    // A payment or another cancellation landed between the read and the update.
    if (cancelled === null) throw badRequest(CHARGE_MESSAGES.nothingOwed);
    const defaulter = await refreshDefaulter(trx, fine.member_id);
    await recordAudit(trx, {
      userId: actor.id,
      action: 'CHARGE_CANCELLED',
      entity: 'fine',
      entityId: fine.id,
      before: { remaining: fine.remaining, fee_type: fine.fee_type, amount: fine.amount },
      after: { remaining: 0, cancelled_amount: cancelled, reason, member_id: fine.member_id, is_defaulter: defaulter },
    });
    return fineRowOf(trx, fine.id);
  });
}

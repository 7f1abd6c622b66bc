/**
 * Undoing a return made today by mistake: the loan is open again (ISSUED, no return date), its
 * copy on loan again (a copy the return set aside for the next in line is taken back from that
 * hold, which waits again at its place; a copy a lost return took out of the stock comes back and
 * its title is ACTIVE again), and the charges the return wrote (overdue, lost, processing) are
 * deleted. Refused when the return was recorded before the library's today, when money was taken
 * or waived on those charges, or when one was cancelled, so no receipt ever names a charge that
 * is gone. One transaction with its RETURN_UNDONE audit entry.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/values.js';
import { badRequest, notFound } from '../../errors.js';
import { COPY_STATUS_LABELS } from '#shared/copies';
import { recordAudit } from '../audit/service.js';
import { refreshDefaulter } from '../fines/ledger.js';
import { moveCopy } from '../copies/stock.js';
import { libraryToday } from '../../lib/library-clock.js';
import { readSettings } from '../settings/service.js';
import { copyHolds } from './copy-events.js';
import { titleBackInStock } from './loan-copies.js';
import { loanRecord, type IssuedRecord } from './queries.js';
import { ISSUE_MESSAGES } from './service.js';

export const UNDO_MESSAGES = {
  notReturned: 'This loan has not been returned.',
  notToday: 'Only a return made today can be undone.',
  paid: 'Money was paid or waived on this return; it cannot be undone.',
  cancelled: 'A charge of this return was cancelled; it cannot be undone.',
  copyMoved: (status: keyof typeof COPY_STATUS_LABELS) => `The copy is ${COPY_STATUS_LABELS[status].toLowerCase()} now; the return cannot be undone.`,
  /** Why the copy's history records it back on loan (after a lost return). */
  copyReason: 'Return undone',
} as const;

/** The fee types a return writes (`chargeFine`); other charges on the loan (damage) stay. */
const RETURN_FEE_TYPES = ['overdue', 'lost', 'processing'] as const;

/** Undoes a return made today (see the module's note); answers the loan's IssuedRecord. */
export async function undoReturn(ctx: Pick<AppContext, 'db'>, actor: AuthUser, loanId: number): Promise<IssuedRecord> {
  try {
    await ctx.db.transaction().execute((trx) => undoInTransaction(trx, actor, loanId));
  } catch (error) {
    // The partial unique index: the member has this title on loan again since.
    if (isUniqueViolation(error)) throw badRequest(ISSUE_MESSAGES.alreadyHeld);
    throw error;
  }
  return (await loanRecord(ctx.db, loanId))!;
}

async function undoInTransaction(trx: Db, actor: AuthUser, loanId: number): Promise<void> {
  const loan = await trx.selectFrom('loans').selectAll().where('id', '=', loanId).executeTakeFirst();
  if (!loan) throw notFound();
  if (loan.returned_at === null) throw badRequest(UNDO_MESSAGES.notReturned);
  const { timezone } = await readSettings(trx);
  // The return wrote `updated_at` (a backdated return made today may still be undone).
  if (libraryToday(timezone, new Date(loan.updated_at)) !== libraryToday(timezone)) throw badRequest(UNDO_MESSAGES.notToday);
  const charges = await trx
    .selectFrom('fines')
    .select(['id', 'fee_type', 'amount', 'remaining', 'collected_amount', 'discount', 'cancelled_at'])
    .where('loan_id', '=', loan.id)
    .where('fee_type', 'in', RETURN_FEE_TYPES)
    .orderBy('id')
    .execute();
  if (charges.some((charge) => charge.cancelled_at !== null)) throw badRequest(UNDO_MESSAGES.cancelled);
  const paidLines = charges.length === 0 ? [] : await trx.selectFrom('fine_payments').select('id').where('fine_id', 'in', charges.map((charge) => charge.id)).limit(1).execute();
  if (paidLines.length > 0 || charges.some((charge) => charge.collected_amount !== 0 || charge.discount !== 0)) throw badRequest(UNDO_MESSAGES.paid);
  const open = await trx.selectFrom('loans').select('id').where('member_id', '=', loan.member_id).where('book_id', '=', loan.book_id).where('returned_at', 'is', null).executeTakeFirst();
  if (open) throw badRequest(ISSUE_MESSAGES.alreadyHeld);

  // The copy back on loan: from the shelf, from the hold the return made, or from the lost stock.
  let copyBefore: string | null = null;
  let holdReleased: number | undefined;
  if (loan.copy_id !== null) {
    const copy = await trx.selectFrom('copies').select(['id', 'status']).where('id', '=', loan.copy_id).executeTakeFirstOrThrow();
    copyBefore = copy.status;
    let moved = false;
    if (copy.status === 'AVAILABLE') moved = (await moveCopy(trx, copy.id, ['AVAILABLE'], 'ON_LOAN', { event: false })) !== undefined;
    else if (copy.status === 'ON_HOLD') {
      holdReleased = await copyHolds().onReturnUndone(trx, copy.id, actor.id);
      moved = (await moveCopy(trx, copy.id, ['ON_HOLD'], 'ON_LOAN', { event: false })) !== undefined;
    } else if (copy.status === 'LOST' && loan.status !== 'RETURNED') {
      moved = (await moveCopy(trx, copy.id, ['LOST'], 'ON_LOAN', { reason: UNDO_MESSAGES.copyReason, actorId: actor.id })) !== undefined;
      if (moved) await titleBackInStock(trx, loan.book_id);
    }
    if (!moved) {
      const now = await trx.selectFrom('copies').select('status').where('id', '=', copy.id).executeTakeFirstOrThrow();
      throw badRequest(UNDO_MESSAGES.copyMoved(now.status));
    }
  }
  if (charges.length > 0) await trx.deleteFrom('fines').where('id', 'in', charges.map((charge) => charge.id)).execute();
  const reopened = await trx
    .updateTable('loans')
    .set({ status: 'ISSUED', returned_at: null, returned_by: null, updated_at: nowIso() })
    .where('id', '=', loan.id)
    .where('returned_at', '=', loan.returned_at)
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) === 0) throw notFound();
  const isDefaulter = await refreshDefaulter(trx, loan.member_id);
  await recordAudit(trx, {
    userId: actor.id,
    action: 'RETURN_UNDONE',
    entity: 'loan',
    entityId: loan.id,
    before: {
      status: loan.status,
      returned_at: loan.returned_at,
      returned_by: loan.returned_by,
      copy_status: copyBefore,
      charges: charges.map((charge) => ({ id: charge.id, fee_type: charge.fee_type, amount: charge.amount, remaining: charge.remaining })),
    },
    after: { status: 'ISSUED', returned_at: null, returned_by: null, copy_status: loan.copy_id === null ? null : 'ON_LOAN', charges: [], hold_released: holdReleased ?? null, is_defaulter: isDefaulter },
  });
}

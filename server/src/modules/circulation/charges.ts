/**
 * Lost and damaged copies as actions of their own. Marking a loan lost is the return with status
 * LOST (`returnBook`: overdue, lost and processing charges, the copy LOST), audited as
 * LOAN_MARKED_LOST instead of BOOK_RETURNED; its answer adds the charges written. Charging for a
 * damaged copy lives here, not in copies (which may not import circulation): the member who has
 * the copy on loan, else its last borrower, is charged (`damage`), and the copy is marked DAMAGED
 * through `copies/stock.ts`, all with COPY_DAMAGE_CHARGED in one transaction.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { notFound, ValidationError } from '../../errors.js';
import { COPY_MESSAGES, type CopyStatus } from '#shared/copies';
import { recordAudit } from '../audit/service.js';
import { moveCopy } from '../copies/stock.js';
import { readCopy } from '../copies/service.js';
import type { CopyView } from '../copies/queries.js';
import { addCharge } from '../fines/ledger.js';
import { announceCharge } from '../fines/charges.js';
import { fineRowsByIds, type FineRow } from '../fines/queries.js';
import { returnBook, type ReturnAnswer } from './service.js';
import type { DamageInput, LostInput } from './schemas.js';

export const DAMAGE_MESSAGES = {
  noBorrower: 'Nobody has borrowed this copy.',
} as const;

/** Statuses a copy may be marked damaged from with its charge (on the shelf, or out on the loan being charged). */
const DAMAGEABLE: readonly CopyStatus[] = ['AVAILABLE', 'ON_LOAN'];

/** `POST /books/issued-books/{id}/lost/`: the loan closed as LOST; the ReturnAnswer plus the charges written. */
export async function markLoanLost(
  ctx: Pick<AppContext, 'db' | 'notices'>,
  actor: AuthUser,
  loanId: number,
  input: LostInput,
  handlesMoney: boolean,
): Promise<ReturnAnswer & { charges: FineRow[] }> {
  let fineIds: number[] = [];
  const answer = await returnBook(
    ctx,
    actor,
    loanId,
    { returnDate: undefined, collected: input.collected, discount: input.discount, discountReason: input.discountReason, status: 'LOST' },
    {
      handlesMoney,
      auditAction: 'LOAN_MARKED_LOST',
      onCharged: async (trx, ids) => {
        fineIds = ids;
        // The note says how the copy was lost; it is kept on the lost charge.
        if (input.note) await trx.updateTable('fines').set({ note: input.note, updated_at: nowIso() }).where('id', 'in', ids).where('fee_type', '=', 'lost').execute();
      },
    },
  );
  return { ...answer, charges: await fineRowsByIds(ctx.db, fineIds) };
}

/** The member a copy's damage is charged to: the open loan's, else the last borrower's (with that loan). */
async function borrowerOf(trx: Db, copyId: number): Promise<{ loanId: number; memberId: number; open: boolean } | undefined> {
  const loan = await trx
    .selectFrom('loans')
    .select(['id', 'member_id', 'returned_at'])
    .where('copy_id', '=', copyId)
    .orderBy((eb) => eb.case().when('returned_at', 'is', null).then(0).else(1).end())
    .orderBy('returned_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return loan ? { loanId: loan.id, memberId: loan.member_id, open: loan.returned_at === null } : undefined;
}

/** `POST /books/copies/{id}/damage/`: the damage charge and, with `markDamaged`, the copy DAMAGED. */
export async function chargeDamagedCopy(ctx: Pick<AppContext, 'db' | 'notices'>, actor: AuthUser, copyId: number, input: DamageInput): Promise<{ charge: FineRow; copy: CopyView }> {
  const charge = await ctx.db.transaction().execute(async (trx) => {
    const copy = await trx.selectFrom('copies').select(['id', 'book_id', 'status', 'accession_no']).where('id', '=', copyId).executeTakeFirst();
    if (!copy) throw notFound();
    const borrower = await borrowerOf(trx, copy.id);
    if (!borrower) throw ValidationError.field('copy', DAMAGE_MESSAGES.noBorrower);
    let marked = false;
    if (input.markDamaged && copy.status !== 'DAMAGED') {
      if (!DAMAGEABLE.includes(copy.status)) throw ValidationError.field('mark_damaged', COPY_MESSAGES.transition(copy.status, 'DAMAGED'));
      // Conditional on the status read: a desk moving the copy at the same moment refuses this one.
      if (!(await moveCopy(trx, copy.id, [copy.status], 'DAMAGED', { reason: input.note, actorId: actor.id }))) {
        throw ValidationError.field('mark_damaged', COPY_MESSAGES.transition(copy.status, 'DAMAGED'));
      }
      marked = true;
    }
    const fineId = await addCharge(trx, { memberId: borrower.memberId, feeType: 'damage', amount: input.amount, loanId: borrower.loanId, copyId: copy.id, note: input.note, createdBy: actor.id });
    await recordAudit(trx, {
      userId: actor.id,
      action: 'COPY_DAMAGE_CHARGED',
      entity: 'copy',
      entityId: copy.id,
      before: { status: copy.status },
      after: { status: marked ? 'DAMAGED' : copy.status, fine_id: fineId, member_id: borrower.memberId, loan_id: borrower.loanId, amount: input.amount, note: input.note, book_id: copy.book_id },
    });
    return announceCharge(trx, fineId);
  });
  ctx.notices.kick();
  return { charge, copy: await readCopy(ctx.db, copyId) };
}

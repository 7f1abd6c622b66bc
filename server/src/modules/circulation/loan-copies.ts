/**
 * Which physical copy a loan takes and what becomes of it on return. An issue names a copy by its
 * barcode or accession number, or only its title (then the copy held for the member, else the
 * shelf copy with the lowest copy number). A copy held for someone else is never lent; a copy not
 * on the shelf is refused. On return the copy goes back on the shelf, or is held for the next in
 * line; a lost or written-off copy leaves the stock. Every status change goes through
 * `copies/stock.ts` (conditional updates: of two desks racing for one copy, one is refused), which
 * also recounts the title.
 */
import type { CopyRow, Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { ValidationError } from '../../errors.js';
import { COPY_MESSAGES } from '#shared/copies';
import type { ReturnStatus } from '#shared/fines';
import { findCopyByCode } from '../copies/queries.js';
import { moveCopy, takeShelfCopy } from '../copies/stock.js';
import { copyHolds, type CopyRef, type HeldCopy, type HeldFor } from './copy-events.js';

/** Why a copy left the stock at a return, kept in its history (`copy_events`). */
export const LOST_COPY_REASONS: Readonly<Record<Exclude<ReturnStatus, 'RETURNED'>, string>> = {
  LOST: 'Returned as lost',
  WRITE_OFF: 'Written off',
};

/** The copy whose barcode or accession number is `code` (the copies module's one lookup), as stored. */
export async function copyByCode(trx: Db, code: string): Promise<CopyRow | undefined> {
  const id = await findCopyByCode(trx, code);
  return id === undefined ? undefined : trx.selectFrom('copies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How an answer names a copy (null for a loan closed before copies were tracked). */
export const copyRef = (copy: Pick<CopyRow, 'id' | 'accession_no' | 'barcode'> | undefined): CopyRef | null =>
  copy ? { id: copy.id, accession_no: copy.accession_no, barcode: copy.barcode } : null;

/** The refusal on `book` when no copy of the title can be lent. */
export const NO_COPIES = 'No available copies for this book.';

/**
 * Takes the copy an issue lends (ON_LOAN) and answers its id: `asked` (the scanned copy, of this
 * title already), else the copy held for the member, else one from the shelf. The member's own
 * held copy may be scanned; another's is refused.
 */
export async function takeLoanCopy(trx: Db, bookId: number, asked: CopyRow | undefined, held: HeldCopy | undefined): Promise<number> {
  if (asked) {
    if (asked.status === 'ON_HOLD') {
      if (held?.copyId !== asked.id) throw ValidationError.field('copy', COPY_MESSAGES.heldForAnother);
      if (!(await moveCopy(trx, asked.id, ['ON_HOLD'], 'ON_LOAN', { event: false }))) throw ValidationError.field('copy', COPY_MESSAGES.notAvailable);
      return asked.id;
    }
    if (!(await takeShelfCopy(trx, bookId, { copyId: asked.id }))) throw ValidationError.field('copy', COPY_MESSAGES.notAvailable);
    return asked.id;
  }
  if (held && held.copyId !== null) {
    if (!(await moveCopy(trx, held.copyId, ['ON_HOLD'], 'ON_LOAN', { event: false }))) throw ValidationError.field('book', NO_COPIES);
    return held.copyId;
  }
  const taken = await takeShelfCopy(trx, bookId);
  if (!taken) throw ValidationError.field('book', NO_COPIES);
  return taken.id;
}

/**
 * A loan's copy back at the desk (the loan already closed, in its transaction). Returned: held for
 * the first in line (answered) or shelved. Lost or written off: the copy becomes LOST with its
 * reason, and the title itself is marked so only when no copy of it is left in stock.
 */
export async function returnLoanCopy(
  trx: Db,
  loan: { bookId: number; copy: CopyRow | undefined; status: ReturnStatus },
  today: string,
  actorId: number | null,
): Promise<HeldFor | undefined> {
  const { copy } = loan;
  if (loan.status !== 'RETURNED') {
    // A copy charged as damaged while out (DAMAGED, its loan still open) is lost all the same.
    if (copy) await moveCopy(trx, copy.id, ['ON_LOAN', 'DAMAGED'], 'LOST', { reason: LOST_COPY_REASONS[loan.status], actorId });
    const { total_copies } = await trx.selectFrom('books').select('total_copies').where('id', '=', loan.bookId).executeTakeFirstOrThrow();
    if (Number(total_copies) === 0) await trx.updateTable('books').set({ status: loan.status, updated_at: nowIso() }).where('id', '=', loan.bookId).execute();
    return undefined;
  }
  // A loan with no copy (closed before copies were tracked) cannot be open; nothing to put back then.
  if (copy?.status !== 'ON_LOAN') return undefined;
  const heldFor = await copyHolds().onCopyReturned(trx, loan.bookId, copy.id, today, actorId);
  await moveCopy(trx, copy.id, ['ON_LOAN'], heldFor ? 'ON_HOLD' : 'AVAILABLE', { event: false });
  return heldFor;
}

/** Why a lost or missing copy came back into the stock, kept in its history (`copy_events`). */
export const FOUND_COPY_REASON = 'Found at check-in';

/** Marks a title that lost its last copy (LOST, WRITE_OFF) ACTIVE again now that a copy is back in stock. */
export async function titleBackInStock(trx: Db, bookId: number): Promise<void> {
  await trx.updateTable('books').set({ status: 'ACTIVE', updated_at: nowIso() }).where('id', '=', bookId).where('status', 'in', ['LOST', 'WRITE_OFF']).execute();
}

/**
 * A LOST or MISSING copy scanned at the desk: back in the stock, held for the first in line as a
 * returned copy is (answered), else on the shelf; its title ACTIVE again. The move out of LOST or
 * MISSING is the gate: of two desks finding one copy at once, the second hears `false`, nothing written.
 */
export async function shelveFoundCopy(trx: Db, copy: Pick<CopyRow, 'id' | 'book_id'>, today: string, actorId: number | null): Promise<{ heldFor: HeldFor | undefined } | false> {
  if (!(await moveCopy(trx, copy.id, ['LOST', 'MISSING'], 'AVAILABLE', { reason: FOUND_COPY_REASON, actorId }))) return false;
  await titleBackInStock(trx, copy.book_id);
  const heldFor = await copyHolds().onCopyReturned(trx, copy.book_id, copy.id, today, actorId);
  if (heldFor) await moveCopy(trx, copy.id, ['AVAILABLE'], 'ON_HOLD', { event: false });
  return { heldFor };
}

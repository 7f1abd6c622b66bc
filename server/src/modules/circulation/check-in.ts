/**
 * Check-in by scanning the copy: the scanned code (barcode or accession number, the copies
 * module's one lookup) finds the copy's open loan (index `loans_copy`), and the return itself is
 * `returnBook`'s, with its fine, money rules and hold for the next in line. A copy not on loan says
 * so; a LOST or MISSING one is found: back in the stock (or held for the next in line, as a returned
 * copy is), its open lost and processing charges cancelled (and what was paid refunded when the
 * library's `lost_found_action` is REFUND), its title ACTIVE again, all audited in one transaction.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { CopyRow, Db } from '../../db/schema.js';
import { ApiError, ValidationError } from '../../errors.js';
import { COPY_MESSAGES, COPY_STATUS_LABELS, type CopyStatus } from '#shared/copies';
import { RETURN_MONEY_MESSAGES } from '#shared/fines';
import { toDecimalString } from '#shared/money';
import { fullName } from '#shared/person-name';
import { recordAudit } from '../audit/service.js';
import { cancelCharge, refreshDefaulter, refundCharge } from '../fines/ledger.js';
import { readDeskRules } from '../settings/desk-rules.js';
import type { HeldFor } from './copy-events.js';
import { copyByCode, shelveFoundCopy } from './loan-copies.js';
import { deskToday } from './queries.js';
import type { CheckInInput } from './schemas.js';
import { returnBook, type ReturnAnswer } from './service.js';

export const CHECK_IN_MESSAGES = {
  notOnLoan: (accessionNo: string, status: CopyStatus) => `${accessionNo} is not on loan (${COPY_STATUS_LABELS[status].toLowerCase()}).`,
  found: (accessionNo: string, from: CopyStatus) => `${accessionNo} was ${COPY_STATUS_LABELS[from].toLowerCase()} and is found: back in stock.`,
  foundHeld: (accessionNo: string, from: CopyStatus, name: string) => `${accessionNo} was ${COPY_STATUS_LABELS[from].toLowerCase()} and is found: held for ${name}.`,
  /** The reason a found copy's charges are cancelled with. */
  chargeReason: 'The lost copy was found.',
  /** A refund is money: only fine collectors hand it back. */
  refundNeedsCollector: 'Money paid for this lost copy is to be refunded. Only staff who may collect fines can check it in.',
} as const;

/** The slip put in a copy set aside for a hold: whom for, and until when. */
export interface HoldSlip {
  reservation_id: number;
  member: { id: number; full_name: string; member_id: string | null };
  book_title: string;
  accession_no: string | null;
  hold_until: string;
}

/** A check-in whose copy was on loan: the return's answer, its member and book named in full. */
export interface CheckInReturned extends Omit<ReturnAnswer, 'member' | 'book'> {
  result: 'RETURNED';
  member: { id: number; full_name: string; member_id: string | null };
  book: { id: number; title: string };
  hold_slip: HoldSlip | null;
}

/** A check-in whose copy was not on loan (FOUND: a lost or missing copy put back). */
export interface CheckInNotOnLoan {
  result: 'NOT_ON_LOAN' | 'FOUND';
  copy: { id: number; accession_no: string; barcode: string; status: CopyStatus };
  book: { id: number; title: string };
  message: string;
  cancelled: string;
  refunded: string;
  refund_receipt_no: string | null;
  /** Every refund receipt written (one per charge refunded), first one also in `refund_receipt_no`. */
  refund_receipts: string[];
  hold_slip: HoldSlip | null;
}

export type CheckInAnswer = CheckInReturned | CheckInNotOnLoan;

const holdSlip = (held: HeldFor | null | undefined, bookTitle: string): HoldSlip | null =>
  held
    ? {
        reservation_id: held.reservation_id,
        member: { id: held.member.id, full_name: held.member.full_name, member_id: held.member.member_id },
        book_title: bookTitle,
        accession_no: held.copy?.accession_no ?? null,
        hold_until: held.hold_until,
      }
    : null;

/** The open loan of a copy with its borrower and title (one query on `loans_copy`). */
function openLoanOfCopy(db: Db, copyId: number) {
  return db
    .selectFrom('loans as l')
    .innerJoin('books as b', 'b.id', 'l.book_id')
    .innerJoin('users as u', 'u.id', 'l.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['l.id', 'l.member_id', 'b.id as book_id', 'b.title', 'u.username', 'u.first_name', 'u.last_name', 'p.member_id as member_number'])
    .where('l.copy_id', '=', copyId)
    .where('l.returned_at', 'is', null)
    .executeTakeFirst();
}

/** The return's field names as this call names them. */
const CHECK_IN_FIELDS: Readonly<Record<string, string>> = { returnDate: 'return_date', fine_collected_amount: 'collected' };

/**
 * Checks a scanned copy in. Money (collected, discount, a lowering backdate) only for
 * `handlesMoney` staff, as at a return. An unknown code is a 404 on `barcode`.
 */
export async function checkIn(
  ctx: Pick<AppContext, 'db' | 'notices'>,
  actor: AuthUser,
  input: CheckInInput,
  { handlesMoney }: { handlesMoney: boolean },
): Promise<CheckInAnswer> {
  if (!handlesMoney && (input.collected > 0 || input.discount > 0)) throw new ApiError(403, { detail: RETURN_MONEY_MESSAGES.notAllowed });
  const copy = await copyByCode(ctx.db, input.barcode);
  if (!copy) throw new ApiError(404, { barcode: [COPY_MESSAGES.notFound] });
  const loan = await openLoanOfCopy(ctx.db, copy.id);
  if (loan) {
    let answer: ReturnAnswer;
    try {
      answer = await returnBook(
        ctx,
        actor,
        loan.id,
        { returnDate: input.returnDate, collected: input.collected, discount: input.discount, discountReason: input.discountReason, status: 'RETURNED' },
        { handlesMoney },
      );
    } catch (error) {
      // Another desk returned it first: the copy is simply not on loan now.
      if (error instanceof ApiError && error.statusCode === 404) return notOnLoan(ctx, actor, copy.id, handlesMoney);
      if (error instanceof ValidationError) throw renamedFields(error);
      throw error;
    }
    return {
      ...answer,
      result: 'RETURNED',
      member: { id: loan.member_id, full_name: fullName([loan.first_name, loan.last_name]) || loan.username, member_id: loan.member_number },
      book: { id: loan.book_id, title: loan.title },
      hold_slip: holdSlip(answer.held_for, loan.title),
    };
  }
  return notOnLoan(ctx, actor, copy.id, handlesMoney);
}

function renamedFields(error: ValidationError): ValidationError {
  return new ValidationError(Object.fromEntries(Object.entries(error.fields).map(([name, messages]) => [CHECK_IN_FIELDS[name] ?? name, messages])));
}

/** A copy with no open loan: NOT_ON_LOAN, or FOUND when it was LOST or MISSING (see the module's note). */
async function notOnLoan(ctx: Pick<AppContext, 'db' | 'notices'>, actor: AuthUser, copyId: number, handlesMoney: boolean): Promise<CheckInNotOnLoan> {
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const copy = await trx.selectFrom('copies').selectAll().where('id', '=', copyId).executeTakeFirstOrThrow();
    const book = await trx.selectFrom('books').select(['id', 'title', 'status', 'total_copies', 'available_copies']).where('id', '=', copy.book_id).executeTakeFirstOrThrow();
    const plain = (status: CopyStatus): CheckInNotOnLoan => ({
      result: 'NOT_ON_LOAN',
      copy: { id: copy.id, accession_no: copy.accession_no, barcode: copy.barcode, status },
      book: { id: book.id, title: book.title },
      message: CHECK_IN_MESSAGES.notOnLoan(copy.accession_no, status),
      cancelled: toDecimalString(0),
      refunded: toDecimalString(0),
      refund_receipt_no: null,
      refund_receipts: [],
      hold_slip: null,
    });
    if (copy.status !== 'LOST' && copy.status !== 'MISSING') return plain(copy.status);
    const { today } = await deskToday(trx);
    const shelved = await shelveFoundCopy(trx, copy, today, actor.id);
    // Found by another desk a moment ago: now it is simply in stock.
    if (!shelved) return plain((await trx.selectFrom('copies').select('status').where('id', '=', copy.id).executeTakeFirstOrThrow()).status);
    const settled = await settleFoundCharges(trx, copy, actor.id, handlesMoney);
    const status: CopyStatus = shelved.heldFor ? 'ON_HOLD' : 'AVAILABLE';
    const after = await trx.selectFrom('books').select(['status', 'total_copies', 'available_copies']).where('id', '=', book.id).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      userId: actor.id,
      action: 'LOST_COPY_FOUND',
      entity: 'copy',
      entityId: copy.id,
      before: { status: copy.status, book: { status: book.status, total_copies: book.total_copies, available_copies: book.available_copies } },
      after: { status, held_for: shelved.heldFor?.reservation_id ?? null, charges: settled.charges, cancelled: settled.cancelled, refunded: settled.refunded, refund_receipts: settled.receipts, book: after },
    });
    return {
      ...plain(status),
      result: 'FOUND' as const,
      message: shelved.heldFor ? CHECK_IN_MESSAGES.foundHeld(copy.accession_no, copy.status, shelved.heldFor.member.full_name) : CHECK_IN_MESSAGES.found(copy.accession_no, copy.status),
      cancelled: toDecimalString(settled.cancelled),
      refunded: toDecimalString(settled.refunded),
      refund_receipt_no: settled.receipts[0] ?? null,
      refund_receipts: settled.receipts,
      hold_slip: holdSlip(shelved.heldFor, book.title),
    };
  });
  if (answer.hold_slip) ctx.notices.kick();
  return answer;
}

/**
 * A found copy's open lost and processing charges (not cancelled): what is still owed cancelled,
 * and with REFUND what was paid in cash handed back (only by a fine collector: anyone else gets a
 * 403 and nothing is written); each audited; the members' defaulter flags refreshed. Answers the totals (minor units) and the refund receipts.
 */
async function settleFoundCharges(trx: Db, copy: CopyRow, actorId: number, handlesMoney: boolean) {
  const { lostFoundAction } = await readDeskRules(trx);
  const charges = await trx
    .selectFrom('fines')
    .select(['id', 'member_id', 'fee_type', 'remaining', 'collected_amount'])
    .where('copy_id', '=', copy.id)
    .where('fee_type', 'in', ['lost', 'processing'])
    .where('cancelled_at', 'is', null)
    .orderBy('id')
    .execute();
  // Handing money back is moving money: refused whole (the transaction writes nothing) for anyone else.
  if (lostFoundAction === 'REFUND' && !handlesMoney && charges.some((charge) => charge.collected_amount > 0)) {
    throw new ApiError(403, { detail: CHECK_IN_MESSAGES.refundNeedsCollector });
  }
  let cancelled = 0;
  let refunded = 0;
  const receipts: string[] = [];
  for (const charge of charges) {
    const amount = await cancelCharge(trx, charge.id, actorId, CHECK_IN_MESSAGES.chargeReason);
    if (amount !== null) {
      cancelled += amount;
      await recordAudit(trx, { userId: actorId, action: 'CHARGE_CANCELLED', entity: 'fine', entityId: charge.id, before: { remaining: charge.remaining }, after: { remaining: 0, cancelled_amount: amount, reason: CHECK_IN_MESSAGES.chargeReason, copy_id: copy.id } });
    }
    if (lostFoundAction !== 'REFUND') continue;
    const refund = await refundCharge(trx, charge.id, charge.member_id, actorId);
    if (refund) {
      refunded += refund.amount;
      receipts.push(refund.receiptNo);
      await recordAudit(trx, { userId: actorId, action: 'CHARGE_REFUNDED', entity: 'fine', entityId: charge.id, before: { collected_amount: charge.collected_amount }, after: { collected_amount: 0, refunded: refund.amount, receipt_no: refund.receiptNo, copy_id: copy.id } });
    }
  }
  for (const memberId of new Set(charges.map((charge) => charge.member_id))) await refreshDefaulter(trx, memberId);
  return { charges: charges.map((charge) => charge.id), cancelled, refunded, receipts };
}

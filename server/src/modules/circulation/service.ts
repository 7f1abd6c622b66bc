/**
 * The circulation rules: issue a copy, change a loan's due date, take a book back (with its fine
 * settled through the fine ledger). Each change is one transaction with its audit entry; which
 * copy a loan takes and gives back is loan-copies.ts (through `copies/stock.ts`, whose conditional
 * updates keep two desks from both taking the last copy). Renewals live in renewals.ts; the reads
 * in queries.ts.
 */
import type { AppContext, AuthUser } from '../../context.js';
import { dialectOfDb } from '../../db/connection.js';
import type { CopyRow, Db, LoanRow } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/values.js';
import { inTransaction } from '../../db/transactions.js';
import { ApiError, nonFieldError, notFound, ValidationError } from '../../errors.js';
import { AMOUNT_MESSAGES, formatMoney, toDecimalString } from '#shared/money';
import { addDays, nextOpenDay } from '#shared/dates';
import { dueDateProblem, issueDateProblem, LOAN_DATE_MESSAGES, returnDateProblem } from '#shared/loan-dates';
import { backdatingWaiver, computeFine, RETURN_MONEY_MESSAGES, settlementProblem, spreadCollection, type ReturnStatus } from '#shared/fines';
import { recordAudit } from '../audit/service.js';
import { chargeFine, recordCollection, refreshDefaulter } from '../fines/ledger.js';
import { loanRulesFor } from '../members/plans.js';
import { readDeskRules } from '../settings/desk-rules.js';
import { memberStateOf } from '#shared/member-state';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';
import { deskToday, loanRecord, type Desk, type IssuedRecord } from './queries.js';
import { auditOverride, enforceBlocks } from './blocks.js';
import { copyHolds, type CopyRef, type HeldFor } from './copy-events.js';
import { copyByCode, copyRef, NO_COPIES, returnLoanCopy, takeLoanCopy } from './loan-copies.js';
import { lockCopyCounts } from '../copies/stock.js';
import { COPY_MESSAGES } from '#shared/copies';
import { chargeDescription } from '#shared/fee-types';
import type { IssueInput, ReturnInput } from './schemas.js';

export const ISSUE_MESSAGES = {
  bookNotFound: 'Book not found.',
  memberNotFound: 'Member not found.',
  inactive: "This member's account is not active.",
  lost: 'This book is lost or written off and cannot be issued.',
  dueBeforeIssue: LOAN_DATE_MESSAGES.dueBeforeIssue,
  alreadyHeld: 'This member already has this book issued and not yet returned.',
  noCopies: NO_COPIES,
  // {n} is what he holds now: more than the limit when his plan's limit was lowered since.
  limit: (held: number, max: number) => `This member already has ${held} ${held === 1 ? 'book' : 'books'} issued. Max allowed is ${max}.`,
} as const;

/** The member an issue is for: exists, is a MEMBER, not deleted (whether he may borrow now is the blocks' question). */
async function borrowerOf(trx: Db, memberId: number) {
  const member = await trx
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'role', 'is_active', 'is_declined', 'approved_at', 'deleted_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member || member.role !== 'MEMBER' || member.deleted_at !== null) throw ValidationError.field('member', ISSUE_MESSAGES.memberNotFound);
  return member;
}

/** The member a reservation is for: exists, is a MEMBER, not deleted, active (placing a hold is not blocked otherwise). */
export async function issuableMember(trx: Db, memberId: number) {
  const member = await borrowerOf(trx, memberId);
  if (memberStateOf(member) !== 'active') throw ValidationError.field('member', ISSUE_MESSAGES.inactive);
  return member;
}


/**
 * The issue transaction: checks every rule, takes the copy (the one scanned, else the one held
 * for the member, else one from the shelf), writes the loan naming it and its audit entry, and
 * with `notify` queues the "Book issued" notice in it (the demo seeding sends none). Answers the
 * loan id; the caller kicks the notice dispatcher after commit.
 */
export async function lendCopy(db: Db, actor: AuthUser | null, input: IssueInput, options: { notify?: boolean } = {}): Promise<{ loanId: number; desk: Desk }> {
  try {
    return await inTransaction(db, async (trx) => {
      // The copy counts' lock before the member's or any copy's row (stock.ts says why).
      await lockCopyCounts(trx);
      let asked: CopyRow | undefined;
      if (input.copy !== undefined) {
        asked = await copyByCode(trx, input.copy);
        if (!asked) throw ValidationError.field('copy', COPY_MESSAGES.notFound);
        if (input.book !== undefined && asked.book_id !== input.book) throw ValidationError.field('copy', COPY_MESSAGES.wrongTitle);
      }
      const bookId = input.book ?? asked!.book_id;
      const book = await trx.selectFrom('books').select(['id', 'title', 'author', 'status']).where('id', '=', bookId).executeTakeFirst();
      if (!book) throw ValidationError.field('book', ISSUE_MESSAGES.bookNotFound);
      const member = await borrowerOf(trx, input.member);
      if (book.status !== 'ACTIVE') throw ValidationError.field('book', ISSUE_MESSAGES.lost);
      // Serialise issues to one member on PostgreSQL, so two desks cannot both pass his limit.
      // (SQLite runs one write transaction at a time already.)
      if (dialectOfDb(trx) === 'postgres') {
        await trx.selectFrom('member_profiles').select('id').where('user_id', '=', member.id).forUpdate().execute();
      }
      const rules = await loanRulesFor(trx, member.id);
      const desk = await deskToday(trx);
      const issueDate = input.issueDate ?? desk.today;
      const issueProblem = issueDateProblem(issueDate, desk.today);
      if (issueProblem) throw ValidationError.field('issue_date', issueProblem);
      // A due date staff typed is kept; the default one on a closed day moves to the next open day.
      const dueDate = input.dueDate ?? nextOpenDay(addDays(issueDate, rules.loanPeriodDays), desk.calendar);
      const dueProblem = dueDateProblem(dueDate, issueDate);
      if (dueProblem) throw ValidationError.field('due_date', dueProblem);
      const heldAlready = await trx.selectFrom('loans').select('id').where('member_id', '=', member.id).where('book_id', '=', book.id).where('returned_at', 'is', null).executeTakeFirst();
      if (heldAlready) throw ValidationError.field('book', ISSUE_MESSAGES.alreadyHeld);
      // The blocks (his account, membership, fines, overdue loans, the loan limit) refuse the issue unless overridden with a reason.
      const override = await enforceBlocks(trx, actor, member.id, 'issue', input.overrideReason);
      // A copy held for him (his FULFILLED reservation of the title) is the one he takes, unless he brought another.
      const held = await copyHolds().heldCopyFor(trx, book.id, member.id);
      const copyId = await takeLoanCopy(trx, book.id, asked, held);
      const now = nowIso();
      const loan = await trx
        .insertInto('loans')
        .values({ book_id: book.id, member_id: member.id, copy_id: copyId, issue_date: issueDate, due_date: dueDate, returned_at: null, status: 'ISSUED', renewals: 0, issued_by: actor?.id ?? null, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: actor?.id ?? null, action: 'BOOK_ISSUED', entity: 'loan', entityId: loan.id, after: { ...loan, title: book.title } });
      if (override) await auditOverride(trx, actor, loan.id, override);
      if (held !== undefined && !(await copyHolds().onHeldCopyLent(trx, held, loan.id, copyId, actor?.id ?? null))) throw ValidationError.field('book', ISSUE_MESSAGES.noCopies);
      if (options.notify) await queueNotice(trx, { type: 'book_issued', userId: member.id, facts: { book_title: book.title, due_date: dueDate }, linkUrl: NOTICE_LINKS.loans });
      return { loanId: loan.id, desk };
    });
  } catch (error) {
    // The partial unique index is the final word on "already holds this title".
    if (isUniqueViolation(error)) throw ValidationError.field('book', ISSUE_MESSAGES.alreadyHeld);
    throw error;
  }
}

/** Lends one copy (scanned, or of a title) to a member and sends him the "Book issued" notice. Answers the new loan's IssuedRecord. */
export async function issueBook(ctx: Pick<AppContext, 'db' | 'notices'>, actor: AuthUser | null, input: IssueInput): Promise<IssuedRecord> {
  const { loanId, desk } = await lendCopy(ctx.db, actor, input, { notify: true });
  ctx.notices.kick();
  return (await loanRecord(ctx.db, loanId, desk))!;
}

/** An open loan, or 404. */
async function openLoan(trx: Db, loanId: number): Promise<LoanRow> {
  const loan = await trx.selectFrom('loans').selectAll().where('id', '=', loanId).where('returned_at', 'is', null).executeTakeFirst();
  if (!loan) throw notFound();
  return loan;
}

/** Moves an open loan's due date (the Issue dialog's Update). Audited; answers the IssuedRecord. */
export async function changeDueDate(ctx: Pick<AppContext, 'db'>, actor: AuthUser, loanId: number, dueDate: string): Promise<IssuedRecord> {
  await ctx.db.transaction().execute(async (trx) => {
    const loan = await openLoan(trx, loanId);
    const problem = dueDateProblem(dueDate, loan.issue_date);
    if (problem) throw ValidationError.field('due_date', problem);
    const moved = await trx.updateTable('loans').set({ due_date: dueDate, updated_at: nowIso() }).where('id', '=', loan.id).where('returned_at', 'is', null).executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw notFound();
    await recordAudit(trx, { userId: actor.id, action: 'LOAN_DUE_DATE_CHANGED', entity: 'loan', entityId: loan.id, before: { due_date: loan.due_date }, after: { due_date: dueDate } });
  });
  return (await loanRecord(ctx.db, loanId))!;
}

/** The answer of a return (docs/API.md). */
export interface ReturnAnswer {
  id: number;
  book: number;
  member: number;
  /** The copy taken back. */
  copy: CopyRef | null;
  returnDate: string;
  status: ReturnStatus;
  fine_details: {
    late_days: number;
    overdue_fine: string;
    book_price: string | null;
    total_fine: string;
    fineCollectedAmount: string;
    discount: string;
    remaining_fine: string;
  };
  isDefaulter: boolean;
  receipt_no: string | null;
  /** The next in line the returned copy is now held for, if anyone waited. */
  held_for: HeldFor | null;
}

/** A 403 that says which money rule refused the return. */
const moneyRefused = (detail: string): ApiError => new ApiError(403, { detail });

/**
 * Takes a book back: the fine (late days at the member's rate, plus the price when lost or
 * written off) is charged and what was paid or waived recorded on a receipt, all with the loan
 * change and its audit entry in one transaction. A returned copy goes back on the shelf (or is
 * held for the next in line); a lost one leaves the stock, charged at its own price (else the
 * book's), and the title is marked lost only when no copy is left in stock. A return that
 * leaves something to pay queues the "Fine imposed" notice in the same transaction, when a
 * dispatcher is given to deliver it (the demo seeding gives none and sends nothing).
 *
 * Money moves only for `handlesMoney` staff (the fine collectors; the demo seeding, with no actor,
 * too): anyone else gets a 403 for an amount or a discount, and for a return date before today
 * that lowers the fine, which is a waiver by another name; the audit entry records what such a
 * backdating removed. Without money the whole fine is recorded as owed.
 */
export async function returnBook(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'notices'>>,
  actor: AuthUser | null,
  loanId: number,
  input: ReturnInput,
  // Marking a loan lost (circulation/charges.ts) audits it as such and sees the charges written.
  { handlesMoney = actor === null, auditAction = 'BOOK_RETURNED', onCharged }: { handlesMoney?: boolean; auditAction?: 'BOOK_RETURNED' | 'LOAN_MARKED_LOST'; onCharged?: (trx: Db, fineIds: number[]) => Promise<void> } = {},
): Promise<ReturnAnswer> {
  if (!handlesMoney && (input.collected > 0 || input.discount > 0)) throw moneyRefused(RETURN_MONEY_MESSAGES.notAllowed);
  const answer = await inTransaction(ctx.db, async (trx) => {
    // The copy counts' lock before any row (stock.ts says why).
    await lockCopyCounts(trx);
    const loan = await openLoan(trx, loanId);
    const { today } = await deskToday(trx);
    const returnDate = input.returnDate ?? today;
    const dateProblem = returnDateProblem(returnDate, loan.issue_date, today);
    if (dateProblem) throw ValidationError.field('returnDate', dateProblem);
    const book = await trx.selectFrom('books').selectAll().where('id', '=', loan.book_id).executeTakeFirstOrThrow();
    const copy = loan.copy_id === null ? undefined : await trx.selectFrom('copies').selectAll().where('id', '=', loan.copy_id).executeTakeFirst();
    const rules = await loanRulesFor(trx, loan.member_id);
    const desk = await readDeskRules(trx);
    const lost = input.status !== 'RETURNED';
    // A lost copy is charged its own price, else the book's, and the processing fee; the plan's
    // cap and the library's calendar shape the overdue fine.
    const fineInput = {
      dueDate: loan.due_date,
      returnDate,
      finePerDay: rules.finePerDay,
      cap: rules.maxOverdueFine,
      calendar: desk.calendar,
      countClosedDays: desk.countClosedDays,
      bookPrice: copy?.price ?? book.price,
      lost,
      processingFee: desk.processingFee,
    };
    const fine = computeFine(fineInput);
    const backdated = backdatingWaiver({ ...fineInput, today });
    if (backdated.waived > 0 && !handlesMoney) throw moneyRefused(RETURN_MONEY_MESSAGES.backdating(formatMoney(backdated.waived)));
    const problem = settlementProblem(fine.total, { collected: input.collected, discount: input.discount });
    if (problem === AMOUNT_MESSAGES.negative) {
      throw ValidationError.field(input.collected < 0 ? 'fine_collected_amount' : 'discount', problem);
    }
    if (problem) throw nonFieldError(problem);

    const now = nowIso();
    // Only an open loan is closed: a second desk returning it at once finds nothing to update.
    const closed = await trx
      .updateTable('loans')
      .set({ returned_at: returnDate, status: input.status, returned_by: actor?.id ?? null, updated_at: now })
      .where('id', '=', loan.id)
      .where('returned_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) throw notFound();
    // Someone waits for the title: the copy is held for the first in line instead of shelved.
    const heldFor = await returnLoanCopy(trx, { bookId: book.id, copy, status: input.status }, today, actor?.id ?? null);
    const charges = await chargeFine(trx, { id: loan.id, memberId: loan.member_id, copyId: copy?.id ?? null }, fine, actor?.id ?? null);
    await onCharged?.(trx, charges.map((charge) => charge.id));
    let receiptNo: string | null = null;
    if (input.collected > 0 || input.discount > 0) {
      const { shares } = spreadCollection(charges, input.discount, input.collected);
      receiptNo = await recordCollection(trx, { memberId: loan.member_id, collectedBy: actor?.id ?? null, shares, discountReason: input.discountReason ?? null });
    }
    const isDefaulter = await refreshDefaulter(trx, loan.member_id);
    const after = await trx.selectFrom('books').select(['available_copies', 'total_copies', 'status']).where('id', '=', book.id).executeTakeFirstOrThrow();
    const remaining = fine.total - input.collected - input.discount;
    await recordAudit(trx, {
      userId: actor?.id ?? null,
      action: auditAction,
      entity: 'loan',
      entityId: loan.id,
      before: { status: loan.status, returned_at: null, copy_id: loan.copy_id, book: { available_copies: book.available_copies, total_copies: book.total_copies, status: book.status } },
      after: {
        status: input.status,
        returned_at: returnDate,
        fine: fine.total,
        collected: input.collected,
        discount: input.discount,
        discount_reason: input.discountReason ?? null,
        remaining,
        receipt_no: receiptNo,
        book: after,
        ...(backdated.waived > 0 ? { fine_waived_by_backdating: { fine_at_today: backdated.fineToday, fine_charged: backdated.fineCharged, waived: backdated.waived } } : {}),
      },
    });
    if (ctx.notices && remaining > 0) {
      await queueNotice(trx, { type: 'fine_imposed', userId: loan.member_id, facts: { book_title: book.title, amount: remaining, days_late: fine.lateDays, charge: chargeDescription({ feeType: lost ? 'lost' : 'overdue', bookTitle: book.title, accessionNo: copy?.accession_no, lateDays: fine.lateDays }) }, linkUrl: NOTICE_LINKS.fines });
    }
    return {
      id: loan.id,
      book: loan.book_id,
      member: loan.member_id,
      copy: copyRef(copy),
      returnDate,
      status: input.status,
      fine_details: {
        late_days: fine.lateDays,
        overdue_fine: toDecimalString(fine.overdueFine),
        book_price: fine.bookPrice === null ? null : toDecimalString(fine.bookPrice),
        total_fine: toDecimalString(fine.total),
        fineCollectedAmount: toDecimalString(input.collected),
        discount: toDecimalString(input.discount),
        remaining_fine: toDecimalString(remaining),
      },
      isDefaulter,
      receipt_no: receiptNo,
      held_for: heldFor ?? null,
    };
  });
  ctx.notices?.kick();
  return answer;
}

/**
 * Renewals: a loan still out, not overdue, renewed fewer than `library_settings.max_renewals`
 * times and with no reservation waiting gets a new due date (old due date + the member's loan
 * period). Renew-all tries each of a member's loans in one transaction and says which were
 * refused and why. Every renewal is audited.
 */
import type { AppContext, AuthUser } from '../../context.js';
import { dialectOfDb } from '../../db/connection.js';
import type { Db, LoanRow } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { badRequest, notFound } from '../../errors.js';
import { addDays, nextOpenDay, parseDate, type LibraryCalendar } from '#shared/dates';
import { renewalDateProblem } from '#shared/loan-dates';
import { isOverdue } from '#shared/overdue';
import { recordAudit } from '../audit/service.js';
import { loanRulesFor } from '../members/plans.js';
import { readDeskRules } from '../settings/desk-rules.js';
import { deskToday, loanRows, selectRecord, toRecord, type IssuedRecord } from './queries.js';
import { auditOverride, enforceBlocks } from './blocks.js';

export const RENEW_MESSAGES = {
  reserved: 'A reservation is waiting for this title; the loan cannot be renewed.',
  most: (n: number) => `This loan has been renewed ${n} ${n === 1 ? 'time' : 'times'}, the most allowed.`,
  overdue: 'An overdue loan cannot be renewed; return it and settle the fine.',
} as const;

/** Which of these titles someone waits for (a PENDING reservation in the queue), in one query. */
export async function titlesWaitedFor(db: Db, bookIds: readonly number[]): Promise<Set<number>> {
  if (bookIds.length === 0) return new Set();
  const rows = await db.selectFrom('reservations').select('book_id').distinct().where('book_id', 'in', [...new Set(bookIds)]).where('status', '=', 'PENDING').execute();
  return new Set(rows.map((row) => row.book_id));
}

/** The due date a renewal by `periodDays` gives, moved off a closed day (the stored one as is when it does not read: refused by the date rule). */
const renewedDueDate = (loan: LoanRow, periodDays: number, calendar: LibraryCalendar): string =>
  parseDate(loan.due_date) === loan.due_date ? nextOpenDay(addDays(loan.due_date, periodDays), calendar) : loan.due_date;

/** Why a loan cannot be renewed by `periodDays`, or null; `waited` is whether someone waits for its title. */
function renewalProblem(loan: LoanRow, waited: boolean, today: string, maxRenewals: number, periodDays: number, calendar: LibraryCalendar): string | null {
  if (waited) return RENEW_MESSAGES.reserved;
  if (Number(loan.renewals) >= maxRenewals) return RENEW_MESSAGES.most(Number(loan.renewals));
  if (isOverdue(loan, today)) return RENEW_MESSAGES.overdue;
  return renewalDateProblem(renewedDueDate(loan, periodDays, calendar), loan.issue_date);
}

/** Moves the due date on by the loan period and counts the renewal; audited. */
async function applyRenewal(trx: Db, actor: AuthUser, loan: LoanRow, periodDays: number, calendar: LibraryCalendar): Promise<void> {
  const dueDate = renewedDueDate(loan, periodDays, calendar);
  const renewals = Number(loan.renewals) + 1;
  // Only the loan as read: returned or renewed by another desk meanwhile, it is not renewed twice.
  const renewed = await trx
    .updateTable('loans')
    .set({ due_date: dueDate, renewals, updated_at: nowIso() })
    .where('id', '=', loan.id)
    .where('returned_at', 'is', null)
    .where('renewals', '=', Number(loan.renewals))
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 0) throw notFound();
  await recordAudit(trx, {
    userId: actor.id,
    action: 'LOAN_RENEWED',
    entity: 'loan',
    entityId: loan.id,
    before: { due_date: loan.due_date, renewals: loan.renewals },
    after: { due_date: dueDate, renewals },
  });
}

/** IssuedRecords of these loans, in the order given (one query). */
async function recordsOf(db: Db, ids: number[]): Promise<IssuedRecord[]> {
  if (ids.length === 0) return [];
  const desk = await deskToday(db);
  const rows = await selectRecord(loanRows(db)).where('l.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, toRecord(row, desk.today, desk.finePerDay, desk)]));
  return ids.map((id) => byId.get(id)).filter((r): r is IssuedRecord => r !== undefined);
}

/**
 * Renews one loan. `onlyMember`: a MEMBER renewing, who sees another member's loan as not found.
 * The member's blocks refuse it unless staff override them with `overrideReason`.
 */
export async function renewLoan(ctx: Pick<AppContext, 'db'>, actor: AuthUser, loanId: number, onlyMember: number | undefined, overrideReason?: string): Promise<IssuedRecord> {
  await ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('loans').selectAll().where('id', '=', loanId).where('returned_at', 'is', null);
    // Two renewals of one loan at once: the second waits for the first and then judges the loan it
    // left (renewed once more, or refused as renewed the most), instead of a lost update's 404.
    // SQLite runs one write transaction at a time already.
    if (dialectOfDb(trx) === 'postgres') query = query.forUpdate();
    const loan = await query.executeTakeFirst();
    if (!loan || (onlyMember !== undefined && loan.member_id !== onlyMember)) throw notFound();
    const { today, maxRenewals } = await deskToday(trx);
    const waited = (await titlesWaitedFor(trx, [loan.book_id])).has(loan.book_id);
    const { loanPeriodDays } = await loanRulesFor(trx, loan.member_id);
    const { calendar } = await readDeskRules(trx);
    const problem = renewalProblem(loan, waited, today, maxRenewals, loanPeriodDays, calendar);
    if (problem) throw badRequest(problem);
    await enforceBlocks(trx, actor, loan.member_id, 'renew', overrideReason, { loanId: loan.id });
    await applyRenewal(trx, actor, loan, loanPeriodDays, calendar);
  });
  return (await recordsOf(ctx.db, [loanId]))[0]!;
}

/** The answer of renew-all. */
export interface RenewAllAnswer {
  detail: string;
  renewed: IssuedRecord[];
  refused: { id: number; title: string; reason: string }[];
}

/**
 * Renews every open loan of a member that may be renewed, in one transaction. 404 unless a member.
 * His blocks refuse all of it unless staff override them with `overrideReason` (audited on each loan renewed).
 */
export async function renewAll(ctx: Pick<AppContext, 'db'>, actor: AuthUser, memberId: number, overrideReason?: string): Promise<RenewAllAnswer> {
  const { renewed, refused, total } = await ctx.db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('users').select('id').where('id', '=', memberId).where('role', '=', 'MEMBER').where('deleted_at', 'is', null).executeTakeFirst();
    if (!member) throw notFound('Member not found.');
    // His open loans are renewed by one desk at a time (as one loan's renewal is).
    if (dialectOfDb(trx) === 'postgres') await trx.selectFrom('loans').select('id').where('member_id', '=', memberId).where('returned_at', 'is', null).forUpdate().execute();
    const loans = await trx
      .selectFrom('loans as l')
      .innerJoin('books as b', 'b.id', 'l.book_id')
      .selectAll('l')
      .select('b.title')
      .where('l.member_id', '=', memberId)
      .where('l.returned_at', 'is', null)
      .orderBy('l.due_date')
      .orderBy('l.id')
      .execute();
    const { today, maxRenewals } = await deskToday(trx);
    const { loanPeriodDays } = await loanRulesFor(trx, memberId);
    const { calendar } = await readDeskRules(trx);
    const override = await enforceBlocks(trx, actor, memberId, 'renew', overrideReason);
    const done: number[] = [];
    const notDone: RenewAllAnswer['refused'] = [];
    const waited = await titlesWaitedFor(trx, loans.map((loan) => loan.book_id));
    for (const loan of loans) {
      const problem = renewalProblem(loan, waited.has(loan.book_id), today, maxRenewals, loanPeriodDays, calendar);
      if (problem) notDone.push({ id: loan.id, title: loan.title, reason: problem });
      else {
        await applyRenewal(trx, actor, loan, loanPeriodDays, calendar);
        if (override) await auditOverride(trx, actor, loan.id, override);
        done.push(loan.id);
      }
    }
    return { renewed: done, refused: notDone, total: loans.length };
  });
  return { detail: `Renewed ${renewed.length} of ${total} ${total === 1 ? 'loan' : 'loans'}.`, renewed: await recordsOf(ctx.db, renewed), refused };
}

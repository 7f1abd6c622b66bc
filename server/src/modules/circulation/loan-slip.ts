/**
 * The loan slip by mail (`POST /circulation/loan-slip/`): at the end of a checkout session the desk
 * mails the member the loans just issued, as the "Loan slip" notice (e-mail and in-app). Each loan
 * is one line in the library's date format: "Moby-Dick" (ACC-00042), due 11/12/2026. Only loans of
 * that member may be listed (any other id refuses the whole slip); the mailing is audited.
 */
import type { AppContext, AuthUser } from '../../context.js';
import { ApiError, ValidationError } from '../../errors.js';
import { formatDate } from '#shared/dates';
import { recordAudit } from '../audit/service.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';

/** The most loans one slip lists (a checkout session's worth, and more). */
export const LOAN_SLIP_MAX = 100;

export const LOAN_SLIP_MESSAGES = {
  sent: 'The loan slip was sent to the member.',
  noMember: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  notHis: (ids: readonly number[]) => `${ids.length === 1 ? 'Loan' : 'Loans'} ${ids.join(', ')} ${ids.length === 1 ? 'is not a loan' : 'are not loans'} of this member.`,
  turnedOff: 'The "Loan slip" notice is turned off in Notification Settings; nothing was sent.',
} as const;

/** What a slip asks: the member and his loans, in the order to list them. */
export interface LoanSlipInput {
  member: number;
  loans: number[];
}

/** One loan of a slip in words: `"Title" (ACC-00042), due 11/12/2026` (no copy: `"Title", due …`). */
export function loanSlipLine(loan: { title: string; accessionNo: string | null; dueDate: string }, dateFormat: string | null): string {
  const due = formatDate(loan.dueDate, dateFormat) ?? loan.dueDate;
  return `"${loan.title}"${loan.accessionNo ? ` (${loan.accessionNo})` : ''}, due ${due}`;
}

/** Queues the member's loan slip listing `loans`, audited as LOAN_SLIP_MAILED; 400 when a loan is not his or the notice is off. */
export async function mailLoanSlip(ctx: AppContext, actor: AuthUser, input: LoanSlipInput): Promise<{ detail: string }> {
  const ids = [...new Set(input.loans)];
  await ctx.db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('users').select('id').where('id', '=', input.member).where('role', '=', 'MEMBER').where('deleted_at', 'is', null).executeTakeFirst();
    if (!member) throw ValidationError.field('member', LOAN_SLIP_MESSAGES.noMember(input.member));
    const rows = await trx
      .selectFrom('loans as l')
      .innerJoin('books as b', 'b.id', 'l.book_id')
      .leftJoin('copies as c', 'c.id', 'l.copy_id')
      .select(['l.id', 'l.due_date', 'b.title', 'c.accession_no'])
      .where('l.id', 'in', ids)
      .where('l.member_id', '=', member.id)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const foreign = ids.filter((id) => !byId.has(id));
    if (foreign.length > 0) throw ValidationError.field('loans', LOAN_SLIP_MESSAGES.notHis(foreign));
    const library = await trx.selectFrom('library_settings').select('date_format').orderBy('id').limit(1).executeTakeFirst();
    const loans = ids.map((id) => {
      const r = byId.get(id)!;
      return loanSlipLine({ title: r.title, accessionNo: r.accession_no, dueDate: r.due_date }, library?.date_format ?? null);
    });
    const queued = await queueNotice(trx, { type: 'loan_slip', userId: member.id, facts: { loans: loans.join('\n') }, linkUrl: NOTICE_LINKS.loans });
    if (!queued) throw new ApiError(400, { detail: LOAN_SLIP_MESSAGES.turnedOff });
    await recordAudit(trx, { userId: actor.id, action: 'LOAN_SLIP_MAILED', entity: 'user', entityId: member.id, after: { loans: ids } });
  });
  ctx.notices.kick();
  return { detail: LOAN_SLIP_MESSAGES.sent };
}

/**
 * The loan jobs of the notice scheduler (`due_soon`, `due_today`, `overdue`). They are set-based:
 * one query per page of loans (keyset by due date and id, never the whole table in memory), then
 * one transaction per page queueing its notices with the settings read once. Every notice carries
 * a key naming its loan and occasion, so a re-run after a crash, or a second server, sends only
 * what is missing. `app.ts` registers LOAN_JOBS with the scheduler (notices imports no domain).
 */
import type { AppContext } from '../../context.js';
import { addDays, daysBetween } from '#shared/dates';
import { accruedFine } from '#shared/fines';
import { planRuleOr } from '#shared/loan-rules';
import type { NoticeType } from '#shared/notice-templates';
import { loanRows } from './queries.js';
import { readSettings } from '../settings/service.js';
import { readDeskRules } from '../settings/desk-rules.js';
import type { SchedulerJob } from '../notices/jobs.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice, type NoticeFactsInput } from '../notices/queue.js';
import type { NoticeSettings } from '../notices/settings-store.js';

/** Loans read per query (and notices queued per transaction). */
export const LOAN_PAGE = 500;

/** An open loan as the loan jobs read it. */
interface OpenLoan {
  id: number;
  memberId: number;
  title: string;
  dueDate: string;
  planRate: number | null;
  /** The plan's cap on one loan's overdue fine (minor units); null = none. */
  planCap: number | null;
}

/**
 * Open loans due between two dates (inclusive), page by page in (due date, id) order: the keyset
 * follows the `loans_open_by_due` index, so each page reads only its own rows however many loans
 * the library has.
 */
async function* openLoansDue(ctx: Pick<AppContext, 'db'>, from: string, to: string, pageSize: number): AsyncGenerator<OpenLoan[]> {
  let after: { due: string; id: number } | null = null;
  for (;;) {
    let query = loanRows(ctx.db)
      .select(['l.id', 'l.member_id', 'l.due_date', 'b.title', 'mp.fine_per_day as plan_rate', 'mp.max_overdue_fine as plan_cap'])
      .where('l.returned_at', 'is', null)
      .where('l.due_date', '>=', from)
      .where('l.due_date', '<=', to)
      .where('u.deleted_at', 'is', null);
    if (after) {
      const { due, id } = after;
      query = query.where((eb) => eb.or([eb('l.due_date', '>', due), eb.and([eb('l.due_date', '=', due), eb('l.id', '>', id)])]));
    }
    const rows = await query.orderBy('l.due_date').orderBy('l.id').limit(pageSize).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ id: r.id, memberId: r.member_id, title: r.title, dueDate: r.due_date, planRate: r.plan_rate, planCap: r.plan_cap }));
    const last = rows[rows.length - 1]!;
    after = { due: last.due_date, id: last.id };
    if (rows.length < pageSize) return;
  }
}

/** A notice a loan job decided to send. */
interface LoanNotice {
  loan: OpenLoan;
  key: string;
  facts: NoticeFactsInput;
}

/** Queues one page's notices in one transaction, then starts their delivery. Answers how many were queued. */
async function queuePage(ctx: AppContext, type: NoticeType, settings: NoticeSettings, notices: LoanNotice[]): Promise<number> {
  if (notices.length === 0) return 0;
  const queued = await ctx.db.transaction().execute(async (trx) => {
    let count = 0;
    for (const n of notices) {
      if (await queueNotice(trx, { type, userId: n.loan.memberId, facts: n.facts, key: n.key, linkUrl: NOTICE_LINKS.loans, settings })) count += 1;
    }
    return count;
  });
  ctx.notices.kick();
  return queued;
}

/** Options of the loan jobs (tests use small pages to crash a job half-way). */
export interface LoanJobOptions {
  pageSize?: number;
}

/** `due_soon`: loans due `due_soon_days` from today. */
export async function sendDueSoon(ctx: AppContext, today: string, settings: NoticeSettings, options: LoanJobOptions = {}): Promise<number> {
  if (!settings.notices.due_soon.enabled) return 0;
  const due = addDays(today, settings.dueSoonDays);
  let sent = 0;
  for await (const page of openLoansDue(ctx, due, due, options.pageSize ?? LOAN_PAGE)) {
    sent += await queuePage(ctx, 'due_soon', settings, page.map((loan) => ({ loan, key: `due_soon:loan:${loan.id}:${loan.dueDate}`, facts: { book_title: loan.title, due_date: loan.dueDate } })));
  }
  return sent;
}

/** `due_today`: loans due today. */
export async function sendDueToday(ctx: AppContext, today: string, settings: NoticeSettings, options: LoanJobOptions = {}): Promise<number> {
  if (!settings.notices.due_today.enabled) return 0;
  let sent = 0;
  for await (const page of openLoansDue(ctx, today, today, options.pageSize ?? LOAN_PAGE)) {
    sent += await queuePage(ctx, 'due_today', settings, page.map((loan) => ({ loan, key: `due_today:loan:${loan.id}:${loan.dueDate}`, facts: { book_title: loan.title, due_date: loan.dueDate } })));
  }
  return sent;
}

/**
 * Which overdue notice (1-based) is due on a late day: the first on day 1, the next every
 * `everyDays`, none past `maxTimes`. A day missed (the server was down) is caught up the next day,
 * since the notice's key says whether it went.
 */
export function overdueOccasion(lateDays: number, everyDays: number, maxTimes: number): number | null {
  if (lateDays < 1 || maxTimes < 1) return null;
  return Math.min(Math.floor((lateDays - 1) / everyDays) + 1, maxTimes);
}

/** `overdue`: loans late by 1 to `overdue_every_days × overdue_max_times` days, with the fine so far at the member's rate. */
export async function sendOverdue(ctx: AppContext, today: string, settings: NoticeSettings, options: LoanJobOptions = {}): Promise<number> {
  if (!settings.notices.overdue.enabled || settings.overdueMaxTimes < 1) return 0;
  const library = await readSettings(ctx.db);
  const libraryRate = library.fine_per_day;
  const { calendar, countClosedDays } = await readDeskRules(ctx.db, library);
  // Past the last occasion's window every notice of a loan has had its day.
  const earliest = addDays(today, -settings.overdueEveryDays * settings.overdueMaxTimes);
  let sent = 0;
  for await (const page of openLoansDue(ctx, earliest, addDays(today, -1), options.pageSize ?? LOAN_PAGE)) {
    const notices = page.flatMap((loan): LoanNotice[] => {
      const late = daysBetween(loan.dueDate, today);
      const n = overdueOccasion(late, settings.overdueEveryDays, settings.overdueMaxTimes);
      if (n === null) return [];
      const amount = accruedFine(loan.dueDate, today, planRuleOr(loan.planRate, libraryRate), { cap: loan.planCap, calendar, countClosedDays });
      return [{ loan, key: `overdue:loan:${loan.id}:${n}`, facts: { book_title: loan.title, due_date: loan.dueDate, days_late: late, amount } }];
    });
    sent += await queuePage(ctx, 'overdue', settings, notices);
  }
  return sent;
}

/** The loan jobs, in the order they run. */
export const LOAN_JOBS: SchedulerJob[] = [
  { name: 'due_soon', daily: true, run: (ctx, today, settings) => sendDueSoon(ctx, today, settings) },
  { name: 'due_today', daily: true, run: (ctx, today, settings) => sendDueToday(ctx, today, settings) },
  { name: 'overdue', daily: true, run: (ctx, today, settings) => sendOverdue(ctx, today, settings) },
];

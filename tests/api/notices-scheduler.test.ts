import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import type { AppContext } from '../../server/src/context.js';
import { lendCopy } from '../../server/src/modules/circulation/service.js';
import { schedulerJobs, type SchedulerJob } from '../../server/src/modules/notices/jobs.js';
import { sendDueToday } from '../../server/src/modules/circulation/jobs.js';
import { runSchedulerTick } from '../../server/src/modules/notices/scheduler.js';
import { addDays } from '#shared/dates';
import { addBook, member } from './support/circulation.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let ctx: AppContext;

beforeAll(async () => {
  t = await startTestApp();
  ctx = t.app.ctx;
  await t.db.updateTable('library_settings').set({ fine_per_day: 1000, timezone: 'UTC' }).execute();
});

afterAll(async () => t.close());

/** A loan of a fresh book to a fresh member, due on `dueDate`; answers the loan and member ids. */
async function loanDue(name: string, dueDate: string): Promise<{ loanId: number; memberId: number }> {
  const memberId = await member(t, name);
  const book = await addBook(t, `Book of ${name}`);
  // The jobs run on dates years ahead of today, past the window a desk may issue in: the loan is
  // lent today and then moved to its dates, as if it had been issued two weeks before it falls due.
  const { loanId } = await lendCopy(t.db, null, { book, member: memberId, issueDate: undefined, dueDate: undefined });
  await t.db.updateTable('loans').set({ issue_date: addDays(dueDate, -14), due_date: dueDate }).where('id', '=', loanId).execute();
  return { loanId, memberId };
}

/** The in-app notices of a type a member has, oldest first. */
const noticesOf = (memberId: number, type: string) =>
  t.db.selectFrom('notifications').select(['message']).where('user_id', '=', memberId).where('type', '=', type).orderBy('id').execute();

const keysLike = async (prefix: string) => (await t.db.selectFrom('notice_keys').select('key').where('key', 'like', `${prefix}%`).orderBy('key').execute()).map((r) => r.key);

const at = (date: string, time = '09:00') => new Date(`${date}T${time}:00.000Z`);

describe('daily jobs', () => {
  test('run once per library date at or after jobs_run_at, in the library\'s time zone', async () => {
    const day = '2031-01-15';
    const { memberId } = await loanDue('tz.reader', day);
    await t.db.updateTable('library_settings').set({ timezone: 'Asia/Karachi' }).execute();
    try {
      // 02:59 UTC is 07:59 in Karachi: before 08:00, nothing runs.
      expect((await runSchedulerTick(ctx, at(day, '02:59'))).ran).toEqual([]);
      expect(await noticesOf(memberId, 'due_today')).toHaveLength(0);
      expect((await runSchedulerTick(ctx, at(day, '03:00'))).ran).toEqual(['due_soon', 'due_today', 'overdue', 'hold_expiring', 'hold_expiry', 'membership_expiring', 'membership_expired']);
      expect(await noticesOf(memberId, 'due_today')).toHaveLength(1);
      // The same library date again: nothing runs.
      expect((await runSchedulerTick(ctx, at(day, '10:00'))).ran).toEqual([]);
      const lease = await t.db.selectFrom('scheduler_leases').selectAll().where('job', '=', 'due_today').executeTakeFirstOrThrow();
      expect(lease).toMatchObject({ last_run_on: day, holder: null, lease_until: null, last_error: null });
      // 19:00 UTC is past midnight in Karachi: a new library date, but before its 08:00.
      expect((await runSchedulerTick(ctx, at(day, '19:00'))).ran).toEqual([]);
      expect((await runSchedulerTick(ctx, at(addDays(day, 1), '03:00'))).ran).toEqual(['due_soon', 'due_today', 'overdue', 'hold_expiring', 'hold_expiry', 'membership_expiring', 'membership_expired']);
      expect(await noticesOf(memberId, 'due_today')).toHaveLength(1);
    } finally {
      await t.db.updateTable('library_settings').set({ timezone: 'UTC' }).execute();
    }
  });

  test('due_soon and due_today notify the loans due, once, with the book and the due date; e-mails go out in the same tick', async () => {
    const day = '2032-02-10';
    const soon = await loanDue('soon.reader', addDays(day, 2));
    const today = await loanDue('today.reader', day);
    const later = await loanDue('later.reader', addDays(day, 3));
    await runSchedulerTick(ctx, at(day));
    expect(await noticesOf(soon.memberId, 'due_soon')).toEqual([{ message: '"Book of soon.reader" is due on 12/02/2032. Return or renew it in time to avoid a fine.' }]);
    expect(await noticesOf(today.memberId, 'due_today')).toEqual([{ message: '"Book of today.reader" is due today (10/02/2032). Please return it today to avoid a fine.' }]);
    expect(await noticesOf(later.memberId, 'due_soon')).toEqual([]);
    expect(await keysLike(`due_soon:loan:${soon.loanId}:`)).toEqual([`due_soon:loan:${soon.loanId}:2032-02-12`]);
    const mail = await t.mail.waitFor('today.reader@example.test');
    expect(mail.subject).toBe('Due today: Book of today.reader');
    const emails = await t.db.selectFrom('notification_log').select(['status', 'notice_type']).where('user_id', '=', today.memberId).where('channel', '=', 'email').execute();
    expect(emails).toEqual([{ status: 'SENT', notice_type: 'due_today' }]);
  });

  test('a notice whose toggle is off writes nothing', async () => {
    const day = '2033-03-10';
    const quiet = await loanDue('quiet.reader', day);
    await t.db.updateTable('notification_settings').set({ notices: JSON.stringify({ due_today: { enabled: false } }) }).execute();
    try {
      await runSchedulerTick(ctx, at(day));
      expect(await noticesOf(quiet.memberId, 'due_today')).toEqual([]);
      expect(await t.db.selectFrom('notification_log').select('id').where('user_id', '=', quiet.memberId).execute()).toEqual([]);
      expect(await keysLike(`due_today:loan:${quiet.loanId}:`)).toEqual([]);
    } finally {
      await t.db.updateTable('notification_settings').set({ notices: '{}' }).execute();
    }
  });

  test('overdue goes out on late day 1, then every overdue_every_days, at most overdue_max_times, with the fine so far', async () => {
    const due = '2034-04-01';
    const late = await loanDue('late.reader', due);
    const sentOn: number[] = [];
    for (let day = 1; day <= 14; day++) {
      const before = (await noticesOf(late.memberId, 'overdue')).length;
      await runSchedulerTick(ctx, at(addDays(due, day)));
      if ((await noticesOf(late.memberId, 'overdue')).length > before) sentOn.push(day);
    }
    expect(sentOn).toEqual([1, 4, 7]);
    expect(await keysLike(`overdue:loan:${late.loanId}:`)).toEqual([1, 2, 3].map((n) => `overdue:loan:${late.loanId}:${n}`));
    const messages = (await noticesOf(late.memberId, 'overdue')).map((n) => n.message);
    expect(messages[0]).toContain('is 1 days late. The fine so far is Rs. 10.00.');
    expect(messages[2]).toContain('is 7 days late. The fine so far is Rs. 70.00.');
  });

  test('overdue_max_times 0 sends no overdue notice', async () => {
    const due = '2035-05-01';
    const late = await loanDue('never.reader', due);
    await t.db.updateTable('notification_settings').set({ overdue_max_times: 0 }).execute();
    try {
      await runSchedulerTick(ctx, at(addDays(due, 1)));
      expect(await noticesOf(late.memberId, 'overdue')).toEqual([]);
    } finally {
      await t.db.updateTable('notification_settings').set({ overdue_max_times: 3 }).execute();
    }
  });

  test('a job that throws half-way keeps its day, and the next tick sends only what is missing', async () => {
    const day = '2036-06-10';
    const loans: { loanId: number; memberId: number }[] = [];
    for (let i = 1; i <= 5; i++) loans.push(await loanDue(`crash.reader${i}`, day));
    // Pages of 2; the dispatcher "crashes" after the second page has committed (4 notices).
    let kicks = 0;
    const crashing: AppContext = { ...ctx, notices: { ...ctx.notices, kick: () => { kicks += 1; if (kicks === 2) throw new Error('crash half-way'); } } };
    const dueToday = (context: AppContext): SchedulerJob[] => [{ name: 'due_today', daily: true, run: (_ctx, today, settings) => sendDueToday(context, today, settings, { pageSize: 2 }) }];
    const first = await runSchedulerTick(ctx, at(day), dueToday(crashing));
    expect(first).toEqual({ ran: [], failed: [{ job: 'due_today', error: 'crash half-way' }] });
    const lease = await t.db.selectFrom('scheduler_leases').selectAll().where('job', '=', 'due_today').executeTakeFirstOrThrow();
    expect(lease.last_run_on).not.toBe(day);
    expect(lease).toMatchObject({ last_error: 'crash half-way', holder: null });
    const counts = async () => Promise.all(loans.map(async (l) => (await noticesOf(l.memberId, 'due_today')).length));
    expect(await counts()).toEqual([1, 1, 1, 1, 0]);

    const second = await runSchedulerTick(ctx, at(day, '09:01'), dueToday(ctx));
    expect(second).toEqual({ ran: ['due_today'], failed: [] });
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('two instances on one database', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await buildApp(t.config);
    await other.ready();
  });

  afterAll(async () => other.close());

  test('running the same tick at once send each due and overdue notice exactly once', async () => {
    const day = '2037-07-10';
    const loans: { loanId: number; memberId: number }[] = [];
    for (let i = 1; i <= 6; i++) loans.push(await loanDue(`twin.reader${i}`, i <= 2 ? day : i <= 4 ? addDays(day, 2) : addDays(day, -1)));
    const since = t.mail.messages.length;
    const bothAt = (time: string) => Promise.all([runSchedulerTick(ctx, at(day, time), schedulerJobs(), 'instance-a'), runSchedulerTick(other.ctx, at(day, time), schedulerJobs(), 'instance-b')]);
    // On one SQLite file a job may meet the other instance's write and fail; the next tick runs it.
    const reports = [...(await bothAt('09:00')), ...(await bothAt('09:01'))];
    const ran = reports.flatMap((r) => r.ran);
    for (const job of ['due_soon', 'due_today', 'overdue']) expect(ran.filter((name) => name === job)).toEqual([job]);
    const leases = await t.db.selectFrom('scheduler_leases').select(['job', 'last_run_on']).where('job', 'in', ['due_soon', 'due_today', 'overdue']).orderBy('job').execute();
    expect(leases.map((l) => l.last_run_on)).toEqual([day, day, day]);
    await ctx.notices.idle();
    await other.ctx.notices.idle();
    // Anything a kick left pending is delivered by the next tick's deliveries.
    await runSchedulerTick(ctx, at(day, '09:05'));
    await ctx.notices.idle();
    const expected = ['due_today', 'due_today', 'due_soon', 'due_soon', 'overdue', 'overdue'];
    for (const [i, loan] of loans.entries()) {
      const rows = await t.db.selectFrom('notifications').select('type').where('user_id', '=', loan.memberId).execute();
      expect(rows).toEqual([{ type: expected[i] }]);
      const emails = await t.db.selectFrom('notification_log').select('status').where('user_id', '=', loan.memberId).where('channel', '=', 'email').execute();
      expect(emails).toEqual([{ status: 'SENT' }]);
    }
    const received = t.mail.messages.slice(since).filter((m) => m.to.some((to) => to.startsWith('twin.reader')));
    expect(received).toHaveLength(6);
  });
});

/**
 * The membership jobs of the notice scheduler: "membership expiring" (`membership_notice_days`
 * before the last day) and "membership expired" (the day after it). Set-based like the loan jobs:
 * one query per page of members (keyset on the `member_profiles_expiry` index by expiry and id),
 * then one transaction per page queueing its notices with the settings read once. Each notice's
 * key names the member and the term's last day, so each goes once per term however often the job
 * runs, and a day the server was down is caught up by the next run. Active members only.
 * `app.ts` registers MEMBERSHIP_JOBS with the scheduler (notices imports no domain).
 */
import type { AppContext } from '../../context.js';
import { addDays } from '#shared/dates';
import type { NoticeType } from '#shared/notice-templates';
import type { SchedulerJob } from '../notices/jobs.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';
import type { NoticeSettings } from '../notices/settings-store.js';
import { PLAN_OF_PROFILE } from './queries.js';

/** Members read per query (and notices queued per transaction). */
export const MEMBERSHIP_PAGE = 500;

/** How many days late a missed "membership expired" notice is still sent. */
export const EXPIRED_CATCH_UP_DAYS = 7;

interface Expiring {
  id: number;
  expires: string;
  fee: number;
}

/** Active members whose membership's last day is between two dates (inclusive), a page at a time in (expiry, id) order. */
async function* membershipsEnding(ctx: Pick<AppContext, 'db'>, from: string, to: string, pageSize: number): AsyncGenerator<Expiring[]> {
  let after: { expires: string; id: number } | null = null;
  for (;;) {
    let query = ctx.db
      .selectFrom('member_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('membership_plans as mp', (join) => join.on(PLAN_OF_PROFILE))
      .select(['p.user_id', 'p.membership_expires', 'mp.fee'])
      .where('p.membership_expires', 'is not', null)
      .where('p.membership_expires', '>=', from)
      .where('p.membership_expires', '<=', to)
      .where('u.is_active', '=', 1)
      .where('u.deleted_at', 'is', null);
    if (after) {
      const { expires, id } = after;
      query = query.where((eb) => eb.or([eb('p.membership_expires', '>', expires), eb.and([eb('p.membership_expires', '=', expires), eb('p.user_id', '>', id)])]));
    }
    const rows = await query.orderBy('p.membership_expires').orderBy('p.user_id').limit(pageSize).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ id: r.user_id, expires: r.membership_expires!, fee: r.fee ?? 0 }));
    const last = rows[rows.length - 1]!;
    after = { expires: last.membership_expires!, id: last.user_id };
    if (rows.length < pageSize) return;
  }
}

/** Queues one notice type for the members whose membership ends between two dates; answers how many were queued. */
async function sendForTerms(ctx: AppContext, type: NoticeType, settings: NoticeSettings, from: string, to: string, pageSize: number): Promise<number> {
  if (!settings.notices[type].enabled) return 0;
  let sent = 0;
  for await (const page of membershipsEnding(ctx, from, to, pageSize)) {
    sent += await ctx.db.transaction().execute(async (trx) => {
      let count = 0;
      for (const m of page) {
        const request = { type, userId: m.id, facts: { expires_on: m.expires, amount: m.fee }, key: `${type}:member:${m.id}:${m.expires}`, linkUrl: NOTICE_LINKS.loans, settings };
        if (await queueNotice(trx, request)) count += 1;
      }
      return count;
    });
    ctx.notices.kick();
  }
  return sent;
}

/** `membership_expiring`: memberships whose last day is from today to `membership_notice_days` ahead, once per term. */
export function sendMembershipExpiring(ctx: AppContext, today: string, settings: NoticeSettings, pageSize = MEMBERSHIP_PAGE): Promise<number> {
  return sendForTerms(ctx, 'membership_expiring', settings, today, addDays(today, settings.membershipNoticeDays), pageSize);
}

/** `membership_expired`: memberships whose last day was yesterday (or up to a week before, if a run was missed), once per term. */
export function sendMembershipExpired(ctx: AppContext, today: string, settings: NoticeSettings, pageSize = MEMBERSHIP_PAGE): Promise<number> {
  return sendForTerms(ctx, 'membership_expired', settings, addDays(today, -EXPIRED_CATCH_UP_DAYS), addDays(today, -1), pageSize);
}

/** The membership jobs, in the order they run. */
export const MEMBERSHIP_JOBS: SchedulerJob[] = [
  { name: 'membership_expiring', daily: true, run: (ctx, today, settings) => sendMembershipExpiring(ctx, today, settings) },
  { name: 'membership_expired', daily: true, run: (ctx, today, settings) => sendMembershipExpired(ctx, today, settings) },
];

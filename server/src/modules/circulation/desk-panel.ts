/**
 * The desk's member panel (`GET /circulation/desk/members/{id}/`): who the member is (photo, plan,
 * membership), his open loans (the member issue summary's), the holds ready for him to pick up and
 * how many of his holds still wait, what he owes, and the blocks that apply now, in one answer and
 * a handful of queries whatever the number of loans. The blocks are the shared rule applied to the
 * facts the panel already holds, so the panel and the issue never disagree.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { evaluateBlocks, type Block } from '#shared/blocks';
import { memberStateOf, type MemberState } from '#shared/member-state';
import { membershipStanding, type MembershipStanding } from '#shared/membership';
import { toDecimalString } from '#shared/money';
import { fullName } from '#shared/person-name';
import { PLAN_OF_PROFILE } from '../members/queries.js';
import { readDeskRules } from '../settings/desk-rules.js';
import { mayOverrideBlocks } from './blocks.js';
import { memberIssueFacts, type SummaryLoan } from './member-summary.js';

/** A held copy waiting at the desk for the member. */
export interface HoldReady {
  reservation_id: number;
  book: { id: number; title: string };
  copy: { id: number; accession_no: string } | null;
  hold_until: string | null;
}

/** The member panel's answer (docs/API.md). */
export interface DeskMemberPanel {
  member: {
    id: number;
    username: string;
    full_name: string;
    member_id: string | null;
    email: string;
    photo_url: string | null;
    state: MemberState;
    plan: { id: number; name: string; loan_limit: number; loan_period_days: number; fine_per_day: string; fee: string; validity_months: number } | null;
    membership_start: string | null;
    membership_expires: string | null;
    membership_standing: MembershipStanding;
  };
  loans: SummaryLoan[];
  holds_ready: HoldReady[];
  holds_waiting: number;
  owed: string;
  blocks: Block[];
  can_override: boolean;
}

/** The member, his profile, his plan (his own, else the default) and the notice days of the membership's "expiring". */
async function panelMember(db: Db, memberId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('membership_plans as mp', (join) => join.on(PLAN_OF_PROFILE))
    .select(['u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.is_active', 'u.is_declined', 'u.approved_at'])
    .select(['p.member_id', 'p.profile_photo', 'p.membership_start', 'p.membership_expires', 'mp.id as plan_id', 'mp.name as plan_name', 'mp.fee as plan_fee', 'mp.validity_months'])
    .select((eb) => eb.selectFrom('notification_settings').select('membership_notice_days').limit(1).as('notice_days'))
    .where('u.id', '=', memberId)
    .where('u.role', '=', 'MEMBER')
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** His FULFILLED reservations (a copy held for him), soonest deadline first: one query. */
async function holdsReady(db: Db, memberId: number): Promise<HoldReady[]> {
  const rows = await db
    .selectFrom('reservations as r')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .leftJoin('copies as c', 'c.id', 'r.copy_id')
    .select(['r.id', 'r.hold_until', 'b.id as book_id', 'b.title', 'c.id as copy_id', 'c.accession_no'])
    .where('r.member_id', '=', memberId)
    .where('r.status', '=', 'FULFILLED')
    .orderBy('r.hold_until')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    reservation_id: row.id,
    book: { id: row.book_id, title: row.title },
    copy: row.copy_id === null || row.accession_no === null ? null : { id: row.copy_id, accession_no: row.accession_no },
    hold_until: row.hold_until,
  }));
}

/** How many of his reservations still wait in a queue (PENDING). */
async function holdsWaiting(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The desk's member panel for staff `user`. 404 unless a member. */
export async function deskMemberPanel(ctx: Pick<AppContext, 'db' | 'media'>, user: AuthUser, memberId: number): Promise<DeskMemberPanel> {
  const member = await panelMember(ctx.db, memberId);
  if (!member) throw notFound('Member not found.');
  const [{ summary, today, owed }, ready, waiting, rules, canOverride] = await Promise.all([
    memberIssueFacts(ctx.db, memberId, { showReservedFor: true }),
    holdsReady(ctx.db, memberId),
    holdsWaiting(ctx.db, memberId),
    readDeskRules(ctx.db),
    mayOverrideBlocks(ctx.db, user),
  ]);
  const state = memberStateOf(member);
  const overdue = summary.issued_books.filter((loan) => loan.overdue);
  const standing = {
    state,
    owed,
    overdueLoans: overdue.length,
    mostDaysOverdue: Math.max(0, ...overdue.map((loan) => loan.late_days)),
    membershipExpires: member.membership_expires,
    openLoans: summary.issued_count,
    loanLimit: summary.loan_limit,
    today,
  };
  return {
    member: {
      id: member.id,
      username: member.username,
      full_name: fullName([member.first_name, member.last_name]),
      member_id: member.member_id,
      email: member.email,
      photo_url: ctx.media.url(member.profile_photo),
      state,
      plan:
        member.plan_id === null
          ? null
          : {
              id: member.plan_id,
              name: member.plan_name ?? '',
              loan_limit: summary.loan_limit,
              loan_period_days: summary.loan_period_days,
              fine_per_day: summary.fine_per_day,
              fee: toDecimalString(member.plan_fee ?? 0),
              validity_months: Number(member.validity_months ?? 0),
            },
      membership_start: member.membership_start,
      membership_expires: member.membership_expires,
      membership_standing: membershipStanding(member.membership_expires, today, member.notice_days === null ? undefined : Number(member.notice_days)),
    },
    loans: summary.issued_books,
    holds_ready: ready,
    holds_waiting: waiting,
    owed: summary.member.fine_amount,
    blocks: evaluateBlocks(standing, rules.blocks, 'issue', rules.dateFormat),
    can_override: canOverride,
  };
}

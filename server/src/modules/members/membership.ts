/**
 * Memberships that start and renew. A membership starts when a member is approved (by approval,
 * by staff registering him approved at once, or by a bulk import): its term runs from the
 * library's today for his plan's validity (`#shared/membership`), the plan's fee is charged to the
 * fine ledger as a `membership` charge, the start is audited and the "membership renewed" notice
 * tells him until when. A membership that started once is never restarted by a later approval.
 * Renewal at the desk extends the term from its expiry while it runs, else from today, with the
 * member's plan as it is now (a plan changed meanwhile takes effect here); money collected with it
 * is recorded as a receipt over the new charge. All in the caller's transaction, audited.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { ApiError, badRequest, notFound, ValidationError } from '../../errors.js';
import { readLibraryToday } from '../../lib/library-clock.js';
import { formatMoney, toDecimalString } from '#shared/money';
import { spreadCollection, RETURN_MONEY_MESSAGES } from '#shared/fines';
import { collectTooMuchMessage } from '#shared/collect-messages';
import { membershipEnd, membershipStanding, renewalStart, MEMBERSHIP_MESSAGES, type MembershipStanding } from '#shared/membership';
import { recordAudit } from '../audit/service.js';
import { addCharge, recordCollection, refreshDefaulter } from '../fines/ledger.js';
import { memberFines, type FineRow } from '../fines/queries.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';
import { readNoticeSettings } from '../notices/settings-store.js';
import { PLAN_OF_PROFILE } from './queries.js';
import { MEMBER_NOT_FOUND } from './service.js';

/** Two renewals of one membership at once: the second is refused, nothing written. */
export const RENEWED_MEANWHILE = 'This membership was renewed a moment ago; reload the member to see its new expiry.';

/** Ids per statement when memberships start in bulk (well under every database's bound on parameters). */
const CHUNK = 500;

/** The members' plan terms: validity in months and fee (minor units), and whether a membership ever started. */
function planTerms(db: Db) {
  return db
    .selectFrom('member_profiles as p')
    .leftJoin('membership_plans as mp', (join) => join.on(PLAN_OF_PROFILE))
    .select(['p.user_id', 'p.membership_start', 'p.membership_expires', 'mp.validity_months', 'mp.fee']);
}

/** How memberships start: by whom, and whether the fee is charged and the member told (the demo seeding does neither). */
export interface StartOptions {
  actorId: number | null;
  /** Charge the plan's fee and audit (default true). */
  announce?: boolean;
}

/**
 * Starts the membership of each member who never had one, today, for his plan's validity; with
 * `announce`, charges the plan's fee and audits MEMBERSHIP_STARTED (the welcome or approval mail
 * tells the member; "membership renewed" goes at renewals).
 * Answers how many started. Members whose membership started before are left as they are.
 */
export async function startMemberships(trx: Db, memberIds: readonly number[], today: string, { actorId, announce = true }: StartOptions): Promise<number> {
  let started = 0;
  for (let i = 0; i < memberIds.length; i += CHUNK) {
    const rows = await planTerms(trx).where('p.user_id', 'in', memberIds.slice(i, i + CHUNK)).where('p.membership_start', 'is', null).execute();
    // One update per validity: a bulk import is mostly one plan.
    const byEnd = new Map<string, number[]>();
    for (const r of rows) {
      const end = membershipEnd(today, r.validity_months ?? 12);
      byEnd.set(end, [...(byEnd.get(end) ?? []), r.user_id]);
    }
    for (const [end, ids] of byEnd) {
      await trx.updateTable('member_profiles').set({ membership_start: today, membership_expires: end }).where('user_id', 'in', ids).where('membership_start', 'is', null).execute();
    }
    started += rows.length;
    if (!announce) continue;
    for (const r of rows) {
      const fee = r.fee ?? 0;
      const expires = membershipEnd(today, r.validity_months ?? 12);
      const chargeId = fee > 0 ? await addCharge(trx, { memberId: r.user_id, feeType: 'membership', amount: fee, createdBy: actorId }) : null;
      if (chargeId !== null) await refreshDefaulter(trx, r.user_id);
      await recordAudit(trx, {
        userId: actorId,
        action: 'MEMBERSHIP_STARTED',
        entity: 'user',
        entityId: r.user_id,
        after: { membership_start: today, membership_expires: expires, fee: toDecimalString(fee), charge: chargeId },
      });
      // No notice of its own: the member is told by his welcome or approval mail, and the fee is on his fines page.
    }
  }
  return started;
}

/** What a renewal asks: money collected for the fee (minor units), if any. */
export interface RenewalInput {
  collected?: number | undefined;
}

/** `POST /members/{id}/membership/renew/`'s answer. */
export interface RenewalAnswer {
  membership_start: string;
  membership_expires: string;
  membership_standing: MembershipStanding;
  /** The fee charged; null when the plan has no fee. */
  charge: FineRow | null;
  receipt_no: string | null;
}

/**
 * Renews a member's membership for his plan's validity from `renewalStart`, charging the plan's fee
 * and recording `collected` (only for staff who handle money: 403 otherwise, nothing written).
 */
export async function renewMembership(ctx: AppContext, actor: AuthUser, memberId: number | undefined, input: RenewalInput, { handlesMoney }: { handlesMoney: boolean }): Promise<RenewalAnswer> {
  const collected = input.collected ?? 0;
  if (collected > 0 && !handlesMoney) throw new ApiError(403, { detail: RETURN_MONEY_MESSAGES.notAllowed });
  if (memberId === undefined) throw notFound(MEMBER_NOT_FOUND);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('users as u')
      .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.approved_at'])
      .where('u.id', '=', memberId)
      .where('u.role', '=', 'MEMBER')
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (member.approved_at === null) throw badRequest(MEMBERSHIP_MESSAGES.notApproved);
    const terms = await planTerms(trx).where('p.user_id', '=', member.id).executeTakeFirstOrThrow();
    const today = await readLibraryToday(trx);
    const from = renewalStart(terms.membership_expires, today);
    const expires = membershipEnd(from, terms.validity_months ?? 12);
    // A membership that still runs keeps its start; one renewed after it lapsed starts again today.
    const start = terms.membership_start !== null && from > today ? terms.membership_start : today;
    const fee = terms.fee ?? 0;
    if (collected > fee) throw ValidationError.field('collected', collectTooMuchMessage(formatMoney(collected), formatMoney(fee)));
    // Conditional on the expiry read: of two renewals at once, the second extends nothing and is told so.
    const renewed = await trx
      .updateTable('member_profiles')
      .set({ membership_start: start, membership_expires: expires })
      .where('user_id', '=', member.id)
      .where((eb) => (terms.membership_expires === null ? eb('membership_expires', 'is', null) : eb('membership_expires', '=', terms.membership_expires)))
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0) throw new ApiError(409, { detail: RENEWED_MEANWHILE });
    const chargeId = fee > 0 ? await addCharge(trx, { memberId: member.id, feeType: 'membership', amount: fee, createdBy: actor.id }) : null;
    let receiptNo: string | null = null;
    if (chargeId !== null && collected > 0) {
      const { shares } = spreadCollection([{ id: chargeId, remaining: fee }], 0, collected);
      receiptNo = await recordCollection(trx, { memberId: member.id, collectedBy: actor.id, shares });
    }
    if (chargeId !== null) await refreshDefaulter(trx, member.id);
    await recordAudit(trx, {
      userId: actor.id,
      action: 'MEMBERSHIP_RENEWED',
      entity: 'user',
      entityId: member.id,
      before: { membership_start: terms.membership_start, membership_expires: terms.membership_expires },
      after: { membership_start: start, membership_expires: expires, fee: toDecimalString(fee), charge: chargeId, collected: toDecimalString(collected), receipt_no: receiptNo },
    });
    const settings = await readNoticeSettings(trx);
    await queueNotice(trx, { type: 'membership_renewed', userId: member.id, facts: { expires_on: expires, amount: fee }, linkUrl: NOTICE_LINKS.loans, settings });
    const charge = chargeId === null ? null : ((await memberFines(trx, member.id)).find((f) => f.id === chargeId) ?? null);
    return {
      membership_start: start,
      membership_expires: expires,
      membership_standing: membershipStanding(expires, today, settings.membershipNoticeDays),
      charge,
      receipt_no: receiptNo,
    };
  });
  ctx.notices.kick();
  return answer;
}

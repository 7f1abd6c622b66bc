/**
 * A member's life after registration: approve (pending, rejected or disabled → active), decline
 * (pending → rejected), disable and enable, and delete. Each change is audited in its
 * transaction; a call in the wrong state answers 409 naming the state. Deletion keeps the row
 * (loans and fines point at it) and anonymises it: username `deleted-<id>`, no e-mail, no name,
 * no password, no personal profile fields or photo; the member number stays for reports. A member
 * who leaves (deleted, disabled, declined) runs the departure hooks in the same transaction
 * (`departures.ts`: reservations cancels his and passes a held copy on). Approval starts the
 * membership (`membership.ts`).
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { ApiError, notFound } from '../../errors.js';
import { formatMoney } from '#shared/money';
import { replaceFiles } from '../../storage/service.js';
import { queueMail } from '../../mail/mailer.js';
import { recordAudit } from '../audit/service.js';
import { revokeUserTokens } from '../auth/service.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';
import { memberDeparted } from './departures.js';
import { deletionBlock, memberObligations } from './obligations.js';
import { memberStateOf, type MemberState } from '#shared/member-state';
import { readLibraryToday } from '../../lib/library-clock.js';
import { startMemberships } from './membership.js';
import { siteLink } from '../../lib/site-links.js';

export const MEMBER_NOT_FOUND = 'Member not found.';

const STATE_WORDS: Record<MemberState, string> = {
  active: 'already active',
  pending: 'waiting for approval',
  rejected: 'rejected',
  disabled: 'disabled',
};

const conflict = (detail: string): ApiError => new ApiError(409, { detail });

async function memberAccount(db: Db, userId: number | undefined) {
  if (userId === undefined) throw notFound(MEMBER_NOT_FOUND);
  const row = await db
    .selectFrom('users as u')
    .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.email', 'u.first_name', 'u.is_active', 'u.is_declined', 'u.approved_at', 'p.member_id', 'p.profile_photo'])
    .where('u.id', '=', userId)
    .where('u.role', '=', 'MEMBER')
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return { ...row, state: memberStateOf(row) };
}

/** Queues an account mail to the member in the caller's transaction; false when he has no address. */
async function mailMember(ctx: AppContext, trx: Db, member: { id: number; email: string; first_name: string; username: string }, kind: 'member_declined'): Promise<boolean> {
  if (!member.email) return false;
  await queueMail(trx, { kind, to: member.email, userId: member.id, recipientName: member.first_name || member.username, link: siteLink(ctx.config.siteUrl, 'login'), validFor: '' });
  return true;
}

/** Approves a pending, rejected or disabled member; sends him the "Account approved" notice. */
export async function approveMember(ctx: AppContext, actor: AuthUser, userId: number | undefined): Promise<{ detail: string }> {
  await ctx.db.transaction().execute(async (trx) => {
    const member = await memberAccount(trx, userId);
    if (member.state === 'active') throw conflict('This member is already active.');
    await trx
      .updateTable('users')
      .set({ is_active: 1, is_declined: 0, approved_at: member.approved_at ?? nowIso() })
      .where('id', '=', member.id)
      .execute();
    await recordAudit(trx, { userId: actor.id, action: 'MEMBER_APPROVED', entity: 'user', entityId: member.id, before: { state: member.state }, after: { state: 'active' } });
    await queueNotice(trx, { type: 'account_approved', userId: member.id, facts: {}, linkUrl: NOTICE_LINKS.loans });
    // Approval starts the membership (once: a member approved again keeps his term).
    await startMemberships(trx, [member.id], await readLibraryToday(trx), { actorId: actor.id });
  });
  ctx.notices.kick();
  return { detail: 'User approved and notified via email.' };
}

/** Declines a pending member; mails him. */
export async function declineMember(ctx: AppContext, actor: AuthUser, userId: number | undefined): Promise<{ detail: string }> {
  let queued = false;
  await ctx.db.transaction().execute(async (trx) => {
    const member = await memberAccount(trx, userId);
    if (member.state !== 'pending') throw conflict(`Only members waiting for approval can be declined; this member is ${STATE_WORDS[member.state]}.`);
    await trx.updateTable('users').set({ is_declined: 1, is_active: 0 }).where('id', '=', member.id).execute();
    await recordAudit(trx, { userId: actor.id, action: 'MEMBER_DECLINED', entity: 'user', entityId: member.id, before: { state: 'pending' }, after: { state: 'rejected' } });
    queued = await memberDeparted(trx, member.id, 'declined', actor.id);
    if (await mailMember(ctx, trx, member, 'member_declined')) queued = true;
  });
  if (queued) ctx.notices.kick();
  return { detail: 'User has been declined and notified via email.' };
}

/** Disables an active member (his sign-ins end at once) or enables a disabled one. */
export async function toggleMember(ctx: AppContext, actor: AuthUser, userId: number | undefined): Promise<{ detail: string; is_active: boolean }> {
  let queued = false;
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const member = await memberAccount(trx, userId);
    if (member.state === 'pending' || member.state === 'rejected') {
      throw conflict(`This member is ${STATE_WORDS[member.state]}: approve the registration instead of enabling it.`);
    }
    const enable = member.state === 'disabled';
    await trx.updateTable('users').set({ is_active: enable ? 1 : 0 }).where('id', '=', member.id).execute();
    if (!enable) {
      await revokeUserTokens(trx, member.id);
      queued = await memberDeparted(trx, member.id, 'disabled', actor.id);
    }
    await recordAudit(trx, {
      userId: actor.id,
      action: enable ? 'MEMBER_ENABLED' : 'MEMBER_DISABLED',
      entity: 'user',
      entityId: member.id,
      before: { state: member.state },
      after: { state: enable ? 'active' : 'disabled' },
    });
    return { detail: `Member '${member.username}' has been ${enable ? 'enabled' : 'disabled'}.`, is_active: enable };
  });
  if (queued) ctx.notices.kick();
  return answer;
}

/** Deletes (anonymises) a member who has no books out and owes no fines. */
export async function deleteMember(ctx: AppContext, actor: AuthUser, userId: number | undefined): Promise<{ detail: string }> {
  const replaced: (string | null)[] = [];
  let queued = false;
  await replaceFiles(ctx.media, { added: [], replaced }, () =>
    ctx.db.transaction().execute(async (trx) => {
      const member = await memberAccount(trx, userId);
      const block = deletionBlock(await memberObligations(trx, member.id), formatMoney);
      if (block) throw conflict(block);
      const profile = await trx.selectFrom('member_profiles').select(['payment_proof']).where('user_id', '=', member.id).executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ username: `deleted-${member.id}`, email: '', first_name: '', last_name: '', password_hash: '!', is_active: 0, deleted_at: nowIso() })
        .where('id', '=', member.id)
        .execute();
      await trx
        .updateTable('member_profiles')
        .set({
          first_name: null, middle_name: null, last_name: null, profile_photo: null, father_first_name: null, father_last_name: null,
          registration_id: null, home_address: null, emergency_contact: null, library_membership_id: null, mobile_number: null,
          cnic: null, payment_proof: null, roll_no: null,
        })
        .where('user_id', '=', member.id)
        .execute();
      await revokeUserTokens(trx, member.id);
      await trx.deleteFrom('one_time_tokens').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('wishlist_items').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('notifications').where('user_id', '=', member.id).execute();
      queued = await memberDeparted(trx, member.id, 'deleted', actor.id);
      await recordAudit(trx, {
        userId: actor.id,
        action: 'MEMBER_DELETED',
        entity: 'user',
        entityId: member.id,
        before: { username: member.username, member_id: member.member_id, state: member.state },
        after: { username: `deleted-${member.id}`, anonymised: true },
      });
      replaced.push(member.profile_photo, profile.payment_proof);
    }),
  );
  if (queued) ctx.notices.kick();
  return { detail: 'User deleted.' };
}

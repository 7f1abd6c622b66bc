/**
 * A member's profile: read by the member himself or staff with view_members, and updated by the
 * member himself (the member list's item with pending e-mail, books out and fines owed beside it).
 * A password change needs the old password and revokes the member's other sign-ins.
 */
import type { AppContext, AuthUser } from '../../context.js';
import { notFound, permissionDenied } from '../../errors.js';
import { replaceFiles, type StoredFile } from '../../storage/service.js';
import { recordAudit } from '../audit/service.js';
import { revokeOtherSessions } from '../accounts/sessions.js';
import { BOOKS_OUT_OF_U } from './obligations.js';
import { memberItem, memberItems, readMembershipClock, type MemberListItem } from './queries.js';
import { hasPermission } from '../roles/service.js';
import { accountSnapshot, applyAccountChanges, checkAccountChanges, pendingEmailOf, type PendingMail } from '../users/account-changes.js';
import { uniqueClash } from '../users/profiles.js';
import type { MemberProfileForm, ParsedForm } from '../users/schemas.js';

/**
 * A member's profile: the member item the lists answer (the original's FullMemberProfile with
 * `department` and `session` as ids, then ours: their names, plan, date joined, state) and, beside
 * it, what only one member's page needs.
 */
export interface MemberProfile extends MemberListItem {
  /** A new e-mail address waiting for confirmation by link, or null. */
  pending_email: string | null;
  /** Books the member has out now (loans not returned). */
  books_out: number;
  /** Unpaid fines, a decimal string (the same sum as `fine_amount`, the fines' remaining amounts). */
  fines_owed: string;
}

/** A member's profile; undefined when the user does not exist, is not a member or was deleted. */
export async function findMemberProfile(ctx: AppContext, userId: number): Promise<MemberProfile | undefined> {
  const row = await memberItems(ctx.db).select(BOOKS_OUT_OF_U.as('books_out')).where('u.id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const item = memberItem(ctx.media, row, await readMembershipClock(ctx.db));
  return { ...item, pending_email: await pendingEmailOf(ctx.db, row.id), books_out: Number(row.books_out), fines_owed: item.fine_amount };
}

/** A member's profile for the member himself or a holder of view_members (others: 403; unknown: 404). */
export async function memberProfileFor(ctx: AppContext, caller: AuthUser, userId: number | undefined): Promise<MemberProfile> {
  if (userId !== caller.id && !(await hasPermission(ctx.db, caller, 'view_members'))) throw permissionDenied();
  const profile = userId === undefined ? undefined : await findMemberProfile(ctx, userId);
  if (!profile) throw notFound();
  return profile;
}

export async function ownMemberProfile(ctx: AppContext, caller: AuthUser): Promise<MemberProfile> {
  const profile = await findMemberProfile(ctx, caller.id);
  if (!profile) throw notFound();
  return profile;
}

/** Updates a member's own profile. */
export async function updateMemberProfile(ctx: AppContext, caller: AuthUser, { input, errors }: ParsedForm<MemberProfileForm>, session: string | undefined): Promise<MemberProfile> {
  const account = await checkAccountChanges(ctx, input, errors, caller.id);
  const profile: Record<string, string | number | null> = { ...input.texts };
  const department = input.department;
  if (typeof department === 'number' && !(await ctx.db.selectFrom('departments').select('id').where('id', '=', department).executeTakeFirst())) {
    errors.add('department', `Invalid pk "${department}" - object does not exist.`);
  } else if (department !== undefined) profile['department_id'] = department;
  const sessionId = input.session;
  if (typeof sessionId === 'number' && !(await ctx.db.selectFrom('academic_sessions').select('id').where('id', '=', sessionId).executeTakeFirst())) {
    errors.add('session', `Invalid pk "${sessionId}" - object does not exist.`);
  } else if (sessionId !== undefined) profile['session_id'] = sessionId;
  if (account.first_name !== undefined) profile['first_name'] = account.first_name;
  if (account.last_name !== undefined) profile['last_name'] = account.last_name;
  const { photo } = input;
  errors.throwIfAny();

  const before = await ctx.db.selectFrom('member_profiles').selectAll().where('user_id', '=', caller.id).executeTakeFirst();
  if (!before) throw notFound();
  const added: StoredFile[] = [];
  const replaced: (string | null)[] = [];
  const photoRef = photo ? await ctx.media.save('profiles', photo.buffer, photo.type) : undefined;
  if (photoRef) {
    added.push(photoRef);
    profile['profile_photo'] = photoRef;
  } else if (input.clearPhoto) profile['profile_photo'] = null;

  let sendAfterCommit: PendingMail | undefined;
  try {
    await replaceFiles(ctx.media, { added, replaced }, () =>
      ctx.db.transaction().execute(async (trx) => {
        sendAfterCommit = await applyAccountChanges(ctx, trx, caller.id, account);
        if (Object.keys(profile).length > 0) await trx.updateTable('member_profiles').set(profile).where('user_id', '=', caller.id).execute();
        if ('profile_photo' in profile && before.profile_photo) replaced.push(before.profile_photo);
        if (account.password_hash) await revokeOtherSessions(trx, caller.id, session);
        if (Object.keys(account).length > 0 || Object.keys(profile).length > 0) {
          const beforeSnapshot = Object.fromEntries(Object.keys(profile).map((k) => [k, (before as Record<string, unknown>)[k]]));
          await recordAudit(trx, {
            userId: caller.id,
            action: account.password_hash ? 'PROFILE_UPDATED_PASSWORD_CHANGED' : 'PROFILE_UPDATED',
            entity: 'user',
            entityId: caller.id,
            before: beforeSnapshot,
            after: { ...accountSnapshot(account), ...profile },
          });
        }
      }),
    );
  } catch (error) {
    throw uniqueClash(error) ?? error;
  }
  sendAfterCommit?.();
  return ownMemberProfile(ctx, caller);
}

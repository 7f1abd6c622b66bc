/**
 * Profiles: a staff user's own (SUPER USER, MANAGER) and a member's. Updates are partial; the
 * role never changes through a profile; a password change needs the old password and revokes
 * the user's other sign-ins (the one that made the change keeps working).
 */
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { isSet, isUniqueViolation, violatedConstraint } from '../../db/values.js';
import { notFound, permissionDenied, ValidationError } from '../../errors.js';
import { replaceFiles, type StoredFile } from '../../storage/service.js';
import { recordAudit } from '../audit/service.js';
import { revokeOtherSessions } from '../auth/service.js';
import { BOOKS_OUT_OF_U } from '../members/obligations.js';
import { memberItem, memberItems, type MemberListItem } from '../members/queries.js';
import { hasPermission } from '../roles/service.js';
import { accountSnapshot, applyAccountChanges, checkAccountChanges, pendingEmailOf, type PendingMail } from './account-changes.js';
import type { MemberProfileForm, ParsedForm, StaffProfileForm } from './schemas.js';
import type { AuthUser } from '../../context.js';
import { EMAIL_TAKEN, USERNAME_MESSAGES } from './service.js';

export interface StaffProfile {
  id: number;
  user_id: number;
  role: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
  member_id: string | null;
  contact_number: string | null;
  is_verified: boolean;
  is_active: boolean;
  /** A new e-mail address waiting for confirmation by link, or null. */
  pending_email: string | null;
}

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

const STAFF_MEMBER_ID_TAKEN = 'A staff profile with that member id already exists.';

// ---------------------------------------------------------------------------------------------
// Reading

async function ensureStaffProfile(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('manager_profiles')
    .values({ user_id: userId, member_id: null, contact_number: null, notes: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** A staff user's own profile (the staff profile row is created on first use). */
export async function staffProfile(ctx: AppContext, userId: number): Promise<StaffProfile> {
  await ensureStaffProfile(ctx.db, userId);
  const row = await ctx.db
    .selectFrom('users as u')
    .innerJoin('manager_profiles as m', 'm.user_id', 'u.id')
    .select(['m.id as profile_id', 'u.id', 'u.role', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.is_verified', 'u.is_active', 'm.profile_photo', 'm.member_id', 'm.contact_number'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.profile_id,
    user_id: row.id,
    role: row.role,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    profile_photo: ctx.media.url(row.profile_photo),
    member_id: row.member_id,
    contact_number: row.contact_number,
    is_verified: isSet(row.is_verified),
    is_active: isSet(row.is_active),
    pending_email: await pendingEmailOf(ctx.db, row.id),
  };
}

/** A member's profile; undefined when the user does not exist, is not a member or was deleted. */
export async function findMemberProfile(ctx: AppContext, userId: number): Promise<MemberProfile | undefined> {
  const row = await memberItems(ctx.db).select(BOOKS_OUT_OF_U.as('books_out')).where('u.id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const item = memberItem(ctx.media, row);
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

// ---------------------------------------------------------------------------------------------
// Updating

function uniqueClash(error: unknown): ValidationError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const where = violatedConstraint(error);
  if (/username/i.test(where)) return ValidationError.field('username', USERNAME_MESSAGES.taken);
  if (/email/i.test(where)) return ValidationError.field('email', EMAIL_TAKEN);
  if (/manager_profiles.*member_id|member_id.*manager/i.test(where)) return ValidationError.field('member_id', STAFF_MEMBER_ID_TAKEN);
  if (/library_membership_id/i.test(where)) return undefined;
  return undefined;
}

/** Updates a staff user's own profile (SUPER USER or MANAGER; the manager also has member_id and contact number). */
export async function updateStaffProfile(ctx: AppContext, caller: AuthUser, { input, errors }: ParsedForm<StaffProfileForm>, session: string | undefined): Promise<StaffProfile> {
  const account = await checkAccountChanges(ctx, input, errors, caller.id);
  const staff: { member_id?: string | null; contact_number?: string | null } = {};
  if (input.member_id !== undefined) staff.member_id = input.member_id;
  if (input.contact_number !== undefined) staff.contact_number = input.contact_number;
  const { photo } = input;
  errors.throwIfAny();

  await ensureStaffProfile(ctx.db, caller.id);
  if (staff.member_id) {
    const taken = await ctx.db.selectFrom('manager_profiles').select('id').where('member_id', '=', staff.member_id).where('user_id', '<>', caller.id).executeTakeFirst();
    if (taken) throw ValidationError.field('member_id', STAFF_MEMBER_ID_TAKEN);
  }
  const added: StoredFile[] = [];
  const replaced: (string | null)[] = [];
  const photoRef = photo ? await ctx.media.save('profiles', photo.buffer, photo.type) : undefined;
  if (photoRef) added.push(photoRef);
  const clearPhoto = !photo && input.clearPhoto;

  let sendAfterCommit: PendingMail | undefined;
  try {
    await replaceFiles(ctx.media, { added, replaced }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('manager_profiles').selectAll().where('user_id', '=', caller.id).executeTakeFirstOrThrow();
        sendAfterCommit = await applyAccountChanges(ctx, trx, caller.id, account);
        const profileChanges = { ...staff, ...(photoRef ? { profile_photo: photoRef } : clearPhoto ? { profile_photo: null } : {}) };
        if (Object.keys(profileChanges).length > 0) {
          await trx.updateTable('manager_profiles').set(profileChanges).where('user_id', '=', caller.id).execute();
          if ('profile_photo' in profileChanges && before.profile_photo) replaced.push(before.profile_photo);
        }
        if (account.password_hash) await revokeOtherSessions(trx, caller.id, session);
        if (Object.keys(account).length > 0 || Object.keys(profileChanges).length > 0) {
          await recordAudit(trx, {
            userId: caller.id,
            action: account.password_hash ? 'PROFILE_UPDATED_PASSWORD_CHANGED' : 'PROFILE_UPDATED',
            entity: 'user',
            entityId: caller.id,
            before: { member_id: before.member_id, contact_number: before.contact_number, profile_photo: before.profile_photo },
            after: { ...accountSnapshot(account), ...profileChanges },
          });
        }
      }),
    );
  } catch (error) {
    throw uniqueClash(error) ?? error;
  }
  sendAfterCommit?.();
  return staffProfile(ctx, caller.id);
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

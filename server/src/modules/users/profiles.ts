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
import { revokeOtherSessions } from '../accounts/sessions.js';
import { accountSnapshot, applyAccountChanges, checkAccountChanges, pendingEmailOf, type PendingMail } from './account-changes.js';
import type { ParsedForm, StaffProfileForm } from './schemas.js';
import type { AuthUser } from '../../context.js';
import { EMAIL_TAKEN, USERNAME_MESSAGES } from './service.js';
import type { AccountView } from '../accounts/account-view.js';

export interface StaffProfile extends AccountView {
  role: string;
  profile_photo: string | null;
  member_id: string | null;
  contact_number: string | null;
  is_verified: boolean;
  is_active: boolean;
  /** A new e-mail address waiting for confirmation by link, or null. */
  pending_email: string | null;
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

// ---------------------------------------------------------------------------------------------
// Updating

export function uniqueClash(error: unknown): ValidationError | undefined {
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
        // The staff profile row a first update creates is part of the change: it rolls back with it.
        await ensureStaffProfile(trx, caller.id);
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

/**
 * Profiles: a staff user's own (SUPER USER, MANAGER) and a member's. Updates are partial; the
 * role never changes through a profile; a password change needs the old password and revokes
 * the user's other sign-ins (the one that made the change keeps working).
 */
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { isSet, isUniqueViolation, violatedConstraint } from '../../db/values.js';
import { notFound, permissionDenied, ValidationError } from '../../errors.js';
import { formatMoney } from '../../lib/money.js';
import { replaceFiles, type StoredFile } from '../../storage/service.js';
import { recordAudit } from '../audit/service.js';
import { revokeOtherSessions } from '../auth/service.js';
import { BOOKS_OUT_OF_U, FINES_OWED_OF_U } from '../members/obligations.js';
import { memberProfiles, stateOf, type MemberState } from '../members/queries.js';
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

export interface MemberProfile {
  id: number;
  user_id: number;
  role: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  father_first_name: string | null;
  father_last_name: string | null;
  profile_photo: string | null;
  class_name: string | null;
  section: string | null;
  mobile_number: string | null;
  cnic: string | null;
  department: { id: number; name: string } | null;
  session: { id: number; session_range: string } | null;
  registration_id: string | null;
  roll_no: string | null;
  shift: string | null;
  security_fee: string;
  member_id: string;
  home_address: string | null;
  emergency_contact: string | null;
  library_membership_id: string | null;
  is_verified: boolean;
  is_declined: boolean;
  is_active: boolean;
  is_defaulter: boolean;
  /** Unpaid fines now, a decimal string (what the desk's "due amount" reads; the same sum as `fines_owed`). */
  fine_amount: string;
  /** A new e-mail address waiting for confirmation by link, or null. */
  pending_email: string | null;
  /** The member's plan (the default plan when he chose none). */
  plan: { id: number; name: string } | null;
  /** Books the member has out now (loans not returned). */
  books_out: number;
  /** Unpaid fines, a decimal string (the fines' remaining amounts). */
  fines_owed: string;
  /** The member's state (pending, rejected, active, disabled), as the member lists derive it. */
  state: MemberState;
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
  const row = await memberProfiles(ctx.db)
    .selectAll('p')
    .select([
      'u.role', 'u.username', 'u.email', 'u.first_name as user_first_name', 'u.last_name as user_last_name',
      'u.is_verified', 'u.is_declined', 'u.is_active', 'd.name as department_name', 's.session_range',
      'mp.id as plan_ref', 'mp.name as plan_name', 'u.approved_at',
    ])
    .select([FINES_OWED_OF_U.as('fines_owed'), BOOKS_OUT_OF_U.as('books_out')])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const owed = formatMoney(Number(row.fines_owed));
  return {
    id: row.id,
    user_id: row.user_id,
    role: row.role,
    username: row.username,
    email: row.email,
    first_name: row.user_first_name,
    last_name: row.user_last_name,
    middle_name: row.middle_name,
    father_first_name: row.father_first_name,
    father_last_name: row.father_last_name,
    profile_photo: ctx.media.url(row.profile_photo),
    class_name: row.class_name,
    section: row.section,
    mobile_number: row.mobile_number,
    cnic: row.cnic,
    department: row.department_id !== null && row.department_name !== null ? { id: row.department_id, name: row.department_name } : null,
    session: row.session_id !== null && row.session_range !== null ? { id: row.session_id, session_range: row.session_range } : null,
    registration_id: row.registration_id,
    roll_no: row.roll_no,
    shift: row.shift,
    security_fee: formatMoney(row.security_fee),
    member_id: row.member_id,
    home_address: row.home_address,
    emergency_contact: row.emergency_contact,
    library_membership_id: row.library_membership_id,
    is_verified: isSet(row.is_verified),
    is_declined: isSet(row.is_declined),
    is_active: isSet(row.is_active),
    is_defaulter: isSet(row.is_defaulter),
    fine_amount: owed,
    pending_email: await pendingEmailOf(ctx.db, row.user_id),
    plan: row.plan_ref !== null && row.plan_name !== null ? { id: row.plan_ref, name: row.plan_name } : null,
    books_out: Number(row.books_out),
    fines_owed: owed,
    state: stateOf(row),
  };
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

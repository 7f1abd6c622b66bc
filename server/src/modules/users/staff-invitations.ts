/**
 * Staff invitations: an invitation that names a role makes the invited account staff in that role.
 * Giving a role is a user administrator's act (change_user_admin), whoever may invite members; the
 * role must exist and be a staff role (neither SUPER USER nor MEMBER). The accepted account is a
 * MANAGER with a staff profile, in that role instead of the MANAGER group (so he holds the role's
 * permissions alone, as a narrower manager does), in the creating transaction.
 */
import type { AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { permissionDenied, ValidationError } from '../../errors.js';
import { hasPermission } from '../roles/service.js';

/** The role an invitation gives, as answered and mailed. */
export interface InvitedRole {
  id: number;
  name: string;
}

const NOT_STAFF_ROLES = new Set(['SUPER USER', 'MEMBER']);

/** Checks the role an invitation names (403 unless a user administrator; 400 unless a staff role); none without `roleId`. */
export async function checkInvitedRole(db: Db, caller: AuthUser, roleId: number | undefined): Promise<InvitedRole | undefined> {
  if (roleId === undefined) return undefined;
  if (!(await hasPermission(db, caller, 'change_user_admin'))) throw permissionDenied();
  const role = await db.selectFrom('roles').select(['id', 'name']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw ValidationError.field('role', 'Role not found.');
  if (NOT_STAFF_ROLES.has(role.name)) throw ValidationError.field('role', 'Choose a staff role.');
  return role;
}

/** The invitation mail's words for a staff role (the mail names the library in its subject and signature). */
export const staffInvitationLines = (role: string): string[] => [`The library invites you to join its staff as ${role}.`, 'Create your account here:'];

/** Makes the new account staff in the invited role: his staff profile and his place in the role, instead of his built-in group. */
export async function joinInvitedRole(trx: Db, userId: number, roleId: number): Promise<void> {
  await trx.insertInto('manager_profiles').values({ user_id: userId, member_id: null, contact_number: null, notes: null }).execute();
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', '!=', roleId).execute();
  await trx
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

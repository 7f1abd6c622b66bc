/**
 * Inviting staff (settings/users/invite): the form's rules (an e-mail address and a staff role),
 * the roles it offers (neither SUPER USER nor MEMBER: the server refuses them), and the body of
 * `POST /users/invitations/` with the role.
 */
import type { FieldErrors } from './forms';
import { checkEmail } from './forms';
import type { Role } from './schemas/roles';

/** The form's values, as typed. */
export interface StaffInviteValues {
  email: string;
  role: string;
}

export const STAFF_INVITE_MESSAGES = {
  roleRequired: 'Choose the role the new staff member will have.',
  noRoles: 'There is no staff role to give yet: create one in User Management first.',
} as const;

/** An empty form. */
export const emptyStaffInvite = (): StaffInviteValues => ({ email: '', role: '' });

const NOT_STAFF = new Set(['SUPER USER', 'MEMBER']);

/** The roles a staff member may be invited into, by name. */
export function staffRoleOptions(roles: readonly Role[]): { value: string; label: string }[] {
  return roles
    .filter((role) => !NOT_STAFF.has(role.name))
    .map((role) => ({ value: String(role.id), label: role.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Checks the form before it is sent. */
export function validateStaffInvite(values: StaffInviteValues): FieldErrors<keyof StaffInviteValues> {
  return { email: checkEmail(values.email), role: values.role ? undefined : STAFF_INVITE_MESSAGES.roleRequired };
}

/** The call's body: the address trimmed and the role's id. */
export const staffInviteBody = (values: StaffInviteValues): { email: string; role: number } => ({ email: values.email.trim(), role: Number(values.role) });

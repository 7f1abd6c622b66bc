/**
 * Section 8 fallbacks of the profile, role and user-management calls, in the style of
 * `errors.ts`: the server's own message first (detail, non_field_errors, the first field error,
 * then a network error's text), the specification's fallback (spelling included) otherwise.
 */
import { errorMessage, firstFieldError } from './errors';

/** The role and permission calls of the user-management screens. */
export type RoleAction =
  | 'fetch-roles'
  | 'add-role'
  | 'update-role'
  | 'delete-role'
  | 'assign-role'
  | 'remove-role'
  | 'fetch-role-users'
  | 'fetch-role-detail'
  | 'fetch-permissions';

/** The specification's fallback of each call. */
export const ROLE_FALLBACKS: Record<RoleAction, string> = {
  'fetch-roles': 'Error Fetching Roles',
  'add-role': 'Error Adding Role',
  'update-role': 'Unkown Error',
  'delete-role': 'Error Deletign Role',
  'assign-role': 'Error Assinging Role',
  'remove-role': 'Error Removing Role',
  'fetch-role-users': 'Error Fetching User Roles',
  'fetch-role-detail': 'Error Fetching Role Detail',
  'fetch-permissions': 'Error Fetching Permission',
};

/** The message for a failed role call. */
export function roleErrorMessage(error: unknown, action: RoleAction): string {
  const fallback = ROLE_FALLBACKS[action];
  const direct = errorMessage(error, ['detail', 'non_field_errors'], '');
  if (direct) return direct;
  const field = firstFieldError(error, '');
  if (field) return field;
  return errorMessage(error, ['transport'], fallback);
}

/** Profile updates (staff and member): the server's message, else the specification's sentence. */
export const PROFILE_UPDATE_FALLBACK = 'Profile update failed. Please try again.';

/** The message for a failed profile update. */
export const profileErrorMessage = (error: unknown): string =>
  errorMessage(error, ['detail', 'non_field_errors', 'transport'], PROFILE_UPDATE_FALLBACK);

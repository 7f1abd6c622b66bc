/** Permission policy shared by menus, guards and actions (SUPER USER sees all; other staff what their permissions allow; MEMBER holds none). */

/** The role that passes every permission check. */
export const SUPER_USER = 'SUPER USER';

/** Whether a user may do what `codename` guards: SUPER USER holds every permission. */
export function holdsPermission(
  user: { role?: string | null | undefined; permissions?: readonly string[] | null | undefined } | null | undefined,
  codename: string,
): boolean {
  if (!user) return false;
  if (user.role === SUPER_USER) return true;
  return user.permissions?.includes(codename) ?? false;
}

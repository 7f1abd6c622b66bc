/**
 * Roles and permissions. A user's permissions are the union of the permissions of his roles,
 * read from the database on every call so that a change applies at once; SUPER USER holds
 * every permission.
 */
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db, PermissionRow } from '../../db/schema.js';

export const SUPER_USER = 'SUPER USER';

export interface PermissionView {
  id: number;
  codename: string;
  name: string;
  module: string;
}

const toView = (p: PermissionRow): PermissionView => ({ id: p.id, codename: p.codename, name: p.name, module: p.module });

/** The whole catalogue, in catalogue order. */
export async function listPermissions(db: Db): Promise<PermissionView[]> {
  return (await db.selectFrom('permissions').selectAll().orderBy('id').execute()).map(toView);
}

/** The permissions a user holds through his roles (all of them for SUPER USER). */
export async function permissionsOf(db: Db, user: { id: number; role: string }): Promise<PermissionView[]> {
  if (user.role === SUPER_USER) return listPermissions(db);
  const rows = await db
    .selectFrom('permissions as p')
    .selectAll('p')
    .where('p.id', 'in', (eb) =>
      eb
        .selectFrom('role_permissions as rp')
        .innerJoin('user_roles as ur', 'ur.role_id', 'rp.role_id')
        .select('rp.permission_id')
        .where('ur.user_id', '=', user.id),
    )
    .orderBy('p.id')
    .execute();
  return rows.map(toView);
}

/** The codenames a user holds. */
export async function permissionCodenames(db: Db, user: { id: number; role: string }): Promise<string[]> {
  return (await permissionsOf(db, user)).map((p) => p.codename);
}

/**
 * The names of the roles a user is in, oldest role first ('Front Desk'), for people to read; his
 * built-in role's name ('MANAGER') when he is in none. Permissions come from `permissionsOf`.
 */
export async function roleNamesOf(db: Db, user: { id: number; role: string }): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', user.id)
    .orderBy('r.id')
    .execute();
  return rows.length > 0 ? rows.map((r) => r.name) : [user.role];
}

/** Whether a user holds one permission (SUPER USER always does). */
export async function hasPermission(db: Db, user: { id: number; role: string }, codename: string): Promise<boolean> {
  if (user.role === SUPER_USER) return true;
  return (await permissionOfUser(db, user.id, codename)).length > 0;
}

/** Checked on most requests, so built and compiled once. */
const permissionOfUser = compiledOnce((db: Db, userId: number, codename: string) =>
  db
    .selectFrom('user_roles as ur')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.id')
    .where('ur.user_id', '=', userId)
    .where('p.codename', '=', codename)
    .limit(1),
);

/** Puts a user in the role of that name (every user is in the role named like users.role). */
export async function addUserToRole(db: Db, userId: number, roleName: string): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirst();
  if (!role) throw new Error(`Role "${roleName}" does not exist; run the migrations first.`);
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: role.id })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

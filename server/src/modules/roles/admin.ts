/**
 * Role administration (change_user_admin): roles as named permission sets, their members, and
 * the user list. Every change is audited with before/after in its own transaction. Built-in
 * roles cannot be deleted or renamed; names are unique case-insensitively.
 */
import { dialectOfDb } from '../../db/connection.js';
import { matchesAny } from '../../db/like.js';
import type { Db } from '../../db/schema.js';
import { isSet, isUniqueViolation } from '../../db/values.js';
import { ApiError, badRequest, notFound, ValidationError } from '../../errors.js';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import { listPermissions, type PermissionView } from './service.js';
import { pageWindow, readOrdering, readPage, readSearch, type PageWindow } from '../../http/paging.js';

export const ROLE_MESSAGES = {
  nameTaken: 'A role with that name already exists.',
  builtInDelete: 'Built-in roles cannot be deleted.',
  builtInRename: 'Built-in roles cannot be renamed.',
  emptyUsers: 'This list may not be empty.',
} as const;

export interface RoleView {
  id: number;
  name: string;
  built_in: boolean;
  permissions: number[];
  user_count: number;
}

export interface UserBrief {
  id: number;
  username: string;
  email: string;
  role: string;
  first_name: string;
  last_name: string;
  member_id: string | null;
  is_active: boolean;
  is_verified: boolean;
}

async function roleRow(db: Db, id: number) {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

async function toView(db: Db, role: { id: number; name: string; built_in: number }): Promise<RoleView> {
  const permissions = await db.selectFrom('role_permissions').select('permission_id').where('role_id', '=', role.id).orderBy('permission_id').execute();
  const count = await db.selectFrom('user_roles').select((eb) => eb.fn.countAll<string | number>().as('n')).where('role_id', '=', role.id).executeTakeFirst();
  return { id: role.id, name: role.name, built_in: isSet(role.built_in), permissions: permissions.map((p) => p.permission_id), user_count: Number(count?.n ?? 0) };
}

export async function listRoles(db: Db): Promise<RoleView[]> {
  const roles = await db.selectFrom('roles').selectAll().orderBy('id').execute();
  return Promise.all(roles.map((r) => toView(db, r)));
}

export async function getRole(db: Db, id: number | undefined): Promise<RoleView> {
  const role = id === undefined ? undefined : await roleRow(db, id);
  if (!role) throw notFound();
  return toView(db, role);
}

async function checkName(db: Db, name: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('roles').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw ValidationError.field('name', ROLE_MESSAGES.nameTaken);
}

async function checkPermissionIds(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const known = new Set((await db.selectFrom('permissions').select('id').where('id', 'in', unique).execute()).map((p) => p.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0) throw new ValidationError({ permissions: missing.map((id) => `Invalid pk "${id}" - object does not exist.`) });
  return unique.sort((a, b) => a - b);
}

async function setPermissions(db: Db, roleId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (ids.length > 0) await db.insertInto('role_permissions').values(ids.map((permission_id) => ({ role_id: roleId, permission_id }))).execute();
}

/**
 * Takes the role's row for this transaction on PostgreSQL, so two admins changing one role's
 * permissions or members at once take turns: the second reads what the first left (otherwise both
 * replace the permissions and the role ends with their union, or both add one user and the
 * second insert breaks the key). SQLite runs one write transaction at a time already.
 */
async function lockRole(trx: Db, roleId: number): Promise<void> {
  if (dialectOfDb(trx) === 'postgres') await trx.selectFrom('roles').select('id').where('id', '=', roleId).forUpdate().execute();
}

const nameClash = (error: unknown): unknown => (isUniqueViolation(error) ? ValidationError.field('name', ROLE_MESSAGES.nameTaken) : error);

export async function createRole(db: Kysely<Database>, actorId: number, input: { name: string; permissions?: number[] | undefined }): Promise<RoleView> {
  await checkName(db, input.name);
  const permissions = await checkPermissionIds(db, input.permissions ?? []);
  try {
    return await db.transaction().execute(async (trx) => {
      const role = await trx.insertInto('roles').values({ name: input.name, built_in: 0 }).returningAll().executeTakeFirstOrThrow();
      await setPermissions(trx, role.id, permissions);
      const view = await toView(trx, role);
      await recordAudit(trx, { userId: actorId, action: 'ROLE_CREATED', entity: 'role', entityId: role.id, after: { ...view } });
      return view;
    });
  } catch (error) {
    throw nameClash(error);
  }
}

export async function updateRole(db: Kysely<Database>, actorId: number, id: number | undefined, input: { name?: string | undefined; permissions?: number[] | undefined }): Promise<RoleView> {
  const role = id === undefined ? undefined : await roleRow(db, id);
  if (!role) throw notFound();
  const rename = input.name !== undefined && input.name !== role.name;
  if (rename && isSet(role.built_in)) throw ValidationError.field('name', ROLE_MESSAGES.builtInRename);
  if (rename) await checkName(db, input.name!, role.id);
  const permissions = input.permissions === undefined ? undefined : await checkPermissionIds(db, input.permissions);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockRole(trx, role.id);
      const before = await toView(trx, role);
      if (rename) await trx.updateTable('roles').set({ name: input.name! }).where('id', '=', role.id).execute();
      if (permissions) await setPermissions(trx, role.id, permissions);
      const after = await toView(trx, (await roleRow(trx, role.id))!);
      if (rename || permissions) await recordAudit(trx, { userId: actorId, action: 'ROLE_UPDATED', entity: 'role', entityId: role.id, before: { ...before }, after: { ...after } });
      return after;
    });
  } catch (error) {
    throw nameClash(error);
  }
}

export async function deleteRole(db: Kysely<Database>, actorId: number, id: number | undefined): Promise<void> {
  const role = id === undefined ? undefined : await roleRow(db, id);
  if (!role) throw notFound();
  if (isSet(role.built_in)) throw badRequest(ROLE_MESSAGES.builtInDelete);
  await db.transaction().execute(async (trx) => {
    const before = await toView(trx, role);
    const members = (await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id).execute()).map((r) => r.user_id);
    await trx.deleteFrom('user_roles').where('role_id', '=', role.id).execute();
    await trx.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
    await trx.deleteFrom('roles').where('id', '=', role.id).execute();
    await recordAudit(trx, { userId: actorId, action: 'ROLE_DELETED', entity: 'role', entityId: role.id, before: { ...before, user_ids: members } });
  });
}

async function memberIds(db: Db, roleId: number): Promise<number[]> {
  return (await db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId).orderBy('user_id').execute()).map((r) => r.user_id);
}

/** Adds (or removes) users to a role; answers the DRF-style sentence naming them by username. */
export async function changeRoleMembers(db: Kysely<Database>, actorId: number, id: number | undefined, userIds: number[], add: boolean): Promise<{ detail: string }> {
  const role = id === undefined ? undefined : await roleRow(db, id);
  if (!role) throw notFound();
  if (userIds.length === 0) throw ValidationError.field('user_ids', ROLE_MESSAGES.emptyUsers);
  return db.transaction().execute(async (trx) => {
    await lockRole(trx, role.id);
    const before = await memberIds(trx, role.id);
    const inRole = new Set(before);
    const users = await trx.selectFrom('users').select(['id', 'username']).where('id', 'in', [...new Set(userIds)]).orderBy('id').execute();
    const affected = users.filter((u) => (add ? !inRole.has(u.id) : inRole.has(u.id)));
    if (affected.length === 0) {
      throw new ApiError(404, { detail: add ? 'No matching users found (or already in this role).' : 'No matching users found in this role.' });
    }
    if (add) await trx.insertInto('user_roles').values(affected.map((u) => ({ user_id: u.id, role_id: role.id }))).execute();
    else await trx.deleteFrom('user_roles').where('role_id', '=', role.id).where('user_id', 'in', affected.map((u) => u.id)).execute();
    const after = await memberIds(trx, role.id);
    await recordAudit(trx, {
      userId: actorId,
      action: add ? 'ROLE_ASSIGNED' : 'ROLE_UNASSIGNED',
      entity: 'role',
      entityId: role.id,
      before: { role: role.name, user_ids: before },
      after: { role: role.name, user_ids: after, changed: affected.map((u) => u.id) },
    });
    const names = `[${affected.map((u) => u.username).join(', ')}]`;
    return { detail: add ? `Added users ${names} to role ${role.name}` : `Removed users ${names} from role ${role.name}` };
  });
}

const briefQuery = (db: Db) =>
  db
    .selectFrom('users as u')
    .leftJoin('member_profiles as mp', 'mp.user_id', 'u.id')
    .leftJoin('manager_profiles as sp', 'sp.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.email', 'u.role', 'u.first_name', 'u.last_name', 'u.is_active', 'u.is_verified', 'mp.member_id as member_member_id', 'sp.member_id as staff_member_id']);

type BriefRow = Awaited<ReturnType<ReturnType<typeof briefQuery>['execute']>>[number];

const toBrief = (r: BriefRow): UserBrief => ({
  id: r.id,
  username: r.username,
  email: r.email,
  role: r.role,
  first_name: r.first_name,
  last_name: r.last_name,
  member_id: r.member_member_id ?? r.staff_member_id ?? null,
  is_active: isSet(r.is_active),
  is_verified: isSet(r.is_verified),
});

export async function roleUsers(db: Db, id: number | undefined): Promise<UserBrief[]> {
  const role = id === undefined ? undefined : await roleRow(db, id);
  if (!role) throw notFound();
  const rows = await briefQuery(db)
    .where('u.id', 'in', (eb) => eb.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id))
    .orderBy('u.username')
    .execute();
  return rows.map(toBrief);
}

export async function rolePermissions(db: Db, id: number | undefined): Promise<PermissionView[]> {
  const role = id === undefined ? undefined : await roleRow(db, id);
  if (!role) throw notFound();
  const ids = new Set((await db.selectFrom('role_permissions').select('permission_id').where('role_id', '=', role.id).execute()).map((r) => r.permission_id));
  return (await listPermissions(db)).filter((p) => ids.has(p.id));
}

export const USER_LIST_LIMIT = 50;

/** Columns the paged user list may be ordered by. */
export const USER_ORDERING = ['username', 'first_name', 'last_name', 'email', 'role', 'date_joined', 'id'] as const;

/** The user list's filters: a search over username, names and e-mail; a role, or `staff` for SUPER USER and MANAGER. Deleted accounts are left out. */
function filteredUsers(db: Db, search: string, role: string) {
  let query = briefQuery(db).where('u.deleted_at', 'is', null);
  const term = search.trim().toLowerCase();
  if (term) {
    query = query.where(matchesAny(term, ['u.username', 'u.first_name', 'u.last_name', 'u.email'].map((c) => sql.ref(c))));
  }
  const wanted = role.trim();
  if (wanted === 'staff') query = query.where('u.role', 'in', ['SUPER USER', 'MANAGER']);
  else if (wanted) query = query.where('u.role', '=', wanted);
  return query;
}

/** Users matching a search over username, names and e-mail, optionally of one role; at most 50. */
export async function searchUsers(db: Db, search: string, role: string): Promise<UserBrief[]> {
  const rows = await filteredUsers(db, search, role).orderBy('u.username').limit(USER_LIST_LIMIT).execute();
  return rows.map(toBrief);
}

/** One page of the user list, ordered by the declared columns (default username). */
export async function pageUsers(db: Db, q: { search?: unknown; role?: unknown; ordering?: unknown; page?: unknown; page_size?: unknown }): Promise<{ window: PageWindow; results: UserBrief[] }> {
  const page = readPage(q)!;
  const filtered = filteredUsers(db, readSearch(q.search), typeof q.role === 'string' ? q.role : '');
  const { n } = await db
    .selectFrom(filtered.as('f'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const window = pageWindow(Number(n), page);
  const orders = readOrdering(q.ordering, USER_ORDERING, [{ field: 'username', desc: false }]);
  if (!orders.some((o) => o.field === 'id')) orders.push({ field: 'id', desc: orders[0]!.desc });
  let query = filtered;
  for (const o of orders) query = query.orderBy(o.field === 'username' ? sql`lower(u.username)` : sql.ref(`u.${o.field}`), o.desc ? 'desc' : 'asc');
  const rows = await query.limit(window.limit).offset(window.offset).execute();
  return { window, results: rows.map(toBrief) };
}

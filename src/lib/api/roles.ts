/** Role and permission calls (docs/API.md, "Reference data and roles"). */
import { array, type, string, optional, type Infer } from 'superstruct';
import { http } from '../http';
import type { ManagerValues } from '../forms';
import { parseAnswer } from '../schemas';
import { IdStruct } from '#shared/schemas/common';
import { UserBriefStruct, type UserBrief } from '../schemas/profiles';
import { PermissionDetailStruct, RoleStruct, type PermissionDetail, type Role } from '../schemas/roles';

type Id = string | number;
const rolePath = (id: Id) => `/roles/${encodeURIComponent(String(id))}/`;
const DetailStruct = type({ detail: optional(string()) });

/** `GET /permissions/`: every permission. */
export async function fetchPermissions(): Promise<PermissionDetail[]> {
  return parseAnswer(await http.get('/permissions/'), array(PermissionDetailStruct));
}

/** `GET /roles/`. */
export async function fetchRoles(): Promise<Role[]> {
  return parseAnswer(await http.get('/roles/'), array(RoleStruct));
}

/** `GET /roles/{id}/`. */
export async function fetchRole(id: Id): Promise<Role> {
  return parseAnswer(await http.get(rolePath(id)), RoleStruct);
}

/** `POST /roles/`. */
export async function createRole(body: { name: string; permissions?: Id[] }): Promise<Role> {
  return parseAnswer(await http.post('/roles/', body), RoleStruct);
}

/** `PATCH /roles/{id}/`: a new name and/or the whole permission set. */
export async function updateRole(id: Id, body: { name?: string; permissions?: Id[] }): Promise<Role> {
  return parseAnswer(await http.patch(rolePath(id), body), RoleStruct);
}

/** `DELETE /roles/{id}/` (built-in roles are refused). */
export async function deleteRole(id: Id): Promise<void> {
  await http.delete(rolePath(id));
}

/** `POST /roles/{id}/assign_user/`. */
export async function assignUsersToRole(id: Id, userIds: Id[]): Promise<string | undefined> {
  return parseAnswer(await http.post(`${rolePath(id)}assign_user/`, { user_ids: userIds }), DetailStruct).detail;
}

/** `POST /roles/{id}/remove_user/`. */
export async function removeUsersFromRole(id: Id, userIds: Id[]): Promise<string | undefined> {
  return parseAnswer(await http.post(`${rolePath(id)}remove_user/`, { user_ids: userIds }), DetailStruct).detail;
}

/** `GET /roles/{id}/users/`. */
export async function fetchRoleUsers(id: Id): Promise<UserBrief[]> {
  return parseAnswer(await http.get(`${rolePath(id)}users/`), array(UserBriefStruct));
}

const RegisteredManagerStruct = type({ id: IdStruct, username: string(), email: optional(string()), role: optional(string()) });

/** A manager created by `POST /auth/register/manager/`. */
export type RegisteredManager = Infer<typeof RegisteredManagerStruct>;

/** The body of `POST /auth/register/manager/`: the Register Manager form's values. */
export type ManagerRegistration = ManagerValues;

/** `POST /auth/register/manager/`. */
export async function registerManager(body: ManagerRegistration): Promise<RegisteredManager> {
  return parseAnswer(await http.post('/auth/register/manager/', body), RegisteredManagerStruct);
}

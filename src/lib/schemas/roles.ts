/** Roles and permissions of docs/API.md ("Settings, profiles, roles, notifications"). */
import { array, boolean, number, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

/** `GET /roles/` entries and the answer of role create, read and update. */
export const RoleStruct = type({
  id: IdStruct,
  name: string(),
  built_in: optional(boolean()),
  permissions: optional(array(IdStruct)),
  user_count: optional(number()),
});

export type Role = Infer<typeof RoleStruct>;

/** `GET /permissions/` and `GET /roles/{id}/permissions/` entries (all fields present). */
export const PermissionDetailStruct = type({
  id: IdStruct,
  codename: string(),
  name: optional(string()),
  module: optional(string()),
});

export type PermissionDetail = Infer<typeof PermissionDetailStruct>;

/**
 * The role editor's checklist: permissions grouped by their `module`, in the order the server
 * lists them, and the "select all" state of each group (checked, indeterminate or unchecked).
 */

/** What the checklist needs of a permission. */
export interface GroupablePermission {
  id: string | number;
  codename: string;
  name?: string | undefined;
  module?: string | undefined;
}

export interface PermissionGroup<P extends GroupablePermission = GroupablePermission> {
  module: string;
  permissions: P[];
}

/** Module name for permissions the server did not place in one. */
export const OTHER_MODULE = 'Other';

/** Groups permissions by module: groups in first-seen order, permissions in server order. */
export function groupPermissions<P extends GroupablePermission>(permissions: readonly P[]): PermissionGroup<P>[] {
  const groups = new Map<string, P[]>();
  for (const permission of permissions) {
    const module = permission.module?.trim() || OTHER_MODULE;
    const list = groups.get(module);
    if (list) list.push(permission);
    else groups.set(module, [permission]);
  }
  return [...groups].map(([module, list]) => ({ module, permissions: list }));
}

export type GroupSelection = 'all' | 'some' | 'none';

const key = (id: string | number) => String(id);

/** Whether all, some or none of a group's permissions are selected. */
export function groupSelection(group: PermissionGroup, selected: ReadonlySet<string>): GroupSelection {
  const count = group.permissions.filter((p) => selected.has(key(p.id))).length;
  if (count === 0) return 'none';
  return count === group.permissions.length ? 'all' : 'some';
}

/** The selection after the group's "select all" box is pressed: all on, unless all were on. */
export function toggleGroup(group: PermissionGroup, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  const turnOn = groupSelection(group, selected) !== 'all';
  for (const permission of group.permissions) {
    if (turnOn) next.add(key(permission.id));
    else next.delete(key(permission.id));
  }
  return next;
}

/** The selection with one permission flipped. */
export function togglePermission(id: string | number, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (next.has(key(id))) next.delete(key(id));
  else next.add(key(id));
  return next;
}

/** Whether two selections hold the same permissions (for the unsaved-changes warning). */
export function sameSelection(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

/** The ids to send in `PATCH /roles/{id}/`: numbers stay numbers when the server used numbers. */
export function selectionPayload(selected: ReadonlySet<string>, permissions: readonly GroupablePermission[]): (string | number)[] {
  return permissions.filter((p) => selected.has(key(p.id))).map((p) => p.id);
}

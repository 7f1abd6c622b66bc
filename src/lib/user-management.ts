/**
 * User Management's flow: the roles (a failed reload keeps the list shown beside its message),
 * the one role whose users are open (a created role opens, a deleted one closes), and the one
 * dialog at a time (create, rename, delete with its failure, register a manager).
 */
import type { Role } from './schemas/roles';

export type RoleDialog = { kind: 'create' } | { kind: 'rename'; role: Role } | { kind: 'delete'; role: Role } | { kind: 'register' };

export interface UserManagementState {
  roles: Role[] | null;
  loadError: string | null;
  /** The id of the role whose users are shown. */
  expanded: string | null;
  dialog: RoleDialog | null;
  deleteError: string | null;
}

export type UserManagementEvent =
  | { type: 'loaded'; roles: Role[] }
  | { type: 'load-failed'; message: string }
  | { type: 'toggle'; id: string }
  | { type: 'open'; dialog: RoleDialog }
  | { type: 'close' }
  | { type: 'created'; id: Role['id'] }
  | { type: 'deleted'; id: Role['id'] }
  | { type: 'delete-failed'; message: string };

export const initialUserManagement: UserManagementState = { roles: null, loadError: null, expanded: null, dialog: null, deleteError: null };

/** The next state of the screen. */
export function userManagementFlow(state: UserManagementState, event: UserManagementEvent): UserManagementState {
  switch (event.type) {
    case 'loaded':
      return { ...state, roles: event.roles, loadError: null };
    case 'load-failed':
      return { ...state, loadError: event.message };
    case 'toggle':
      return { ...state, expanded: state.expanded === event.id ? null : event.id };
    case 'open':
      return { ...state, dialog: event.dialog, deleteError: null };
    case 'close':
      return { ...state, dialog: null, deleteError: null };
    case 'created':
      return { ...state, expanded: String(event.id) };
    case 'deleted':
      return { ...state, expanded: state.expanded === String(event.id) ? null : state.expanded };
    case 'delete-failed':
      return { ...state, deleteError: event.message };
  }
}

/** "1 user", "3 users", or nothing when the server did not count. */
export const roleUserCount = (count: number | undefined): string => (count === undefined ? '' : count === 1 ? '1 user' : `${count} users`);

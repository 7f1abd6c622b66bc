/**
 * The role editor's flow: loading the role and every permission (a role the server does not know
 * is "not found"), the ticked permissions against the last saved ones (unsaved changes), what
 * Save sends (a built-in role keeps its name; an unchanged name is not sent) and the question
 * before leaving with changes. Pure, so the island's hook only dispatches.
 */
import { errorStatus, roleErrorMessage } from './errors';
import { sameSelection, selectionPayload } from './permission-groups';
import type { PermissionDetail, Role } from './schemas/roles';

export type RoleLoad = { kind: 'loading' } | { kind: 'ready' } | { kind: 'not-found' } | { kind: 'error'; message: string };

export interface RoleEditorState {
  load: RoleLoad;
  role: Role | null;
  permissions: PermissionDetail[];
  /** The name and permissions as the server holds them. */
  saved: { name: string; selected: Set<string> };
  selected: Set<string>;
  /** Asking whether to discard unsaved changes. */
  leaving: boolean;
}

export type RoleEditorEvent =
  | { type: 'loaded'; role: Role; permissions: PermissionDetail[] }
  | { type: 'failed'; load: RoleLoad }
  | { type: 'select'; selected: Set<string> }
  | { type: 'saved'; role: Role }
  | { type: 'ask-leave' }
  | { type: 'stay' };

export const initialRoleEditor: RoleEditorState = {
  load: { kind: 'loading' },
  role: null,
  permissions: [],
  saved: { name: '', selected: new Set() },
  selected: new Set(),
  leaving: false,
};

const idsOf = (role: Role, fallback: readonly (string | number)[] = []) => new Set((role.permissions ?? fallback).map(String));

/** The next editor state. */
export function roleEditorFlow(state: RoleEditorState, event: RoleEditorEvent): RoleEditorState {
  switch (event.type) {
    case 'loaded': {
      const ids = idsOf(event.role);
      return { ...state, load: { kind: 'ready' }, role: event.role, permissions: event.permissions, saved: { name: event.role.name, selected: ids }, selected: new Set(ids) };
    }
    case 'failed':
      return { ...state, load: event.load };
    case 'select':
      return { ...state, selected: event.selected };
    case 'saved': {
      const ids = idsOf(event.role, [...state.selected]);
      return { ...state, role: event.role, saved: { name: event.role.name, selected: ids }, selected: new Set(ids) };
    }
    case 'ask-leave':
      return { ...state, leaving: true };
    case 'stay':
      return { ...state, leaving: false };
  }
}

/** How a failed load shows: "not found" for a role the server does not know, else the call's message. */
export function roleLoadFailure(failure: unknown, call: 'fetch-role-detail' | 'fetch-permissions'): RoleLoad {
  if (call === 'fetch-role-detail' && errorStatus(failure) === 404) return { kind: 'not-found' };
  return { kind: 'error', message: roleErrorMessage(failure, call) };
}

/** Whether the typed name (trimmed) or the ticks differ from what is saved. */
export function roleIsDirty(state: RoleEditorState, name: string): boolean {
  return state.load.kind === 'ready' && (name.trim() !== state.saved.name || !sameSelection(state.selected, state.saved.selected));
}

/** The body of `PATCH /roles/{id}/`: every ticked permission, and a custom role's new name. */
export function roleSaveBody(role: Role, name: string, savedName: string, selected: ReadonlySet<string>, permissions: readonly PermissionDetail[]): { name?: string; permissions: (string | number)[] } {
  const body: { name?: string; permissions: (string | number)[] } = { permissions: selectionPayload(selected, permissions) };
  const trimmed = name.trim();
  if (!role.built_in && trimmed !== savedName) body.name = trimmed;
  return body;
}

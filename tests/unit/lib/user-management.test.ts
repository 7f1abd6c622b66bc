import { describe, expect, test } from 'vitest';
import { initialUserManagement, roleUserCount, userManagementFlow, type UserManagementEvent, type UserManagementState } from '../../../src/lib/user-management';

const admin = { id: 1, name: 'Admin', built_in: true, user_count: 2 };
const desk = { id: 7, name: 'Desk', user_count: 1 };
const run = (events: UserManagementEvent[], from: UserManagementState = initialUserManagement) => events.reduce(userManagementFlow, from);
const loaded = run([{ type: 'loaded', roles: [admin, desk] }]);

describe('user management flow', () => {
  test('starts with no roles, nothing open and no dialog', () => {
    expect(initialUserManagement).toEqual({ roles: null, loadError: null, expanded: null, dialog: null, deleteError: null });
  });

  test('a failed reload keeps the roles shown; a good one clears the error', () => {
    const failed = run([{ type: 'load-failed', message: 'Error Fetching Roles' }], loaded);
    expect(failed).toMatchObject({ roles: [admin, desk], loadError: 'Error Fetching Roles' });
    expect(run([{ type: 'loaded', roles: [admin] }], failed)).toMatchObject({ roles: [admin], loadError: null });
  });

  test('one role is open at a time, and toggling it again closes it', () => {
    expect(run([{ type: 'toggle', id: '1' }, { type: 'toggle', id: '7' }], loaded).expanded).toBe('7');
    expect(run([{ type: 'toggle', id: '7' }, { type: 'toggle', id: '7' }], loaded).expanded).toBeNull();
  });

  test('a created role opens', () => {
    expect(run([{ type: 'open', dialog: { kind: 'create' } }, { type: 'created', id: 9 }], loaded)).toMatchObject({ expanded: '9' });
  });

  test('one dialog at a time: create, rename, delete or register', () => {
    const state = run([{ type: 'open', dialog: { kind: 'rename', role: desk } }], loaded);
    expect(state.dialog).toEqual({ kind: 'rename', role: desk });
    expect(run([{ type: 'open', dialog: { kind: 'register' } }], state).dialog).toEqual({ kind: 'register' });
  });

  test('a failed delete shows in its dialog; closing forgets it', () => {
    const failed = run([{ type: 'open', dialog: { kind: 'delete', role: desk } }, { type: 'delete-failed', message: 'In use' }], loaded);
    expect(failed).toMatchObject({ dialog: { kind: 'delete', role: desk }, deleteError: 'In use' });
    expect(run([{ type: 'close' }], failed)).toMatchObject({ dialog: null, deleteError: null });
  });

  test('a deleted role that was open closes; another open role stays open', () => {
    expect(run([{ type: 'toggle', id: '7' }, { type: 'deleted', id: 7 }], loaded).expanded).toBeNull();
    expect(run([{ type: 'toggle', id: '1' }, { type: 'deleted', id: 7 }], loaded).expanded).toBe('1');
  });
});

describe('user counts', () => {
  test.each<[number | undefined, string]>([
    [undefined, ''],
    [0, '0 users'],
    [1, '1 user'],
    [12, '12 users'],
  ])('%s users read “%s”', (count, words) => {
    expect(roleUserCount(count)).toBe(words);
  });
});

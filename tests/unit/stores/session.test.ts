import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

vi.mock('../../../src/lib/api/auth', () => ({ login: vi.fn() }));
vi.mock('../../../src/lib/api/users', () => ({ fetchUserPermissions: vi.fn() }));

import { login } from '../../../src/lib/api/auth';
import { fetchUserPermissions } from '../../../src/lib/api/users';
import { registerStoreReset } from '../../../src/stores/registry';
import {
  $isStaff,
  $permissions,
  $role,
  $session,
  $user,
  hasPermission,
  refreshPermissions,
  setTokens,
  signIn,
  signOut,
  type Session,
} from '../../../src/stores/session';

const manager: Session = {
  access: 'access-1',
  refresh: 'refresh-1',
  id: 7,
  username: 'desk',
  email: 'desk@library.test',
  first_name: 'Dana',
  last_name: 'Desk',
  role: 'MANAGER',
  permissions: ['view_book', 'add_bookissuance'],
};

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  signOut();
  cleanTestStorage();
  vi.mocked(login).mockReset();
});

describe('$session', () => {
  test('signIn stores the whole login answer under userData and returns it', async () => {
    vi.mocked(login).mockResolvedValue(manager);
    const user = await signIn({ username: 'desk', password: 'secret123' });
    expect(user).toEqual(manager);
    expect(JSON.parse(getTestStorage().userData!)).toEqual(manager);
    expect($session.get()).toEqual(manager);
  });

  test('signIn rethrows a failed login and stores nothing', async () => {
    const failure = { status: 401, data: { detail: 'No active account found with the given credentials' } };
    vi.mocked(login).mockRejectedValue(failure);
    await expect(signIn({ username: 'desk', password: 'wrong' })).rejects.toBe(failure);
    expect(getTestStorage().userData).toBeUndefined();
    expect($session.get()).toBeNull();
  });

  test('signOut removes userData and resets every registered store', async () => {
    const memberList = atom<string[]>([]);
    const unregister = registerStoreReset(() => memberList.set([]));
    vi.mocked(login).mockResolvedValue(manager);
    await signIn({ username: 'desk', password: 'secret123' });
    memberList.set(['ada', 'bob']);

    signOut();

    expect(getTestStorage().userData).toBeUndefined();
    expect($session.get()).toBeNull();
    expect(memberList.get()).toEqual([]);
    unregister();
  });

  test('signIn clears what a previous user left in other stores', async () => {
    const dashboard = atom<string | null>('previous user data');
    const unregister = registerStoreReset(() => dashboard.set(null));
    vi.mocked(login).mockResolvedValue(manager);
    await signIn({ username: 'desk', password: 'secret123' });
    expect(dashboard.get()).toBeNull();
    unregister();
  });

  test.each([
    ['text that is not JSON', '{not json'],
    ['JSON of the wrong shape', JSON.stringify({ access: 'a', role: 'MANAGER' })],
    ['a JSON string', JSON.stringify('hello')],
    ['JSON null', 'null'],
  ])('reads %s in storage as signed out', (_, raw) => {
    setTestStorageKey('userData', raw);
    expect($session.get()).toBeNull();
  });

  test('reads a valid stored session back', () => {
    setTestStorageKey('userData', JSON.stringify(manager));
    expect($session.get()).toEqual(manager);
  });

  test('follows another tab signing out', () => {
    setTestStorageKey('userData', JSON.stringify(manager));
    const seen: (Session | null)[] = [];
    const unsubscribe = $session.listen((value) => seen.push(value));
    setTestStorageKey('userData', undefined);
    expect($session.get()).toBeNull();
    expect(seen.at(-1)).toBeNull();
    unsubscribe();
  });

  test('setTokens replaces the tokens and keeps the user data', () => {
    $session.set(manager);
    setTokens({ access: 'access-2', refresh: 'refresh-2' });
    expect($session.get()).toEqual({ ...manager, access: 'access-2', refresh: 'refresh-2' });
    setTokens({ access: 'access-3' });
    expect($session.get()).toMatchObject({ access: 'access-3', refresh: 'refresh-2' });
    expect(JSON.parse(getTestStorage().userData!)).toMatchObject({ access: 'access-3' });
  });

  test('setTokens does nothing when signed out', () => {
    setTokens({ access: 'orphan' });
    expect($session.get()).toBeNull();
    expect(getTestStorage().userData).toBeUndefined();
  });
});

describe('derived session stores', () => {
  test('expose the user without tokens, the role, staff status and permissions', () => {
    $session.set(manager);
    expect($user.get()).not.toHaveProperty('access');
    expect($user.get()).not.toHaveProperty('refresh');
    expect($user.get()).toMatchObject({ id: 7, username: 'desk', role: 'MANAGER' });
    expect($role.get()).toBe('MANAGER');
    expect($isStaff.get()).toBe(true);
    expect($permissions.get()).toEqual(['view_book', 'add_bookissuance']);
  });

  test('treat a MEMBER as not staff', () => {
    $session.set({ ...manager, role: 'MEMBER', permissions: [] });
    expect($isStaff.get()).toBe(false);
  });

  test('are empty when signed out', () => {
    expect($user.get()).toBeNull();
    expect($role.get()).toBeNull();
    expect($isStaff.get()).toBe(false);
    expect($permissions.get()).toEqual([]);
  });

  test.each([
    ['a MANAGER holding the permission', 'MANAGER', ['view_book'], 'view_book', true],
    ['a MANAGER without it', 'MANAGER', ['view_book'], 'change_user_admin', false],
    ['a SUPER USER with an empty list', 'SUPER USER', [], 'change_user_admin', true],
    ['a MEMBER', 'MEMBER', [], 'view_book', false],
  ])('hasPermission is right for %s', (_, role, permissions, codename, expected) => {
    $session.set({ ...manager, role, permissions });
    expect(hasPermission(codename)).toBe(expected);
  });

  test('hasPermission is false when signed out', () => {
    expect(hasPermission('view_book')).toBe(false);
  });
});

describe('refreshPermissions', () => {
  const answer = (codes: string[]) => codes.map((codename, i) => ({ id: i + 1, name: codename, codename }));

  test('keeps the session object when the permissions are unchanged, so no island draws again', async () => {
    $session.set(manager);
    const before = $session.get();
    const listener = vi.fn();
    const stop = $session.listen(listener);
    vi.mocked(fetchUserPermissions).mockResolvedValue(answer(['view_book', 'add_bookissuance']) as never);
    await refreshPermissions();
    expect($session.get()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    vi.mocked(fetchUserPermissions).mockResolvedValue(answer(['view_book']) as never);
    await refreshPermissions();
    expect($permissions.get()).toEqual(['view_book']);
    expect(listener).toHaveBeenCalledOnce();
    stop();
  });
});

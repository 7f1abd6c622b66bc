/**
 * The signed-in session: the whole login answer, persisted under `userData`.
 * What is read back from storage is validated: anything else there means signed out. The
 * persistent engine listens to storage events, so signing out in one tab signs out the others.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { is } from 'superstruct';
import { login, logout, type Credentials } from '../lib/api/auth';
import { fetchUserPermissions } from '../lib/api/users';
import { connectTokenStore } from '../lib/http';
import { isStaffRole } from '#shared/permission-codes';
import { holdsPermission } from '../lib/permissions';
import { LoginAnswerStruct, type LoginAnswer } from '../lib/schemas/auth';
import { resetAllStores } from './registry';
import { SESSION_KEY } from './session-key';

export type Session = LoginAnswer;

export { SESSION_KEY };

/** Reads a stored session; garbage (bad JSON, wrong shape) reads as signed out. */
export function decodeSession(raw: string | undefined): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return is(value, LoginAnswerStruct) ? value : null;
  } catch {
    return null;
  }
}

/** The login answer of the signed-in user, or null when signed out. */
export const $session = persistentAtom<Session | null>(SESSION_KEY, null, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeSession,
});

/** The signed-in user without the tokens. */
export const $user = computed($session, (session) => {
  if (!session) return null;
  const { access: _access, refresh: _refresh, ...user } = session;
  return user;
});

/** The signed-in user's role ('SUPER USER', 'MANAGER', 'MEMBER'), or null. */
export const $role = computed($session, (session) => session?.role ?? null);

/** Whether the signed-in user is staff (SUPER USER or MANAGER). */
export const $isStaff = computed($role, (role) => isStaffRole(role));

/** Permission codenames from the login answer. */
export const $permissions = computed($session, (session): readonly string[] => session?.permissions ?? []);

/** Whether the signed-in user holds a permission; SUPER USER holds all. */
export function hasPermission(codename: string): boolean {
  return holdsPermission($session.get(), codename);
}

/** Signs in through the API, stores the answer whole and returns it; errors are rethrown. */
export async function signIn(credentials: Credentials): Promise<Session> {
  const answer = await login(credentials);
  resetAllStores();
  $session.set(answer);
  return answer;
}

/**
 * Logout: ends the sign-in on the server (fire and forget, see `logout`), then signs out locally.
 * Resolves when the server call is done or failed; the local sign-out happens at once.
 */
export function signOutEverywhere(): Promise<void> {
  const session = $session.get();
  const done = session?.access ? logout({ access: session.access, refresh: session.refresh }) : Promise.resolve();
  signOut();
  return done;
}

/** Signs out locally (logout clears the stored session): removes `userData` and resets every other store. */
export function signOut(): void {
  $session.set(null);
  resetAllStores();
}

/** Stores a refreshed access token (and the rotated refresh token when the server sent one). */
export function setTokens(tokens: { access: string; refresh?: string | undefined }): void {
  const current = $session.get();
  if (!current) return;
  $session.set({ ...current, access: tokens.access, refresh: tokens.refresh ?? current.refresh });
}

/**
 * Re-reads the signed-in user's permissions from the server and keeps them in the session, so a
 * change to their role shows after their next page load. Failures keep what is stored (the HTTP
 * client has already signed out when the session itself is gone).
 */
export async function refreshPermissions(): Promise<void> {
  const session = $session.get();
  if (!session) return;
  const permissions = (await fetchUserPermissions(session.id)).map((p) => p.codename);
  const current = $session.get();
  // Unchanged (the usual case): no new session object, so no island draws itself again.
  if (!current || current.id !== session.id || sameList(current.permissions, permissions)) return;
  $session.set({ ...current, permissions });
}

const sameList = (a: readonly string[] | undefined, b: readonly string[]): boolean => a !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The session as stored right now: another tab may have refreshed the tokens before this tab's
 * storage event arrived. Where storage cannot be read, the session this tab holds.
 */
function storedSession(): Session | null {
  try {
    return decodeSession(window.localStorage.getItem(SESSION_KEY) ?? undefined);
  } catch {
    return $session.get();
  }
}

// The HTTP client reads and refreshes the tokens of this store (src/lib imports no store).
connectTokenStore({
  read: () => $session.get(),
  save: (next) => setTokens(next),
  clear: () => signOut(),
  reload: () => storedSession(),
});

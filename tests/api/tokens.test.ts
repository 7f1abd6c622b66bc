import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let userId: number;

beforeAll(async () => {
  // Reuse detection is checked without the grace window for concurrent tabs (tested on its own below).
  t = await startTestApp({ REFRESH_REUSE_GRACE: '0' });
  userId = (await createUser(t.db, { username: 'reader' })).id;
  await createUser(t.db, { username: 'other.reader' });
});

afterAll(async () => t.close());

const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };
const REFRESH_NOT_VALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

const refresh = (token: string) => postJson(t.app, '/api/token/refresh/', { refresh: token });
const ownPermissions = (access: string, id = userId) =>
  t.app.inject({ method: 'GET', url: `/users/${id}/permissions/`, headers: bearer(access) });

describe('access tokens', () => {
  test('open protected calls for the signed-in user', async () => {
    const { access } = await signIn(t.app, 'reader');
    const response = await ownPermissions(access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  test('are required: without one the answer is 401 credentials not provided', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/users/${userId}/permissions/` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  test('signed with another secret are refused with token_not_valid', async () => {
    const forged = await new SignJWT({ typ: 'access', role: 'SUPER USER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-0123456789'));
    const response = await ownPermissions(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(TOKEN_NOT_VALID);
  });

  test('that are not JWTs at all are refused with token_not_valid', async () => {
    const response = await ownPermissions('garbage');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(TOKEN_NOT_VALID);
  });

  test('cannot be replaced by a refresh token', async () => {
    const { refresh: refreshToken } = await signIn(t.app, 'reader');
    const response = await ownPermissions(refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(TOKEN_NOT_VALID);
  });

  test('stop working as soon as the user is disabled', async () => {
    const { access, id } = await signIn(t.app, 'other.reader');
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute();
    const response = await ownPermissions(access, id);
    expect(response.statusCode).toBe(401);
    await t.db.updateTable('users').set({ is_active: 1 }).where('id', '=', id).execute();
  });

  test('expire after ACCESS_TOKEN_TTL seconds', async () => {
    const shortLived = await startTestApp({ ACCESS_TOKEN_TTL: '1' });
    try {
      await createUser(shortLived.db, { username: 'reader' });
      const { access, id } = await signIn(shortLived.app, 'reader');
      // Used once while valid (the server then remembers it verified), it is still refused after expiry.
      expect((await shortLived.app.inject({ method: 'GET', url: `/users/${id}/permissions/`, headers: bearer(access) })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const response = await shortLived.app.inject({ method: 'GET', url: `/users/${id}/permissions/`, headers: bearer(access) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    } finally {
      await shortLived.close();
    }
  });
});

describe('refresh tokens', () => {
  test('rotate: the new pair works and the presented refresh token is spent', async () => {
    const first = await signIn(t.app, 'reader');
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(pair.refresh).not.toBe(first.refresh);
    expect((await ownPermissions(pair.access)).statusCode).toBe(200);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  test('presented twice revoke the whole sign-in, including the token that replaced them', async () => {
    const first = await signIn(t.app, 'reader');
    const second = (await refresh(first.refresh)).json();

    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(REFRESH_NOT_VALID);

    const afterReuse = await refresh(second.refresh);
    expect(afterReuse.statusCode).toBe(401);
    expect(afterReuse.json()).toEqual(REFRESH_NOT_VALID);
  });

  test('presented again within the grace window (two tabs refreshing at once) both get a working pair', async () => {
    const graceful = await startTestApp({ REFRESH_REUSE_GRACE: '1' });
    try {
      await createUser(graceful.db, { username: 'reader' });
      const first = await signIn(graceful.app, 'reader');
      const again = () => postJson(graceful.app, '/api/token/refresh/', { refresh: first.refresh });
      const [tabA, tabB] = await Promise.all([again(), again()]);
      expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
      expect((await postJson(graceful.app, '/api/token/refresh/', { refresh: tabB.json().refresh })).statusCode).toBe(200);

      // After the window a replay is a leak again: refused, and the sign-in is revoked.
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect((await again()).statusCode).toBe(401);
      expect((await postJson(graceful.app, '/api/token/refresh/', { refresh: tabA.json().refresh })).statusCode).toBe(401);
    } finally {
      await graceful.close();
    }
  });

  test('of another sign-in keep working after a reuse is detected elsewhere', async () => {
    const desk = await signIn(t.app, 'reader');
    const phone = await signIn(t.app, 'reader');
    await refresh(desk.refresh);
    await refresh(desk.refresh);
    expect((await refresh(phone.refresh)).statusCode).toBe(200);
  });

  test('signed with another secret are refused', async () => {
    const forged = await new SignJWT({ typ: 'refresh', fam: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('made-up')
      .setSubject(String(userId))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-0123456789'));
    const response = await refresh(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(REFRESH_NOT_VALID);
  });

  test('cannot be replaced by an access token', async () => {
    const { access } = await signIn(t.app, 'reader');
    expect((await refresh(access)).statusCode).toBe(401);
  });

  test('past their expiry are refused', async () => {
    const { refresh: token } = await signIn(t.app, 'reader');
    const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).jti as string;
    await t.db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('jti', '=', jti).execute();
    expect((await refresh(token)).statusCode).toBe(401);
  });

  test('require the refresh field', async () => {
    const response = await postJson(t.app, '/api/token/refresh/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

/**
 * Several tabs of one browser refresh with the same token at the same moment. Within the grace
 * period every replay of the just-spent token receives the same successor pair (kept in the
 * database, so any server instance answers alike); after it, a replay is a leak.
 */
describe('refresh tokens presented by several tabs at once', () => {
  let g: TestApp;
  beforeAll(async () => {
    g = await startTestApp({ REFRESH_REUSE_GRACE: '5' });
    await createUser(g.db, { username: 'tabby' });
  });
  afterAll(async () => g.close());

  const refreshOn = (token: string) => postJson(g.app, '/api/token/refresh/', { refresh: token });
  const permissionsWith = (access: string, id: number) => g.app.inject({ method: 'GET', url: `/users/${id}/permissions/`, headers: bearer(access) });
  /** Moves the spent tokens' time of use back past the grace period. */
  const graceEnds = () =>
    g.db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - 60_000).toISOString() }).where('used_at', 'is not', null).execute();

  test.each([3, 5])('%i simultaneous refreshes with the same token all succeed with the same pair', async (tabs) => {
    const first = await signIn(g.app, 'tabby');
    const answers = await Promise.all(Array.from({ length: tabs }, () => refreshOn(first.refresh)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(tabs).fill(200));
    const pairs = answers.map((answer) => answer.json() as { access: string; refresh: string });
    for (const pair of pairs) expect(pair).toEqual(pairs[0]);
    expect(pairs[0]!.refresh).not.toBe(first.refresh);
    expect((await permissionsWith(pairs[0]!.access, first.id)).statusCode).toBe(200);
    expect((await refreshOn(pairs[0]!.refresh)).statusCode).toBe(200);
  });

  test('a tab that replays the spent token a moment later gets that same pair again', async () => {
    const first = await signIn(g.app, 'tabby');
    const rotated = (await refreshOn(first.refresh)).json();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const late = await refreshOn(first.refresh);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(rotated);
  });

  test('a replay after the grace period revokes the sign-in, the shared successor pair included', async () => {
    const first = await signIn(g.app, 'tabby');
    const shared = await Promise.all([refreshOn(first.refresh), refreshOn(first.refresh), refreshOn(first.refresh)]);
    const pair = shared[0]!.json() as { access: string; refresh: string };
    await graceEnds();
    const reuse = await refreshOn(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(REFRESH_NOT_VALID);
    expect((await refreshOn(pair.refresh)).statusCode).toBe(401);
    expect((await permissionsWith(pair.access, first.id)).statusCode).toBe(401);
  });

  test('a replay within the grace period after sign-out is refused', async () => {
    const first = await signIn(g.app, 'tabby');
    const pair = (await refreshOn(first.refresh)).json() as { access: string; refresh: string };
    await postJson(g.app, '/auth/logout/', { refresh: pair.refresh }, bearer(pair.access));
    expect((await refreshOn(first.refresh)).statusCode).toBe(401);
  });
});

/**
 * Sign-ins end on the server: sign-out, a password change or reset, and refresh-token reuse end
 * the sign-in for its access tokens too; tokens without exp, iat or sub are refused.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, DEFAULT_PASSWORD, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await startTestApp({ JWT_SECRET: SECRET, REFRESH_REUSE_GRACE: '30' });
  userId = (await createUser(t.db, { username: 'reader' })).id;
});

afterAll(async () => t.close());

const me = (access: string) => t.app.inject({ method: 'GET', url: `/users/${userId}/permissions/`, headers: bearer(access) });
const refresh = (token: string) => postJson(t.app, '/api/token/refresh/', { refresh: token });
const logout = (access: string, body: unknown = {}) => postJson(t.app, '/auth/logout/', body, bearer(access));

describe('sign-out', () => {
  test('ends the sign-in: its access token and refresh token stop working at once', async () => {
    const session = await signIn(t.app, 'reader');
    expect((await me(session.access)).statusCode).toBe(200);
    const answer = await logout(session.access, { refresh: session.refresh });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ detail: 'Signed out.' });
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  test('leaves the user\'s other sign-ins alone', async () => {
    const phone = await signIn(t.app, 'reader');
    const desk = await signIn(t.app, 'reader');
    await logout(desk.access);
    expect((await me(phone.access)).statusCode).toBe(200);
    expect((await refresh(phone.refresh)).statusCode).toBe(200);
  });

  test('accepts a keepalive body sent as text/plain', async () => {
    const session = await signIn(t.app, 'reader');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { ...bearer(session.access), 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ refresh: session.refresh }),
    });
    expect(answer.statusCode).toBe(200);
    expect((await me(session.access)).statusCode).toBe(401);
  });

  test('works with the refresh token alone when the access token has just expired', async () => {
    const session = await signIn(t.app, 'reader');
    const answer = await postJson(t.app, '/auth/logout/', { refresh: session.refresh }, bearer('expired.or.garbage'));
    expect(answer.statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await me(session.access)).statusCode).toBe(401);
  });

  test('needs a valid token naming the sign-in', async () => {
    expect((await postJson(t.app, '/auth/logout/', {})).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/logout/', { refresh: 'not-a-token' })).statusCode).toBe(401);
  });
});

describe('revocation reaches access tokens', () => {
  test('a password reset ends every sign-in, access tokens included', async () => {
    const session = await signIn(t.app, 'reader');
    const { revokeUserTokens } = await import('../../server/src/modules/auth/service.js');
    await revokeUserTokens(t.db, userId);
    expect((await me(session.access)).statusCode).toBe(401);
  });

  test('refresh-token reuse ends the sign-in, access tokens included', async () => {
    const session = await signIn(t.app, 'reader');
    const next = (await refresh(session.refresh)).json() as { access: string };
    // Within the grace period every replay is another tab and gets the same pair; after it, a replay is a leak.
    expect((await refresh(session.refresh)).json()).toEqual(next);
    expect((await refresh(session.refresh)).json()).toEqual(next);
    await t.db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - 60_000).toISOString() }).where('used_at', 'is not', null).execute();
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await me(next.access)).statusCode).toBe(401);
    expect((await me(session.access)).statusCode).toBe(401);
  });

  test('a password change ends the other sign-ins\' access tokens, not the current one', async () => {
    const changer = (await createUser(t.db, { username: 'changer' })).id;
    const other = await signIn(t.app, 'changer');
    const current = await signIn(t.app, 'changer');
    const { payload, boundary } = form({ old_password: DEFAULT_PASSWORD, new_password: 'Amber-Window-51', confirm_password: 'Amber-Window-51' });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/users/update-profile/',
      headers: { ...bearer(current.access), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(changed.statusCode).toBe(200);
    const check = (access: string) => t.app.inject({ method: 'GET', url: `/users/${changer}/permissions/`, headers: bearer(access) });
    expect((await check(other.access)).statusCode).toBe(401);
    expect((await check(current.access)).statusCode).toBe(200);
  });
});

describe('token claims', () => {
  const signed = async (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT) =>
    build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' })).sign(new TextEncoder().encode(SECRET));

  test('a well-signed access token without exp, iat, sub or sid is refused', async () => {
    const session = await signIn(t.app, 'reader');
    const sid = JSON.parse(Buffer.from(session.access.split('.')[1]!, 'base64url').toString()).sid as string;
    const base = { typ: 'access', role: 'MEMBER', sid };
    const noExp = await signed(base, (j) => j.setSubject(String(userId)).setIssuedAt());
    const noIat = await signed(base, (j) => j.setSubject(String(userId)).setExpirationTime('10m'));
    const noSub = await signed(base, (j) => j.setIssuedAt().setExpirationTime('10m'));
    const noSid = await signed({ typ: 'access', role: 'MEMBER' }, (j) => j.setSubject(String(userId)).setIssuedAt().setExpirationTime('10m'));
    const complete = await signed(base, (j) => j.setSubject(String(userId)).setIssuedAt().setExpirationTime('10m'));
    for (const token of [noExp, noIat, noSub, noSid]) expect((await me(token)).statusCode).toBe(401);
    expect((await me(complete)).statusCode).toBe(200);
  });

  test('a refresh token without exp is refused', async () => {
    const token = await signed({ typ: 'refresh', jti: 'x', fam: 'y' }, (j) => j.setSubject(String(userId)).setIssuedAt());
    expect((await refresh(token)).statusCode).toBe(401);
  });
});

function form(fields: Record<string, string>): { payload: string; boundary: string } {
  const boundary = 'sessions-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, boundary };
}

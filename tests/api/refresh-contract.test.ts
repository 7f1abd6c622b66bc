/**
 * Clients of the original contract: `POST /api/token/refresh/` answers `{access}`, and such a client
 * keeps its first refresh token. REFRESH_ROTATION=off lets it keep working; with the default a
 * looping client gets 429 after a burst of failures instead of an unbounded loop of 401s.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const refreshFrom = (app: TestApp['app'], token: string, remoteAddress = '10.1.1.1') =>
  app.inject({ method: 'POST', url: '/api/token/refresh/', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ refresh: token }) });

/** Moves every spent refresh token's use back past the grace period. */
const pastGrace = (app: TestApp) =>
  app.db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - 3_600_000).toISOString() }).where('used_at', 'is not', null).execute();

describe('REFRESH_ROTATION=off', () => {
  test('a client keeping its first refresh token refreshes three times past the grace period, answered {access}', async () => {
    t = await startTestApp({ REFRESH_ROTATION: 'off', REFRESH_REUSE_GRACE: '10' });
    const id = (await createUser(t.db, { username: 'original.client' })).id;
    const first = await signIn(t.app, 'original.client');
    for (let i = 0; i < 3; i++) {
      await pastGrace(t);
      const answer = await refreshFrom(t.app, first.refresh);
      expect(answer.statusCode).toBe(200);
      const body = answer.json() as Record<string, string>;
      expect(Object.keys(body)).toEqual(['access']);
      const call = await t.app.inject({ method: 'GET', url: `/users/${id}/permissions/`, headers: bearer(body['access']!) });
      expect(call.statusCode).toBe(200);
    }
  });

  test('signing out still ends the sign-in', async () => {
    t = await startTestApp({ REFRESH_ROTATION: 'off' });
    await createUser(t.db, { username: 'original.client' });
    const first = await signIn(t.app, 'original.client');
    await postJson(t.app, '/auth/logout/', { refresh: first.refresh }, bearer(first.access));
    expect((await refreshFrom(t.app, first.refresh)).statusCode).toBe(401);
  });

  test('a value other than on or off refuses to start', async () => {
    await expect(startTestApp({ REFRESH_ROTATION: 'sometimes' })).rejects.toThrow('REFRESH_ROTATION must be on or off.');
  });
});

describe('default rotation', () => {
  test('our own client, storing the rotated token, keeps refreshing', async () => {
    t = await startTestApp({});
    await createUser(t.db, { username: 'site.user' });
    let token = (await signIn(t.app, 'site.user')).refresh;
    for (let i = 0; i < 3; i++) {
      await pastGrace(t);
      const answer = await refreshFrom(t.app, token);
      expect(answer.statusCode).toBe(200);
      token = (answer.json() as { refresh: string }).refresh;
    }
  });

  test('a client looping on its first refresh token gets 429 after the burst, not endless 401s', async () => {
    t = await startTestApp({ REFRESH_FAILURE_LIMIT: '20', REFRESH_FAILURE_WINDOW: '60' });
    await createUser(t.db, { username: 'looping.client' });
    const first = await signIn(t.app, 'looping.client');
    expect((await refreshFrom(t.app, first.refresh)).statusCode).toBe(200);
    await pastGrace(t);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await refreshFrom(t.app, first.refresh)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const throttled = await refreshFrom(t.app, first.refresh);
    expect(throttled.json()).toEqual({ detail: 'Too many failed token refreshes. Sign in again, or try again in a minute.' });
    // Another address is not affected.
    expect((await refreshFrom(t.app, 'not-a-token', '10.2.2.2')).statusCode).toBe(401);
  });
});

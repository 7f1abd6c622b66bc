import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, DEFAULT_PASSWORD, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT_PER_USERNAME: '3', LOGIN_RATE_LIMIT_PER_ADDRESS: '5', LOGIN_RATE_LIMIT_WINDOW: '600' });
  for (const username of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) await createUser(t.db, { username });
});

afterAll(async () => t.close());

const attempt = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
  });

describe('sign-in throttling', () => {
  test('refuses an account with 429 after its limit of failures from one address, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('alice', 'Wrong-guess-1', '10.0.0.1')).statusCode).toBe(401);
    const blocked = await attempt('alice', DEFAULT_PASSWORD, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Too many sign-in attempts. Try again in 10 minutes.' });
  });

  test('nobody can lock someone else out: the locked account still signs in from an address that has not failed', async () => {
    // Before, failures from anywhere locked the account everywhere (five wrong passwords locked the SUPER USER).
    expect((await attempt('alice', DEFAULT_PASSWORD, '10.0.0.9')).statusCode).toBe(200);
  });

  test('counts failures per username: another account signs in from the same address', async () => {
    expect((await attempt('bob', DEFAULT_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  test('counts a username and its e-mail address as the same account', async () => {
    await attempt('carol', 'Wrong-guess-1', '10.0.1.1');
    await attempt('carol@example.test', 'Wrong-guess-1', '10.0.1.1');
    await attempt('CAROL', 'Wrong-guess-1', '10.0.1.1');
    expect((await attempt('carol', DEFAULT_PASSWORD, '10.0.1.1')).statusCode).toBe(429);
  });

  test('clears a username\'s failures after a successful sign-in', async () => {
    await attempt('dave', 'Wrong-guess-1', '10.0.2.1');
    await attempt('dave', 'Wrong-guess-1', '10.0.2.2');
    expect((await attempt('dave', DEFAULT_PASSWORD, '10.0.2.3')).statusCode).toBe(200);
    await attempt('dave', 'Wrong-guess-1', '10.0.2.4');
    await attempt('dave', 'Wrong-guess-1', '10.0.2.5');
    expect((await attempt('dave', DEFAULT_PASSWORD, '10.0.2.6')).statusCode).toBe(200);
  });

  test('refuses a client address after its limit of failures across usernames', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(`ghost${i}`, 'Wrong-guess-1', '10.9.9.9')).statusCode).toBe(401);
    expect((await attempt('erin', DEFAULT_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await attempt('erin', DEFAULT_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  test('holds the limit against a burst of simultaneous guesses', async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt('frank', `Wrong-guess-${i}`, '10.0.3.1')));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  test('does not count a right password for an account that may not sign in yet as a failure', async () => {
    await createUser(t.db, { username: 'patient', state: 'pending' });
    for (let i = 0; i < 4; i++) {
      const response = await attempt('patient', DEFAULT_PASSWORD, `10.0.4.${i}`);
      expect(response.json()).toEqual({ non_field_errors: ['Your account is awaiting approval by the library.'] });
    }
  });

  test('opens again once the failures leave the window', async () => {
    for (let i = 0; i < 3; i++) await attempt('alice', 'Wrong-guess-1', '10.0.0.1');
    expect((await attempt('alice', DEFAULT_PASSWORD, '10.0.0.1')).statusCode).toBe(429);
    await t.db.updateTable('login_attempts').set({ attempted_at: new Date(Date.now() - 601_000).toISOString() }).execute();
    expect((await attempt('alice', DEFAULT_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });
});

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

  test('refuses further wrong guesses from a client address after its limit of failures across usernames, never a right password', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(`ghost${i}`, 'Wrong-guess-1', '10.9.9.9')).statusCode).toBe(401);
    const refused = await attempt('ghost9', 'Wrong-guess-1', '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Too many sign-in attempts. Try again in 10 minutes.' });
    expect((await attempt('erin', 'Wrong-guess-1', '10.9.9.9')).statusCode).toBe(429);
    // Before, the address limit refused every account's right password too (one person behind a proxy locked out the library).
    expect((await attempt('erin', DEFAULT_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
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

/**
 * The default limits, as README's configuration documents them: 5 wrong passwords per account and
 * client address, and 20 per client address, within 15 minutes. Behind a proxy with TRUST_PROXY off
 * every request comes from the proxy's address, so that address is everyone's.
 */
describe('sign-in throttling with the documented defaults, every request from one proxy address', () => {
  let d: TestApp;
  const PROXY = '10.20.0.1';
  const WINDOW_MS = 15 * 60 * 1000;

  beforeAll(async () => {
    d = await startTestApp({});
    for (const username of ['target', 'colleague', 'vault']) await createUser(d.db, { username });
  });
  afterAll(async () => d.close());

  const viaProxy = (username: string, password: string, remoteAddress = PROXY) =>
    d.app.inject({
      method: 'POST',
      url: '/auth/login/',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      payload: JSON.stringify({ username, password }),
    });
  /** Moves every recorded attempt back by one whole window, as if the window had passed. */
  const windowPasses = () =>
    d.db.updateTable('login_attempts').set({ attempted_at: new Date(Date.now() - WINDOW_MS - 1000).toISOString() }).execute();

  test('a right password of another account signs in from an address that failed 20+ times for one account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await viaProxy('target', `Wrong-guess-${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect((await viaProxy('colleague', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  test('one person\'s wrong passwords for several names (20+ failures from the address) lock nobody else out', async () => {
    const statuses: number[] = [];
    for (const name of ['tagret', 'targte', 'taget', 'traget']) {
      for (let i = 0; i < 5; i++) statuses.push((await viaProxy(name, `Wrong-guess-${i}`)).statusCode);
    }
    // With the 5 failures above the address reaches its 20 here: from then on wrong guesses are refused.
    expect(statuses).toEqual([...Array<number>(15).fill(401), ...Array<number>(5).fill(429)]);
    expect((await viaProxy('someone.else', 'Wrong-guess-1')).statusCode).toBe(429);
    expect((await viaProxy('colleague', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  test('the account under attack is locked from that address, even with its right password, and only there', async () => {
    const locked = await viaProxy('target', DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expect((await viaProxy('target', DEFAULT_PASSWORD, '10.20.0.2')).statusCode).toBe(200);
    // Signing in elsewhere does not give the attacker at the first address new guesses.
    expect((await viaProxy('target', DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  test('guessing one account\'s password from one address is held to 5 guesses per 15 minutes', async () => {
    await windowPasses();
    let checked = 0;
    for (let window = 0; window < 3; window++) {
      // A burst of simultaneous guesses, then more one by one: only 5 passwords are ever checked.
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => viaProxy('vault', `Burst-guess-${window}-${i}`)));
      const statuses = burst.map((r) => r.statusCode);
      for (let i = 0; i < 8; i++) statuses.push((await viaProxy('vault', `Slow-guess-${window}-${i}`)).statusCode);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      checked += statuses.filter((status) => status === 401).length;
      expect((await viaProxy('vault', DEFAULT_PASSWORD)).statusCode).toBe(429);
      await windowPasses();
    }
    expect(checked).toBe(15);
    expect((await viaProxy('vault', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });
});

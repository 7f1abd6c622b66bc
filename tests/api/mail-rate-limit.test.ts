/** Mail anyone can trigger is limited per client address (429) and per account (quietly not sent). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ MAIL_RATE_LIMIT_PER_ADDRESS: '4', MAIL_RATE_LIMIT_PER_ACCOUNT: '2', MAIL_RATE_LIMIT_WINDOW: '3600' });
  await createUser(t.db, { username: 'forgetful', email: 'forgetful@example.test' });
  await createUser(t.db, { username: 'unverified', email: 'unverified@example.test', state: 'unverified' });
});

afterAll(async () => t.close());

const post = (url: string, body: unknown, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

const mailsTo = async (to: string) =>
  Number((await t.db.selectFrom('notification_log').select((eb) => eb.fn.countAll<number>().as('n')).where('recipient', '=', to).executeTakeFirstOrThrow()).n);

describe('password reset mail', () => {
  test('goes to one account at most MAIL_RATE_LIMIT_PER_ACCOUNT times a window, whatever the address; the answer never changes', async () => {
    for (let i = 0; i < 4; i++) {
      const answer = await post('/auth/forgot-password/', { username: 'forgetful' }, `10.3.0.${i}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ detail: 'If an account matches, a password reset link has been sent.' });
    }
    await t.app.ctx.notices.idle();
    expect(await mailsTo('forgetful@example.test')).toBe(2);
  });

  test('one address gets 429 after MAIL_RATE_LIMIT_PER_ADDRESS requests', async () => {
    for (let i = 0; i < 4; i++) expect((await post('/auth/forgot-password/', { username: `nobody${i}` }, '10.3.1.1')).statusCode).toBe(200);
    const blocked = await post('/auth/forgot-password/', { username: 'forgetful' }, '10.3.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Too many requests from your address. Try again later.' });
  });
});

describe('registration and verification mail', () => {
  test('registrations that send mail count per address; a form with mistakes does not', async () => {
    const register = (n: number, ok = true) =>
      post('/auth/register/member/', {
        first_name: 'New', last_name: 'Member', username: `newbie${n}`, email: `newbie${n}@example.test`,
        password: 'Amber-Window-51', password2: ok ? 'Amber-Window-51' : 'different-1',
      }, '10.3.2.1');
    expect((await register(0, false)).statusCode).toBe(400);
    for (let i = 1; i <= 4; i++) expect((await register(i)).statusCode).toBe(201);
    expect((await register(5)).statusCode).toBe(429);
  });

  test('resend verification sends a new link to an unverified account, limited like the others', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await post('/auth/resend-verification/', { username: 'unverified@example.test' }, `10.3.3.${i}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ detail: 'If an account is waiting for verification, a new link has been sent.' });
    }
    await t.app.ctx.notices.idle();
    expect(await mailsTo('unverified@example.test')).toBe(2);
    expect((await post('/auth/resend-verification/', { username: 'forgetful' }, '10.3.3.9')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, DEFAULT_PASSWORD, pathOf, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' });
  for (const username of ['forgetful', 'twice', 'late', 'picky', 'by.mail']) await createUser(t.db, { username });
});

afterAll(async () => t.close());

const NEW_PASSWORD = 'Quiet-Reading-Room-7';
const ANSWER = { detail: 'If an account matches, a password reset link has been sent.' };

const forgot = (username: string) => postJson(t.app, '/auth/forgot-password/', { username });
const reset = (link: string, password: string, confirm = password) =>
  postJson(t.app, `${link}/`, { password, confirm_password: confirm });
const login = (username: string, password: string) => postJson(t.app, '/auth/login/', { username, password });

async function resetLinkFor(username: string): Promise<string> {
  const since = t.mail.messages.length;
  expect((await forgot(username)).json()).toEqual(ANSWER);
  const mail = await t.mail.waitFor(`${username}@example.test`, { since });
  const link = mail.links.find((l) => l.includes('/reset-password/'));
  expect(link).toMatch(/^http:\/\/site\.test\/reset-password\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{43}$/);
  return pathOf(link!).replace('/reset-password/', '/auth/reset-password/');
}

describe('forgotten passwords', () => {
  test('get the same answer whether or not the account exists, and only a real account gets mail', async () => {
    const since = t.mail.messages.length;
    const unknown = await forgot('no-such-reader');
    const known = await forgot('forgetful');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual(ANSWER);
    await t.mail.waitFor('forgetful@example.test', { since });
    await t.app.ctx.notices.idle();
    expect(t.mail.messages.slice(since)).toHaveLength(1);
  });

  test('are reset through the mailed link once; the old password and the old sessions stop working', async () => {
    const session = await signIn(t.app, 'forgetful');
    const link = await resetLinkFor('forgetful');

    const done = await reset(link, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'Password reset successful.' });

    expect((await login('forgetful', DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login('forgetful', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);

    const again = await reset(link, 'Another-Quiet-Room-8');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid or expired link.' });
  });

  test('can be asked for with the e-mail address', async () => {
    const since = t.mail.messages.length;
    await forgot('BY.MAIL@example.test');
    const mail = await t.mail.waitFor('by.mail@example.test', { since });
    expect(mail.subject).toBe('Reset your My Library password');
  });

  test('make older reset links useless once a newer one is sent', async () => {
    const older = await resetLinkFor('twice');
    const newer = await resetLinkFor('twice');
    expect((await reset(older, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await reset(newer, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('refuse a link older than one hour', async () => {
    const link = await resetLinkFor('late');
    const user = await t.db.selectFrom('users').select('id').where('username', '=', 'late').executeTakeFirstOrThrow();
    const token = await t.db
      .selectFrom('one_time_tokens')
      .select(['id', 'expires_at', 'created_at'])
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'reset_password')
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Date.parse(token.expires_at) - Date.parse(token.created_at)).toBe(3_600_000);
    await t.db.updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', token.id).execute();
    const response = await reset(link, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid or expired link.' });
    expect((await login('late', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  test('refuse a weak or mismatched new password with field errors and keep the link usable', async () => {
    const link = await resetLinkFor('picky');
    const weak = await reset(link, '12345');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      password: ['This password is too short. It must contain at least 8 characters.', 'This password is entirely numeric.'],
    });
    const mismatch = await reset(link, NEW_PASSWORD, 'Quiet-Reading-Room-8');
    expect(mismatch.json()).toEqual({ confirm_password: ['Passwords do not match.'] });
    expect((await reset(link, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('refuse a link whose uid names another account', async () => {
    const link = await resetLinkFor('by.mail');
    const parts = link.split('/');
    parts[3] = Buffer.from('1').toString('base64url');
    expect((await reset(parts.join('/'), NEW_PASSWORD)).json()).toEqual({ detail: 'Invalid or expired link.' });
  });
});

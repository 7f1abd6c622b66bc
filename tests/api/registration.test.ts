import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, pathOf, postJson, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let departmentId: number;
let sessionId: number;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' });
  departmentId = (await t.db.insertInto('departments').values({ name: 'Physics' }).returning('id').executeTakeFirstOrThrow()).id;
  sessionId = (await t.db.insertInto('academic_sessions').values({ session_range: '2024-2028' }).returning('id').executeTakeFirstOrThrow()).id;
  await createUser(t.db, { username: 'Taken.Name', email: 'Taken@Example.test' });
});

afterAll(async () => t.close());

const STRONG = 'Marble-Lantern-42';

function registration(overrides: Record<string, unknown> = {}) {
  const username = String(overrides['username'] ?? `member${Math.random().toString(36).slice(2, 8)}`);
  return {
    first_name: 'Ayesha',
    last_name: 'Khan',
    username,
    email: `${username}@example.test`,
    password: STRONG,
    password2: STRONG,
    ...overrides,
  };
}

const register = (body: unknown) => postJson(t.app, '/auth/register/member/', body);
const login = (username: string, password = STRONG) => postJson(t.app, '/auth/login/', { username, password });

describe('member self-registration', () => {
  test('creates a pending member, mails a verification link that works once, then sign-in awaits approval', async () => {
    const since = t.mail.messages.length;
    const response = await register(registration({ username: 'ayesha', email: 'ayesha@example.test', department: departmentId, session: sessionId }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      first_name: 'Ayesha',
      last_name: 'Khan',
      username: 'ayesha',
      email: 'ayesha@example.test',
      role: 'MEMBER',
      member_id: expect.stringMatching(/^MBR-\d{4}$/),
    });

    expect((await login('ayesha')).json()).toEqual({ non_field_errors: ['Please verify your email before logging in.'] });

    const mail = await t.mail.waitFor('ayesha@example.test', { since });
    expect(mail.subject).toBe('Verify your e-mail address for My Library');
    expect(mail.text).toContain('My Library');
    const link = mail.links.find((l) => l.includes('/auth/verify-email/'));
    expect(link).toMatch(/^http:\/\/site\.test\/auth\/verify-email\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{43}$/);

    const verified = await t.app.inject({ method: 'GET', url: `${pathOf(link!)}/` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      detail: 'Email verified successfully.',
      user_detail: { user_id: body.id, username: 'ayesha', is_active: false, user_role: 'MEMBER' },
    });

    const again = await t.app.inject({ method: 'GET', url: pathOf(link!) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid or expired link.' });

    expect((await login('ayesha')).json()).toEqual({ non_field_errors: ['Your account is awaiting approval by the library.'] });

    const profile = await t.db.selectFrom('member_profiles').selectAll().where('user_id', '=', body.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ member_id: body.member_id, department_id: departmentId, session_id: sessionId });
  });

  test('numbers members one after another from the member id format', async () => {
    const first = (await register(registration())).json();
    const second = (await register(registration())).json();
    const number = (id: string) => Number(id.slice('MBR-'.length));
    expect(number(second.member_id)).toBe(number(first.member_id) + 1);
  });

  test('follows a changed member id format', async () => {
    await t.db.updateTable('library_settings').set({ member_id_format: 'LIB-2026-000' }).execute();
    try {
      expect((await register(registration())).json().member_id).toBe('LIB-2026-001');
      expect((await register(registration())).json().member_id).toBe('LIB-2026-002');
    } finally {
      await t.db.updateTable('library_settings').set({ member_id_format: 'MBR-0000' }).execute();
    }
  });

  test('refuses a username or e-mail already taken, whatever the letter case', async () => {
    const response = await register(registration({ username: 'taken.NAME', email: 'TAKEN@example.TEST' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
    });
  });

  test.each([
    ['short', 'Ab1-xyz', 'This password is too short. It must contain at least 8 characters.'],
    ['entirely numeric', '80417236591', 'This password is entirely numeric.'],
    ['common', 'password123', 'This password is too common.'],
    ['like the username', 'librarian.zed', 'The password is too similar to the username.'],
  ])('refuses a %s password with Django\'s wording', async (_kind, password, message) => {
    const response = await register(registration({ username: 'librarian.zed', password, password2: password }));
    expect(response.statusCode).toBe(400);
    expect(response.json().password).toContain(message);
  });

  test('refuses passwords that do not match, on the password field', async () => {
    const response = await register(registration({ password2: 'Marble-Lantern-43' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: ["Password fields didn't match."] });
  });

  test('lists every missing field', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(400);
    const required = ['This field is required.'];
    expect(response.json()).toEqual({
      first_name: required,
      last_name: required,
      username: required,
      email: required,
      password: required,
      password2: required,
    });
  });

  test('refuses malformed usernames and e-mail addresses', async () => {
    const response = await register(registration({ username: 'has space', email: 'not-an-address' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'],
      email: ['Enter a valid email address.'],
    });
  });

  test('refuses a username longer than 150 characters', async () => {
    const response = await register(registration({ username: 'x'.repeat(151) }));
    expect(response.json().username).toEqual(['Ensure this field has no more than 150 characters.']);
  });

  test('refuses a department or session that does not exist', async () => {
    const response = await register(registration({ department: 9999, session: 9998 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      department: ['Invalid pk "9999" - object does not exist.'],
      session: ['Invalid pk "9998" - object does not exist.'],
    });
  });

  test('refuses a department or session that is not an id', async () => {
    const response = await register(registration({ department: 'abc', session: [1] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      department: ['Incorrect type. Expected pk value, received str.'],
      session: ['Incorrect type. Expected pk value, received list.'],
    });
  });

  test('accepts a department given as a numeric string and an empty session', async () => {
    const response = await register(registration({ department: String(departmentId), session: '' }));
    expect(response.statusCode).toBe(201);
  });

  test('never answers or mails the password', async () => {
    const since = t.mail.messages.length;
    const body = registration({ username: 'secretive', email: 'secretive@example.test' });
    const response = await register(body);
    expect(response.body).not.toContain(STRONG);
    const mail = await t.mail.waitFor('secretive@example.test', { since });
    expect(mail.raw).not.toContain(STRONG);
  });
});

describe('verification links', () => {
  async function freshLink(username: string): Promise<string> {
    const since = t.mail.messages.length;
    await register(registration({ username, email: `${username}@example.test` }));
    const mail = await t.mail.waitFor(`${username}@example.test`, { since });
    return pathOf(mail.links[0]!);
  }

  test('are refused with a wrong token or a uid of another account', async () => {
    const link = await freshLink('linktester');
    const [, , , uid, token] = link.split('/');
    const wrongToken = await t.app.inject({ method: 'GET', url: `/auth/verify-email/${uid}/${token!.slice(0, -2)}xx/` });
    expect(wrongToken.json()).toEqual({ detail: 'Invalid or expired link.' });
    const otherUid = Buffer.from('1').toString('base64url');
    const wrongUid = await t.app.inject({ method: 'GET', url: `/auth/verify-email/${otherUid}/${token}/` });
    expect(wrongUid.statusCode).toBe(400);
    const garbage = await t.app.inject({ method: 'GET', url: `/auth/verify-email/%%%/${token}/` });
    expect(garbage.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });

  test('are refused after three days', async () => {
    const link = await freshLink('latecomer');
    const user = await t.db.selectFrom('users').select('id').where('username', '=', 'latecomer').executeTakeFirstOrThrow();
    const token = await t.db.selectFrom('one_time_tokens').select('expires_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const lifetime = Date.parse(token.expires_at) - Date.now();
    expect(Math.round(lifetime / 3_600_000)).toBe(72);
    await t.db.updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const response = await t.app.inject({ method: 'GET', url: link });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid or expired link.' });
  });

  test('store only a hash of the token', async () => {
    const link = await freshLink('hashcheck');
    const token = link.split('/').pop()!;
    const rows = await t.db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });
});

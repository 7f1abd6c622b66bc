import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '#shared/permission-codes';
import { createUser, postJson, startTestApp, type TestApp, DEFAULT_PASSWORD } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  // The address limit is lifted here so that many failures in one file do not trip it.
  t = await startTestApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' });
  await createUser(t.db, { username: 'shelf.manager', role: 'MANAGER', email: 'Manager@Library.test' });
  await createUser(t.db, { username: 'reader', role: 'MEMBER' });
  await createUser(t.db, { username: 'unverified', state: 'unverified' });
  await createUser(t.db, { username: 'pending', state: 'pending' });
  await createUser(t.db, { username: 'declined', state: 'declined' });
  await createUser(t.db, { username: 'disabled', state: 'disabled' });
});

afterAll(async () => t.close());

const login = (username: string, password: string) => postJson(t.app, '/auth/login/', { username, password });

describe('signing in', () => {
  test('answers with both tokens, the profile, the permission codenames and the role names of the user', async () => {
    const response = await login('shelf.manager', DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      ['access', 'refresh', 'id', 'username', 'email', 'first_name', 'last_name', 'role', 'permissions', 'roles'].sort(),
    );
    expect(body).toMatchObject({ username: 'shelf.manager', email: 'Manager@Library.test', role: 'MANAGER', first_name: 'Test', roles: ['MANAGER'] });
    expect(typeof body.id).toBe('number');
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh.split('.')).toHaveLength(3);
    expect([...body.permissions].sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS.MANAGER].sort());
  });

  test('puts the user id, the role and the access type in the access token', async () => {
    const { access, id } = (await login('shelf.manager', DEFAULT_PASSWORD)).json();
    const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: String(id), role: 'MANAGER', typ: 'access' });
    expect(claims.exp - claims.iat).toBe(900);
  });

  test('accepts the e-mail address instead of the username, in any letter case', async () => {
    expect((await login('manager@library.TEST', DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await login('SHELF.Manager', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  test('gives a member an empty permission list', async () => {
    const response = await login('reader', DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'MEMBER', permissions: [] });
  });

  test('answers an unknown username exactly like a wrong password', async () => {
    const unknown = await login('nobody-here', DEFAULT_PASSWORD);
    const wrong = await login('reader', 'Wrong-password-1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ detail: 'No active account found with the given credentials' });
  });

  test.each([
    ['unverified', 'Please verify your email before logging in.'],
    ['pending', 'Your account is awaiting approval by the library.'],
    ['declined', 'Your registration was declined by the library.'],
    ['disabled', 'Your account has been disabled. Please contact the library.'],
  ])('tells a %s account why it cannot sign in once the password is right', async (username, message) => {
    const response = await login(username, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [message] });
  });

  test.each(['unverified', 'pending', 'declined', 'disabled'])('keeps the state of a %s account secret from a wrong password', async (username) => {
    const response = await login(username, 'Not-the-password-9');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'No active account found with the given credentials' });
  });

  test('records the time of the last sign-in', async () => {
    const before = new Date().toISOString();
    await login('reader', DEFAULT_PASSWORD);
    const row = await t.db.selectFrom('users').select('last_login').where('username', '=', 'reader').executeTakeFirstOrThrow();
    expect(row.last_login! >= before).toBe(true);
  });

  test('stores passwords as argon2id hashes, never in clear', async () => {
    const row = await t.db.selectFrom('users').select('password_hash').where('username', '=', 'reader').executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.password_hash).not.toContain(DEFAULT_PASSWORD);
  });

  test('requires both fields and reports each missing one', async () => {
    const response = await postJson(t.app, '/auth/login/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
  });
});

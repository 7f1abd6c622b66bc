import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let managerAccess: string;
let memberAccess: string;

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'desk', role: 'MANAGER' });
  await createUser(t.db, { username: 'reader', role: 'MEMBER', email: 'reader@example.test' });
  managerAccess = (await signIn(t.app, 'desk')).access;
  memberAccess = (await signIn(t.app, 'reader')).access;
});

afterAll(async () => t.close());

const PASSWORD = 'Paper-Lantern-2026';
const invite = (email: string, access = managerAccess) => postJson(t.app, '/users/invitations/', { email }, bearer(access));

async function invitationToken(email: string): Promise<string> {
  const since = t.mail.messages.length;
  const response = await invite(email);
  expect(response.statusCode).toBe(201);
  const mail = await t.mail.waitFor(email, { since });
  const link = new URL(mail.links.find((l) => l.includes('/register?invitation='))!);
  return link.searchParams.get('invitation')!;
}

function acceptance(token: string, username: string, email: string) {
  return { token, first_name: 'Zara', last_name: 'Invited', username, email, password: PASSWORD, password2: PASSWORD };
}

describe('invitations', () => {
  test('are sent by staff holding add_members, with a link to the registration page valid for 7 days', async () => {
    const since = t.mail.messages.length;
    const response = await invite('guest@example.test');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), email: 'guest@example.test', expires_at: expect.any(String) });
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await t.mail.waitFor('guest@example.test', { since });
    expect(mail.subject).toBe('You are invited to join My Library');
    expect(mail.links.some((l) => /^http:\/\/site\.test\/register\?invitation=[A-Za-z0-9_-]{43}$/.test(l))).toBe(true);
  });

  test('create an active, verified member at once, who can sign in', async () => {
    const token = await invitationToken('zara@example.test');
    const response = await postJson(t.app, `/users/invitation/confirm/${token}`, acceptance(token, 'zara', 'zara@example.test'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      first_name: 'Zara',
      last_name: 'Invited',
      username: 'zara',
      email: 'zara@example.test',
      role: 'MEMBER',
      member_id: expect.stringMatching(/^MBR-\d{4}$/),
    });
    const session = await signIn(t.app, 'zara', PASSWORD);
    expect(session.permissions).toEqual([]);
  });

  test('work only once', async () => {
    const token = await invitationToken('once@example.test');
    expect((await postJson(t.app, `/users/invitation/confirm/${token}`, acceptance(token, 'once', 'once@example.test'))).statusCode).toBe(201);
    const again = await postJson(t.app, `/users/invitation/confirm/${token}`, acceptance(token, 'once.more', 'once@example.test'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid or expired link.' });
  });

  test('expire', async () => {
    const token = await invitationToken('expired@example.test');
    await t.db.updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('purpose', '=', 'invitation').execute();
    const response = await postJson(t.app, `/users/invitation/confirm/${token}`, acceptance(token, 'expired', 'expired@example.test'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid or expired link.' });
  });

  test('must be accepted with the invited address and a sound password', async () => {
    const token = await invitationToken('exact@example.test');
    const response = await postJson(t.app, `/users/invitation/confirm/${token}`, {
      ...acceptance(token, 'exact', 'someone.else@example.test'),
      password: 'short',
      password2: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Use the e-mail address the invitation was sent to.'],
      password: ['This password is too short. It must contain at least 8 characters.'],
    });
  });

  test('are refused for an address that already has an account', async () => {
    const response = await invite('READER@example.test');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['A user with that email already exists.'] });
  });

  test('cannot be sent by a member', async () => {
    const response = await invite('friend@example.test', memberAccess);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  test('cannot be sent anonymously', async () => {
    const response = await postJson(t.app, '/users/invitations/', { email: 'friend@example.test' });
    expect(response.statusCode).toBe(401);
  });

  test('with a made-up token are refused', async () => {
    const response = await postJson(t.app, '/users/invitation/confirm/made-up-token', acceptance('made-up-token', 'nobody', 'x@example.test'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid or expired link.' });
  });
});

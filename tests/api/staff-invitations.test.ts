/**
 * Inviting staff with a role (`POST /users/invitations/` with `role`): only a user administrator
 * (change_user_admin) gives a role; the role must be a staff role that exists; the mail names the
 * role; accepting makes a staff account in that role, active at once. Refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let adminAccess: string;
let deskAccess: string;
let frontDesk: number;

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'boss', role: 'SUPER USER' });
  await createUser(t.db, { username: 'desk', role: 'MANAGER' });
  adminAccess = (await signIn(t.app, 'boss')).access;
  deskAccess = (await signIn(t.app, 'desk')).access;
  const created = await postJson(t.app, '/roles/', { name: 'Front Desk' }, bearer(adminAccess));
  expect(created.statusCode, created.body).toBe(201);
  frontDesk = created.json().id;
  const codes = await t.db.selectFrom('permissions').select('id').where('codename', 'in', ['view_book', 'add_bookissuance']).execute();
  await t.db.insertInto('role_permissions').values(codes.map((p) => ({ role_id: frontDesk, permission_id: p.id }))).execute();
});

afterAll(async () => t.close());

const PASSWORD = 'Paper-Lantern-2026';
const invite = (body: Record<string, unknown>, access = adminAccess) => postJson(t.app, '/users/invitations/', body, bearer(access));
const tokens = async () => (await t.db.selectFrom('one_time_tokens').select('id').where('purpose', '=', 'invitation').execute()).length;

describe('staff invitations', () => {
  test('a user administrator invites with a role: the answer and the mail name it, audited', async () => {
    const since = t.mail.messages.length;
    const response = await invite({ email: 'new.staff@example.test', role: frontDesk });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), email: 'new.staff@example.test', expires_at: expect.any(String), role: { id: frontDesk, name: 'Front Desk' } });
    const mail = await t.mail.waitFor('new.staff@example.test', { since });
    expect(mail.text).toContain('join its staff as Front Desk');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'after']).where('action', '=', 'STAFF_INVITED').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after))).toMatchObject({ email: 'new.staff@example.test', role: 'Front Desk' });
  });

  test('accepting makes a staff account in that role, active at once, with its permissions', async () => {
    const since = t.mail.messages.length;
    expect((await invite({ email: 'joiner@example.test', role: frontDesk })).statusCode).toBe(201);
    const mail = await t.mail.waitFor('joiner@example.test', { since });
    const token = new URL(mail.links.find((l) => l.includes('/register?invitation='))!).searchParams.get('invitation')!;
    const body = { token, first_name: 'Jo', last_name: 'Iner', username: 'joiner', email: 'joiner@example.test', password: PASSWORD, password2: PASSWORD };
    const accepted = await postJson(t.app, `/users/invitation/confirm/${token}`, body);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ username: 'joiner', role: 'MANAGER' });
    const session = await signIn(t.app, 'joiner', PASSWORD);
    expect(session.role).toBe('MANAGER');
    // The role's permissions alone, not the MANAGER group's.
    expect([...session.permissions].sort()).toEqual(['add_bookissuance', 'view_book']);
  });

  test.each([
    ['a holder of add_members who is no user administrator', { email: 'x1@example.test', role: 'FRONT' }, 'desk', 403, { detail: 'You do not have permission to perform this action.' }],
    ['an unknown role', { email: 'x2@example.test', role: 999999 }, 'admin', 400, { role: ['Role not found.'] }],
    ['a role that is not an id', { email: 'x3@example.test', role: 'boss' }, 'admin', 400, null],
    ['the super user role', { email: 'x4@example.test', role: 'SUPER USER' }, 'admin', 400, { role: ['Choose a staff role.'] }],
    ['the member role', { email: 'x5@example.test', role: 'MEMBER' }, 'admin', 400, { role: ['Choose a staff role.'] }],
  ] as const)('refuses %s, writing and mailing nothing', async (_name, raw, who, status, answer) => {
    const named = async (name: string) => (await t.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const role = raw.role === 'FRONT' ? frontDesk : raw.role === 'SUPER USER' || raw.role === 'MEMBER' ? await named(raw.role) : raw.role;
    const [before, mails] = [await tokens(), t.mail.messages.length];
    const response = await invite({ email: raw.email, role }, who === 'desk' ? deskAccess : adminAccess);
    expect(response.statusCode).toBe(status);
    if (answer) expect(response.json()).toEqual(answer);
    expect(await tokens()).toBe(before);
    await new Promise((done) => setTimeout(done, 100));
    expect(t.mail.messages.length).toBe(mails);
  });

  test('an invitation without a role still invites a member, from any holder of add_members', async () => {
    const response = await invite({ email: 'plain@example.test' }, deskAccess);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), email: 'plain@example.test', expires_at: expect.any(String) });
  });
});

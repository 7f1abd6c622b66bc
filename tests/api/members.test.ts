import { beforeAll, describe, expect, test } from 'vitest';
import { access, bearer, createUser, ids, postJson, signIn, t, useSignedInApp } from './support/harness.js';

useSignedInApp({ API_PUBLIC_URL: 'http://api.test', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

beforeAll(async () => {
  for (const [username, state] of [
    ['pat', 'pending'], ['pia', 'pending'], ['rex', 'declined'], ['dan', 'disabled'], ['ann', 'active'], ['abe', 'active'],
  ] as const) {
    ids[username] = (await createUser(t.db, { username, state })).id;
  }
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string) => t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} });
const del = (url: string, token?: string) => t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
const usernames = (body: { username: string }[]) => body.map((m) => m.username).sort();
const auditCount = async (action: string) =>
  Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

describe('member lists', () => {
  test('each list holds the members of its state, with the fields a librarian needs', async () => {
    expect(usernames((await get('/users/all-members/', access['desk'])).json())).toEqual(['abe', 'ann', 'reader']);
    expect(usernames((await get('/users/pending-users/', access['desk'])).json())).toEqual(['pat', 'pia']);
    expect(usernames((await get('/users/declined/', access['desk'])).json())).toEqual(['rex']);
    expect(usernames((await get('/users/disabled-members/', access['desk'])).json())).toEqual(['dan']);
    const [ann] = (await get('/users/all-members/?search=ann', access['desk'])).json();
    expect(ann).toMatchObject({
      id: ids['ann'], user_id: ids['ann'], username: 'ann', email: 'ann@example.test', first_name: 'Test', last_name: 'ann',
      member_id: expect.stringMatching(/^MBR-\d{4}$/), registration_id: null, department: null, session: null,
      plan: { id: expect.any(Number), name: 'Standard' }, state: 'active', is_active: true,
    });
    expect(typeof ann.date_joined).toBe('string');
  });

  test('pages, orders and searches like the catalogue', async () => {
    const page = await get('/users/all-members/?page=1&page_size=2&ordering=username', access['desk']);
    expect(page.json()).toMatchObject({ count: 3, previous: null, next: 'http://api.test/users/all-members/?page=2&page_size=2&ordering=username' });
    expect(page.json().results.map((m: { username: string }) => m.username)).toEqual(['abe', 'ann']);
    const last = (await get('/users/all-members/?page=last&page_size=2&ordering=-username', access['desk'])).json();
    expect(last.results.map((m: { username: string }) => m.username)).toEqual(['abe']);
    expect((await get('/users/all-members/?page=9', access['desk'])).statusCode).toBe(404);
    // Unknown ordering fields are ignored; a huge page_size is capped.
    expect((await get('/users/all-members/?page=1&page_size=100000&ordering=password_hash', access['desk'])).json().count).toBe(3);
    // Search by member number prefix, e-mail fragment, and id.
    const member = (await get(`/users/members/${ids['abe']}/profile/`, access['desk'])).json();
    expect(usernames((await get(`/users/all-members/?search=${member.member_id.toLowerCase()}`, access['desk'])).json())).toEqual(['abe']);
    expect(usernames((await get('/users/all-members/?search=ann@example', access['desk'])).json())).toEqual(['ann']);
    expect(usernames((await get(`/users/all-members/?search=${ids['reader']}`, access['desk'])).json())).toContain('reader');
    expect((await get('/users/all-members/?search=nobody-like-this', access['desk'])).json()).toEqual([]);
  });

  test('the member search for pickers answers id, username, names, member number and e-mail', async () => {
    const found = (await get('/members/search/?search=ann', access['desk'])).json();
    expect(found).toEqual([{ id: ids['ann'], username: 'ann', first_name: 'Test', last_name: 'ann', email: 'ann@example.test', member_id: expect.any(String), state: 'active' }]);
    expect((await get('/members/search/?search=pat', access['desk'])).json()).toEqual([]);
    expect((await get('/members/search/?search=pat&state=pending', access['desk'])).json()).toHaveLength(1);
    expect((await get('/members/search/?search=a', access['desk'])).json().map((m: { username: string }) => m.username)).toEqual(['abe', 'ann']);
  });

  test('hostile queries answer 4xx', async () => {
    expect((await get('/users/all-members/?search=a&search=b', access['desk'])).statusCode).toBe(400);
    expect((await get('/users/all-members/?page=abc', access['desk'])).statusCode).toBe(404);
    const controls = await get('/users/all-members/?search=%00%01ann%7f', access['desk']);
    expect(controls.statusCode).toBe(400);
    expect(controls.json()).toEqual({ search: ['Control characters are not allowed.'] });
    expect((await get(`/users/all-members/?search=${'%25_'.repeat(200)}`, access['desk'])).json()).toEqual([]);
    expect((await get('/members/search/?search="OR 1=1 --', access['desk'])).statusCode).toBe(200);
  });

  test('a member cannot list members; anonymous callers are refused', async () => {
    for (const path of ['/users/all-members/', '/users/pending-users/', '/users/declined/', '/users/disabled-members/', '/members/search/?search=ann']) {
      expect((await get(path, access['reader'])).statusCode).toBe(403);
      expect((await get(path)).statusCode).toBe(401);
    }
  });
});

describe('member transitions', () => {
  test('approving a pending member makes him active, audits and mails him; he can then sign in', async () => {
    const since = t.mail.messages.length;
    const before = await auditCount('MEMBER_APPROVED');
    const approved = await post(`/auth/approve-user/${ids['pat']}/`, access['desk']);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ detail: 'User approved and notified via email.' });
    expect(await auditCount('MEMBER_APPROVED')).toBe(before + 1);
    const mail = await t.mail.waitFor('pat@example.test', { since });
    expect(mail.subject).toContain('approved');
    await signIn(t.app, 'pat');
    const again = await post(`/auth/approve-user/${ids['pat']}/`, access['desk']);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This member is already active.');
  });

  test('declining moves a pending member to the rejected list; only pending members can be declined', async () => {
    const since = t.mail.messages.length;
    const declined = await post(`/auth/decline/${ids['pia']}/`, access['desk']);
    expect(declined.json()).toEqual({ detail: 'User has been declined and notified via email.' });
    await t.mail.waitFor('pia@example.test', { since });
    expect(usernames((await get('/users/declined/', access['desk'])).json())).toEqual(['pia', 'rex']);
    const twice = await post(`/auth/decline/${ids['pia']}/`, access['desk']);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/^Only members waiting for approval can be declined; this member is rejected\.$/);
    expect((await post(`/auth/decline/${ids['ann']}/`, access['desk'])).statusCode).toBe(409);
    // A rejected member can be approved again.
    expect((await post(`/auth/approve-user/${ids['rex']}/`, access['desk'])).statusCode).toBe(200);
    expect(usernames((await get('/users/all-members/', access['desk'])).json())).toContain('rex');
  });

  test('disable and enable toggle an approved member; his sign-ins end at once', async () => {
    const session = await signIn(t.app, 'abe');
    const disabled = await post(`/users/member/${ids['abe']}/disable_enable/`, access['desk']);
    expect(disabled.json()).toEqual({ detail: "Member 'abe' has been disabled.", is_active: false });
    expect((await get('/notifications/', session.access)).statusCode).toBe(401);
    expect(usernames((await get('/users/disabled-members/', access['desk'])).json())).toContain('abe');
    const enabled = await post(`/users/member/${ids['abe']}/disable_enable/`, access['desk']);
    expect(enabled.json()).toEqual({ detail: "Member 'abe' has been enabled.", is_active: true });
    expect(await auditCount('MEMBER_DISABLED')).toBe(1);
    expect(await auditCount('MEMBER_ENABLED')).toBe(1);
    // A disabled member is approved through the same approve call too.
    await post(`/users/member/${ids['dan']}/disable_enable/`, access['desk']);
    expect((await post(`/users/member/${ids['dan']}/disable_enable/`, access['desk'])).json().is_active).toBe(false);
    expect((await post(`/auth/approve-user/${ids['dan']}/`, access['desk'])).statusCode).toBe(200);
  });

  test('a pending member is approved, not enabled', async () => {
    const pending = await createUser(t.db, { username: 'paula', state: 'pending' });
    const toggled = await post(`/users/member/${pending.id}/disable_enable/`, access['desk']);
    expect(toggled.statusCode).toBe(409);
    expect(toggled.json().detail).toMatch(/approve the registration/);
    const row = await t.db.selectFrom('users').select('is_active').where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
  });

  test('unknown, staff and malformed ids answer 404 or 400 and change nothing', async () => {
    expect((await post('/auth/approve-user/999999/', access['desk'])).json()).toEqual({ detail: 'Member not found.' });
    expect((await post(`/auth/approve-user/${ids['desk']}/`, access['admin'])).statusCode).toBe(404);
    expect((await post('/auth/approve-user/abc/', access['desk'])).statusCode).toBe(404);
    expect((await post('/auth/approve-user/99999999999/', access['desk'])).statusCode).toBe(400);
    expect((await del('/users/delete/-1/', access['admin'])).statusCode).toBe(404);
  });

  test('a member cannot approve, decline, toggle or delete', async () => {
    expect((await post(`/auth/approve-user/${ids['pia']}/`, access['reader'])).statusCode).toBe(403);
    expect((await post(`/auth/decline/${ids['pia']}/`, access['reader'])).statusCode).toBe(403);
    expect((await post(`/users/member/${ids['ann']}/disable_enable/`, access['reader'])).statusCode).toBe(403);
    expect((await del(`/users/delete/${ids['ann']}/`, access['reader'])).statusCode).toBe(403);
    expect((await post(`/auth/approve-user/${ids['pia']}/`)).statusCode).toBe(401);
  });

  test('a MANAGER without delete_members cannot delete; a holder deletes and the account is anonymised', async () => {
    const refused = await del(`/users/delete/${ids['ann']}/`, access['desk']);
    expect(refused.statusCode).toBe(403);
    const deleted = await del(`/users/delete/${ids['ann']}/`, access['admin']);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: 'User deleted.' });
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', ids['ann']!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: `deleted-${ids['ann']}`, email: '', first_name: '', is_active: 0 });
    expect(row.deleted_at).not.toBeNull();
    const profile = await t.db.selectFrom('member_profiles').selectAll().where('user_id', '=', ids['ann']!).executeTakeFirstOrThrow();
    expect(profile.member_id).toMatch(/^MBR-/);
    expect(usernames((await get('/users/all-members/', access['desk'])).json())).not.toContain('ann');
    expect((await get('/users/disabled-members/', access['desk'])).json().map((m: { id: number }) => m.id)).not.toContain(ids['ann']);
    expect((await del(`/users/delete/${ids['ann']}/`, access['admin'])).statusCode).toBe(404);
    expect(await auditCount('MEMBER_DELETED')).toBe(1);
    expect((await postJson(t.app, '/auth/login/', { username: 'ann', password: 'Shelf-Reader-2026' })).statusCode).toBe(401);
  });
});

describe('the user list', () => {
  test('pages the staff users with role=staff, ordered and searched; without page it stays the pickers’ short list', async () => {
    const staff = await get('/users/?role=staff&page=1&ordering=-username', access['admin']);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(staff.json().results.map((u: { username: string }) => u.username)).toEqual(['desk', 'admin']);
    expect((await get('/users/?role=staff&page=1&search=des', access['admin'])).json().results).toHaveLength(1);
    expect(Array.isArray((await get('/users/?search=desk', access['admin'])).json())).toBe(true);
    expect((await get('/users/?page=1', access['desk'])).statusCode).toBe(403);
  });
});

describe("a member's state", () => {
  test('an account both declined and active is rejected, as sign-in reads it: in the rejected list and in no other', async () => {
    const { id } = await createUser(t.db, { username: 'zoe', state: 'declined' });
    await t.db.updateTable('users').set({ is_active: 1 }).where('id', '=', id).execute();
    const holders: string[] = [];
    for (const path of ['/users/all-members/', '/users/pending-users/', '/users/declined/', '/users/disabled-members/']) {
      const body = (await get(path, access['desk'])).json() as { username: string; state: string }[];
      const zoe = body.find((m) => m.username === 'zoe');
      if (zoe) holders.push(`${path} ${zoe.state}`);
    }
    expect(holders).toEqual(['/users/declined/ rejected']);
    expect((await postJson(t.app, '/auth/login/', { username: 'zoe', password: 'Shelf-Reader-2026' })).json()).toMatchObject({ non_field_errors: ['Your registration was declined by the library.'] });
  });
});

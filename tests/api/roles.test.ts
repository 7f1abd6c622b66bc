import { describe, expect, test } from 'vitest';
import { access, bearer, createUser, ids, postJson, signIn, t, useSignedInApp } from './support/harness.js';

useSignedInApp({}, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER'], ['clerk', 'MANAGER']]);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, body?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(body === undefined ? {} : { payload: body as object }) });
const permissionId = async (codename: string) =>
  (await t.db.selectFrom('permissions').select('id').where('codename', '=', codename).executeTakeFirstOrThrow()).id;
const roleId = async (name: string) => (await t.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('role calls are for change_user_admin only', () => {
  test('a MANAGER with the default set and a MEMBER get 403 on every role call; no token 401', async () => {
    const manager = await roleId('MANAGER');
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/roles/'],
      ['POST', '/roles/', { name: 'Sneaky' }],
      ['GET', `/roles/${manager}/`],
      ['PATCH', `/roles/${manager}/`, { permissions: [] }],
      ['DELETE', `/roles/${manager}/`],
      ['POST', `/roles/${manager}/assign_user/`, { user_ids: [ids['reader']] }],
      ['POST', `/roles/${manager}/remove_user/`, { user_ids: [ids['desk']] }],
      ['GET', `/roles/${manager}/users/`],
      ['GET', `/roles/${manager}/permissions/`],
      // The paged user list; the name search (`/users/?search=`) also serves the report filters (reports.test.ts).
      ['GET', '/users/?page=1'],
      ['POST', '/auth/register/manager/', { username: 'x', email: 'x@example.test', password: 'Quiet-River-88', password2: 'Quiet-River-88' }],
    ];
    for (const [method, url, body] of calls) {
      for (const who of ['desk', 'reader']) {
        const response = await call(method, url, access[who], body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, undefined, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect(await t.db.selectFrom('roles').select('id').where('name', '=', 'Sneaky').execute()).toHaveLength(0);
  });
});

describe('roles', () => {
  test('lists the built-in roles with their permissions and user counts', async () => {
    const response = await call('GET', '/roles/', access['admin']);
    expect(response.statusCode).toBe(200);
    const roles = response.json() as { name: string; built_in: boolean; permissions: number[]; user_count: number }[];
    expect(roles.map((r) => [r.name, r.built_in, r.user_count])).toEqual([
      ['SUPER USER', true, 1],
      ['MANAGER', true, 2],
      ['MEMBER', true, 1],
    ]);
    expect(roles[1]!.permissions).toContain(await permissionId('view_book'));
    expect(roles[2]!.permissions).toEqual([]);
  });

  test('creates, renames and deletes a custom role, each audited', async () => {
    const viewBook = await permissionId('view_book');
    const created = await call('POST', '/roles/', access['admin'], { name: 'Cataloguers', permissions: [viewBook] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Cataloguers', built_in: false, permissions: [viewBook], user_count: 0 });
    const id = created.json().id as number;

    const renamed = await call('PATCH', `/roles/${id}/`, access['admin'], { name: 'Catalogue team' });
    expect(renamed.json()).toMatchObject({ id, name: 'Catalogue team', permissions: [viewBook] });
    expect((await call('GET', `/roles/${id}/permissions/`, access['admin'])).json()).toEqual([
      { id: viewBook, codename: 'view_book', name: 'View books', module: 'Books' },
    ]);

    const deleted = await call('DELETE', `/roles/${id}/`, access['admin']);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/roles/${id}/`, access['admin'])).statusCode).toBe(404);
    const actions = (await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'role').where('entity_id', '=', String(id)).orderBy('id').execute()).map((a) => a.action);
    expect(actions).toEqual(['ROLE_CREATED', 'ROLE_UPDATED', 'ROLE_DELETED']);
  });

  test('refuses a duplicate name, whatever its case, and unknown permission ids', async () => {
    const response = await call('POST', '/roles/', access['admin'], { name: 'manager' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: ['A role with that name already exists.'] });
    const unknown = await call('POST', '/roles/', access['admin'], { name: 'Ghosts', permissions: [999999] });
    expect(unknown.json()).toEqual({ permissions: ['Invalid pk "999999" - object does not exist.'] });
    expect((await call('POST', '/roles/', access['admin'], {})).json()).toEqual({ name: ['This field is required.'] });
  });

  test('refuses to delete or rename a built-in role', async () => {
    for (const name of ['SUPER USER', 'MANAGER', 'MEMBER']) {
      const id = await roleId(name);
      const response = await call('DELETE', `/roles/${id}/`, access['admin']);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Built-in roles cannot be deleted.' });
      const rename = await call('PATCH', `/roles/${id}/`, access['admin'], { name: `${name} 2` });
      expect(rename.statusCode).toBe(400);
      expect(rename.json()).toEqual({ name: ['Built-in roles cannot be renamed.'] });
    }
    expect((await call('GET', '/roles/', access['admin'])).json()).toHaveLength(3);
  });

  test('assigning and removing users changes what that user may do on his next request', async () => {
    const created = await call('POST', '/roles/', access['admin'], { name: 'User admins', permissions: [await permissionId('change_user_admin')] });
    const id = created.json().id as number;
    expect((await call('GET', '/permissions/', access['desk'])).statusCode).toBe(403);

    const assigned = await call('POST', `/roles/${id}/assign_user/`, access['admin'], { user_ids: [ids['desk']] });
    expect(assigned.json()).toEqual({ detail: 'Added users [desk] to role User admins' });
    expect((await call('GET', '/permissions/', access['desk'])).statusCode).toBe(200);
    expect((await call('GET', `/roles/${id}/users/`, access['admin'])).json()).toEqual([
      { id: ids['desk'], username: 'desk', email: 'desk@example.test', role: 'MANAGER', first_name: 'Test', last_name: 'desk', member_id: null, is_active: true, is_verified: true },
    ]);

    const again = await call('POST', `/roles/${id}/assign_user/`, access['admin'], { user_ids: [ids['desk']] });
    expect(again.statusCode).toBe(404);

    const removed = await call('POST', `/roles/${id}/remove_user/`, access['admin'], { user_ids: [ids['desk']] });
    expect(removed.json()).toEqual({ detail: 'Removed users [desk] from role User admins' });
    expect((await call('GET', '/permissions/', access['desk'])).statusCode).toBe(403);
    expect((await call('POST', `/roles/${id}/remove_user/`, access['admin'], { user_ids: [] })).json()).toEqual({ user_ids: ['This list may not be empty.'] });
    const actions = (await t.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('entity_id', '=', String(id)).orderBy('id').execute());
    expect(actions.map((a) => a.action)).toEqual(['ROLE_CREATED', 'ROLE_ASSIGNED', 'ROLE_UNASSIGNED']);
    expect(JSON.parse(actions[1]!.after!).user_ids).toEqual([ids['desk']]);
  });

  test('a permission change to a role applies to its users at once', async () => {
    const manager = await roleId('MANAGER');
    const before = (await call('GET', `/roles/${manager}/`, access['admin'])).json().permissions as number[];
    const viewReports = await permissionId('view_reports');
    expect((await call('GET', `/users/${ids['clerk']}/permissions/`, access['clerk'])).json().map((p: { codename: string }) => p.codename)).toContain('view_reports');
    await call('PATCH', `/roles/${manager}/`, access['admin'], { permissions: before.filter((p) => p !== viewReports) });
    expect((await call('GET', `/users/${ids['clerk']}/permissions/`, access['clerk'])).json().map((p: { codename: string }) => p.codename)).not.toContain('view_reports');
    await call('PATCH', `/roles/${manager}/`, access['admin'], { permissions: before });
  });

  test('deleting a custom role removes its memberships', async () => {
    const created = await call('POST', '/roles/', access['admin'], { name: 'Temporary', permissions: [await permissionId('change_user_admin')] });
    const id = created.json().id as number;
    await call('POST', `/roles/${id}/assign_user/`, access['admin'], { user_ids: [ids['clerk']] });
    expect((await call('GET', '/roles/', access['clerk'])).statusCode).toBe(200);
    expect((await call('DELETE', `/roles/${id}/`, access['admin'])).statusCode).toBe(204);
    expect(await t.db.selectFrom('user_roles').select('user_id').where('role_id', '=', id).execute()).toEqual([]);
    expect((await call('GET', '/roles/', access['clerk'])).statusCode).toBe(403);
  });
});

describe('users and managers', () => {
  test('GET /users/ searches username, names and e-mail and filters by role', async () => {
    const all = await call('GET', '/users/', access['admin']);
    expect(all.json().map((u: { username: string }) => u.username)).toEqual(['admin', 'clerk', 'desk', 'reader']);
    expect((await call('GET', '/users/?search=READ', access['admin'])).json().map((u: { username: string }) => u.username)).toEqual(['reader']);
    expect((await call('GET', '/users/?role=MANAGER', access['admin'])).json().map((u: { username: string }) => u.username)).toEqual(['clerk', 'desk']);
    expect((await call('GET', '/users/?search=%25', access['admin'])).json()).toEqual([]);
    const reader = (await call('GET', '/users/?search=reader@example', access['admin'])).json()[0];
    expect(reader).toMatchObject({ role: 'MEMBER', member_id: expect.stringMatching(/^MBR-/), is_active: true, is_verified: true });
  });

  test('register manager creates an active, verified MANAGER who can sign in, and mails a welcome without the password', async () => {
    const since = t.mail.messages.length;
    const response = await postJson(
      t.app,
      '/auth/register/manager/',
      { username: 'newdesk', email: 'newdesk@example.test', password: 'Quiet-River-88', password2: 'Quiet-River-88', first_name: 'Nadia', member_id: 'STAFF-0100' },
      bearer(access['admin']!),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), username: 'newdesk', email: 'newdesk@example.test', role: 'MANAGER' });
    const signedIn = await signIn(t.app, 'newdesk', 'Quiet-River-88');
    expect(signedIn.permissions).toContain('view_book');
    const mail = await t.mail.waitFor('newdesk@example.test', { since });
    expect(mail.text).not.toContain('Quiet-River-88');

    const duplicate = await postJson(
      t.app,
      '/auth/register/manager/',
      { username: 'NewDesk', email: 'other@example.test', password: 'Quiet-River-88', password2: 'Quiet-River-88', member_id: 'STAFF-0100' },
      bearer(access['admin']!),
    );
    expect(duplicate.json()).toEqual({ username: ['A user with that username already exists.'], member_id: ['This member ID is already in use.'] });
  });
});

describe('the login answer names the user\'s roles', () => {
  test('a manager in custom roles reads their names; built-in roles read their own', async () => {
    const user = await createUser(t.db, { username: 'frontdesk', role: 'MANAGER' });
    const desk = await t.db.insertInto('roles').values({ name: 'Front Desk', built_in: 0 }).returning('id').executeTakeFirstOrThrow();
    const cashier = await t.db.insertInto('roles').values({ name: 'Cashier', built_in: 0 }).returning('id').executeTakeFirstOrThrow();
    await t.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    await t.db.insertInto('user_roles').values([{ user_id: user.id, role_id: desk.id }, { user_id: user.id, role_id: cashier.id }]).execute();
    const login = (username: string) => signIn(t.app, username);
    expect(await login('frontdesk')).toMatchObject({ role: 'MANAGER', roles: ['Front Desk', 'Cashier'] });
    expect(await login('clerk')).toMatchObject({ role: 'MANAGER', roles: ['MANAGER'] });
    expect(await login('admin')).toMatchObject({ role: 'SUPER USER', roles: ['SUPER USER'] });
    expect(await login('reader')).toMatchObject({ role: 'MEMBER', roles: ['MEMBER'] });
  });
});

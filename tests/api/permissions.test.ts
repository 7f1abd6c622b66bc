import { describe, expect, test } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '#shared/permission-codes';
import { migrate } from '../../server/src/db/migrations/index.js';
import { access, bearer, ids, signIn, t, useSignedInApp } from './support/harness.js';

useSignedInApp({}, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER'], ['neighbour', 'MEMBER']]);

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const codenames = (body: { codename: string }[]) => body.map((p) => p.codename);

describe('the permission guard', () => {
  test('lists the whole catalogue to a SUPER USER', async () => {
    const response = await get('/permissions/', access['admin']);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(codenames(body)).toEqual(PERMISSIONS.map((p) => p.codename));
    expect(body[0]).toEqual({ id: expect.any(Number), codename: 'view_dashboard_summary', name: 'View dashboard summary', module: 'Dashboard' });
  });

  test('refuses the catalogue to a member with 403', async () => {
    const response = await get('/permissions/', access['reader']);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  test('refuses the catalogue without a token with 401', async () => {
    const response = await get('/permissions/');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  test('refuses the catalogue to a manager, who does not hold change_user_admin by default', async () => {
    expect((await get('/permissions/', access['desk'])).statusCode).toBe(403);
  });

  test('gives a manager the default permission set of the MANAGER role', async () => {
    const response = await get(`/users/${ids['desk']}/permissions/`, access['desk']);
    expect(response.statusCode).toBe(200);
    expect(codenames(response.json()).sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS.MANAGER].sort());
  });

  test('gives a SUPER USER every permission', async () => {
    const response = await get(`/users/${ids['admin']}/permissions/`, access['admin']);
    expect(codenames(response.json())).toEqual(PERMISSIONS.map((p) => p.codename));
  });

  test('lets a member read his own (empty) permissions but not another user\'s', async () => {
    const own = await get(`/users/${ids['reader']}/permissions/`, access['reader']);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    const other = await get(`/users/${ids['neighbour']}/permissions/`, access['reader']);
    expect(other.statusCode).toBe(403);
    const staff = await get(`/users/${ids['desk']}/permissions/`, access['reader']);
    expect(staff.statusCode).toBe(403);
  });

  test('lets an administrator read anyone\'s permissions, and answers 404 for a user who does not exist', async () => {
    expect((await get(`/users/${ids['desk']}/permissions/`, access['admin'])).statusCode).toBe(200);
    const missing = await get('/users/999999/permissions/', access['admin']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });

  test('applies a role change at once, without a new sign-in', async () => {
    const manager = await t.db.selectFrom('roles').select('id').where('name', '=', 'MANAGER').executeTakeFirstOrThrow();
    const adminPerm = await t.db.selectFrom('permissions').select('id').where('codename', '=', 'change_user_admin').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: manager.id, permission_id: adminPerm.id }).execute();
    expect((await get('/permissions/', access['desk'])).statusCode).toBe(200);
    await t.db.deleteFrom('role_permissions').where('role_id', '=', manager.id).where('permission_id', '=', adminPerm.id).execute();
    expect((await get('/permissions/', access['desk'])).statusCode).toBe(403);
  });

  test('grants permissions through any role the user is in, not only the built-in one', async () => {
    const role = await t.db.insertInto('roles').values({ name: 'Auditors', built_in: 0 }).returning('id').executeTakeFirstOrThrow();
    const perm = await t.db.selectFrom('permissions').select('id').where('codename', '=', 'change_user_admin').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: perm.id }).execute();
    await t.db.insertInto('user_roles').values({ user_id: ids['neighbour']!, role_id: role.id }).execute();
    const neighbour = (await signIn(t.app, 'neighbour'));
    expect(neighbour.permissions).toEqual(['change_user_admin']);
    expect((await get('/permissions/', neighbour.access)).statusCode).toBe(200);
  });
});

describe('the permission catalogue', () => {
  test('is seeded once: migrating again keeps a grant an administrator removed', async () => {
    const manager = await t.db.selectFrom('roles').select('id').where('name', '=', 'MANAGER').executeTakeFirstOrThrow();
    const viewBook = await t.db.selectFrom('permissions').select('id').where('codename', '=', 'view_book').executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permissions').where('role_id', '=', manager.id).where('permission_id', '=', viewBook.id).execute();
    await migrate(t.db);
    const codes = codenames((await get(`/users/${ids['desk']}/permissions/`, access['desk'])).json());
    expect(codes).not.toContain('view_book');
  });

  test('adds a permission that appears in the catalogue and grants it to the roles whose defaults include it', async () => {
    // Deleting the row makes view_fine "new" to the database, as a later release would.
    await t.db.deleteFrom('permissions').where('codename', '=', 'view_fine').execute();
    expect(codenames((await get(`/users/${ids['desk']}/permissions/`, access['desk'])).json())).not.toContain('view_fine');
    await migrate(t.db);
    expect(codenames((await get(`/users/${ids['desk']}/permissions/`, access['desk'])).json())).toContain('view_fine');
    expect(codenames((await get('/permissions/', access['admin'])).json()).sort()).toEqual(PERMISSIONS.map((p) => p.codename).sort());
  });

  test('keeps exactly one settings row and three built-in roles however often it runs', async () => {
    await migrate(t.db);
    await migrate(t.db);
    const settings = await t.db.selectFrom('library_settings').select('id').execute();
    expect(settings).toHaveLength(1);
    const builtIn = await t.db.selectFrom('roles').select('name').where('built_in', '=', 1).orderBy('id').execute();
    expect(builtIn.map((r) => r.name)).toEqual(['SUPER USER', 'MANAGER', 'MEMBER']);
  });
});

import { describe, expect, test } from 'vitest';
import { access, bearer, DEFAULT_PASSWORD, ids, postJson, signIn, t, useSignedInApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';

useSignedInApp({ API_PUBLIC_URL: 'http://api.test', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER'], ['neighbour', 'MEMBER']]);

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const patchForm = (url: string, token: string, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'PATCH', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};

describe('member profiles', () => {
  test('a member reads and updates his own profile; the role cannot change through it', async () => {
    const own = await get(`/users/members/${ids['reader']}/profile/`, access['reader']);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ user_id: ids['reader'], username: 'reader', role: 'MEMBER', member_id: expect.stringMatching(/^MBR-/), fine_amount: '0.00', department: null });

    const updated = await patchForm('/users/update-profile/', access['reader']!, { first_name: 'Rida', mobile_number: '0300-1234567', role: 'SUPER USER' }, {
      profile_photo: { filename: 'me.jpg', content: PNG },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ first_name: 'Rida', mobile_number: '0300-1234567', role: 'MEMBER', profile_photo: expect.stringMatching(/^http:\/\/api\.test\/media\/profiles\/.+\.png$/) });
    const user = await t.db.selectFrom('users').select('role').where('id', '=', ids['reader']!).executeTakeFirstOrThrow();
    expect(user.role).toBe('MEMBER');
    expect((await signIn(t.app, 'reader')).permissions).toEqual([]);
  });

  test('a member cannot read another member\'s profile (403); staff with view_members can; unknown is 404', async () => {
    expect((await get(`/users/members/${ids['neighbour']}/profile/`, access['reader'])).statusCode).toBe(403);
    expect((await get('/users/members/999999/profile/', access['reader'])).statusCode).toBe(403);
    const staff = await get(`/users/members/${ids['reader']}/profile/`, access['desk']);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().first_name).toBe('Rida');
    expect((await get('/users/members/999999/profile/', access['desk'])).statusCode).toBe(404);
    expect((await get(`/users/members/${ids['reader']}/profile/`)).statusCode).toBe(401);
  });

  test('staff cannot use the member self-update, and members cannot use the staff ones', async () => {
    expect((await get('/users/update-profile/', access['desk'])).statusCode).toBe(403);
    expect((await get('/users/admin/profile/', access['reader'])).statusCode).toBe(403);
    expect((await get('/users/update-manager-profile/', access['reader'])).statusCode).toBe(403);
    expect((await get('/users/admin/profile/', access['desk'])).statusCode).toBe(403);
    expect((await get('/users/update-manager-profile/', access['admin'])).statusCode).toBe(403);
  });

  test('e-mail uniqueness is checked against other accounts', async () => {
    const response = await patchForm('/users/update-profile/', access['reader']!, { email: 'NEIGHBOUR@example.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['A user with that email already exists.'] });
  });
});

describe('staff profiles', () => {
  test('the SUPER USER reads and updates his profile (JSON works too)', async () => {
    const read = await get('/users/admin/profile/', access['admin']);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      id: expect.any(Number), user_id: ids['admin'], role: 'SUPER USER', username: 'admin', email: 'admin@example.test',
      first_name: 'Test', last_name: 'admin', profile_photo: null, member_id: null, contact_number: null, is_verified: true, is_active: true, pending_email: null,
    });
    const updated = await t.app.inject({ method: 'PATCH', url: '/users/admin/profile/', payload: { first_name: 'Amna', role: 'MEMBER' }, headers: bearer(access['admin']!) });
    expect(updated.json()).toMatchObject({ first_name: 'Amna', role: 'SUPER USER' });
  });

  test('a manager updates his member id and contact number; a taken username is refused', async () => {
    const updated = await patchForm('/users/update-manager-profile/', access['desk']!, { member_id: 'STAFF-0007', contact_number: '042-111' });
    expect(updated.json()).toMatchObject({ member_id: 'STAFF-0007', contact_number: '042-111', role: 'MANAGER' });
    const taken = await patchForm('/users/update-manager-profile/', access['desk']!, { username: 'ADMIN' });
    expect(taken.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  test('a password change needs all three fields, the right old password and a matching confirmation', async () => {
    const url = '/users/update-manager-profile/';
    expect((await patchForm(url, access['desk']!, { new_password: 'Amber-Window-51' })).json()).toEqual({
      old_password: ['This field is required.'],
      confirm_password: ['This field is required.'],
    });
    expect((await patchForm(url, access['desk']!, { old_password: 'wrong-one-here', new_password: 'Amber-Window-51', confirm_password: 'Amber-Window-51' })).json()).toEqual({
      old_password: ['Your old password was entered incorrectly.'],
    });
    expect((await patchForm(url, access['desk']!, { old_password: DEFAULT_PASSWORD, new_password: 'Amber-Window-51', confirm_password: 'Amber-Window-52' })).json()).toEqual({
      confirm_password: ['Passwords do not match.'],
    });
    expect((await patchForm(url, access['desk']!, { old_password: DEFAULT_PASSWORD, new_password: 'short', confirm_password: 'short' })).json()).toEqual({
      new_password: ['This password is too short. It must contain at least 8 characters.'],
    });
  });

  test('changing the password revokes other sign-ins but keeps the current one', async () => {
    const other = await signIn(t.app, 'desk');
    const current = await signIn(t.app, 'desk');
    const response = await patchForm('/users/update-manager-profile/', current.access, {
      old_password: DEFAULT_PASSWORD,
      new_password: 'Amber-Window-51',
      confirm_password: 'Amber-Window-51',
    });
    expect(response.statusCode).toBe(200);
    expect((await postJson(t.app, '/api/token/refresh/', { refresh: other.refresh })).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/token/refresh/', { refresh: current.refresh })).statusCode).toBe(200);
    expect((await postJson(t.app, '/auth/login/', { username: 'desk', password: DEFAULT_PASSWORD })).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/login/', { username: 'desk', password: 'Amber-Window-51' })).statusCode).toBe(200);
  });
});

/** Staff fixtures for browser tests: a manager holding only the permissions a test names. */
import { expect, type APIRequestContext } from '@playwright/test';
import { API, adminHeaders } from './books';
import { unique } from './helpers';

/** A staff user the test made. */
export interface TestStaff {
  id: number;
  username: string;
  password: string;
}

/**
 * Registers a manager through the API, puts him in a new role holding exactly `codenames` and takes
 * him out of the MANAGER group, so he holds those permissions and no others.
 */
export async function registerStaffWith(request: APIRequestContext, tag: string, codenames: readonly string[]): Promise<TestStaff> {
  const headers = await adminHeaders(request);
  const username = `${tag}.${unique()}`;
  const password = 'Amber-Window-51';
  const created = await request.post(`${API}/auth/register/manager/`, { headers, data: { username, email: `${username}@example.test`, password, password2: password, first_name: 'Staff', last_name: tag } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const permissions = (await (await request.get(`${API}/permissions/`, { headers })).json()) as { id: number; codename: string }[];
  const role = await request.post(`${API}/roles/`, { headers, data: { name: `Role ${username}`, permissions: permissions.filter((p) => codenames.includes(p.codename)).map((p) => p.id) } });
  expect(role.status(), await role.text()).toBe(201);
  expect((await request.post(`${API}/roles/${((await role.json()) as { id: number }).id}/assign_user/`, { headers, data: { user_ids: [id] } })).status()).toBe(200);
  const roles = (await (await request.get(`${API}/roles/`, { headers })).json()) as { id: number; name: string }[];
  expect((await request.post(`${API}/roles/${roles.find((r) => r.name === 'MANAGER')!.id}/remove_user/`, { headers, data: { user_ids: [id] } })).status()).toBe(200);
  return { id, username, password };
}

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
const access: Record<string, string> = {};
let bookId = 0;

async function onlyInRole(username: string, roleName: string, codenames: string[]): Promise<void> {
  const user = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const role = await t.db.insertInto('roles').values({ name: roleName, built_in: 0 }).returning('id').executeTakeFirstOrThrow();
  const perms = await t.db.selectFrom('permissions').select('id').where('codename', 'in', codenames).execute();
  if (perms.length) await t.db.insertInto('role_permissions').values(perms.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
  await t.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
  await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
}

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  const users = [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['analyst', 'MANAGER'], ['clerk', 'MANAGER'], ['reader', 'MEMBER']] as const;
  for (const [username, role] of users) await createUser(t.db, { username, role });
  await onlyInRole('analyst', 'Analyst', ['view_reports', 'view_book_report']);
  await onlyInRole('clerk', 'Clerk', ['view_members']);
  for (const [username] of users) access[username] = (await signIn(t.app, username)).access;
  const now = new Date().toISOString();
  const book = await t.db
    .insertInto('books')
    .values({
      title: 'Dune',
      author: 'Frank Herbert',
      isbn: '9780306406157',
      department_id: null,
      category_id: null,
      language_id: null,
      publisher: 'Chilton',
      total_copies: 2,
      available_copies: 2,
      rack_no: 'R-9',
      date_of_entry: now.slice(0, 10),
      price: 1999,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  bookId = book.id;
});

afterAll(async () => t.close());

const get = (id: number | string, token?: string) => t.app.inject({ method: 'GET', url: `/reports/books/${id}/issued-members/`, headers: token ? bearer(token) : {} });

describe('GET /reports/books/{id}/issued-members/', () => {
  test('answers the book (price as a decimal string), a member count and the loans (none until circulation)', async () => {
    const response = await get(bookId, access['admin']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      book: { id: bookId, title: 'Dune', isbn: '9780306406157', price: '19.99' },
      member_count: 0,
      issued_to: [],
    });
  });

  test('signed out 401, member 403; staff with view_book (default manager) or view_book_report 200; without both 403', async () => {
    expect((await get(bookId)).statusCode).toBe(401);
    const member = await get(bookId, access['reader']);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await get(bookId, access['desk'])).statusCode).toBe(200);
    expect((await get(bookId, access['analyst'])).statusCode).toBe(200);
    expect((await get(bookId, access['clerk'])).statusCode).toBe(403);
  });

  test('404 for an unknown book or a malformed id', async () => {
    const missing = await get(999999, access['admin']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    expect((await get('abc', access['admin'])).statusCode).toBe(404);
  });
});

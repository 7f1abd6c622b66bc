/**
 * Hostile input gets a clear 4xx, never a 500, and writes nothing: control characters in search
 * (tests/api/control-characters.test.ts has the rest of that rule),
 * cut-off or malformed multipart bodies, ids beyond the id columns, oversized arrays, bad URLs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { multipart } from './support/multipart.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'root', role: 'SUPER USER' });
  admin = bearer((await signIn(t.app, 'root')).access);
});

afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

describe('search text', () => {
  // A NUL reached PostgreSQL, which refused the query (500); every control character is a 400 now.
  test.each(['ab%00', '%00', 'a%01b', '%1F%7F', 'ab%00cd%00', '%22%00'])('search=%s → 400 naming search, not 500', async (search) => {
    const response = await get(`/books/books/?search=${search}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ search: ['Control characters are not allowed.'] });
  });
});

describe('multipart bodies', () => {
  const books = (payload: Buffer | string, contentType: string) =>
    t.app.inject({ method: 'POST', url: '/books/books/', payload, headers: { ...admin, 'content-type': contentType } });

  test('without a boundary → 400', async () => {
    const response = await books('--x\r\n', 'multipart/form-data');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });

  test('with a boundary that is not in the body → 400', async () => {
    const { payload } = multipart({ title: 'A' });
    const response = await books(payload, 'multipart/form-data; boundary=not-the-one');
    expect(response.statusCode).toBe(400);
  });

  test('cut off in the middle → 400, and nothing is written', async () => {
    const before = await t.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { payload, headers } = multipart({ title: 'Half a book', author: 'Someone', isbn: '9780306406157', total_copies: '2' });
    const response = await books(payload.subarray(0, Math.floor(payload.length * 0.7)), headers['content-type']!);
    expect(response.statusCode).toBe(400);
    const after = await t.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('ids', () => {
  test.each(['/books/books/2147483648/', '/books/books/99999999999999/', '/roles/2147483648/', '/users/2147483648/permissions/'])(
    '%s → 400 (beyond the id columns), not 500',
    async (url) => {
      expect((await get(url)).statusCode).toBe(400);
    },
  );

  // The departments members choose from are one public list: there is no route with an id under it.
  test('/member-departments/2147483648/ → 404 (no such route), not 500', async () => {
    const response = await get('/member-departments/2147483648/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  test('the largest id is still a plain 404', async () => {
    expect((await get('/books/books/2147483647/')).statusCode).toBe(404);
  });

  test('a body id beyond the id columns is a field error', async () => {
    const response = await postJson(t.app, '/auth/register/member/', {
      first_name: 'A', last_name: 'B', username: 'big.id', email: 'big@example.test', password: 'Amber-Window-51', password2: 'Amber-Window-51', department: 99999999999,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('department');
  });
});

describe('role arrays', () => {
  test('more than 1,000 user ids or permissions → 400, not "too many SQL variables"', async () => {
    const role = await postJson(t.app, '/roles/', { name: 'Arrays' }, admin);
    expect(role.statusCode).toBe(201);
    const id = (role.json() as { id: number }).id;
    const many = Array.from({ length: 40_000 }, (_, i) => i + 1);
    const users = await postJson(t.app, `/roles/${id}/assign_user/`, { user_ids: many }, admin);
    expect(users.statusCode).toBe(400);
    expect(users.json()).toEqual({ user_ids: ['Ensure this list has no more than 1000 elements.'] });
    const permissions = await t.app.inject({ method: 'PATCH', url: `/roles/${id}/`, payload: { permissions: many }, headers: admin });
    expect(permissions.statusCode).toBe(400);
    expect(permissions.json()).toEqual({ permissions: ['Ensure this list has no more than 1000 elements.'] });
  });
});

describe('query strings', () => {
  test('a repeated parameter → 400 naming it, not 500', async () => {
    const response = await get('/books/books/?search=a&search=b');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ search: ['Give this parameter once.'] });
  });

  // The filter ids were handed to the database as they came: beyond the id columns PostgreSQL
  // refused the query (500).
  test.each(['category=2147483648', 'department=99999999999', 'language=999999999999999'])('books list %s → 400 naming the filter, not 500', async (query) => {
    const response = await get(`/books/books/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [query.split('=')[0]!]: ['Select a valid choice. That choice is not one of the available choices.'] });
  });

  test.each([
    ['page=abc', 404, { detail: 'Invalid page.' }],
    ['page=0', 404, { detail: 'Invalid page.' }],
    ['page=1&page_size=100000', 200, { count: 0, next: null, previous: null, results: [] }],
    ['ordering=;drop', 200, []],
    ['ordering=-id;drop%20table%20books', 200, []],
    ['search[]=x', 200, []],
    ['status=%00', 400, { status: ['Control characters are not allowed.'] }],
  ] as const)('books list %s → %i', async (query, status, body) => {
    const response = await get(`/books/books/?${query}`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });
});

describe('ids in bodies beyond the id columns', () => {
  test('a wish-list book id → field error, not 500', async () => {
    await createUser(t.db, { username: 'wisher', role: 'MEMBER' });
    const member = bearer((await signIn(t.app, 'wisher')).access);
    for (const bookId of [2147483648, '99999999999']) {
      const response = await postJson(t.app, '/notifications/wishlist/', { book_id: bookId }, member);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ book_id: [`Invalid pk "${bookId}" - object does not exist.`] });
    }
  });

  test('a book form reference id → field error, not 500', async () => {
    const { payload, headers } = multipart({ title: 'T', author: 'A', isbn: '9780306406157', department: '2147483648', publisher: 'P', total_copies: '1', category: '99999999999', rack_no: 'R', language: '2147483647' });
    const response = await t.app.inject({ method: 'POST', url: '/books/books/', payload, headers: { ...headers, ...admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      department: ['Invalid pk "2147483648" - object does not exist.'],
      category: ['Invalid pk "99999999999" - object does not exist.'],
      language: ['Invalid pk "2147483647" - object does not exist.'],
    });
  });
});

describe('router-level errors', () => {
  test('a malformed URL gets the usual error body and the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/books/books/%E0%A4%A/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a URL too long → 414 with the usual error body and the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/books/books/?search=${'a'.repeat(20_000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toHaveProperty('detail');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

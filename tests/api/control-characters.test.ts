/**
 * Control characters in text fields: NUL, a bell, an escape, and (in one-line fields) a tab or a
 * newline get a 400 with the field's message and write nothing, on every kind of input the server
 * reads: JSON bodies (declared fields and keys nobody reads), multipart forms, query strings and the
 * rows of a CSV import. Fields that allow several lines keep their tabs and newlines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE as MESSAGE } from '#shared/control-characters';
import { isbnCheckDigit } from '#shared/isbn';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { actor, addBook, type Actor } from './support/circulation.js';
import { multipart } from './support/multipart.js';
import { act, reservationRow, reserved } from './support/reservations.js';

let t: TestApp;
let admin: Record<string, string>;
let reader: Actor;
const refs = { department: 0, category: 0, language: 0 };

/** Refused everywhere. */
const ALWAYS_REFUSED = ['a\u0000b', 'a\u0007b', 'a\u001b[31mb', 'a\u007fb'];
/** Refused in a one-line field only. */
const LINE_BREAKS = ['a\tb', 'a\nb', 'a\r\nb'];
const ONE_LINE_REFUSED = [...ALWAYS_REFUSED, ...LINE_BREAKS];

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'root', role: 'SUPER USER' });
  admin = bearer((await signIn(t.app, 'root')).access);
  reader = await actor(t, 'reader.one');
  refs.department = (await postJson(t.app, '/admin-departments/', { name: 'Science' }, admin)).json<{ id: number }>().id;
  refs.category = (await postJson(t.app, '/categories/', { name: 'Physics' }, admin)).json<{ id: number }>().id;
  refs.language = (await postJson(t.app, '/language/', { name: 'English' }, admin)).json<{ id: number }>().id;
});

afterAll(async () => t.close());

async function count(table: 'books' | 'users' | 'roles' | 'categories' | 'audit_log'): Promise<number> {
  const { n } = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

let serial = 300000;
const nextIsbn = (): string => {
  const body = `978${String(serial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

const bookFields = (over: Record<string, string> = {}): Record<string, string> => ({
  title: 'Six Easy Pieces',
  author: 'Richard P. Feynman',
  isbn: nextIsbn(),
  publisher: 'Basic Books',
  total_copies: '2',
  rack_no: 'P-01',
  department: String(refs.department),
  category: String(refs.category),
  language: String(refs.language),
  ...over,
});

const createBook = (fields: Record<string, string>) => {
  const body = multipart(fields);
  return t.app.inject({ method: 'POST', url: '/books/books/', payload: body.payload, headers: { ...body.headers, ...admin } });
};

describe('the book form (multipart)', () => {
  test.each(ONE_LINE_REFUSED)('a title %j → 400 under title, no book', async (title) => {
    const before = await count('books');
    const response = await createBook(bookFields({ title }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: [MESSAGE] });
    expect(await count('books')).toBe(before);
  });

  test.each(ALWAYS_REFUSED)('a detailed description %j → 400 under detailed_description, no book', async (text) => {
    const before = await count('books');
    const response = await createBook(bookFields({ detailed_description: `First line\n${text}` }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detailed_description: [MESSAGE] });
    expect(await count('books')).toBe(before);
  });

  test('a detailed description keeps its tabs and line breaks', async () => {
    const response = await createBook(bookFields({ detailed_description: 'Part one\n\tindented\r\nPart two' }));
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: number }>().id;
    const row = await t.db.selectFrom('books').select('detailed_description').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.detailed_description).toBe('Part one\n\tindented\r\nPart two');
  });

  test('a field nobody reads cannot carry NUL either', async () => {
    const before = await count('books');
    const response = await createBook(bookFields({ not_a_book_field: 'a\u0000b' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ not_a_book_field: [MESSAGE] });
    expect(await count('books')).toBe(before);
  });
});

describe('JSON bodies', () => {
  const registration = (over: Record<string, unknown>) => ({
    first_name: 'Ayesha', last_name: 'Khan', username: `ayesha${serial++}`, email: `ayesha${serial++}@example.test`, password: 'Amber-Window-51', password2: 'Amber-Window-51', ...over,
  });

  test.each(ONE_LINE_REFUSED)('member registration with first_name %j → 400, no account', async (first_name) => {
    const before = await count('users');
    const response = await postJson(t.app, '/auth/register/member/', registration({ first_name }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ first_name: [MESSAGE] });
    expect(await count('users')).toBe(before);
  });

  test.each(ONE_LINE_REFUSED)('a role named %j → 400, no role', async (name) => {
    const before = await count('roles');
    const response = await postJson(t.app, '/roles/', { name }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [MESSAGE] });
    expect(await count('roles')).toBe(before);
  });

  test.each(ONE_LINE_REFUSED)('a category named %j → 400, no category', async (name) => {
    const before = await count('categories');
    const response = await postJson(t.app, '/categories/', { name }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [MESSAGE] });
    expect(await count('categories')).toBe(before);
  });

  test.each(ALWAYS_REFUSED)('a key nobody reads holding %j → 400 naming it, nothing written', async (value) => {
    const before = await count('roles');
    const response = await postJson(t.app, '/roles/', { name: 'Smuggler', extra: { deep: [value] } }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ extra: [MESSAGE] });
    expect(await count('roles')).toBe(before);
  });

  test('a key that is itself a control character → 400', async () => {
    const response = await postJson(t.app, '/roles/', { name: 'Smuggler', 'k\u0000': 1 }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [MESSAGE] });
  });
});

describe("a member's own profile", () => {
  const patch = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/users/update-profile/', payload: JSON.stringify(body), headers: { ...reader.headers, 'content-type': 'application/json' } });
  const patchForm = (fields: Record<string, string>) => {
    const body = multipart(fields);
    return t.app.inject({ method: 'PATCH', url: '/users/update-profile/', payload: body.payload, headers: { ...body.headers, ...reader.headers } });
  };
  const stored = () => t.db.selectFrom('users').select('first_name').where('id', '=', reader.id).executeTakeFirstOrThrow();
  const address = () => t.db.selectFrom('member_profiles').select('home_address').where('user_id', '=', reader.id).executeTakeFirst();

  test.each(ONE_LINE_REFUSED)('first_name %j (JSON and multipart) → 400, name unchanged', async (first_name) => {
    for (const response of [await patch({ first_name }), await patchForm({ first_name })]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ first_name: [MESSAGE] });
    }
    expect((await stored()).first_name).toBe('Test');
  });

  test.each(ALWAYS_REFUSED)('home_address %j → 400, address unchanged', async (text) => {
    const response = await patchForm({ home_address: `House 1\n${text}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ home_address: [MESSAGE] });
    expect((await address())?.home_address ?? null).toBeNull();
  });

  test('an address keeps its line breaks; a tab or newline is refused in the class name', async () => {
    const response = await patchForm({ home_address: 'House 1\nStreet 2' });
    expect(response.statusCode).toBe(200);
    expect((await address())?.home_address).toBe('House 1\nStreet 2');
    const refused = await patchForm({ class_name: 'BS\tCS' });
    expect(refused.json()).toEqual({ class_name: [MESSAGE] });
  });
});

describe('settings', () => {
  const putLibrary = (fields: Record<string, string>) => {
    const body = multipart(fields);
    return t.app.inject({ method: 'PUT', url: '/settings/library/', payload: body.payload, headers: { ...body.headers, ...admin } });
  };
  const putNotices = (body: unknown) =>
    t.app.inject({ method: 'PUT', url: '/settings/notifications/', payload: JSON.stringify(body), headers: { ...admin, 'content-type': 'application/json' } });

  test.each(ONE_LINE_REFUSED)('library_name %j → 400, name unchanged', async (library_name) => {
    const before = await t.db.selectFrom('library_settings').select('library_name').executeTakeFirstOrThrow();
    const response = await putLibrary({ library_name });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ library_name: [MESSAGE] });
    expect(await t.db.selectFrom('library_settings').select('library_name').executeTakeFirstOrThrow()).toEqual(before);
  });

  test.each(LINE_BREAKS)("a notice's subject %j → 400 under it", async (text) => {
    const response = await putNotices({ notices: [{ type: 'due_soon', subject: `Soon ${text} {book_title}` }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'notices.due_soon.subject': [MESSAGE] });
  });

  test.each(ALWAYS_REFUSED)("a notice's wording %j → 400, wording unchanged", async (text) => {
    const before = (await t.app.inject({ method: 'GET', url: '/settings/notifications/', headers: admin })).body;
    const response = await putNotices({ notices: [{ type: 'due_soon', body: `Dear {member_name},\n${text}` }] });
    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json() as Record<string, string[]>)).toEqual([[MESSAGE]]);
    expect((await t.app.inject({ method: 'GET', url: '/settings/notifications/', headers: admin })).body).toBe(before);
  });

  test("a notice's wording keeps its line breaks", async () => {
    const response = await putNotices({ notices: [{ type: 'due_soon', body: 'Dear {member_name},\n\n\tPlease return {book_title}.' }] });
    expect(response.statusCode).toBe(200);
  });
});

describe('reservation reasons', () => {
  test.each(ALWAYS_REFUSED)('a move or cancel with reason %j → 400, the queue unchanged', async (text) => {
    const book = await addBook(t, `Queue ${serial++}`, 0);
    const first = await reserved(t, await actor(t, `queue.a.${serial++}`), { book });
    const second = await reserved(t, await actor(t, `queue.b.${serial++}`), { book });
    const desk = { id: 0, headers: admin };
    const before = await count('audit_log');
    const moved = await act(t, desk, second, 'move', { position: 1, reason: `Exam ${text}` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ reason: [MESSAGE] });
    const cancelled = await act(t, desk, second, 'cancel', { reason: `Gone ${text}` });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json()).toEqual({ reason: [MESSAGE] });
    expect((await reservationRow(t, first)).queue_rank).toBeLessThan((await reservationRow(t, second)).queue_rank);
    expect((await reservationRow(t, second)).status).toBe('PENDING');
    expect(await count('audit_log')).toBe(before);
  });
});

describe('CSV imports', () => {
  const HEADER = 'title,author,publisher,isbn,total_copies,category,department,language,edition,rack_no,shelf_location,brief_description';
  const row = (title: string, isbn: string) => [`"${title}"`, 'Author', 'Press', isbn, '1', 'Physics', 'Science', 'English', '', 'R-1', '', ''].join(',');
  const upload = (csv: string) => {
    const body = multipart({}, { file: { filename: 'books.csv', content: Buffer.from(csv), contentType: 'text/csv' } });
    return t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...admin } });
  };
  const bookByIsbn = (isbn: string) => t.db.selectFrom('books').select('id').where('isbn', '=', isbn).executeTakeFirst();

  test('rows with control characters are rejected with the message; the clean row is imported', async () => {
    const bad = ['a\u0007b', 'a\u001b[0mb', 'a\tb', 'a\nb', 'a\u007fb'];
    const isbns = bad.map(() => nextIsbn());
    const clean = nextIsbn();
    const csv = [HEADER, ...bad.map((title, i) => row(title, isbns[i]!)), row('Clean title', clean)].join('\r\n');
    const response = await upload(csv);
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ imported: number; errors: { row: number; field: string | null; message: string }[] }>();
    expect(answer.imported).toBe(1);
    expect(answer.errors).toEqual(bad.map((_, i) => ({ row: i + 1, field: 'title', message: MESSAGE })));
    for (const isbn of isbns) expect(await bookByIsbn(isbn)).toBeUndefined();
    expect(await bookByIsbn(clean)).toBeDefined();
  });

  test('a NUL byte refuses the whole file (it is not text), nothing imported', async () => {
    const isbn = nextIsbn();
    const response = await upload([HEADER, row('a\u0000b', isbn), row('Clean', nextIsbn())].join('\n'));
    expect(response.statusCode).toBe(400);
    expect(await bookByIsbn(isbn)).toBeUndefined();
  });
});

describe('query strings', () => {
  test.each([
    '/books/books/',
    '/users/all-members/',
    '/users/pending-users/',
    '/members/search/',
    '/books/issued-books/',
    '/books/reservations/',
    '/fines-viewset/pending/',
    '/notifications-logs/',
    '/users/',
    '/users/?page=1',
  ])('%s with a control character in search → 400 naming search', async (path) => {
    for (const search of ['%00', 'ab%00cd', '%07', '%1B%5B31m', 'a%09b', 'a%0Ab', '%7F']) {
      const url = `${path}${path.includes('?') ? '&' : '?'}search=${search}`;
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ search: [MESSAGE] });
    }
  });

  test('any parameter, not only search', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/books/books/?status=%00&ordering=title%00', headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: [MESSAGE], ordering: [MESSAGE] });
  });

  test('a plain search still answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/books/books/?search=six%20easy', headers: admin })).statusCode).toBe(200);
  });
});

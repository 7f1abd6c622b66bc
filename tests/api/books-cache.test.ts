import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { isbnCheckDigit } from '#shared/isbn';
import { bearer, createUser, DEFAULT_PASSWORD, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { JPEG, multipart, PNG } from './support/multipart.js';

let t: TestApp;
let token = '';
const ref = { department: '', category: '', language: '' };

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  await createUser(t.db, { username: 'admin', role: 'SUPER USER' });
  token = (await signIn(t.app, 'admin')).access;
  ref.department = String((await postJson(t.app, '/admin-departments/', { name: 'Science' }, bearer(token))).json().id);
  ref.category = String((await postJson(t.app, '/categories/', { name: 'Physics' }, bearer(token))).json().id);
  ref.language = String((await postJson(t.app, '/language/', { name: 'English' }, bearer(token))).json().id);
});

afterAll(async () => t.close());

let serial = 300000;
const nextIsbn = (): string => {
  const body = `978${String(serial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

/** The newest books first, so the book a test just made is the first row. */
const LIST = '/books/books/?page=1&page_size=50&ordering=-id';

interface Page {
  count: number;
  results: { id: number; title: string; total_copies: number; available_copies: number; status: string; cover_photos: string[]; category: { name: string } | null; department: { name: string } | null; language: { name: string } | null }[];
}

const list = (app: FastifyInstance, url = LIST, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};

async function createBook(title = 'Cached Volume'): Promise<{ id: number }> {
  const fields = { title, author: 'Ada Cache', isbn: nextIsbn(), department: ref.department, publisher: 'Tag Press', total_copies: '3', category: ref.category, rack_no: 'C-01', language: ref.language };
  const response = await send('POST', '/books/books/', fields);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const booksInDatabase = async (): Promise<number> => Number((await t.db.selectFrom('books').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

/** Reads the list, checks its tag and count against the database, and returns both. */
async function current(app: FastifyInstance = t.app, url = LIST): Promise<{ tag: string; page: Page }> {
  const response = await list(app, url);
  expect(response.statusCode).toBe(200);
  const tag = response.headers['etag'];
  expect(typeof tag).toBe('string');
  return { tag: String(tag), page: response.json() };
}

describe('GET /books/books/ with ETag', () => {
  test('answers a tag with private, no-cache; If-None-Match with it answers 304 with no body', async () => {
    await createBook();
    const first = await list(t.app);
    expect(first.statusCode).toBe(200);
    expect(first.headers['etag']).toMatch(/^"[0-9a-z]+-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tag = String(first.headers['etag']);
    const again = await list(t.app, LIST, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(tag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // The forms a browser or proxy may send: a list, a weak tag.
    expect((await list(t.app, LIST, { 'if-none-match': `"other", ${tag}` })).statusCode).toBe(304);
    expect((await list(t.app, LIST, { 'if-none-match': `W/${tag}` })).statusCode).toBe(304);
    // A revalidation skips reading the query, yet a bad query is still refused: no tag of this
    // database names it, and `*` (which matches any tag) makes the query be read first.
    for (const header of [tag, '*']) {
      const bad = await list(t.app, '/books/books/?page=1&page_size=50&category=abc', { 'if-none-match': header });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ category: ['Select a valid choice. That choice is not one of the available choices.'] });
    }
    // Another tag gets the full answer, byte for byte the first one.
    const other = await list(t.app, LIST, { 'if-none-match': '"stale"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  test('a different query, page or page size gets a different tag', async () => {
    const tags = new Set<string>();
    for (const url of [LIST, '/books/books/?page=1&page_size=20', '/books/books/?page=1&page_size=50&search=cached', '/books/books/?page=1&page_size=50&status=LOST', '/books/books/']) {
      tags.add((await current(t.app, url)).tag);
    }
    expect(tags.size).toBe(5);
  });

  test('a revalidation still needs a live sign-in: no token 401, even with the current tag', async () => {
    const { tag } = await current();
    const anonymous = await t.app.inject({ method: 'GET', url: LIST, headers: { 'if-none-match': tag } });
    expect(anonymous.statusCode).toBe(401);
  });

  test('an invalid query answers its 400 with no tag', async () => {
    const bad = await list(t.app, '/books/books/?page=1&category=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['etag']).toBeUndefined();
  });
});

type Change = (book: { id: number }) => Promise<unknown>;
type Check = (page: Page, book: { id: number }, before: Page) => void;

const rename = (url: string, name: string) => t.app.inject({ method: 'PATCH', url, payload: { name }, headers: bearer(token) });
/** A CSV of new books in the reference values' current names (the cases above rename them). */
async function bulkCsv(rows: number): Promise<Buffer> {
  const name = async (table: 'categories' | 'departments' | 'languages', id: string) =>
    (await t.db.selectFrom(table).select('name').where('id', '=', Number(id)).executeTakeFirstOrThrow()).name;
  const names = [await name('categories', ref.category), await name('departments', ref.department), await name('languages', ref.language)].join(',');
  const lines = ['title,author,publisher,isbn,total_copies,category,department,language,edition,rack_no,shelf_location,brief_description'];
  for (let i = 0; i < rows; i++) lines.push(`Imported ${i},Bulk Author,Bulk Press,${nextIsbn()},2,${names},1st,B-01,Shelf 1,Imported`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

const CHANGES: [string, Change, Check][] = [
  ['adding a book', () => createBook('Freshly Added'), (page, _b, before) => {
    expect(page.results[0]!.title).toBe('Freshly Added');
    expect(page.count).toBe(before.count + 1);
  }],
  ['editing a title', (b) => send('PATCH', `/books/books/${b.id}/`, { title: 'Retitled' }), (page) => expect(page.results[0]!.title).toBe('Retitled')],
  ['editing the copies', (b) => send('PATCH', `/books/books/${b.id}/`, { total_copies: '7' }), (page) => expect(page.results[0]).toMatchObject({ total_copies: 7, available_copies: 7 })],
  ['changing the status', (b) => send('PATCH', `/books/books/${b.id}/`, { status: 'LOST', status_reason: 'Gone' }), (page) => expect(page.results[0]!.status).toBe('LOST')],
  ['changing available copies in the database directly (issue and return write here)', (b) => t.db.updateTable('books').set({ available_copies: 1 }).where('id', '=', b.id).execute(), (page) => expect(page.results[0]!.available_copies).toBe(1)],
  ['changing the cover', (b) => send('PATCH', `/books/books/${b.id}/`, {}, { cover_photo: { filename: 'c.jpg', content: JPEG } }), (page) => expect(page.results[0]!.cover_photos).toHaveLength(1)],
  ['deleting a book', (b) => postJson(t.app, `/books/books/${b.id}/confirm-delete/`, { password: DEFAULT_PASSWORD }, bearer(token)), (page, b, before) => {
    expect(page.results.some((r) => r.id === b.id)).toBe(false);
    expect(page.count).toBe(before.count - 1);
  }],
  ['renaming its category', () => rename(`/categories/${ref.category}/`, `Physics ${serial}`), (page) => expect(page.results[0]!.category!.name).toBe(`Physics ${serial}`)],
  ['renaming its department', () => rename(`/admin-departments/${ref.department}/`, `Science ${serial}`), (page) => expect(page.results[0]!.department!.name).toBe(`Science ${serial}`)],
  ['renaming its language', () => rename(`/language/${ref.language}/`, `English ${serial}`), (page) => expect(page.results[0]!.language!.name).toBe(`English ${serial}`)],
  ['a bulk import', async () => {
    const body = multipart({}, { file: { filename: 'books.csv', content: await bulkCsv(3), contentType: 'text/csv' } });
    const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    expect(response.json()).toMatchObject({ detail: '3 books uploaded.' });
  }, (page, _b, before) => {
    expect(page.count).toBe(before.count + 3);
    expect(page.results[0]!.title).toBe('Imported 2');
  }],
];

describe('the tag and the answer follow every change of the catalogue', () => {
  test.each(CHANGES)('after %s the tag changes and the page and count are the new truth', async (_name, change, check) => {
    const book = await createBook();
    const before = await current();
    // Both memos are warm: the page and the count of this version.
    expect((await list(t.app, LIST, { 'if-none-match': before.tag })).statusCode).toBe(304);
    await change(book);
    const revalidated = await list(t.app, LIST, { 'if-none-match': before.tag });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers['etag']).not.toBe(before.tag);
    const page: Page = revalidated.json();
    expect(page.count).toBe(await booksInDatabase());
    check(page, book, before.page);
  });

  test('a write that fails changes nothing the list shows', async () => {
    const book = await createBook();
    const before = await current();
    const refused = await send('PATCH', `/books/books/${book.id}/`, { isbn: 'not an isbn' });
    expect(refused.statusCode).toBe(400);
    expect((await current()).page).toEqual(before.page);
  });
});

describe('two server instances on one database', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp(t.config);
  });
  afterAll(async () => second.close());

  test('never serve each other a stale page or count', async () => {
    const book = await createBook('Shared Shelf');
    const a = await current(t.app);
    const b = await current(second);
    // Same version, same URL: the same tag from either instance, so a load balancer may alternate.
    expect(b.tag).toBe(a.tag);
    expect((await list(second, LIST, { 'if-none-match': a.tag })).statusCode).toBe(304);

    // A change through the first instance: the second (its memo warm) serves the new truth.
    expect((await send('PATCH', `/books/books/${book.id}/`, { title: 'Shared Shelf, Revised' })).statusCode).toBe(200);
    const afterEdit = await list(second, LIST, { 'if-none-match': a.tag });
    expect(afterEdit.statusCode).toBe(200);
    expect(afterEdit.json().results[0].title).toBe('Shared Shelf, Revised');

    // A change through the second instance: the first's memo (count included) is not served.
    const countBefore = (await current(t.app)).page.count;
    const body = multipart(
      { title: 'Second Door', author: 'Ada Cache', isbn: nextIsbn(), department: ref.department, publisher: 'Tag Press', total_copies: '1', category: ref.category, rack_no: 'C-02', language: ref.language },
      { cover_photo: { filename: 'd.png', content: PNG } },
    );
    const created = await second.inject({ method: 'POST', url: '/books/books/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    expect(created.statusCode).toBe(201);
    const fromFirst = await current(t.app);
    expect(fromFirst.page.count).toBe(countBefore + 1);
    expect(fromFirst.page.results[0]!.title).toBe('Second Door');
    expect((await current(second)).tag).toBe(fromFirst.tag);
  });
});

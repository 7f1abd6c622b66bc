import { beforeAll, describe, expect, test } from 'vitest';
import { isbnCheckDigit } from '#shared/isbn';
import { access, bearer, createUser, DEFAULT_PASSWORD, ids, postJson, signIn, t, useSignedInApp } from './support/harness.js';
import { JPEG, multipart, PDF, PNG } from './support/multipart.js';
import { moveCopy } from '../../server/src/modules/copies/stock.js';

const ref = { department: '', category: '', language: '', category2: '' };

useSignedInApp({ API_PUBLIC_URL: 'http://api.test' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

beforeAll(async () => {
  ref.department = String((await postJson(t.app, '/admin-departments/', { name: 'Science' }, bearer(access['admin']!))).json().id);
  ref.category = String((await postJson(t.app, '/categories/', { name: 'Physics' }, bearer(access['admin']!))).json().id);
  ref.category2 = String((await postJson(t.app, '/categories/', { name: 'Poetry' }, bearer(access['admin']!))).json().id);
  ref.language = String((await postJson(t.app, '/language/', { name: 'English' }, bearer(access['admin']!))).json().id);
});

let serial = 100000;
/** A fresh valid ISBN-13. */
const nextIsbn = (): string => {
  const body = `978${String(serial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

const send = (method: 'POST' | 'PATCH', url: string, token: string | undefined, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
};
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const bookFields = (over: Record<string, string> = {}): Record<string, string> => ({
  title: 'A Brief History of Time',
  author: 'Stephen Hawking',
  isbn: nextIsbn(),
  department: ref.department,
  publisher: 'Bantam',
  total_copies: '3',
  category: ref.category,
  rack_no: 'R-01',
  language: ref.language,
  ...over,
});
const createBook = async (over: Record<string, string> = {}, files = {}) => {
  const response = await send('POST', '/books/books/', access['desk'], bookFields(over), files);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
};

describe('POST /books/books/', () => {
  test('MEMBER 403, no token 401, MANAGER default set creates with the BookDetail shape', async () => {
    expect((await send('POST', '/books/books/', undefined, bookFields())).statusCode).toBe(401);
    expect((await send('POST', '/books/books/', access['reader'], bookFields())).statusCode).toBe(403);
    const response = await send('POST', '/books/books/', access['desk'], bookFields({ isbn: '978-0-306-40615-7', price: '12.5', edition: '2nd', detailed_description: 'Cosmology.' }));
    expect(response.statusCode).toBe(201);
    const book = response.json();
    expect(book).toMatchObject({
      id: expect.any(Number),
      title: 'A Brief History of Time',
      isbn: '9780306406157',
      department: { id: Number(ref.department), name: 'Science' },
      category: { id: Number(ref.category), name: 'Physics', image: null },
      language: { id: Number(ref.language), name: 'English' },
      publisher: 'Bantam',
      edition: '2nd',
      total_copies: 3,
      available_copies: 3,
      rack_no: 'R-01',
      status: 'ACTIVE',
      status_reason: null,
      price: '12.50',
      detailed_description: 'Cosmology.',
      cover_photo: null,
      cover_photos: [],
      ebook_file: null,
    });
    expect(book.date_of_entry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'book').where('entity_id', '=', String(book.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['BOOK_CREATED']);
    expect(JSON.parse(audit[0]!.after!).isbn).toBe('9780306406157');
  });

  test('required fields, invalid ISBN, unknown references, duplicate normalised ISBN', async () => {
    const empty = await send('POST', '/books/books/', access['desk'], {});
    expect(empty.statusCode).toBe(400);
    const required = ['title', 'author', 'isbn', 'department', 'publisher', 'total_copies', 'category', 'rack_no', 'language'];
    expect(Object.keys(empty.json()).sort()).toEqual([...required].sort());
    for (const field of required) expect(empty.json()[field]).toEqual(['This field is required.']);
    const bad = await send('POST', '/books/books/', access['desk'], bookFields({ isbn: '0306406153', total_copies: 'many', category: '9999' }));
    expect(bad.json()).toEqual({
      isbn: ['Enter a valid ISBN-10 or ISBN-13.'],
      total_copies: ['A valid integer is required.'],
      category: ['Invalid pk "9999" - object does not exist.'],
    });
    await createBook({ isbn: '0-8044-2957-X' });
    const dup = await send('POST', '/books/books/', access['desk'], bookFields({ isbn: '080442957x' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ isbn: ['book with this isbn already exists.'] });
  });

  test('uploads are sniffed: a PNG named .pdf is refused as e-book, a PDF named .png as cover', async () => {
    const fakePdf = await send('POST', '/books/books/', access['desk'], bookFields(), { ebook_file: { filename: 'book.pdf', content: PNG, contentType: 'application/pdf' } });
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json()).toEqual({ ebook_file: ['Upload a valid PDF file.'] });
    const fakeCover = await send('POST', '/books/books/', access['desk'], bookFields(), { cover_photo: { filename: 'cover.png', content: PDF, contentType: 'image/png' } });
    expect(fakeCover.statusCode).toBe(400);
    expect(fakeCover.json()).toEqual({ cover_photo: ['Upload a valid image (PNG, JPEG or WebP).'] });
  });

  test('several covers and an e-book; the e-book needs sign-in, covers are public', async () => {
    const book = await createBook({}, {
      cover_photo: [{ filename: 'a.png', content: PNG }, { filename: 'b.jpg', content: JPEG }],
      ebook_file: { filename: 'book.pdf', content: PDF },
    });
    expect(book.cover_photos).toHaveLength(2);
    expect(book.cover_photo).toBe(book.cover_photos[0]);
    expect(book.cover_photos[0]).toMatch(/^http:\/\/api\.test\/media\/covers\/.+\.png$/);
    expect(book.cover_photos[1]).toMatch(/\.jpg$/);
    expect(book.ebook_file).toMatch(/^http:\/\/api\.test\/media\/ebooks\/.+\.pdf$/);
    expect((await get(new URL(book.cover_photo).pathname)).headers['content-type']).toBe('image/png');
    expect((await get(new URL(book.ebook_file).pathname)).statusCode).toBe(401);
    expect((await get(`/books/books/${book.id}/ebook/`)).statusCode).toBe(401);
    const download = await get(`/books/books/${book.id}/ebook/`, access['reader']);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await get(new URL(book.ebook_file).pathname, access['reader'])).statusCode).toBe(200);
  });
});

describe('PATCH /books/books/{id}/', () => {
  test('MEMBER 403; total_copies adds or withdraws shelf copies and is refused below the copies out', async () => {
    const book = await createBook({ total_copies: '5' });
    expect((await send('PATCH', `/books/books/${book.id}/`, access['reader'], { title: 'X' })).statusCode).toBe(403);
    // Two copies out.
    const out = await t.db.selectFrom('copies').select('id').where('book_id', '=', book.id).orderBy('copy_no').limit(2).execute();
    for (const copy of out) await moveCopy(t.db, copy.id, ['AVAILABLE'], 'ON_LOAN', { event: false });
    const lower = await send('PATCH', `/books/books/${book.id}/`, access['desk'], { total_copies: '1' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toEqual({ total_copies: ['Only 3 copies are on the shelf; 2 are out, held or damaged. The total can go down by at most 3.'] });
    const up = await send('PATCH', `/books/books/${book.id}/`, access['desk'], { total_copies: '8' });
    expect(up.json()).toMatchObject({ total_copies: 8, available_copies: 6 });
    const down = await send('PATCH', `/books/books/${book.id}/`, access['desk'], { total_copies: '2' });
    expect(down.json()).toMatchObject({ total_copies: 2, available_copies: 0 });
    const json = await t.app.inject({ method: 'PATCH', url: `/books/books/${book.id}/`, payload: { title: 'Renamed', isbn: 'nope' }, headers: bearer(access['desk']!) });
    expect(json.json()).toEqual({ isbn: ['Enter a valid ISBN-10 or ISBN-13.'] });
  });

  test('LOST / WRITE_OFF without a reason (the original client sends none) is recorded as "no reason given"', async () => {
    const book = await createBook();
    const noReason = await send('PATCH', `/books/books/${book.id}/`, access['desk'], { status: 'LOST' });
    expect(noReason.statusCode).toBe(200);
    expect(noReason.json()).toMatchObject({ status: 'LOST', status_reason: 'no reason given' });
    const entry = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'book').where('entity_id', '=', String(book.id)).where('action', '=', 'BOOK_STATUS_CHANGED').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({ status: 'LOST' });
  });

  test('covers sent as cover_photos (the original client\'s name) are kept like cover_photo', async () => {
    const book = await createBook({}, { cover_photos: { filename: 'a.png', content: PNG } });
    expect(book.cover_photos).toHaveLength(1);
    const appended = (await send('PATCH', `/books/books/${book.id}/`, access['desk'], {}, { cover_photos: { filename: 'c.jpg', content: JPEG } })).json();
    expect(appended.cover_photos).toEqual([book.cover_photo, expect.stringMatching(/\.jpg$/)]);
  });

  test('LOST / WRITE_OFF with a reason keep it in status_reason and the audit trail', async () => {
    const book = await createBook();
    expect((await send('PATCH', `/books/books/${book.id}/`, access['desk'], { status: 'GONE' })).json()).toEqual({ status: ['"GONE" is not a valid choice.'] });
    const lost = await send('PATCH', `/books/books/${book.id}/`, access['desk'], { status: 'WRITE_OFF', reason: 'Water damage' });
    expect(lost.json()).toMatchObject({ status: 'WRITE_OFF', status_reason: 'Water damage', available_copies: 3 });
    const entry = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'book').where('entity_id', '=', String(book.id)).where('action', '=', 'BOOK_STATUS_CHANGED').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!).status).toBe('ACTIVE');
    expect(JSON.parse(entry.after!)).toMatchObject({ status: 'WRITE_OFF', reason: 'Water damage' });
    const back = await send('PATCH', `/books/books/${book.id}/`, access['desk'], { status: 'ACTIVE' });
    expect(back.json()).toMatchObject({ status: 'ACTIVE', status_reason: null });
  });

  test('new covers append, cover_photo_clear and ebook_file_clear remove (files deleted)', async () => {
    const book = await createBook({}, { cover_photo: { filename: 'a.png', content: PNG }, ebook_file: { filename: 'b.pdf', content: PDF } });
    const appended = (await send('PATCH', `/books/books/${book.id}/`, access['desk'], {}, { cover_photo: { filename: 'c.jpg', content: JPEG } })).json();
    expect(appended.cover_photos).toEqual([book.cover_photo, expect.stringMatching(/\.jpg$/)]);
    const cleared = (await send('PATCH', `/books/books/${book.id}/`, access['desk'], { cover_photo_clear: 'true', ebook_file_clear: 'true' })).json();
    expect(cleared).toMatchObject({ cover_photo: null, cover_photos: [], ebook_file: null });
    expect((await get(new URL(book.cover_photo).pathname)).statusCode).toBe(404);
    expect((await get(new URL(book.ebook_file).pathname, access['desk'])).statusCode).toBe(404);
  });
});

describe('POST /books/books/{id}/confirm-delete/', () => {
  test('needs delete_book and the acting user password; removes the book and its files', async () => {
    const book = await createBook({}, { cover_photo: { filename: 'a.png', content: PNG } });
    const url = `/books/books/${book.id}/confirm-delete/`;
    expect((await postJson(t.app, url, { password: DEFAULT_PASSWORD }, bearer(access['reader']!))).statusCode).toBe(403);
    const missing = await postJson(t.app, url, {}, bearer(access['desk']!));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Password is required to delete a book.' });
    const wrong = await postJson(t.app, url, { password: 'wrong-password' }, bearer(access['desk']!));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'Password is incorrect.' });
    const ok = await postJson(t.app, url, { password: DEFAULT_PASSWORD }, bearer(access['desk']!));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Book deleted successfully.' });
    expect((await get(`/books/books/${book.id}/`, access['desk'])).statusCode).toBe(404);
    expect((await get(new URL(book.cover_photo).pathname)).statusCode).toBe(404);
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'BOOK_DELETED').where('entity_id', '=', String(book.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!).title).toBe(book.title);
    expect((await postJson(t.app, url, { password: DEFAULT_PASSWORD }, bearer(access['desk']!))).statusCode).toBe(404);
  });
});

describe('GET /books/books/', () => {
    beforeAll(async () => {
    await t.db.deleteFrom('wishlist_items').execute();
    await t.db.deleteFrom('book_covers').execute();
    await t.db.deleteFrom('books').execute();
    ids['dune'] = (await createBook({ title: 'Dune', author: 'Frank Herbert', isbn: '0-441-17271-7', publisher: 'Chilton', total_copies: '4' })).id;
    ids['odes'] = (await createBook({ title: 'Odes 100%', author: 'John Keats', publisher: 'Penguin', total_copies: '1', category: ref.category2 })).id;
    ids['cosmos'] = (await createBook({ title: 'Cosmos', author: 'Carl Sagan', publisher: 'Random House', total_copies: '2' })).id;
    await t.db.updateTable('books').set({ available_copies: 0 }).where('id', '=', ids['odes']!).execute();
    await send('PATCH', `/books/books/${ids['cosmos']}/`, access['desk'], { status: 'LOST', reason: 'Missing at stocktake' });
  });
  const titles = async (query: string, token = access['reader']) => {
    const response = await get(`/books/books/${query}`, token);
    expect(response.statusCode).toBe(200);
    return (response.json() as { title: string }[]).map((b) => b.title);
  };

  test('any signed-in member may browse; staff need view_book; no token 401', async () => {
    expect((await get('/books/books/')).statusCode).toBe(401);
    expect(await titles('')).toEqual(['Cosmos', 'Dune', 'Odes 100%']);
    expect((await get(`/books/books/${ids['dune']}/`, access['reader'])).json().title).toBe('Dune');
    const bare = await createUser(t.db, { username: 'bare', role: 'MANAGER' });
    await t.db.deleteFrom('user_roles').where('user_id', '=', bare.id).execute();
    const token = (await signIn(t.app, 'bare')).access;
    expect((await get('/books/books/', token)).statusCode).toBe(403);
  });

  test('search: title, author, isbn (with hyphens), publisher, case-insensitive; wildcards literal', async () => {
    expect(await titles('?search=dUNE')).toEqual(['Dune']);
    expect(await titles('?search=sagan')).toEqual(['Cosmos']);
    expect(await titles('?search=penguin')).toEqual(['Odes 100%']);
    expect(await titles('?search=0-441-17271')).toEqual(['Dune']);
    expect(await titles('?search=044117271')).toEqual(['Dune']);
    expect(await titles('?search=100%25')).toEqual(['Odes 100%']);
    expect(await titles('?search=_')).toEqual([]);
  });

  test('filters: category, status, available; invalid filter values are 400', async () => {
    expect(await titles(`?category=${ref.category2}`)).toEqual(['Odes 100%']);
    expect(await titles('?status=LOST')).toEqual(['Cosmos']);
    expect(await titles('?available=true')).toEqual(['Dune']);
    expect(await titles(`?department=${ref.department}&language=${ref.language}&ordering=-title`)).toEqual(['Odes 100%', 'Dune', 'Cosmos']);
    const bad = await get('/books/books/?status=GONE&category=x', access['reader']);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['category', 'status']);
  });

  test('ordering: whitelisted fields, - for descending, unknown ignored', async () => {
    expect(await titles('?ordering=-total_copies')).toEqual(['Dune', 'Cosmos', 'Odes 100%']);
    expect(await titles('?ordering=author')).toEqual(['Cosmos', 'Dune', 'Odes 100%']);
    expect(await titles('?ordering=password_hash')).toEqual(['Cosmos', 'Dune', 'Odes 100%']);
  });

  test('with page: {count, next, previous, results}; page_size capped; past the end 404', async () => {
    const first = await get('/books/books/?page=1&page_size=2&ordering=title', access['reader']);
    expect(first.json()).toMatchObject({ count: 3, previous: null, next: 'http://api.test/books/books/?page=2&page_size=2&ordering=title' });
    expect(first.json().results.map((b: { title: string }) => b.title)).toEqual(['Cosmos', 'Dune']);
    const second = (await get('/books/books/?page=2&page_size=2&ordering=title', access['reader'])).json();
    expect(second.next).toBeNull();
    expect(second.previous).toBe('http://api.test/books/books/?page=1&page_size=2&ordering=title');
    expect(second.results.map((b: { title: string }) => b.title)).toEqual(['Odes 100%']);
    expect((await get('/books/books/?page=1&page_size=1000', access['reader'])).json().results).toHaveLength(3);
    expect((await get('/books/books/?page=9', access['reader'])).statusCode).toBe(404);
  });
});

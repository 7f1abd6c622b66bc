/**
 * A new book's date of entry is the library's today in its own time zone, not UTC's day: at 21:30
 * UTC on 26 November it is already 27 November in Karachi, and at 03:00 UTC on 27 November it is
 * still 26 November in New York. Books added one by one and books uploaded in a file agree.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { isbnCheckDigit } from '#shared/isbn';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { multipart } from './support/multipart.js';

let t: TestApp;
let desk = '';
const ref = { department: '', category: '', language: '' };

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'admin', role: 'SUPER USER' });
  await createUser(t.db, { username: 'desk', role: 'MANAGER' });
  const admin = (await signIn(t.app, 'admin')).access;
  desk = (await signIn(t.app, 'desk')).access;
  ref.department = String((await postJson(t.app, '/admin-departments/', { name: 'Science' }, bearer(admin))).json().id);
  ref.category = String((await postJson(t.app, '/categories/', { name: 'Physics' }, bearer(admin))).json().id);
  ref.language = String((await postJson(t.app, '/language/', { name: 'English' }, bearer(admin))).json().id);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => t.close());

let serial = 300000;
/** A fresh valid ISBN-13. */
const nextIsbn = (): string => {
  const body = `978${String(serial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

/** The process clock at `instant` and the library in `timezone` (only Date is faked: timers run). */
async function at(instant: string, timezone: string): Promise<void> {
  await t.db.updateTable('library_settings').set({ timezone }).execute();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
}

async function addOne(isbn: string): Promise<string> {
  const fields = { title: 'Cosmos', author: 'Carl Sagan', isbn, department: ref.department, publisher: 'Random House', total_copies: '1', category: ref.category, rack_no: 'R-01', language: ref.language };
  const body = multipart(fields, {});
  const response = await t.app.inject({ method: 'POST', url: '/books/books/', payload: body.payload, headers: { ...body.headers, ...bearer(desk) } });
  expect(response.statusCode).toBe(201);
  return response.json().date_of_entry as string;
}

async function uploadOne(isbn: string): Promise<string> {
  const csv = `title,author,publisher,isbn,total_copies,category,department,language,rack_no\nCosmos,Carl Sagan,Random House,${isbn},1,Physics,Science,English,R-02\n`;
  const body = multipart({}, { file: { filename: 'books.csv', content: Buffer.from(csv), contentType: 'text/csv' } });
  const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...bearer(desk) } });
  expect(response.json()).toMatchObject({ imported: 1 });
  const row = await t.db.selectFrom('books').select('date_of_entry').where('isbn', '=', isbn).executeTakeFirstOrThrow();
  return String(row.date_of_entry).slice(0, 10);
}

describe("a new book's date of entry", () => {
  test.each([
    { title: 'east of UTC, after the library’s midnight', instant: '2026-11-26T21:30:00.000Z', timezone: 'Asia/Karachi', expected: '2026-11-27' },
    { title: 'west of UTC, before the library’s midnight', instant: '2026-11-27T03:00:00.000Z', timezone: 'America/New_York', expected: '2026-11-26' },
  ])('is the library’s today $title, added one by one or uploaded in a file', async ({ instant, timezone, expected }) => {
    await at(instant, timezone);
    expect(await addOne(nextIsbn())).toBe(expected);
    expect(await uploadOne(nextIsbn())).toBe(expected);
  });
});

/**
 * A title's copies follow the book calls: creating a book with `total_copies: n` creates n copies
 * (next accession numbers, the book's shelf, its entry date), raising the total adds copies,
 * lowering it withdraws copies on the shelf (highest copy number first) and refuses when not
 * enough are on the shelf; a book with a copy out cannot be deleted; the CSV import creates the
 * copies of every row; the demo catalogue has its copies.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { isbnCheckDigit } from '#shared/isbn';
import { addDays } from '#shared/dates';
import { desk, member, t, today, useDeskApp } from './support/circulation.js';
import { auditsOf, copiesOf, holdDirectly, lendDirectly, patchCopy } from './support/copy-calls.js';
import { multipart } from './support/multipart.js';

useDeskApp();

const ref = { department: '', category: '', language: '' };
beforeAll(async () => {
  const post = (url: string, name: string) => t.app.inject({ method: 'POST', url, payload: { name }, headers: desk.headers });
  ref.department = String((await post('/admin-departments/', 'Science')).json().id);
  ref.category = String((await post('/categories/', 'Physics')).json().id);
  ref.language = String((await post('/language/', 'English')).json().id);
});

let serial = 300000;
const nextIsbn = (): string => {
  const body = `978${String(serial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>) => {
  const body = multipart(fields, {});
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...desk.headers } });
};

async function createBook(over: Record<string, string> = {}): Promise<{ id: number; total_copies: number; available_copies: number }> {
  const fields = { title: 'Copies Of A Title', author: 'An Author', isbn: nextIsbn(), department: ref.department, publisher: 'Press', total_copies: '3', category: ref.category, rack_no: 'R-01', language: ref.language, ...over };
  const response = await send('POST', '/books/books/', fields);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const setTotal = (id: number, total: number) => send('PATCH', `/books/books/${id}/`, { total_copies: String(total) });

describe('creating a book', () => {
  test('creates its copies with the next accession numbers, the book’s shelf and its entry date', async () => {
    await t.db.updateTable('library_settings').set({ accession_prefix: 'LIB/', accession_digits: 4, accession_next: 41 }).execute();
    const book = await createBook({ total_copies: '3', shelf_location: 'Shelf B4', date_of_entry: '2026-02-03' });
    expect(book).toMatchObject({ total_copies: 3, available_copies: 3 });
    const copies = await copiesOf(t, book.id);
    expect(copies.map((c) => [c.copy_no, c.accession_no, c.barcode, c.shelf_location, c.acquired_on, c.status])).toEqual([
      [1, 'LIB/0041', 'LIB/0041', 'Shelf B4', '2026-02-03', 'AVAILABLE'],
      [2, 'LIB/0042', 'LIB/0042', 'Shelf B4', '2026-02-03', 'AVAILABLE'],
      [3, 'LIB/0043', 'LIB/0043', 'Shelf B4', '2026-02-03', 'AVAILABLE'],
    ]);
    const settings = await t.db.selectFrom('library_settings').select('accession_next').executeTakeFirstOrThrow();
    expect(Number(settings.accession_next)).toBe(44);
  });
});

describe('changing total_copies', () => {
  test('raising adds copies; lowering withdraws shelf copies, highest copy number first, audited', async () => {
    const book = await createBook({ total_copies: '2' });
    const up = await setTotal(book.id, 5);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ total_copies: 5, available_copies: 5 });
    expect((await copiesOf(t, book.id)).map((c) => c.copy_no)).toEqual([1, 2, 3, 4, 5]);
    expect((await auditsOf(t, 'COPIES_ADDED')).filter((a) => a.entity_id === String(book.id))).toHaveLength(1);

    const [c1] = await copiesOf(t, book.id);
    await lendDirectly(t, c1!.id, await member(t, 'total.borrower'), today, addDays(today, 14));
    const down = await setTotal(book.id, 3);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ total_copies: 3, available_copies: 2 });
    const copies = await copiesOf(t, book.id);
    expect(copies.map((c) => c.status)).toEqual(['ON_LOAN', 'AVAILABLE', 'AVAILABLE', 'WITHDRAWN', 'WITHDRAWN']);
    expect(copies[4]).toMatchObject({ status_reason: 'Stock reduced', withdrawn_on: today });
    expect((await auditsOf(t, 'COPIES_WITHDRAWN')).filter((a) => a.entity_id === String(book.id))).toHaveLength(1);
  });

  test('refuses to go below the copies that are out, held or damaged, and writes nothing', async () => {
    const book = await createBook({ total_copies: '4', title: 'Busy Title' });
    const [c1, c2, c3] = await copiesOf(t, book.id);
    await lendDirectly(t, c1!.id, await member(t, 'busy.borrower'), today, addDays(today, 14));
    await holdDirectly(t, c2!.id, await member(t, 'busy.waiting'), addDays(today, 3));
    await patchCopy(t, desk, c3!.id, { status: 'DAMAGED', reason: 'Torn' });
    const refused = await setTotal(book.id, 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ total_copies: ['Only 1 copy is on the shelf; 3 are out, held or damaged. The total can go down by at most 1.'] });
    expect((await copiesOf(t, book.id)).map((c) => c.status)).toEqual(['ON_LOAN', 'ON_HOLD', 'DAMAGED', 'AVAILABLE']);
    const fine = await setTotal(book.id, 3);
    expect(fine.json()).toMatchObject({ total_copies: 3, available_copies: 0 });
    const lowest = await setTotal(book.id, 0);
    expect(lowest.statusCode).toBe(400);
  });
});

describe('deleting a book', () => {
  test('refuses while a copy is on loan or held; a book whose copies are all on the shelf goes with its copies', async () => {
    const held = await createBook({ total_copies: '1', title: 'Held Title' });
    const [copy] = await copiesOf(t, held.id);
    await holdDirectly(t, copy!.id, await member(t, 'delete.waiting'), addDays(today, 3));
    const confirm = (id: number) => t.app.inject({ method: 'POST', url: `/books/books/${id}/confirm-delete/`, payload: { password: 'Shelf-Reader-2026' }, headers: desk.headers });
    expect((await confirm(held.id)).statusCode).toBe(409);
    const quiet = await createBook({ total_copies: '2', title: 'Quiet Title' });
    const [first] = await copiesOf(t, quiet.id);
    await patchCopy(t, desk, first!.id, { status: 'DAMAGED', reason: 'Old' });
    expect((await confirm(quiet.id)).statusCode).toBe(200);
    expect(await copiesOf(t, quiet.id)).toHaveLength(0);
    expect(await t.db.selectFrom('copy_events').select('id').where('copy_id', '=', first!.id).execute()).toHaveLength(0);
  });
});

describe('importing books from CSV', () => {
  test('creates every row’s copies with the next accession numbers', async () => {
    await t.db.updateTable('library_settings').set({ accession_prefix: 'CSV-', accession_digits: 3, accession_next: 7 }).execute();
    const header = 'title,author,publisher,isbn,total_copies,category,department,language,edition,rack_no,shelf_location,brief_description';
    const rows = [
      ['Row One', 'A', 'P', nextIsbn(), '2', 'Physics', 'Science', 'English', '1st', 'R-1', 'Shelf 9', ''],
      ['Row Two', 'A', 'P', nextIsbn(), '3', 'Physics', 'Science', 'English', '1st', 'R-1', '', ''],
    ];
    const csv = [header, ...rows.map((r) => r.join(','))].join('\n');
    const body = multipart({}, { file: { filename: 'books.csv', content: Buffer.from(csv), contentType: 'text/csv' } });
    const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...desk.headers } });
    expect(response.statusCode, response.body).toBe(200);
    const one = await t.db.selectFrom('books').selectAll().where('isbn', '=', rows[0]![3]!).executeTakeFirstOrThrow();
    const two = await t.db.selectFrom('books').selectAll().where('isbn', '=', rows[1]![3]!).executeTakeFirstOrThrow();
    expect([one.total_copies, one.available_copies, two.total_copies, two.available_copies]).toEqual([2, 2, 3, 3]);
    expect((await copiesOf(t, one.id)).map((c) => [c.copy_no, c.accession_no, c.shelf_location, c.acquired_on])).toEqual([
      [1, 'CSV-007', 'Shelf 9', one.date_of_entry],
      [2, 'CSV-008', 'Shelf 9', one.date_of_entry],
    ]);
    expect((await copiesOf(t, two.id)).map((c) => c.accession_no)).toEqual(['CSV-009', 'CSV-010', 'CSV-011']);
  });
});

/**
 * The Book Report's copy sections: the accession register (copies acquired in the range, by
 * accession number, with the title's department and category filters) and copies by status (each
 * title's copies counted per status), as pages and as CSV, on a small library written straight
 * into the tables.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assert } from 'superstruct';
import { REPORTS } from '#shared/report-catalogue';
import { ReportPageStruct } from '#shared/schemas/reports';
import type { CopyStatus, CopySource } from '#shared/copies';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let headers: Record<string, string>;
let readerHeaders: Record<string, string>;
const ids = { science: 0, arts: 0, fiction: 0, reference: 0, dune: 0, atlas: 0, quiet: 0 };
const MARCH = 'from=2026-03-01&to=2026-03-31';
const now = '2026-03-01T08:00:00.000Z';

async function book(title: string, department: number, category: number, price: number): Promise<number> {
  const row = await t.db
    .insertInto('books')
    .values({ title, author: `${title} Author`, isbn: `97800001${String((ids.dune + ids.atlas + 1) * 7).padStart(5, '0')}`, department_id: department, category_id: category, language_id: null, publisher: 'P', total_copies: 0, available_copies: 0, rack_no: 'R-1', shelf_location: null, date_of_entry: '2026-01-05', status: 'ACTIVE', price, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let copyNo = 0;
async function copy(bookId: number, accession: string, acquired: string, status: CopyStatus, more: { source?: CopySource; price?: number; call?: string; reason?: string; withdrawn?: string } = {}): Promise<void> {
  copyNo += 1;
  await t.db
    .insertInto('copies')
    .values({ book_id: bookId, copy_no: copyNo, accession_no: accession, barcode: accession, call_number: more.call ?? null, shelf_location: null, acquired_on: acquired, source: more.source ?? null, price: more.price ?? null, condition_note: null, status, status_reason: more.reason ?? null, status_changed_at: null, withdrawn_on: more.withdrawn ?? null, created_at: now, updated_at: now })
    .execute();
}

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  const db = t.db;
  ids.science = (await db.insertInto('departments').values({ name: 'Science' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.arts = (await db.insertInto('departments').values({ name: 'Arts' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.fiction = (await db.insertInto('categories').values({ name: 'Fiction', image: null }).returning('id').executeTakeFirstOrThrow()).id;
  ids.reference = (await db.insertInto('categories').values({ name: 'Reference', image: null }).returning('id').executeTakeFirstOrThrow()).id;
  ids.dune = await book('Dune', ids.science, ids.fiction, 50_000);
  ids.atlas = await book('Atlas', ids.arts, ids.reference, 20_000);
  ids.quiet = await book('Quiet', ids.science, ids.reference, 10_000);
  await copy(ids.dune, 'ACC-00003', '2026-03-05', 'AVAILABLE', { source: 'PURCHASE', price: 45_000, call: '823 HER' });
  await copy(ids.dune, 'ACC-00001', '2026-03-01', 'ON_LOAN', { source: 'DONATION', call: '823 HER' });
  await copy(ids.dune, 'ACC-00010', '2026-02-20', 'AVAILABLE');
  await copy(ids.dune, 'ACC-00002', '2026-03-10', 'WITHDRAWN', { reason: 'Worn out', withdrawn: '2026-03-20' });
  await copy(ids.atlas, 'ACC-00004', '2026-03-15', 'DAMAGED', { reason: 'Torn spine', source: 'GIFT' });
  await copy(ids.atlas, 'ACC-00005', '2026-03-31', 'ON_HOLD');
  await copy(ids.atlas, 'ACC-00006', '2026-04-01', 'LOST');
  await createUser(db, { username: 'admin', role: 'SUPER USER' });
  await createUser(db, { username: 'reader' });
  headers = bearer((await signIn(t.app, 'admin')).access);
  readerHeaders = bearer((await signIn(t.app, 'reader')).access);
});

afterAll(async () => t?.close());

const get = (url: string, as = headers) => t.app.inject({ method: 'GET', url, headers: as });

async function page(section: string, query: string) {
  const response = await get(`/reports/books/${section}/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  assert(body, ReportPageStruct);
  const columns = REPORTS.books.sections.find((s) => s.key === section)!.columns.map((c) => c.key);
  for (const row of body.results) expect(Object.keys(row)).toEqual(columns);
  return body;
}

describe('Book Report: accession register', () => {
  test('lists the copies acquired in the range by accession number, with the copy’s price or else the title’s', async () => {
    const body = await page('accession-register', MARCH);
    expect(body.count).toBe(5);
    expect(body.results).toEqual([
      { accession_no: 'ACC-00001', title: 'Dune', call_number: '823 HER', acquired_on: '2026-03-01', source: 'Donation', price: '500.00', status: 'On loan', withdrawn_on: null, status_reason: null },
      { accession_no: 'ACC-00002', title: 'Dune', call_number: null, acquired_on: '2026-03-10', source: null, price: '500.00', status: 'Withdrawn', withdrawn_on: '2026-03-20', status_reason: 'Worn out' },
      { accession_no: 'ACC-00003', title: 'Dune', call_number: '823 HER', acquired_on: '2026-03-05', source: 'Purchase', price: '450.00', status: 'Available', withdrawn_on: null, status_reason: null },
      { accession_no: 'ACC-00004', title: 'Atlas', call_number: null, acquired_on: '2026-03-15', source: 'Gift', price: '200.00', status: 'Damaged / in repair', withdrawn_on: null, status_reason: 'Torn spine' },
      { accession_no: 'ACC-00005', title: 'Atlas', call_number: null, acquired_on: '2026-03-31', source: null, price: '200.00', status: 'Held for pickup', withdrawn_on: null, status_reason: null },
    ]);
  });

  test('takes the title’s department and category, a search and an ordering', async () => {
    expect((await page('accession-register', `${MARCH}&department=${ids.arts}`)).results.map((r) => r.accession_no)).toEqual(['ACC-00004', 'ACC-00005']);
    expect((await page('accession-register', `${MARCH}&category=${ids.fiction}`)).results.map((r) => r.accession_no)).toEqual(['ACC-00001', 'ACC-00002', 'ACC-00003']);
    expect((await page('accession-register', `${MARCH}&search=atl`)).results.map((r) => r.accession_no)).toEqual(['ACC-00004', 'ACC-00005']);
    expect((await page('accession-register', `${MARCH}&search=acc-00003`)).results.map((r) => r.accession_no)).toEqual(['ACC-00003']);
    expect((await page('accession-register', `${MARCH}&ordering=-acquired_on`)).results.map((r) => r.accession_no)).toEqual(['ACC-00005', 'ACC-00004', 'ACC-00002', 'ACC-00003', 'ACC-00001']);
    expect((await page('accession-register', 'from=2026-02-01&to=2026-04-30')).count).toBe(7);
  });

  test('pages like every section', async () => {
    const first = await page('accession-register', `${MARCH}&page_size=2`);
    expect(first.count).toBe(5);
    expect(first.results.map((r) => r.accession_no)).toEqual(['ACC-00001', 'ACC-00002']);
    expect(first.next).toContain('page=2');
    const third = await page('accession-register', `${MARCH}&page_size=2&page=3`);
    expect(third.results.map((r) => r.accession_no)).toEqual(['ACC-00005']);
  });

  test('exports as CSV with the columns’ labels, in the screen’s order', async () => {
    const response = await get(`/reports/books/accession-register/?${MARCH}&format=csv&department=${ids.arts}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('books-accession-register-2026-03-01-2026-03-31.csv');
    expect(response.body.trim().split('\r\n')).toEqual([
      'Accession no.,Title,Call number,Acquired,Source,Price,Status,Withdrawn,Reason',
      'ACC-00004,Atlas,,2026-03-15,Gift,200.00,Damaged / in repair,,Torn spine',
      'ACC-00005,Atlas,,2026-03-31,,200.00,Held for pickup,,',
    ]);
  });

  test('is refused to members', async () => {
    expect((await get(`/reports/books/accession-register/?${MARCH}`, readerHeaders)).statusCode).toBe(403);
  });
});

describe('Book Report: copies by status', () => {
  const counts = (copies: number, by: Partial<Record<string, number>>) => ({ copies, available: 0, on_loan: 0, on_hold: 0, damaged: 0, lost: 0, missing: 0, withdrawn: 0, ...by });

  test('counts each title’s copies per status today, whatever the range', async () => {
    const body = await page('copies-by-status', MARCH);
    expect(body.count).toBe(3);
    expect(body.results).toEqual([
      { book_id: ids.atlas, title: 'Atlas', author: 'Atlas Author', ...counts(3, { damaged: 1, on_hold: 1, lost: 1 }) },
      { book_id: ids.dune, title: 'Dune', author: 'Dune Author', ...counts(4, { available: 2, on_loan: 1, withdrawn: 1 }) },
      { book_id: ids.quiet, title: 'Quiet', author: 'Quiet Author', ...counts(0, {}) },
    ]);
    expect((await page('copies-by-status', 'from=2020-01-01&to=2020-01-31')).count).toBe(3);
  });

  test('takes the department, category, search and an ordering by any status', async () => {
    expect((await page('copies-by-status', `department=${ids.science}`)).results.map((r) => r.title)).toEqual(['Dune', 'Quiet']);
    expect((await page('copies-by-status', `category=${ids.reference}`)).results.map((r) => r.title)).toEqual(['Atlas', 'Quiet']);
    expect((await page('copies-by-status', 'search=dun')).results.map((r) => r.title)).toEqual(['Dune']);
    expect((await page('copies-by-status', 'ordering=-available')).results.map((r) => r.title)).toEqual(['Dune', 'Quiet', 'Atlas']);
    expect((await page('copies-by-status', 'ordering=-damaged')).results[0]!.title).toBe('Atlas');
  });

  test('exports as CSV', async () => {
    const response = await get(`/reports/books/copies-by-status/?format=csv&department=${ids.arts}`);
    expect(response.statusCode).toBe(200);
    expect(response.body.trim().split('\r\n')).toEqual([
      'Book,Title,Author,Copies,Available,On loan,Held,Damaged,Lost,Missing,Withdrawn',
      `${ids.atlas},Atlas,Atlas Author,3,0,0,1,1,1,0,0`,
    ]);
  });
});

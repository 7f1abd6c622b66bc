/**
 * Finding copies: the scan lookup by barcode or accession number (exact first, then any case;
 * unknown is 404 with the copy message), the filtered accession list (book, range of numbers,
 * added since a date in the library's zone, status, search) and a copy's history (its loans, its
 * holds and its status changes, newest first).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { COPY_MESSAGES } from '#shared/copies';
import { addBook, desk, member, t, today, useDeskApp } from './support/circulation.js';
import { addCopiesCall, copiesOf, holdDirectly, lendDirectly, patchCopy, read, returnDirectly } from './support/copy-calls.js';

useDeskApp();

const ids: Record<string, number> = {};

beforeAll(async () => {
  ids['atlas'] = await addBook(t, 'Atlas of Rivers', 0);
  ids['botany'] = await addBook(t, 'Botany Basics', 0);
  await addCopiesCall(t, desk, ids['atlas']!, { accession_numbers: ['R-0001', 'R-0002', 'R-0003'] });
  await addCopiesCall(t, desk, ids['botany']!, { accession_numbers: ['R-0010', 'Mixed-Case-7'] });
  const [, second] = await copiesOf(t, ids['botany']!);
  await patchCopy(t, desk, second!.id, { barcode: 'SCAN-XYZ' });
});

const lookup = (code: string) => read(t, desk, `/books/copies/?barcode=${encodeURIComponent(code)}`);
const accessionsOf = async (query: string): Promise<string[]> => {
  const response = await read(t, desk, `/books/copies/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results.map((c: { accession_no: string }) => c.accession_no);
};

describe('GET /books/copies/?barcode=', () => {
  test('finds a copy by its barcode or its accession number, exactly, then in any case', async () => {
    expect((await lookup('R-0002')).json()).toMatchObject({ accession_no: 'R-0002', book: { id: ids['atlas'], title: 'Atlas of Rivers' }, loan: null, hold: null });
    expect((await lookup('SCAN-XYZ')).json()).toMatchObject({ accession_no: 'Mixed-Case-7', barcode: 'SCAN-XYZ' });
    expect((await lookup('Mixed-Case-7')).json()).toMatchObject({ barcode: 'SCAN-XYZ' });
    expect((await lookup('scan-xyz')).json()).toMatchObject({ accession_no: 'Mixed-Case-7' });
    expect((await lookup('  r-0010 ')).json()).toMatchObject({ accession_no: 'R-0010' });
  });

  test('an unknown or unreadable code answers 404 with the copy message', async () => {
    for (const code of ['R-9999', 'no such', 'x'.repeat(200)]) {
      const response = await lookup(code);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: COPY_MESSAGES.notFound });
    }
  });
});

describe('GET /books/copies/ (the accession list)', () => {
  test('lists every copy in accession-number order, filtered by book, range, status and search', async () => {
    expect(await accessionsOf(`?book=${ids['atlas']}`)).toEqual(['R-0001', 'R-0002', 'R-0003']);
    expect(await accessionsOf('?accession_from=R-0002&accession_to=R-0010')).toEqual(['R-0002', 'R-0003', 'R-0010']);
    expect(await accessionsOf('?search=botany')).toEqual(['Mixed-Case-7', 'R-0010']);
    expect(await accessionsOf('?search=scan-x')).toEqual(['Mixed-Case-7']);
    expect(await accessionsOf('?search=r-000')).toEqual(['R-0001', 'R-0002', 'R-0003']);
    const [first] = await copiesOf(t, ids['atlas']!);
    await patchCopy(t, desk, first!.id, { status: 'DAMAGED', reason: 'Wet' });
    expect(await accessionsOf('?status=DAMAGED')).toEqual(['R-0001']);
    await patchCopy(t, desk, first!.id, { status: 'AVAILABLE' });
    const page = (await read(t, desk, '/books/copies/?search=R-&page=2&page_size=2')).json();
    expect(page.count).toBe(4);
    expect(page.results.map((c: { accession_no: string }) => c.accession_no)).toEqual(['R-0003', 'R-0010']);
  });

  test('added_since compares the day each copy was added, in the library’s zone', async () => {
    const [atlas1] = await copiesOf(t, ids['atlas']!);
    await t.db.updateTable('copies').set({ created_at: '2026-03-01T10:00:00.000Z' }).where('book_id', '=', ids['botany']!).execute();
    await t.db.updateTable('copies').set({ created_at: '2026-03-04T20:30:00.000Z' }).where('id', '=', atlas1!.id).execute();
    await t.db.updateTable('copies').set({ created_at: '2026-03-06T00:00:00.000Z' }).where('book_id', '=', ids['atlas']!).where('id', '<>', atlas1!.id).execute();
    const { timezone } = await t.db.selectFrom('library_settings').select('timezone').executeTakeFirstOrThrow();
    await t.db.updateTable('library_settings').set({ timezone: 'UTC' }).execute();
    expect(await accessionsOf('?added_since=2026-03-05&search=R-')).toEqual(['R-0002', 'R-0003']);
    // 20:30 UTC on the 4th is already the 5th in Karachi (UTC+5).
    await t.db.updateTable('library_settings').set({ timezone: 'Asia/Karachi' }).execute();
    expect(await accessionsOf('?added_since=2026-03-05&search=R-')).toEqual(['R-0001', 'R-0002', 'R-0003']);
    await t.db.updateTable('library_settings').set({ timezone }).execute();
  });

  test.each([['?added_since=yesterday', 'added_since'], ['?status=BROKEN', 'status'], ['?book=abc', 'book'], ['?accession_from=a%20b', 'accession_from']])('refuses %s', async (query, field) => {
    const response = await read(t, desk, `/books/copies/${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });
});

describe('GET /books/copies/{id}/history/', () => {
  test('lists the copy’s loans, holds and status changes, newest first', async () => {
    const book = await addBook(t, 'Storied Title', 1);
    const [copy] = await copiesOf(t, book);
    const borrower = await member(t, 'history.borrower');
    const loan = await lendDirectly(t, copy!.id, borrower, addDays(today, -30), addDays(today, -16));
    await t.db.updateTable('loans').set({ created_at: '2026-01-01T09:00:00.000Z' }).where('id', '=', loan).execute();
    await returnDirectly(t, loan, copy!.id, addDays(today, -18));
    await patchCopy(t, desk, copy!.id, { status: 'DAMAGED', reason: 'Coffee stain' });
    await t.db.updateTable('copy_events').set({ created_at: '2026-01-10T09:00:00.000Z' }).where('copy_id', '=', copy!.id).execute();
    await patchCopy(t, desk, copy!.id, { status: 'AVAILABLE' });
    await t.db.updateTable('copy_events').set({ created_at: '2026-01-11T09:00:00.000Z' }).where('copy_id', '=', copy!.id).where('to_status', '=', 'AVAILABLE').execute();
    const waiting = await member(t, 'history.waiting');
    const reservation = await holdDirectly(t, copy!.id, waiting, addDays(today, 2));
    await t.db.updateTable('reservations').set({ created_at: '2026-01-20T09:00:00.000Z' }).where('id', '=', reservation).execute();

    const response = await read(t, desk, `/books/copies/${copy!.id}/history/`);
    expect(response.statusCode).toBe(200);
    const results = response.json().results;
    expect(results.map((r: { kind: string }) => r.kind)).toEqual(['hold', 'status', 'status', 'loan']);
    expect(results[0]).toMatchObject({ kind: 'hold', reservation_id: reservation, status: 'FULFILLED', hold_until: addDays(today, 2), member: { id: waiting, username: 'history.waiting' } });
    expect(results[1]).toMatchObject({ kind: 'status', from_status: 'DAMAGED', to_status: 'AVAILABLE', reason: null, user: { id: desk.id, name: expect.any(String) } });
    expect(results[2]).toMatchObject({ kind: 'status', from_status: 'AVAILABLE', to_status: 'DAMAGED', reason: 'Coffee stain' });
    expect(results[3]).toMatchObject({ kind: 'loan', loan_id: loan, issue_date: addDays(today, -30), due_date: addDays(today, -16), returned_at: addDays(today, -18), status: 'RETURNED', member: { id: borrower } });
    expect(results.every((r: { at: string }) => typeof r.at === 'string')).toBe(true);
    expect((await read(t, desk, '/books/copies/999999/history/')).statusCode).toBe(404);
  });
});

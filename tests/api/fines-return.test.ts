import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { libraryToday } from './support/circulation.js';
import { createBook, isDefaulter } from './support/fines.js';

let t: TestApp;
let desk = '';
let member = 0;
let bookId = 0;
let today = '';

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  await createUser(t.db, { username: 'desk', role: 'MANAGER' });
  member = (await createUser(t.db, { username: 'late.reader', role: 'MEMBER' })).id;
  desk = (await signIn(t.app, 'desk')).access;
  bookId = await createBook(t.db, 'Late Returned Book');
  today = await libraryToday(t);
});

afterAll(async () => t.close());

test('a book returned late through the desk: its fine is pending, the rest is collected and receipted, the flag clears', async () => {
  const issued = await postJson(t.app, '/books/issued-books/', { issue_date: addDays(today, -14), due_date: addDays(today, -5), status: 'ISSUED', book: bookId, member }, bearer(desk));
  expect(issued.statusCode).toBe(201);
  // Five days late at the default Rs. 10 a day: Rs. 50, of which Rs. 10 is paid at the desk.
  const returned = await postJson(t.app, `/books/issued-books/${issued.json().id}/return/`, { returnDate: today, fine_collected_amount: '10.00', discount: '0.00', status: 'RETURNED' }, bearer(desk));
  expect(returned.statusCode).toBe(200);
  expect(returned.json().fine_details).toMatchObject({ late_days: 5, total_fine: '50.00', remaining_fine: '40.00' });
  expect(await isDefaulter(t.db, member)).toBe(true);

  const pending = (await t.app.inject({ url: `/fines-viewset/pending/?member=${member}`, headers: bearer(desk) })).json();
  expect(pending).toHaveLength(1);
  expect(pending[0]).toMatchObject({ issued_book: issued.json().id, book_title: 'Late Returned Book', late_days: 5, amount: '50.00', collected_amount: '10.00', remaining_fines: '40.00', return_date: today });

  const tooMuch = await postJson(t.app, '/fines-viewset/collect/', { member_id: member, issued_ids: [issued.json().id], collected_amount: '50.00' }, bearer(desk));
  expect(tooMuch.json()).toEqual({ non_field_errors: ['Rs. 50.00 is more than the Rs. 40.00 owed on these fines.'] });

  const paid = await postJson(t.app, '/fines-viewset/collect/', { member_id: member, issued_ids: [issued.json().id], collected_amount: '40.00' }, bearer(desk));
  expect(paid.statusCode).toBe(200);
  expect(paid.json()).toMatchObject({ all_fully_paid_selected: true, remaining_total: '0.00' });
  expect(await isDefaulter(t.db, member)).toBe(false);

  // The desk's payment and the collection: two receipts, newest first, each line's remaining as of then.
  const receipts = (await t.app.inject({ url: `/fines/user/${member}/receipts/`, headers: bearer(desk) })).json();
  expect(receipts.map((r: { cash: string; lines: { remaining: string }[] }) => [r.cash, r.lines[0]!.remaining])).toEqual([['40.00', '0.00'], ['10.00', '40.00']]);
  expect((await t.app.inject({ url: `/fines-viewset/pending/?member=${member}`, headers: bearer(desk) })).json()).toEqual([]);
});

/**
 * Circulation rules that were only seen from afar until now, asserted on the answer and the rows:
 * a copy returned after staff moved a reservation up the queue is held for the moved reservation;
 * a return charges the member's plan's fine per day, not the book settings'; a return written off
 * or lost answers its status and charges the copy's own price when it has one, else the book's,
 * with the library's processing fee.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { addBook, desk, giveBack, issue, member, t, today, useDeskApp } from './support/circulation.js';
import { act, reservationRow, reserved } from './support/reservations.js';

useDeskApp();

/** The book settings' fine per day (Rs 10.00), the plan's own (Rs 3.00), the processing fee (Rs 25.00). */
const SETTINGS_RATE = 1000;
const PLAN_RATE = 300;
const PROCESSING_FEE = 2500;

beforeAll(async () => {
  // Every late day counts, whatever the library's closing days, so late days are calendar days.
  await t.db.updateTable('library_settings').set({ fine_per_day: SETTINGS_RATE, lost_processing_fee: PROCESSING_FEE, fines_count_closed_days: 1 }).execute();
});

let seq = 0;

/** A fresh member's loan of the first copy of a fresh title (of `copies` copies at `price`), issued 10 days ago and due `dueIn` days from today. */
async function lent(dueIn: number, options: { copies?: number; price?: number; reader?: number } = {}) {
  seq += 1;
  const reader = options.reader ?? (await member(t, `gaps.reader.${seq}`));
  const book = await addBook(t, `Gaps ${seq}`, options.copies ?? 1, options.price ?? 40000);
  const copy = await t.db.selectFrom('copies').selectAll().where('book_id', '=', book).orderBy('copy_no').executeTakeFirstOrThrow();
  const response = await issue(t, desk, { copy: copy.barcode, member: reader, issue_date: addDays(today, -10), due_date: addDays(today, dueIn) });
  expect(response.statusCode, response.body).toBe(201);
  return { loan: (response.json() as { id: number }).id, book, reader, copy };
}

const chargesOf = (loan: number) => t.db.selectFrom('fines').select(['fee_type', 'amount', 'remaining', 'book_price', 'copy_id']).where('loan_id', '=', loan).orderBy('id').execute();

describe('a move in the reservation queue', () => {
  test('the next copy returned is held for the reservation staff moved to the front, not for the one that was first', async () => {
    const { loan, book, copy } = await lent(5);
    const waiting: number[] = [];
    for (let i = 0; i < 3; i++) waiting.push(await reserved(t, desk, { book, member: await member(t, `gaps.waiting.${seq}.${i}`) }));
    const [first, second, third] = waiting as [number, number, number];
    const moved = await act(t, desk, third, 'move', { position: 1, reason: 'Course reading for an exam' });
    expect(moved.statusCode, moved.body).toBe(200);

    const returned = await giveBack(t, desk, loan);
    expect(returned.statusCode, returned.body).toBe(200);
    const thirdRow = await reservationRow(t, third);
    expect(returned.json()).toMatchObject({ held_for: { reservation_id: third, member: { id: thirdRow.member_id }, copy: { id: copy.id } } });
    expect(thirdRow).toMatchObject({ status: 'FULFILLED', copy_id: copy.id });
    for (const id of [first, second]) expect(await reservationRow(t, id)).toMatchObject({ status: 'PENDING', copy_id: null });
    expect((await t.db.selectFrom('copies').select('status').where('id', '=', copy.id).executeTakeFirstOrThrow()).status).toBe('ON_HOLD');
  });
});

describe("a return's fine", () => {
  test("charges the member's plan's own fine per day, not the book settings' rate (4 days × Rs 3.00)", async () => {
    const reader = await member(t, `gaps.planned.${++seq}`);
    const now = new Date().toISOString();
    const plan = await t.db
      .insertInto('membership_plans')
      .values({ name: `Gaps plan ${seq}`, loan_limit: null, loan_period_days: null, fine_per_day: PLAN_RATE, fee: 0, validity_months: 12, is_default: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('member_profiles').set({ plan_id: plan.id }).where('user_id', '=', reader).execute();
    const { loan } = await lent(-4, { reader });

    const returned = await giveBack(t, desk, loan);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'RETURNED', fine_details: { late_days: 4, overdue_fine: '12.00', book_price: null, total_fine: '12.00', remaining_fine: '12.00' } });
    expect(await chargesOf(loan)).toEqual([{ fee_type: 'overdue', amount: 4 * PLAN_RATE, remaining: 4 * PLAN_RATE, book_price: null, copy_id: null }]);
  });

  test("a member on no plan of his own is charged the book settings' rate (4 days × Rs 10.00)", async () => {
    const { loan } = await lent(-4);
    const returned = await giveBack(t, desk, loan);
    expect(returned.json()).toMatchObject({ fine_details: { late_days: 4, overdue_fine: '40.00', total_fine: '40.00' } });
    expect((await chargesOf(loan)).map((c) => c.amount)).toEqual([4 * SETTINGS_RATE]);
  });
});

describe('a return written off or lost', () => {
  test.each(['WRITE_OFF', 'LOST'] as const)("%s: answers its status and charges the book's price and the processing fee; the copy leaves the stock", async (status) => {
    const { loan, book, copy } = await lent(-2, { copies: 2, price: 45000 });
    const returned = await giveBack(t, desk, loan, { status });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      status,
      fine_details: { late_days: 2, overdue_fine: '20.00', book_price: '450.00', total_fine: '495.00', remaining_fine: '495.00' },
    });
    expect(await chargesOf(loan)).toEqual([
      { fee_type: 'overdue', amount: 2 * SETTINGS_RATE, remaining: 2 * SETTINGS_RATE, book_price: null, copy_id: null },
      { fee_type: 'lost', amount: 45000, remaining: 45000, book_price: 45000, copy_id: copy.id },
      { fee_type: 'processing', amount: PROCESSING_FEE, remaining: PROCESSING_FEE, book_price: null, copy_id: copy.id },
    ]);
    expect((await t.db.selectFrom('loans').select('status').where('id', '=', loan).executeTakeFirstOrThrow()).status).toBe(status);
    expect((await t.db.selectFrom('copies').select('status').where('id', '=', copy.id).executeTakeFirstOrThrow()).status).toBe('LOST');
    expect(await t.db.selectFrom('books').select(['total_copies', 'available_copies', 'status']).where('id', '=', book).executeTakeFirstOrThrow()).toEqual({ total_copies: 1, available_copies: 1, status: 'ACTIVE' });
  });

  test("a copy with its own price is charged that price, not the book's", async () => {
    const { loan, copy } = await lent(3, { price: 45000 });
    await t.db.updateTable('copies').set({ price: 61000 }).where('id', '=', copy.id).execute();
    const returned = await giveBack(t, desk, loan, { status: 'WRITE_OFF' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'WRITE_OFF', fine_details: { late_days: 0, overdue_fine: '0.00', book_price: '610.00', total_fine: '635.00', remaining_fine: '635.00' } });
    expect((await chargesOf(loan)).map((c) => [c.fee_type, c.amount, c.book_price])).toEqual([
      ['overdue', 0, null],
      ['lost', 61000, 61000],
      ['processing', PROCESSING_FEE, null],
    ]);
  });
});

/**
 * Taking books back: the fine against hand-computed figures (default rate Rs. 10.00 a day), the
 * settlement (partial payment, discount, receipt, defaulter flag), the copies after each status,
 * the refusals (nothing written) and the audit entry.
 */
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { DEFAULT_PASSWORD, postJson } from './support/harness.js';
import { actor, addBook, desk, giveBack, issue, member, rowCount, stock, t, today, useDeskApp } from './support/circulation.js';

let seq = 0;

useDeskApp();

/** A fresh member borrowing a fresh title (copies, price in minor units) due `dueIn` days from today. */
async function loanOf(copies: number, price: number, dueIn: number): Promise<{ loan: number; book: number; reader: number }> {
  seq += 1;
  const reader = await member(t, `return.reader.${seq}`);
  const book = await addBook(t, `Return ${seq}`, copies, price);
  const response = await issue(t, desk, { book, member: reader, issue_date: addDays(today, Math.min(dueIn, 0) - 7), due_date: addDays(today, dueIn) });
  expect(response.statusCode).toBe(201);
  return { loan: (response.json() as { id: number }).id, book, reader };
}

const fineOf = (loanId: number) => t.db.selectFrom('fines').selectAll().where('loan_id', '=', loanId).executeTakeFirstOrThrow();
const isDefaulter = async (userId: number) =>
  Number((await t.db.selectFrom('member_profiles').select('is_defaulter').where('user_id', '=', userId).executeTakeFirstOrThrow()).is_defaulter) === 1;

describe('returned', () => {
  test('5 days late, Rs. 20 paid and Rs. 10 waived of Rs. 50: Rs. 20 remains, a receipt, a defaulter', async () => {
    const { loan, book, reader } = await loanOf(2, 50000, -5);
    const response = await giveBack(t, desk, loan, { fine_collected_amount: '20.00', discount: '10', discount_reason: 'First time', status: 'RETURNED' });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      id: loan,
      book,
      member: reader,
      returnDate: today,
      status: 'RETURNED',
      fine_details: { late_days: 5, overdue_fine: '50.00', book_price: null, total_fine: '50.00', fineCollectedAmount: '20.00', discount: '10.00', remaining_fine: '20.00' },
      isDefaulter: true,
    });
    expect(answer.receipt_no).toMatch(/^R-\d{8}-\d{6}$/);
    expect(await fineOf(loan)).toMatchObject({ late_days: 5, overdue_fine: 5000, book_price: null, amount: 5000, collected_amount: 2000, discount: 1000, remaining: 2000 });
    const receipt = await t.db.selectFrom('fine_receipts').selectAll().where('receipt_no', '=', answer.receipt_no).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ member_id: reader, cash: 2000, discount: 1000, discount_reason: 'First time', collected_by: desk.id });
    expect(await stock(t, book)).toEqual({ available_copies: 2, total_copies: 2, status: 'ACTIVE' });
    expect(await isDefaulter(reader)).toBe(true);
    const loanRow = await t.db.selectFrom('loans').selectAll().where('id', '=', loan).executeTakeFirstOrThrow();
    expect(loanRow).toMatchObject({ returned_at: today, status: 'RETURNED', returned_by: desk.id });
  });

  test('paid in full: no longer a defaulter', async () => {
    const { loan, reader } = await loanOf(1, 1000, -2);
    const answer = (await giveBack(t, desk, loan, { fine_collected_amount: 20 })).json();
    expect(answer).toMatchObject({ isDefaulter: false, fine_details: { total_fine: '20.00', remaining_fine: '0.00' } });
    expect(answer.receipt_no).not.toBeNull();
    expect(await isDefaulter(reader)).toBe(false);
  });

  test('on time: a zero fine row, no receipt, the copy back on the shelf', async () => {
    const { loan, book } = await loanOf(1, 1000, 2);
    expect((await stock(t, book)).available_copies).toBe(0);
    const answer = (await giveBack(t, desk, loan)).json();
    expect(answer).toMatchObject({ receipt_no: null, isDefaulter: false, fine_details: { late_days: 0, total_fine: '0.00' } });
    expect(await fineOf(loan)).toMatchObject({ amount: 0, remaining: 0 });
    expect(await stock(t, book)).toEqual({ available_copies: 1, total_copies: 1, status: 'ACTIVE' });
  });

  test('a return date in the past counts the late days to it', async () => {
    const { loan } = await loanOf(1, 1000, -6);
    const answer = (await giveBack(t, desk, loan, { returnDate: addDays(today, -3) })).json();
    expect(answer).toMatchObject({ returnDate: addDays(today, -3), fine_details: { late_days: 3, total_fine: '30.00' } });
  });
});

describe('lost and written off', () => {
  test('lost on time: the price alone; one copy fewer, the title stays on the shelf', async () => {
    const { loan, book } = await loanOf(3, 45000, 3);
    expect(await stock(t, book)).toMatchObject({ available_copies: 2, total_copies: 3 });
    const answer = (await giveBack(t, desk, loan, { status: 'LOST' })).json();
    expect(answer.fine_details).toEqual({ late_days: 0, overdue_fine: '0.00', book_price: '450.00', total_fine: '450.00', fineCollectedAmount: '0.00', discount: '0.00', remaining_fine: '450.00' });
    expect(answer.isDefaulter).toBe(true);
    expect(await stock(t, book)).toEqual({ available_copies: 2, total_copies: 2, status: 'ACTIVE' });
  });

  test('lost 4 days late: late fine plus price; the last copy gone marks the title LOST', async () => {
    const { loan, book } = await loanOf(1, 30000, -4);
    const answer = (await giveBack(t, desk, loan, { status: 'lost', fine_collected_amount: '340.00' })).json();
    expect(answer.fine_details).toMatchObject({ late_days: 4, overdue_fine: '40.00', book_price: '300.00', total_fine: '340.00', remaining_fine: '0.00' });
    // Two charges of their own types: the overdue fine, then the copy's price (collected overdue first).
    const charges = await t.db.selectFrom('fines').selectAll().where('loan_id', '=', loan).orderBy('id').execute();
    expect(charges.map((c) => [c.fee_type, c.amount, c.collected_amount, c.remaining])).toEqual([['overdue', 4000, 4000, 0], ['lost', 30000, 30000, 0]]);
    expect(charges[0]).toMatchObject({ overdue_fine: 4000, late_days: 4, book_price: null });
    expect(charges[1]).toMatchObject({ overdue_fine: 0, book_price: 30000 });
    expect(await stock(t, book)).toEqual({ available_copies: 0, total_copies: 0, status: 'LOST' });
  });

  test('written off, one of two copies: the title stays ACTIVE with one copy', async () => {
    const { loan, book } = await loanOf(2, 10000, 1);
    await giveBack(t, desk, loan, { status: 'WRITE_OFF', discount: '100.00', discount_reason: 'Damaged in the flood' });
    expect(await stock(t, book)).toEqual({ available_copies: 1, total_copies: 1, status: 'ACTIVE' });
  });

  test('copies lost at two desks at once both leave the stock; the last one marks the title LOST', async () => {
    const book = await addBook(t, 'Three copies', 3, 1000);
    const loans: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await issue(t, desk, { book, member: await member(t, `copy.loser.${i}`) });
      loans.push((response.json() as { id: number }).id);
    }
    const answers = await Promise.all([giveBack(t, desk, loans[0]!, { status: 'LOST' }), giveBack(t, desk, loans[1]!, { status: 'WRITE_OFF' })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await stock(t, book)).toEqual({ available_copies: 0, total_copies: 1, status: 'ACTIVE' });
    await giveBack(t, desk, loans[2]!, { status: 'LOST' });
    expect(await stock(t, book)).toEqual({ available_copies: 0, total_copies: 0, status: 'LOST' });
  });

  test('written off, the last copy: WRITE_OFF', async () => {
    const { loan, book } = await loanOf(1, 10000, 1);
    await giveBack(t, desk, loan, { status: 'WRITE_OFF', discount: '100.00', discount_reason: 'Damaged in the flood' });
    expect(await stock(t, book)).toEqual({ available_copies: 0, total_copies: 0, status: 'WRITE_OFF' });
  });
});

describe('refusals write nothing', () => {
  const cases: [string, (loan: number) => Record<string, unknown>, number, Record<string, unknown>][] = [
    ['a return date before the issue date', () => ({ returnDate: addDays(today, -30) }), 400, { returnDate: ['Return date cannot be before the issue date.'] }],
    ['a negative amount', () => ({ fine_collected_amount: '-1.00' }), 400, { fine_collected_amount: ['Cannot be negative'] }],
    ['a negative discount', () => ({ discount: -5 }), 400, { discount: ['Cannot be negative'] }],
    ['more than the fine', () => ({ fine_collected_amount: '40.00', discount: '20.00', discount_reason: 'Kind' }), 400, { non_field_errors: ['Amount received and discount together cannot exceed the fine.'] }],
    ['an amount with three decimals', () => ({ fine_collected_amount: '12.345' }), 400, { fine_collected_amount: ['Ensure that there are no more than 2 decimal places.'] }],
    ['a JSON number with three decimals', () => ({ fine_collected_amount: 10.005 }), 400, { fine_collected_amount: ['Ensure that there are no more than 2 decimal places.'] }],
    ['a discount with three decimals', () => ({ discount: '10.005', discount_reason: 'Kind' }), 400, { discount: ['Ensure that there are no more than 2 decimal places.'] }],
    ['an amount that is not one', () => ({ fine_collected_amount: 'ten' }), 400, { fine_collected_amount: ['Enter an amount of 0 or more, with at most 2 decimals.'] }],
    ['a discount without a reason', () => ({ discount: '10.00' }), 400, { discount_reason: ['Give a reason for the discount.'] }],
    ['a return date in the future', () => ({ returnDate: addDays(today, 1) }), 400, { returnDate: ['Return date cannot be in the future.'] }],
    ['an unknown status', () => ({ status: 'BURNT' }), 400, { status: ['"BURNT" is not a valid choice.'] }],
  ];

  test.each(cases)('%s → 400, nothing written', async (_name, body, status, expected) => {
    const { loan, book } = await loanOf(1, 1000, -5);
    const before = { fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log'), stock: await stock(t, book) };
    const response = await giveBack(t, desk, loan, body(loan));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(expected);
    expect({ fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log'), stock: await stock(t, book) }).toEqual(before);
  });

  test('a loan already returned → 404; unknown and malformed ids → 404; beyond the id column → 400', async () => {
    const { loan } = await loanOf(1, 1000, 1);
    expect((await giveBack(t, desk, loan)).statusCode).toBe(200);
    const fines = await rowCount(t, 'fines');
    expect((await giveBack(t, desk, loan)).statusCode).toBe(404);
    expect(await rowCount(t, 'fines')).toBe(fines);
    expect((await t.app.inject({ method: 'POST', url: '/books/issued-books/999999/return/', headers: desk.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/books/issued-books/abc/return/', headers: desk.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/books/issued-books/2147483648/return/', headers: desk.headers })).statusCode).toBe(400);
  });

  test('two desks returning the same loan at once: one return, one fine', async () => {
    const { loan, book } = await loanOf(1, 1000, -1);
    const answers = await Promise.all([giveBack(t, desk, loan), giveBack(t, desk, loan)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await t.db.selectFrom('fines').select('id').where('loan_id', '=', loan).execute()).toHaveLength(1);
    expect((await stock(t, book)).available_copies).toBe(1);
  });
});

describe('audit and permissions', () => {
  test('BOOK_RETURNED carries the state before and after', async () => {
    const { loan } = await loanOf(1, 1000, -1);
    await giveBack(t, desk, loan, { fine_collected_amount: '5.00' });
    const row = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'BOOK_RETURNED').where('entity_id', '=', String(loan)).executeTakeFirstOrThrow();
    expect(JSON.parse(row.before!)).toMatchObject({ status: 'ISSUED', returned_at: null, book: { available_copies: 0, total_copies: 1 } });
    expect(JSON.parse(row.after!)).toMatchObject({ status: 'RETURNED', fine: 1000, collected: 500, remaining: 500, book: { available_copies: 1 } });
  });

  test('a MEMBER cannot return, not even his own loan', async () => {
    const reader = await actor(t, 'returning.member');
    const book = await addBook(t, 'Mine');
    const { id } = (await issue(t, desk, { book, member: reader.id })).json() as { id: number };
    expect((await giveBack(t, reader, id)).statusCode).toBe(403);
    expect(await t.db.selectFrom('loans').select('returned_at').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ returned_at: null });
  });
});

describe('a book with loans on record', () => {
  test('cannot be deleted (409 naming its loans), while out or after its return; nothing is removed', async () => {
    const reader = await member(t, 'history.reader');
    const book = await addBook(t, 'Kept for history');
    const lent = await issue(t, desk, { book, member: reader });
    expect(lent.statusCode).toBe(201);
    const url = `/books/books/${book}/confirm-delete/`;
    const whileOut = await postJson(t.app, url, { password: DEFAULT_PASSWORD }, desk.headers);
    expect(whileOut.statusCode).toBe(409);
    expect(whileOut.json()).toEqual({ detail: 'This book has 1 loan on record and cannot be deleted; mark it LOST or WRITE_OFF instead.' });
    expect((await giveBack(t, desk, (lent.json() as { id: number }).id)).statusCode).toBe(200);
    expect((await postJson(t.app, url, { password: DEFAULT_PASSWORD }, desk.headers)).statusCode).toBe(409);
    expect(await t.db.selectFrom('books').select('id').where('id', '=', book).executeTakeFirst()).toEqual({ id: book });
  });
});

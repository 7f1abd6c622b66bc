/**
 * Money moves at a return only with the permission for money: staff who may take books back but
 * not collect fines (the demo's Front Desk) cannot record cash, waive a fine with a discount, or
 * waive it by backdating the return; without money the whole fine is recorded as owed. A fine
 * collector backdating a return is audited with the fine it removed. The library's zone is
 * UTC+14, so its today differs from UTC's for most of the day.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { RETURN_MONEY_MESSAGES } from '#shared/fines';
import { postJson, startTestApp, type TestApp } from './support/harness.js';
import { actor, addBook, giveBack, issue, libraryToday, member, onlyInRole, rowCount, stock, type Actor } from './support/circulation.js';

let t: TestApp;
let boss: Actor;
let frontDesk: Actor;
let cashier: Actor;
let today: string;
let seq = 0;

const FRONT_DESK = ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'];

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  await t.db.updateTable('library_settings').set({ timezone: 'Pacific/Kiritimati', fine_per_day: 1000 }).execute();
  boss = await actor(t, 'money.boss', 'SUPER USER');
  frontDesk = await actor(t, 'money.frontdesk', 'MANAGER');
  await onlyInRole(t, frontDesk.id, 'Front Desk', FRONT_DESK);
  cashier = await actor(t, 'money.cashier', 'MANAGER');
  await onlyInRole(t, cashier.id, 'Cashier desk', [...FRONT_DESK, 'view_fine', 'change_fine']);
  today = await libraryToday(t);
});

afterAll(async () => t.close());

/** A fresh member borrowing a fresh title (price Rs. 500), due `dueIn` days from the library's today. */
async function loanDue(dueIn: number): Promise<{ loan: number; book: number; reader: number }> {
  seq += 1;
  const reader = await member(t, `money.reader.${seq}`);
  const book = await addBook(t, `Money ${seq}`, 1, 50000);
  const response = await issue(t, boss, { book, member: reader, issue_date: addDays(today, Math.min(dueIn, 0) - 14), due_date: addDays(today, dueIn) });
  expect(response.statusCode, response.body).toBe(201);
  return { loan: (response.json() as { id: number }).id, book, reader };
}

const writes = async (book: number) => ({ fines: await rowCount(t, 'fines'), receipts: await rowCount(t, 'fine_receipts'), audit: await rowCount(t, 'audit_log'), stock: await stock(t, book) });
const fineOf = (loan: number) => t.db.selectFrom('fines').select(['amount', 'collected_amount', 'discount', 'remaining']).where('loan_id', '=', loan).executeTakeFirstOrThrow();
const returnAudit = async (loan: number) =>
  JSON.parse((await t.db.selectFrom('audit_log').select('after').where('action', '=', 'BOOK_RETURNED').where('entity_id', '=', String(loan)).executeTakeFirstOrThrow()).after!);

describe('staff without the permission for money', () => {
  test('is refused by the fines desk too (the same permission)', async () => {
    const response = await postJson(t.app, '/fines-viewset/collect/', { member_id: 1, issued_ids: [1], collected_amount: '1' }, frontDesk.headers);
    expect(response.statusCode).toBe(403);
  });

  const bodies: [string, Record<string, unknown>][] = [
    ['a discount of the whole Rs. 800 fine', { discount: '800.00', discount_reason: 'Regular reader' }],
    ['a discount without a reason', { discount: '800' }],
    ['cash received', { fine_collected_amount: '300.00' }],
    ['cash as a JSON number', { fine_collected_amount: 800 }],
  ];

  test.each(bodies)('a return with %s → 403, nothing written', async (_name, body) => {
    const { loan, book } = await loanDue(-80);
    const before = await writes(book);
    const response = await giveBack(t, frontDesk, loan, body);
    expect([400, 403]).toContain(response.statusCode);
    if (response.statusCode === 403) expect(response.json()).toEqual({ detail: RETURN_MONEY_MESSAGES.notAllowed });
    expect(await writes(book)).toEqual(before);
  });

  test('a discount with its reason is refused with 403 and the clear message', async () => {
    const { loan } = await loanDue(-80);
    const response = await giveBack(t, frontDesk, loan, { discount: '800.00', discount_reason: 'Regular reader' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: RETURN_MONEY_MESSAGES.notAllowed });
  });

  test('a return without money records the whole fine as owed (zero amounts are no money)', async () => {
    const { loan } = await loanDue(-80);
    const response = await giveBack(t, frontDesk, loan, { fine_collected_amount: '0.00', discount: '0.00', status: 'RETURNED' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ receipt_no: null, fine_details: { late_days: 80, total_fine: '800.00', remaining_fine: '800.00' } });
    expect(await fineOf(loan)).toEqual({ amount: 80000, collected_amount: 0, discount: 0, remaining: 80000 });
  });

  test('backdating to the due date, which removes a Rs. 220 fine, is refused; nothing written', async () => {
    const { loan, book } = await loanDue(-22);
    const before = await writes(book);
    const response = await giveBack(t, frontDesk, loan, { returnDate: addDays(today, -22) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: RETURN_MONEY_MESSAGES.backdating('Rs. 220.00') });
    expect(await writes(book)).toEqual(before);
  });

  test('backdating that lowers nothing is allowed: a loan not late either way', async () => {
    const { loan } = await loanDue(5);
    const response = await giveBack(t, frontDesk, loan, { returnDate: addDays(today, -3) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await returnAudit(loan)).not.toHaveProperty('fine_waived_by_backdating');
  });
});

describe('a fine collector', () => {
  test('waives with a reason at the return; the receipt and the audit keep the reason', async () => {
    const { loan } = await loanDue(-80);
    const response = await giveBack(t, cashier, loan, { discount: '800.00', discount_reason: 'Regular reader' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ fine_details: { total_fine: '800.00', discount: '800.00', remaining_fine: '0.00' } });
    expect(await returnAudit(loan)).toMatchObject({ discount: 80000, discount_reason: 'Regular reader' });
  });

  test('is asked for a reason for a discount, as at the fines desk', async () => {
    const { loan, book } = await loanDue(-80);
    const before = await writes(book);
    const response = await giveBack(t, cashier, loan, { discount: '800.00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ discount_reason: ['Give a reason for the discount.'] });
    expect(await writes(book)).toEqual(before);
  });

  test('backdates a return; the audit entry records the fine it removed', async () => {
    const { loan } = await loanDue(-22);
    const response = await giveBack(t, cashier, loan, { returnDate: addDays(today, -22) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ returnDate: addDays(today, -22), fine_details: { late_days: 0, total_fine: '0.00' } });
    expect(await returnAudit(loan)).toMatchObject({ returned_at: addDays(today, -22), fine: 0, fine_waived_by_backdating: { fine_at_today: 22000, fine_charged: 0, waived: 22000 } });
  });

  test('backdating part of the way records what it removed', async () => {
    const { loan } = await loanDue(-22);
    const response = await giveBack(t, cashier, loan, { returnDate: addDays(today, -2), status: 'LOST' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await returnAudit(loan)).toMatchObject({ fine: 70000, fine_waived_by_backdating: { fine_at_today: 72000, fine_charged: 70000, waived: 2000 } });
  });
});

/**
 * Check-in by scanning the copy (`POST /circulation/check-in/`): the open loan of the scanned copy
 * returned with the fine at the member's plan rate, money only with the fine permission, a copy
 * set aside for the next in line (hold slip, notice, pickup deadline), a copy not on loan, a lost
 * or missing copy found (its charges cancelled, or refunded by the setting), and the undo of a
 * return made today by mistake (`POST /books/issued-books/{id}/undo-return/`). Races: two
 * check-ins of one copy, a check-in while the loan is being renewed.
 */
import { describe, expect, test } from 'vitest';
import { addDays, startOfLibraryDay } from '#shared/dates';
import { COPY_MESSAGES } from '#shared/copies';
import { RETURN_MONEY_MESSAGES } from '#shared/fines';
import { postJson } from './support/harness.js';
import { CHECK_IN_MESSAGES } from '../../server/src/modules/circulation/check-in.js';
import { actor, addBook, desk, giveBack, issue, member, onlyInRole, rowCount, stock, t, today, useDeskApp } from './support/circulation.js';

let seq = 0;

useDeskApp();

const checkIn = (body: Record<string, unknown>, headers = desk.headers) => postJson(t.app, '/circulation/check-in/', body, headers);
const undo = (loan: number, headers = desk.headers) => postJson(t.app, `/books/issued-books/${loan}/undo-return/`, {}, headers);

/** The first copy of a title. */
const firstCopy = (book: number) => t.db.selectFrom('copies').selectAll().where('book_id', '=', book).orderBy('copy_no').executeTakeFirstOrThrow();
const copyRow = (id: number) => t.db.selectFrom('copies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const chargesOf = (loan: number) => t.db.selectFrom('fines').selectAll().where('loan_id', '=', loan).orderBy('id').execute();
const loanRow = (loan: number) => t.db.selectFrom('loans').selectAll().where('id', '=', loan).executeTakeFirstOrThrow();

/** A fresh member (on a plan charging `rate` a day when given) borrowing the first copy of a fresh title, due `dueIn` days from today. */
async function lent(dueIn: number, options: { rate?: number; copies?: number; price?: number } = {}) {
  seq += 1;
  const reader = await member(t, `checkin.reader.${seq}`);
  if (options.rate !== undefined) {
    const now = new Date().toISOString();
    const plan = await t.db
      .insertInto('membership_plans')
      .values({ name: `Check-in plan ${seq}`, loan_limit: null, loan_period_days: null, fine_per_day: options.rate, fee: 0, validity_months: 12, is_default: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('member_profiles').set({ plan_id: plan.id }).where('user_id', '=', reader).execute();
  }
  const book = await addBook(t, `Check-in ${seq}`, options.copies ?? 1, options.price ?? 40000);
  const copy = await firstCopy(book);
  const response = await issue(t, desk, { copy: copy.barcode, member: reader, issue_date: addDays(today, Math.min(dueIn, 0) - 7), due_date: addDays(today, dueIn) });
  expect(response.statusCode, response.body).toBe(201);
  return { loan: (response.json() as { id: number }).id, book, reader, copy };
}

describe('check-in of a copy on loan', () => {
  test('by barcode: the loan returned, the member and title named, no hold slip', async () => {
    const { loan, book, reader, copy } = await lent(3);
    const response = await checkIn({ barcode: copy.barcode });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      result: 'RETURNED',
      id: loan,
      book: { id: book, title: expect.stringContaining('Check-in') },
      member: { id: reader, full_name: expect.any(String), member_id: expect.anything() },
      copy: { id: copy.id, accession_no: copy.accession_no },
      status: 'RETURNED',
      returnDate: today,
      fine_details: { late_days: 0, total_fine: '0.00' },
      hold_slip: null,
    });
    expect(await loanRow(loan)).toMatchObject({ status: 'RETURNED', returned_at: today });
    expect((await copyRow(copy.id)).status).toBe('AVAILABLE');
    expect((await stock(t, book)).available_copies).toBe(1);
  });

  test('by accession number, in another case with spaces around it', async () => {
    const { loan, copy } = await lent(1);
    const response = await checkIn({ barcode: `  ${copy.accession_no.toLowerCase()} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ result: 'RETURNED', id: loan });
  });

  test('late: the fine at the member plan rate (4 days × Rs 7.50), left owing', async () => {
    const { loan, reader, copy } = await lent(-4, { rate: 750 });
    const answer = (await checkIn({ barcode: copy.barcode })).json();
    expect(answer).toMatchObject({ result: 'RETURNED', fine_details: { late_days: 4, overdue_fine: '30.00', total_fine: '30.00', remaining_fine: '30.00' }, isDefaulter: true, receipt_no: null });
    expect((await chargesOf(loan)).map((c) => [c.fee_type, c.amount, c.remaining, c.member_id])).toEqual([['overdue', 3000, 3000, reader]]);
  });

  test('late and paid at once with a receipt; a return date before today counts the late days to it', async () => {
    const { copy } = await lent(-5, { rate: 1000 });
    const answer = (await checkIn({ barcode: copy.barcode, return_date: addDays(today, -2), collected: '30.00' })).json();
    expect(answer).toMatchObject({ result: 'RETURNED', returnDate: addDays(today, -2), fine_details: { late_days: 3, total_fine: '30.00', fineCollectedAmount: '30.00', remaining_fine: '0.00' }, isDefaulter: false });
    expect(answer.receipt_no).toMatch(/^R-\d{8}-\d{6}$/);
  });

  test("the return's refusals name this call's fields; nothing written", async () => {
    const { loan, copy } = await lent(-2);
    const before = { fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') };
    const future = await checkIn({ barcode: copy.barcode, return_date: addDays(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ return_date: ['Return date cannot be in the future.'] });
    expect((await checkIn({ barcode: copy.barcode, discount: '5.00' })).json()).toEqual({ discount_reason: ['Give a reason for the discount.'] });
    const tooMuch = await checkIn({ barcode: copy.barcode, collected: '500.00' });
    expect(tooMuch.statusCode).toBe(400);
    expect({ fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') }).toEqual(before);
    expect((await loanRow(loan)).returned_at).toBeNull();
  });

  test('money needs the fine permission: 403 as the return, nothing written; without money the fine is owed', async () => {
    const frontDesk = await actor(t, 'checkin.frontdesk', 'MANAGER');
    await onlyInRole(t, frontDesk.id, 'Check-in front desk', ['view_book', 'add_bookissuance', 'change_bookissuance', 'view_members']);
    const { loan, copy } = await lent(-2);
    const before = { fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') };
    const refused = await checkIn({ barcode: copy.barcode, collected: '5.00' }, frontDesk.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: RETURN_MONEY_MESSAGES.notAllowed });
    expect({ fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') }).toEqual(before);
    expect((await loanRow(loan)).returned_at).toBeNull();
    const owed = await checkIn({ barcode: copy.barcode }, frontDesk.headers);
    expect(owed.statusCode).toBe(200);
    expect(owed.json()).toMatchObject({ result: 'RETURNED', fine_details: { remaining_fine: '20.00' } });
    const member = await actor(t, 'checkin.member');
    expect((await checkIn({ barcode: copy.barcode }, member.headers)).statusCode).toBe(403);
  });

  test('with a hold waiting: the copy set aside, the notice queued, the hold slip names him and the pickup deadline', async () => {
    const { book, copy } = await lent(2);
    const waiter = await member(t, `checkin.waiter.${seq}`);
    await t.db.updateTable('member_profiles').set({ member_id: `W-${seq}` }).where('user_id', '=', waiter).execute();
    const now = new Date().toISOString();
    const reservation = await t.db
      .insertInto('reservations')
      .values({ book_id: book, member_id: waiter, queue_rank: 1, status: 'PENDING', hold_until: null, loan_id: null, copy_id: null, notes: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = (await checkIn({ barcode: copy.barcode })).json();
    expect(answer.result).toBe('RETURNED');
    expect(answer.hold_slip).toEqual({
      reservation_id: reservation.id,
      member: { id: waiter, full_name: expect.any(String), member_id: `W-${seq}` },
      book_title: expect.stringContaining('Check-in'),
      accession_no: copy.accession_no,
      hold_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(answer.hold_slip.hold_until >= today).toBe(true);
    expect((await copyRow(copy.id)).status).toBe('ON_HOLD');
    const notices = await t.db.selectFrom('notification_log').select('id').where('user_id', '=', waiter).where('notice_type', '=', 'reservation_ready').execute();
    expect(notices.length).toBeGreaterThan(0);
  });
});

describe('a copy not on loan', () => {
  test('on the shelf: NOT_ON_LOAN, nothing written', async () => {
    const book = await addBook(t, 'Never lent');
    const copy = await firstCopy(book);
    const before = { fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') };
    const response = await checkIn({ barcode: copy.barcode });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      result: 'NOT_ON_LOAN',
      copy: { id: copy.id, accession_no: copy.accession_no, status: 'AVAILABLE' },
      book: { id: book, title: 'Never lent' },
      message: expect.any(String),
      cancelled: '0.00',
      refunded: '0.00',
      refund_receipt_no: null,
      hold_slip: null,
    });
    expect({ fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') }).toEqual(before);
  });

  test('an unknown code → 404 naming the barcode; a blank one → 400', async () => {
    const response = await checkIn({ barcode: 'NO-SUCH-COPY' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ barcode: [COPY_MESSAGES.notFound] });
    expect((await checkIn({ barcode: '  ' })).statusCode).toBe(400);
    expect((await checkIn({})).json()).toEqual({ barcode: ['This field is required.'] });
    expect((await checkIn({ barcode: 'X', collected: 'ten' })).statusCode).toBe(400);
  });

  test('a lost copy found (CANCEL): back on the shelf, the title ACTIVE again, lost and processing charges cancelled, audited', async () => {
    await t.db.updateTable('library_settings').set({ lost_found_action: 'CANCEL', lost_processing_fee: 5000 }).execute();
    const { loan, book, reader, copy } = await lent(2, { price: 30000 });
    expect((await giveBack(t, desk, loan, { status: 'LOST' })).statusCode).toBe(200);
    expect(await stock(t, book)).toMatchObject({ total_copies: 0, status: 'LOST' });
    const response = await checkIn({ barcode: copy.barcode });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ result: 'FOUND', copy: { id: copy.id, status: 'AVAILABLE' }, cancelled: '350.00', refunded: '0.00', refund_receipt_no: null, hold_slip: null });
    expect(await stock(t, book)).toEqual({ available_copies: 1, total_copies: 1, status: 'ACTIVE' });
    const charges = await chargesOf(loan);
    expect(charges.filter((c) => c.fee_type !== 'overdue').map((c) => [c.fee_type, c.remaining, c.cancelled_amount, c.cancelled_at !== null])).toEqual([['lost', 0, 30000, true], ['processing', 0, 5000, true]]);
    const flag = await t.db.selectFrom('member_profiles').select('is_defaulter').where('user_id', '=', reader).executeTakeFirstOrThrow();
    expect(Number(flag.is_defaulter)).toBe(0);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'LOST_COPY_FOUND').where('entity_id', '=', String(copy.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ status: 'LOST' });
    expect(JSON.parse(audit.after!)).toMatchObject({ status: 'AVAILABLE', cancelled: 35000 });
    // Scanned again: now simply not on loan.
    expect((await checkIn({ barcode: copy.barcode })).json()).toMatchObject({ result: 'NOT_ON_LOAN' });
  });

  test('a lost copy found (REFUND): what was paid is handed back on a REFUND receipt with negative cash', async () => {
    await t.db.updateTable('library_settings').set({ lost_found_action: 'REFUND', lost_processing_fee: 0 }).execute();
    try {
      const { loan, reader, copy } = await lent(2, { price: 20000 });
      expect((await giveBack(t, desk, loan, { status: 'LOST', fine_collected_amount: '150.00' })).statusCode).toBe(200);
      // A refund is money: a desk without the fine permission is refused and nothing changes.
      const clerk = await actor(t, 'checkin.refund.clerk', 'MANAGER');
      await onlyInRole(t, clerk.id, 'Check-in without money', ['view_book', 'add_bookissuance', 'change_bookissuance']);
      const before = { fines: await rowCount(t, 'fines'), receipts: await rowCount(t, 'fine_receipts'), audit: await rowCount(t, 'audit_log') };
      const refused = await checkIn({ barcode: copy.barcode }, clerk.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: CHECK_IN_MESSAGES.refundNeedsCollector });
      expect({ fines: await rowCount(t, 'fines'), receipts: await rowCount(t, 'fine_receipts'), audit: await rowCount(t, 'audit_log') }).toEqual(before);
      expect((await t.db.selectFrom('copies').select('status').where('id', '=', copy.id).executeTakeFirstOrThrow()).status).toBe('LOST');
      const answer = (await checkIn({ barcode: copy.barcode })).json();
      expect(answer).toMatchObject({ result: 'FOUND', cancelled: '50.00', refunded: '150.00' });
      const receipt = await t.db.selectFrom('fine_receipts').selectAll().where('receipt_no', '=', answer.refund_receipt_no).executeTakeFirstOrThrow();
      expect(receipt).toMatchObject({ kind: 'REFUND', cash: -15000, member_id: reader });
      const lost = (await chargesOf(loan)).find((c) => c.fee_type === 'lost')!;
      expect(lost).toMatchObject({ amount: 20000, collected_amount: 0, remaining: 0, cancelled_amount: 20000 });
    } finally {
      await t.db.updateTable('library_settings').set({ lost_found_action: 'CANCEL' }).execute();
    }
  });

  test('a missing copy found: back on the shelf, or held for the next in line', async () => {
    const book = await addBook(t, 'Missing in the stacks', 2);
    const copy = await firstCopy(book);
    await t.db.updateTable('copies').set({ status: 'MISSING' }).where('id', '=', copy.id).execute();
    const answer = (await checkIn({ barcode: copy.barcode })).json();
    expect(answer).toMatchObject({ result: 'FOUND', copy: { status: 'AVAILABLE' }, cancelled: '0.00' });
    expect(await stock(t, book)).toMatchObject({ total_copies: 2, available_copies: 2 });

    const other = (await t.db.selectFrom('copies').selectAll().where('book_id', '=', book).orderBy('copy_no', 'desc').executeTakeFirstOrThrow());
    await t.db.updateTable('copies').set({ status: 'MISSING' }).where('id', '=', other.id).execute();
    const waiter = await member(t, 'checkin.missing.waiter');
    const now = new Date().toISOString();
    await t.db.insertInto('reservations').values({ book_id: book, member_id: waiter, queue_rank: 1, status: 'PENDING', hold_until: null, loan_id: null, copy_id: null, notes: null, created_at: now, updated_at: now }).execute();
    const held = (await checkIn({ barcode: other.barcode })).json();
    expect(held).toMatchObject({ result: 'FOUND', copy: { status: 'ON_HOLD' }, hold_slip: { member: { id: waiter }, accession_no: other.accession_no } });
    expect((await copyRow(other.id)).status).toBe('ON_HOLD');
  });
});

describe('undo a return', () => {
  test('made today: the loan open again, its copy ON_LOAN, its charges gone, audited', async () => {
    const { loan, book, copy } = await lent(-3);
    expect((await checkIn({ barcode: copy.barcode })).statusCode).toBe(200);
    expect(await chargesOf(loan)).toHaveLength(1);
    const response = await undo(loan);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: loan, returned_at: null, status: 'ISSUED', copy: { id: copy.id } });
    expect(await loanRow(loan)).toMatchObject({ status: 'ISSUED', returned_at: null, returned_by: null });
    expect((await copyRow(copy.id)).status).toBe('ON_LOAN');
    expect(await chargesOf(loan)).toHaveLength(0);
    expect((await stock(t, book)).available_copies).toBe(0);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'RETURN_UNDONE').where('entity_id', '=', String(loan)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ status: 'RETURNED', returned_at: today });
    expect(JSON.parse(audit.after!)).toMatchObject({ status: 'ISSUED', returned_at: null });
    // Open again: returned again by a scan, and a second undo of an open loan is refused.
    expect((await undo(loan)).statusCode).toBe(400);
    expect((await checkIn({ barcode: copy.barcode })).json()).toMatchObject({ result: 'RETURNED', id: loan });
  });

  test('a copy set aside for a hold: the hold goes back to PENDING at its place', async () => {
    const { loan, book, copy } = await lent(2);
    const waiter = await member(t, 'checkin.undo.waiter');
    const now = new Date().toISOString();
    const reservation = await t.db
      .insertInto('reservations')
      .values({ book_id: book, member_id: waiter, queue_rank: 1, status: 'PENDING', hold_until: null, loan_id: null, copy_id: null, notes: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await checkIn({ barcode: copy.barcode })).json().hold_slip).not.toBeNull();
    expect((await undo(loan)).statusCode).toBe(200);
    expect(await t.db.selectFrom('reservations').select(['status', 'hold_until', 'queue_rank']).where('id', '=', reservation.id).executeTakeFirstOrThrow()).toEqual({ status: 'PENDING', hold_until: null, queue_rank: 1 });
    expect((await copyRow(copy.id)).status).toBe('ON_LOAN');
  });

  test('a lost return undone: the copy back on loan, the title ACTIVE, the charges gone', async () => {
    const { loan, book, copy } = await lent(2);
    expect((await giveBack(t, desk, loan, { status: 'LOST' })).statusCode).toBe(200);
    expect((await undo(loan)).statusCode).toBe(200);
    expect((await copyRow(copy.id)).status).toBe('ON_LOAN');
    expect(await stock(t, book)).toEqual({ available_copies: 0, total_copies: 1, status: 'ACTIVE' });
    expect(await chargesOf(loan)).toHaveLength(0);
  });

  test('refused for a return made yesterday and for a paid return; nothing changes', async () => {
    const { loan: old, copy } = await lent(-3);
    expect((await checkIn({ barcode: copy.barcode })).statusCode).toBe(200);
    // Noon of the library's yesterday on its own clock (noon UTC may already be its today).
    const { timezone } = await t.db.selectFrom('library_settings').select('timezone').executeTakeFirstOrThrow();
    const yesterday = new Date(Date.parse(startOfLibraryDay(addDays(today, -1), timezone)) + 12 * 3_600_000).toISOString();
    await t.db.updateTable('loans').set({ returned_at: addDays(today, -1), updated_at: yesterday }).where('id', '=', old).execute();
    const late = await undo(old);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: expect.stringContaining('today') });

    const { loan: paid, copy: paidCopy } = await lent(-3);
    expect((await checkIn({ barcode: paidCopy.barcode, collected: '10.00' })).statusCode).toBe(200);
    const before = { fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') };
    const refused = await undo(paid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: expect.stringContaining('paid') });
    expect({ fines: await rowCount(t, 'fines'), audit: await rowCount(t, 'audit_log') }).toEqual(before);
    expect((await loanRow(paid)).status).toBe('RETURNED');
    expect((await t.app.inject({ method: 'POST', url: '/books/issued-books/999999/undo-return/', headers: desk.headers })).statusCode).toBe(404);
  });

  test('a member cannot undo a return', async () => {
    const reader = await actor(t, 'checkin.undo.member');
    const { loan, copy } = await lent(1);
    await checkIn({ barcode: copy.barcode });
    expect((await undo(loan, reader.headers)).statusCode).toBe(403);
  });
});

describe('races', () => {
  test('two check-ins of one copy at once: one returns, the other hears it is not on loan; one fine', async () => {
    const { loan, copy } = await lent(-2);
    const answers = await Promise.all([checkIn({ barcode: copy.barcode }), checkIn({ barcode: copy.barcode })]);
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 404)).toBe(true);
    const results = answers.filter((a) => a.statusCode === 200).map((a) => a.json().result as string).sort();
    expect(results.filter((r) => r === 'RETURNED')).toHaveLength(1);
    expect(await chargesOf(loan)).toHaveLength(1);
    expect((await copyRow(copy.id)).status).toBe('AVAILABLE');
  });

  test('two desks finding one lost copy at once: one FOUND, its charges cancelled once', async () => {
    const { loan, book, copy } = await lent(2, { price: 12000 });
    expect((await giveBack(t, desk, loan, { status: 'LOST' })).statusCode).toBe(200);
    const answers = await Promise.all([checkIn({ barcode: copy.barcode }), checkIn({ barcode: copy.barcode })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().result as string).sort()).toEqual(['FOUND', 'NOT_ON_LOAN']);
    expect(answers.map((a) => a.json().cancelled as string).sort()).toEqual(['0.00', '120.00']);
    expect(await stock(t, book)).toMatchObject({ total_copies: 1, available_copies: 1, status: 'ACTIVE' });
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'LOST_COPY_FOUND').where('entity_id', '=', String(copy.id)).execute()).toHaveLength(1);
  });

  test('a check-in while the same loan is being renewed: the loan ends returned with one fine row', async () => {
    const { loan, copy } = await lent(3);
    const [checked, renewed] = await Promise.all([checkIn({ barcode: copy.barcode }), postJson(t.app, `/books/issued-books/${loan}/renew/`, {}, desk.headers)]);
    expect([200, 404]).toContain(renewed.statusCode);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().result).toBe('RETURNED');
    expect((await loanRow(loan)).status).toBe('RETURNED');
    expect(await chargesOf(loan)).toHaveLength(1);
  });
});

/**
 * Typed charges at the desk: a manual charge and its cancellation, a loan marked lost (with the
 * processing fee from the settings), a damaged copy charged to its borrower, the fee type in every
 * fine answer (lists, receipts) and the Financial Report by fee type; who may do each.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { postJson } from './support/harness.js';
import { actor, addBook, desk, issue, member, onlyInRole, rowCount, t, today, useDeskApp, type Actor } from './support/circulation.js';
import { refundCharge } from '../../server/src/modules/fines/ledger.js';
import { addDays } from '#shared/dates';
import { CHARGE_MESSAGES, FEE_LIMITS } from '#shared/fee-types';
import { AMOUNT_MESSAGES } from '#shared/money';

useDeskApp();

let amira: number;
let bilal: number;
let loanClerk: Actor;
let cashier: Actor;

beforeAll(async () => {
  amira = await member(t, 'amira');
  bilal = await member(t, 'bilal');
  loanClerk = await actor(t, 'loanclerk', 'MANAGER');
  await onlyInRole(t, loanClerk.id, 'Loans only', ['view_bookissuance', 'change_bookissuance', 'add_bookissuance']);
  cashier = await actor(t, 'cashier', 'MANAGER');
  await onlyInRole(t, cashier.id, 'Fines only', ['view_fine', 'change_fine']);
});

const get = (url: string, by: Actor = desk) => t.app.inject({ method: 'GET', url, headers: by.headers });
const post = (url: string, body: unknown, by: Actor = desk) => postJson(t.app, url, body, by.headers);

const auditOf = (action: string, entityId: number) =>
  t.db.selectFrom('audit_log').select(['action', 'entity', 'after']).where('action', '=', action as never).where('entity_id', '=', String(entityId)).execute();

const noticesOf = async (userId: number): Promise<string[]> =>
  (await t.db.selectFrom('notifications').select('message').where('user_id', '=', userId).where('type', '=', 'fine_imposed').orderBy('id').execute()).map((n) => n.message);

async function isDefaulter(userId: number): Promise<boolean> {
  const row = await t.db.selectFrom('member_profiles').select('is_defaulter').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.is_defaulter) === 1;
}

/** Issues a copy of a new title to the member; answers the loan, the book and the copy. */
async function lend(title: string, memberId: number, price = 35000, dates: { issue_date?: string; due_date?: string } = {}) {
  const bookId = await addBook(t, title, 1, price);
  const response = await issue(t, desk, { book: bookId, member: memberId, ...dates });
  expect(response.statusCode, response.body).toBe(201);
  const loanId: number = response.json().id;
  const loan = await t.db.selectFrom('loans').select('copy_id').where('id', '=', loanId).executeTakeFirstOrThrow();
  const copy = await t.db.selectFrom('copies').select(['id', 'accession_no', 'status']).where('id', '=', loan.copy_id!).executeTakeFirstOrThrow();
  return { loanId, bookId, copy };
}

describe('POST /fines/charges/', () => {
  test('a manual charge: 201 with the FineRow (no loan, no book), audited, the member a defaulter and told in words', async () => {
    const response = await post('/fines/charges/', { member: amira, fee_type: 'manual', amount: '25.50', note: 'Replacement card' });
    expect(response.statusCode, response.body).toBe(201);
    const row = response.json();
    expect(row).toMatchObject({
      user_id: String(amira), fee_type: 'manual', fee_type_label: 'Other charge', description: 'Charge: Replacement card', note: 'Replacement card',
      issued_book: null, book_id: null, book_title: null, status: null, copy: null, amount: '25.50', remaining_fines: '25.50', collected: false,
      cancelled_at: null, cancel_reason: null, cancelled_amount: null,
    });
    expect(await auditOf('CHARGE_ADDED', row.id)).toHaveLength(1);
    expect(await isDefaulter(amira)).toBe(true);
    expect((await noticesOf(amira)).at(-1)).toContain('Charge: Replacement card: Rs. 25.50');
    const pending = (await get(`/fines-viewset/pending/?member=${amira}`)).json();
    expect(pending.map((r: { id: number }) => r.id)).toContain(row.id);
    const mine = (await get(`/fines/user/${amira}/`)).json();
    expect(mine.find((r: { id: number }) => r.id === row.id)).toMatchObject({ fee_type: 'manual', book_title: null });
  });

  test('a damage charge for a loan of his names the loan, its book and its copy', async () => {
    const { loanId, copy } = await lend('Charged With Loan', bilal);
    const response = await post('/fines/charges/', { member: bilal, fee_type: 'damage', amount: 40, note: 'Torn cover', loan: loanId });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      fee_type: 'damage', issued_book: loanId, book_title: 'Charged With Loan', status: 'ISSUED', copy: { id: copy.id, accession_no: copy.accession_no },
      description: `Damage to the copy ${copy.accession_no} of "Charged With Loan": Torn cover`, amount: '40.00',
    });
  });

  test.each([
    ['amount 0', { amount: '0' }, 'amount', CHARGE_MESSAGES.amountZero],
    ['a negative amount', { amount: '-5' }, 'amount', CHARGE_MESSAGES.amountZero],
    ['three decimals', { amount: '1.234' }, 'amount', AMOUNT_MESSAGES.decimals],
    ['over the largest charge', { amount: '1000000.01' }, 'amount', `Ensure this value is less than or equal to ${FEE_LIMITS.amountMax / 100}.`],
    ['not a number', { amount: 'ten' }, 'amount', AMOUNT_MESSAGES.invalid],
    ['a type only returns write', { fee_type: 'overdue' }, 'fee_type', CHARGE_MESSAGES.typeNotManual],
    ['no note', { note: '  ' }, 'note', CHARGE_MESSAGES.noteRequired],
    ['a note too long', { note: 'x'.repeat(FEE_LIMITS.noteMax + 1) }, 'note', `Ensure this field has no more than ${FEE_LIMITS.noteMax} characters.`],
    ['a note of two lines', { note: 'one\ntwo' }, 'note', undefined],
    ['a control character', { note: 'bell\u0007' }, 'note', undefined],
    ['a member who is not one', { member: 999999 }, 'member', 'Member not found.'],
  ])('%s: 400 naming the field, nothing written', async (_name, change, fieldName, message) => {
    const before = await rowCount(t, 'fines');
    const response = await post('/fines/charges/', { member: amira, fee_type: 'manual', amount: '10', note: 'Card', ...change });
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json()[fieldName]).toEqual([message]);
    else expect(response.json()).toHaveProperty(fieldName);
    expect(await rowCount(t, 'fines')).toBe(before);
  });

  test("another member's loan is refused", async () => {
    const { loanId } = await lend('Not Amira’s', bilal);
    const response = await post('/fines/charges/', { member: amira, fee_type: 'manual', amount: '10', note: 'Card', loan: loanId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('loan');
  });

  test('change_fine is needed: 403 for the loans desk and for members, nothing written', async () => {
    const before = await rowCount(t, 'fines');
    expect((await post('/fines/charges/', { member: amira, fee_type: 'manual', amount: '10', note: 'Card' }, loanClerk)).statusCode).toBe(403);
    const self = await actor(t, 'selfcharger');
    expect((await post('/fines/charges/', { member: self.id, fee_type: 'manual', amount: '10', note: 'Card' }, self)).statusCode).toBe(403);
    expect((await post('/fines/charges/', { member: amira, fee_type: 'manual', amount: '10', note: 'Card' }, cashier)).statusCode).toBe(201);
    expect(await rowCount(t, 'fines')).toBe(before + 1);
  });
});

describe('collecting a charge without a loan', () => {
  test('fine_ids names charges to collect (a manual charge has no loan to name); its receipt line has no book', async () => {
    const payer = await member(t, 'cardpayer');
    const charge = (await post('/fines/charges/', { member: payer, fee_type: 'manual', amount: '12', note: 'Lost library card' })).json();
    const other = (await post('/fines/charges/', { member: amira, fee_type: 'manual', amount: '3', note: 'Not his' })).json();
    expect((await post('/fines-viewset/collect/', { member_id: payer, fine_ids: [other.id], full_payment: true })).statusCode).toBe(404);
    expect((await post('/fines-viewset/collect/', { member_id: payer, fine_ids: ['x'], full_payment: true })).statusCode).toBe(400);
    const response = await post('/fines-viewset/collect/', { member_id: payer, fine_ids: [charge.id], full_payment: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ all_fully_paid_selected: true, remaining_total: '0.00' });
    const receipt = (await get(`/fines/receipts/${response.json().receipt_no}/`)).json();
    expect(receipt.lines).toEqual([expect.objectContaining({ fine_id: charge.id, loan_id: null, book_title: null, fee_type: 'manual', description: 'Charge: Lost library card', cash: '12.00', remaining: '0.00' })]);
    expect(await isDefaulter(payer)).toBe(false);
  });

  test('fine_ids decides alone: the loans sent beside it (for servers that know only loans) do not widen the collection', async () => {
    const payer = await member(t, 'exactpayer');
    const first = (await post('/fines/charges/', { member: payer, fee_type: 'manual', amount: '5', note: 'First' })).json();
    const second = (await post('/fines/charges/', { member: payer, fee_type: 'manual', amount: '7', note: 'Second' })).json();
    const bookId = await addBook(t, 'Exact collection', 1, 10000);
    const loan = (await issue(t, desk, { book: bookId, member: payer, issue_date: addDays(today, -10), due_date: addDays(today, -2) })).json();
    expect((await post(`/books/issued-books/${loan.id}/return/`, { status: 'RETURNED' })).statusCode).toBe(200);
    const response = await post('/fines-viewset/collect/', { member_id: payer, issued_ids: [loan.id], fine_ids: [second.id], full_payment: true });
    expect(response.statusCode, response.body).toBe(200);
    const owed = await t.db.selectFrom('fines').select(['id', 'remaining']).where('member_id', '=', payer).orderBy('id').execute();
    expect(owed.map((f) => [f.id === second.id, f.remaining])).toEqual([[false, 500], [true, 0], [false, 2000]]);
    expect(first.id).toBe(owed[0]!.id);
  });
});

describe('POST /fines/{id}/cancel/', () => {
  test('cancels what is owed with a reason: remaining 0, not owed any more, audited; twice is refused', async () => {
    const clerk = await member(t, 'cancelme');
    const charge = (await post('/fines/charges/', { member: clerk, fee_type: 'processing', amount: '15', note: 'Card reprint' })).json();
    expect(await isDefaulter(clerk)).toBe(true);
    const refused = await post(`/fines/${charge.id}/cancel/`, { reason: 'Cancel' }, loanClerk);
    expect(refused.statusCode).toBe(403);
    expect((await post(`/fines/${charge.id}/cancel/`, { reason: ' ' })).json()).toEqual({ reason: [CHARGE_MESSAGES.reasonRequired] });
    expect((await post(`/fines/${charge.id}/cancel/`, {})).statusCode).toBe(400);
    const response = await post(`/fines/${charge.id}/cancel/`, { reason: 'Charged by mistake' }, cashier);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: charge.id, remaining_fines: '0.00', cancel_reason: 'Charged by mistake', cancelled_amount: '15.00', amount: '15.00' });
    expect(response.json().cancelled_at).toMatch(/^\d{4}-/);
    expect(await isDefaulter(clerk)).toBe(false);
    expect((await get(`/fines-viewset/pending/?member=${clerk}`)).json()).toEqual([]);
    expect(await auditOf('CHARGE_CANCELLED', charge.id)).toHaveLength(1);
    const again = await post(`/fines/${charge.id}/cancel/`, { reason: 'Again' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: CHARGE_MESSAGES.alreadyCancelled });
    expect((await post('/fines/999999/cancel/', { reason: 'Nothing' })).statusCode).toBe(404);
  });
});

describe('POST /books/issued-books/{id}/lost/', () => {
  test('closes the loan as LOST: the copy price and the processing fee from the settings, audited as marked lost, the mail in words', async () => {
    await t.db.updateTable('library_settings').set({ lost_processing_fee: 5000 }).execute();
    const { loanId, copy } = await lend('Moby-Dick', amira, 35000);
    const response = await post(`/books/issued-books/${loanId}/lost/`, { note: 'Left on the bus' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: loanId, status: 'LOST', fine_details: { book_price: '350.00', total_fine: '400.00', remaining_fine: '400.00' } });
    const byType = Object.fromEntries(body.charges.map((c: { fee_type: string }) => [c.fee_type, c]));
    expect(byType['lost']).toMatchObject({ amount: '350.00', description: `Charge for the lost copy ${copy.accession_no} of "Moby-Dick"`, note: 'Left on the bus', copy: { id: copy.id } });
    expect(byType['processing']).toMatchObject({ amount: '50.00', fee_type_label: 'Processing fee' });
    expect(byType['overdue']).toMatchObject({ amount: '0.00' });
    expect((await t.db.selectFrom('copies').select('status').where('id', '=', copy.id).executeTakeFirstOrThrow()).status).toBe('LOST');
    expect(await auditOf('LOAN_MARKED_LOST', loanId)).toHaveLength(1);
    expect(await auditOf('BOOK_RETURNED', loanId)).toHaveLength(0);
    expect((await noticesOf(amira)).at(-1)).toContain(`Charge for the lost copy ${copy.accession_no} of "Moby-Dick": Rs. 400.00`);
    expect((await post(`/books/issued-books/${loanId}/lost/`, {})).statusCode).toBe(404);
    // The loan's three charges make one row of the returned history, fined their sum.
    const history = (await get(`/reports/returned-books/${amira}/`)).json().history.filter((h: { issue_id: number }) => h.issue_id === loanId);
    expect(history).toEqual([expect.objectContaining({ status: 'LOST', fine_amount: '400.00' })]);
    const lostSection = (await get(`/reports/books/lost/?from=${today}&to=${today}`)).json().results.filter((r: { loan_id: number }) => r.loan_id === loanId);
    expect(lostSection).toEqual([expect.objectContaining({ price: '350.00' })]);
  });

  test('the loans desk may mark a loan lost but take no money; money needs change_fine', async () => {
    const { loanId } = await lend('Lost By The Desk', bilal, 10000);
    const before = await rowCount(t, 'fines');
    const refused = await post(`/books/issued-books/${loanId}/lost/`, { collected: '10' }, loanClerk);
    expect(refused.statusCode).toBe(403);
    expect(await rowCount(t, 'fines')).toBe(before);
    expect((await post(`/books/issued-books/${loanId}/lost/`, {}, cashier)).statusCode).toBe(403);
    const done = await post(`/books/issued-books/${loanId}/lost/`, {}, loanClerk);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().receipt_no).toBeNull();
  });

  test('bad money is refused before anything is written', async () => {
    const { loanId } = await lend('Lost With Bad Money', bilal);
    for (const body of [{ collected: '-1' }, { discount: '5' }, { collected: '1.001' }, { note: 'x'.repeat(FEE_LIMITS.noteMax + 1) }, []]) {
      expect((await post(`/books/issued-books/${loanId}/lost/`, body)).statusCode).toBe(400);
    }
    expect((await t.db.selectFrom('loans').select('returned_at').where('id', '=', loanId).executeTakeFirstOrThrow()).returned_at).toBeNull();
  });
});

describe('the return mails the charge in words', () => {
  test('an overdue fine: "Overdue fine for "X" (3 days late)"', async () => {
    await t.db.updateTable('library_settings').set({ fine_per_day: 1000 }).execute();
    const late = await member(t, 'latereader');
    const { loanId } = await lend('Late Title', late, 1000, { issue_date: addDays(today, -10), due_date: addDays(today, -3) });
    const response = await post(`/books/issued-books/${loanId}/return/`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(await noticesOf(late)).toEqual([expect.stringContaining('Overdue fine for "Late Title" (3 days late): Rs. 30.00')]);
  });
});

describe('POST /books/copies/{id}/damage/', () => {
  test('charges the last borrower and marks the copy damaged with the note as its reason', async () => {
    const wet = await member(t, 'wetreader');
    const { loanId, copy } = await lend('Water Damaged', wet, 20000);
    expect((await post(`/books/issued-books/${loanId}/return/`, {})).statusCode).toBe(200);
    const response = await post(`/books/copies/${copy.id}/damage/`, { amount: '120', note: 'Water damage' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.charge).toMatchObject({ user_id: String(wet), fee_type: 'damage', amount: '120.00', issued_book: loanId, note: 'Water damage' });
    expect(body.copy).toMatchObject({ id: copy.id, status: 'DAMAGED', status_reason: 'Water damage' });
    expect(await auditOf('COPY_DAMAGE_CHARGED', copy.id)).toHaveLength(1);
    const event = await t.db.selectFrom('copy_events').select(['to_status', 'reason']).where('copy_id', '=', copy.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event).toEqual({ to_status: 'DAMAGED', reason: 'Water damage' });
    expect((await noticesOf(wet)).at(-1)).toContain(`Damage to the copy ${copy.accession_no} of "Water Damaged": Water damage: Rs. 120.00`);
  });

  test('a copy on loan: its borrower is charged; without mark_damaged the copy stays as it is', async () => {
    const { loanId, copy } = await lend('Still Out', amira);
    const response = await post(`/books/copies/${copy.id}/damage/`, { amount: '30', note: 'Coffee stain', mark_damaged: false }, cashier);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().charge).toMatchObject({ user_id: String(amira), issued_book: loanId });
    expect(response.json().copy.status).toBe('ON_LOAN');
    // A charge on an open loan does not repeat the loan in the issued list.
    const out = (await get(`/books/issued-books/?member=${amira}`)).json().filter((l: { id: number }) => l.id === loanId);
    expect(out).toHaveLength(1);
  });

  test('a copy marked damaged while out: returned it stays damaged (not shelved); marked lost it is lost', async () => {
    const reader = await member(t, 'roughreader');
    const back = await lend('Damaged Then Returned', reader);
    expect((await post(`/books/copies/${back.copy.id}/damage/`, { amount: '10', note: 'Spine broken' })).json().copy.status).toBe('DAMAGED');
    expect((await post(`/books/issued-books/${back.loanId}/return/`, {})).statusCode).toBe(200);
    const statusOf = async (id: number) => (await t.db.selectFrom('copies').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await statusOf(back.copy.id)).toBe('DAMAGED');
    const gone = await lend('Damaged Then Lost', reader);
    expect((await post(`/books/copies/${gone.copy.id}/damage/`, { amount: '10', note: 'Torn' })).statusCode).toBe(200);
    expect((await post(`/books/issued-books/${gone.loanId}/lost/`, {})).statusCode).toBe(200);
    expect(await statusOf(gone.copy.id)).toBe('LOST');
    expect((await t.db.selectFrom('books').select('total_copies').where('id', '=', gone.bookId).executeTakeFirstOrThrow()).total_copies).toBe(0);
  });

  test('refusals: nobody borrowed it (400), marking it needs change_book (403), the charge change_fine (403)', async () => {
    const bookId = await addBook(t, 'Never Lent');
    const copy = await t.db.selectFrom('copies').select('id').where('book_id', '=', bookId).executeTakeFirstOrThrow();
    const before = await rowCount(t, 'fines');
    const nobody = await post(`/books/copies/${copy.id}/damage/`, { amount: '10', note: 'Scratched' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toEqual({ copy: ['Nobody has borrowed this copy.'] });
    const { copy: lent } = await lend('Lent For Refusals', await member(t, 'refused'));
    expect((await post(`/books/copies/${lent.id}/damage/`, { amount: '10', note: 'Scratched' }, cashier)).statusCode).toBe(403);
    expect((await post(`/books/copies/${lent.id}/damage/`, { amount: '10', note: 'Scratched', mark_damaged: false }, loanClerk)).statusCode).toBe(403);
    expect((await post(`/books/copies/${lent.id}/damage/`, { amount: '0', note: 'Scratched' })).json()).toEqual({ amount: [CHARGE_MESSAGES.amountZero] });
    expect((await post(`/books/copies/${lent.id}/damage/`, { amount: '10', note: 'Scratched', mark_damaged: 'yes' })).statusCode).toBe(400);
    expect((await post('/books/copies/999999/damage/', { amount: '10', note: 'Scratched' })).statusCode).toBe(404);
    expect(await rowCount(t, 'fines')).toBe(before);
  });
});

describe('fee types in receipts and the Financial Report', () => {
  test('receipts name each line by its fee type; a refund is a REFUND receipt; the report nets it out by type', async () => {
    const payer = await member(t, 'payer');
    await t.db.updateTable('library_settings').set({ lost_processing_fee: 2000 }).execute();
    const { loanId } = await lend('Paid For', payer, 10000);
    const lost = (await post(`/books/issued-books/${loanId}/lost/`, {})).json();
    const collect = await post('/fines-viewset/collect/', { member_id: payer, issued_ids: [loanId], full_payment: true });
    expect(collect.statusCode, collect.body).toBe(200);
    const receipt = (await get(`/fines/receipts/${collect.json().receipt_no}/`)).json();
    expect(receipt).toMatchObject({ kind: 'PAYMENT', collected_by: 'desk', collected_by_name: 'Test desk', cash: '120.00' });
    expect(receipt.lines.map((l: { fee_type: string }) => l.fee_type).sort()).toEqual(['lost', 'processing']);
    expect(receipt.lines.find((l: { fee_type: string }) => l.fee_type === 'lost')).toMatchObject({ fee_type_label: 'Lost copy', book_title: 'Paid For', remaining: '0.00' });

    const lostId = lost.charges.find((c: { fee_type: string }) => c.fee_type === 'lost').id;
    const refund = await t.db.transaction().execute((trx) => refundCharge(trx, lostId, payer, desk.id));
    const receipts = (await get(`/fines/user/${payer}/receipts/`)).json();
    expect(receipts[0]).toMatchObject({ receipt_no: refund!.receiptNo, kind: 'REFUND', cash: '-100.00' });
    expect(receipts[0].lines[0]).toMatchObject({ fee_type: 'lost', cash: '-100.00', remaining: '0.00' });

    const section = (await get(`/reports/financial/fee-types/?from=${today}&to=${today}`)).json();
    const lostRow = section.results.find((r: { fee_type: string }) => r.fee_type === 'lost');
    const processingRow = section.results.find((r: { fee_type: string }) => r.fee_type === 'processing');
    expect(lostRow).toMatchObject({ label: 'Lost copy', refunded: '100.00', cancelled: expect.any(String) });
    expect(processingRow).toMatchObject({ label: 'Processing fee' });
    // The books balance per type: charged = collected + waived + cancelled + outstanding.
    for (const row of section.results) {
      const sum = ['collected', 'waived', 'cancelled', 'outstanding'].reduce((total, key) => total + Number(row[key]), 0);
      expect({ type: row.fee_type, sum: sum.toFixed(2) }).toEqual({ type: row.fee_type, sum: row.charged });
    }
    const summary = (await get(`/reports/financial/summary/?from=${today}&to=${today}`)).json();
    expect(summary.charts.map((c: { key: string }) => c.key)).toEqual(['fines_per_period', 'charges_by_fee_type']);
    const payments = (await get(`/reports/financial/payments/?from=${today}&to=${today}&search=${refund!.receiptNo}`)).json();
    expect(payments.results[0]).toMatchObject({ receipt_no: refund!.receiptNo, cash: '-100.00' });
  });
});

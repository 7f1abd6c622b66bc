/**
 * Audit atomicity at the desk: every change of the catalogue, copies, loans, fines, reservations
 * and stock is audited in its own transaction, so when the database refuses the audit row the
 * change itself rolls back whole (loan, copy status and counts, fines, receipts, holds, outbox:
 * every table but the audit trail reads as before). The same change then lands with exactly one
 * audit row of its action, so a call that did nothing cannot pass. The hold expiry runs through
 * the job the scheduler runs. Last, every audit action is covered here or in the accounts' file.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test, beforeAll } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '#shared/audit-actions';
import { addDays } from '#shared/dates';
import { isbnCheckDigit } from '#shared/isbn';
import { readNoticeSettings } from '../../server/src/modules/notices/settings-store.js';
import { HOLD_JOBS } from '../../server/src/modules/reservations/jobs.js';
import { failAuditOf, fingerprint } from './support/audit-failure.js';
import { addBook, desk, giveBack, issue, member, t, today, useDeskApp } from './support/circulation.js';
import { addCopiesCall, patchCopy } from './support/copy-calls.js';
import { DEFAULT_PASSWORD, postJson } from './support/harness.js';
import { multipart } from './support/multipart.js';
import { act, reserved } from './support/reservations.js';

useDeskApp();

const REF = { department: 'Audit Science', category: 'Audit Physics', language: 'Audit English' };
const refIds: Record<keyof typeof REF, string> = { department: '', category: '', language: '' };
beforeAll(async () => {
  refIds.department = String((await t.db.insertInto('departments').values({ name: REF.department }).returning('id').executeTakeFirstOrThrow()).id);
  refIds.category = String((await t.db.insertInto('categories').values({ name: REF.category, image: null }).returning('id').executeTakeFirstOrThrow()).id);
  refIds.language = String((await t.db.insertInto('languages').values({ name: REF.language }).returning('id').executeTakeFirstOrThrow()).id);
});

let seq = 0;
const unique = (prefix: string): string => `${prefix}${++seq}`;
let isbnSerial = 700000;
const nextIsbn = (): string => {
  const body = `978${String(isbnSerial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body'>;

const post = (url: string, body: unknown = {}): Promise<Answer> => postJson(t.app, url, body, desk.headers);
const patch = (url: string, body: unknown): Promise<Answer> => t.app.inject({ method: 'PATCH', url, payload: body as object, headers: desk.headers });
const form = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}): Promise<Answer> => {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...desk.headers } });
};

/** A book lent to a fresh member through the desk: the ids of the book, member, loan and copy. */
async function lent(copies = 1, price = 50000): Promise<{ bookId: number; memberId: number; loanId: number; copyId: number; barcode: string }> {
  const bookId = await addBook(t, unique('Lent '), copies, price);
  const memberId = await member(t, unique('borrower'));
  const answer = await issue(t, desk, { book: bookId, member: memberId });
  if (answer.statusCode !== 201) throw new Error(`issue failed: ${answer.statusCode} ${answer.body}`);
  const loanId = (answer.json() as { id: number }).id;
  const loan = await t.db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').select(['c.id', 'c.barcode']).where('l.id', '=', loanId).executeTakeFirstOrThrow();
  return { bookId, memberId, loanId, copyId: loan.id, barcode: loan.barcode };
}

/** A loan 16 days overdue (its dates moved back), so its return charges a fine. */
async function overdue(): Promise<Awaited<ReturnType<typeof lent>>> {
  const loan = await lent();
  await t.db.updateTable('loans').set({ issue_date: addDays(today, -30), due_date: addDays(today, -16) }).where('id', '=', loan.loanId).execute();
  return loan;
}

/** A loan returned 16 days late without payment: its open fine's id. */
async function owing(): Promise<{ memberId: number; fineId: number }> {
  const loan = await overdue();
  const back = await giveBack(t, desk, loan.loanId, {});
  if (back.statusCode !== 200) throw new Error(`return failed: ${back.statusCode} ${back.body}`);
  const fine = await t.db.selectFrom('fines').select('id').where('loan_id', '=', loan.loanId).executeTakeFirstOrThrow();
  return { memberId: loan.memberId, fineId: fine.id };
}

/** A reservation by staff for a fresh member, held (a copy ON_HOLD) when `held`. */
async function reservation(held: boolean, bookId?: number): Promise<{ bookId: number; memberId: number; id: number }> {
  const book = bookId ?? (await addBook(t, unique('Reserved '), 1));
  const memberId = await member(t, unique('reader'));
  const id = await reserved(t, desk, { book, member: memberId });
  if (held && (await act(t, desk, id, 'fulfill')).statusCode !== 200) throw new Error('fulfil failed');
  return { bookId: book, memberId, id };
}

/** The scheduler's hold expiry job run for the library's today, as an answer (a throw is a 500). */
async function holdExpiryJob(): Promise<Answer> {
  const job = HOLD_JOBS.find((j) => j.name === 'hold_expiry')!;
  try {
    const expired = await job.run(t.app.ctx, today, await readNoticeSettings(t.db), new Date());
    return { statusCode: expired === 1 ? 200 : 409, body: String(expired) };
  } catch (error) {
    return { statusCode: 500, body: String(error) };
  }
}

async function lostFoundAction(action: 'CANCEL' | 'REFUND'): Promise<void> {
  await t.db.updateTable('library_settings').set({ lost_found_action: action }).execute();
}

/** A loan's copy marked lost under the library's lost-found `action`: answers its barcode, to check it in. */
async function lostCopy(action: 'CANCEL' | 'REFUND'): Promise<string> {
  await lostFoundAction(action);
  const loan = await lent();
  await post(`/books/issued-books/${loan.loanId}/lost/`, {});
  return loan.barcode;
}

const bookFields = (): Record<string, string> => ({
  title: unique('Created '), author: 'An Author', isbn: nextIsbn(), department: refIds.department, publisher: 'Press', total_copies: '2',
  category: refIds.category, rack_no: 'R-01', language: refIds.language,
});
const csv = (): Buffer =>
  Buffer.from(`title,author,publisher,isbn,total_copies,category,department,language,rack_no\r\n${unique('Imported ')},Author,Press,${nextIsbn()},2,${REF.category},${REF.department},${REF.language},P-01\r\n`);

interface Scenario<Given> {
  action: AuditAction;
  /** Another call that writes the same action (the test's name says which). */
  via?: string;
  /** Writes what the change needs; answers what the change acts on. */
  setup: () => Promise<Given>;
  /** The change through its real call. */
  change: (given: Given) => Promise<Answer>;
  /** The answer of the change when its audit fails (a 500 unless said). */
  failed?: (answer: Answer) => void;
  /** Audit rows of the action the change writes when it lands (one unless said). */
  rows?: number;
}

/** A scenario typed by what its setup gives its change, listed with the others. */
const scenario = <Given>(entry: Scenario<Given>): Scenario<unknown> => entry as unknown as Scenario<unknown>;

const SCENARIOS: Scenario<unknown>[] = [
  scenario({ action: 'BOOK_CREATED', setup: async () => bookFields(), change: (fields) => form('POST', '/books/books/', fields) }),
  scenario({ action: 'BOOK_UPDATED', setup: () => addBook(t, unique('To edit '), 2), change: (id) => form('PATCH', `/books/books/${id}/`, { title: 'Edited title', publisher: 'Other Press' }) }),
  scenario({ action: 'BOOK_STATUS_CHANGED', setup: () => addBook(t, unique('To write off '), 2), change: (id) => form('PATCH', `/books/books/${id}/`, { status: 'WRITE_OFF', reason: 'Worn out' }) }),
  scenario({ action: 'BOOK_DELETED', setup: () => addBook(t, unique('To delete '), 2), change: (id) => post(`/books/books/${id}/confirm-delete/`, { password: DEFAULT_PASSWORD }) }),
  scenario({
    action: 'BOOKS_IMPORTED',
    setup: async () => csv(),
    change: (content) => form('POST', '/books/bulk-upload/', {}, { file: { filename: 'books.csv', content, contentType: 'text/csv' } }),
    // The batch rolled back: the import answers its row as not saved, nothing imported.
    failed: (answer) => expect(JSON.parse(answer.body)).toMatchObject({ imported: 0, error_count: 1 }),
  }),
  scenario({
    action: 'BOOK_ISSUED',
    setup: async () => {
      const reading = await reservation(false);
      return { book: reading.bookId, member: reading.memberId };
    },
    change: (body) => post('/books/issued-books/', body),
  }),
  scenario({ action: 'BOOK_RETURNED', setup: overdue, change: (loan) => post(`/books/issued-books/${loan.loanId}/return/`, { fine_collected_amount: '1.00' }) }),
  scenario({ action: 'LOAN_RENEWED', setup: lent, change: (loan) => post(`/books/issued-books/${loan.loanId}/renew/`) }),
  scenario({ action: 'LOAN_DUE_DATE_CHANGED', setup: lent, change: (loan) => patch(`/books/issued-books/${loan.loanId}/`, { due_date: addDays(today, 30) }) }),
  scenario({ action: 'FINE_COLLECTED', setup: owing, change: (fine) => post('/fines-viewset/collect/', { member_id: fine.memberId, fine_ids: [fine.fineId], collected_amount: '1.00', full_payment: false }) }),
  scenario({ action: 'RESERVATION_CREATED', setup: async () => ({ book: await addBook(t, unique('To reserve '), 1), member: await member(t, unique('reader')) }), change: (body) => post('/books/reservations/', body) }),
  scenario({
    action: 'RESERVATION_CANCELLED',
    setup: async () => {
      const first = await reservation(true);
      await reservation(false, first.bookId);
      return first.id;
    },
    change: (id) => post(`/books/reservations/${id}/cancel/`, { reason: 'No longer needed' }),
  }),
  scenario({ action: 'RESERVATION_FULFILLED', setup: () => reservation(false), change: (r) => post(`/books/reservations/${r.id}/fulfill/`) }),
  scenario({ action: 'RESERVATION_ISSUED', setup: () => reservation(true), change: (r) => post(`/books/reservations/${r.id}/issue/`) }),
  scenario({
    action: 'RESERVATION_EXPIRED',
    setup: async () => {
      const held = await reservation(true);
      await reservation(false, held.bookId);
      await t.db.updateTable('reservations').set({ hold_until: addDays(today, -1) }).where('id', '=', held.id).execute();
    },
    change: holdExpiryJob,
  }),
  scenario({
    action: 'RESERVATION_MOVED',
    setup: async () => {
      const first = await reservation(false);
      return (await reservation(false, first.bookId)).id;
    },
    change: (id) => post(`/books/reservations/${id}/move/`, { position: 1, reason: 'Exam tomorrow' }),
  }),
  scenario({ action: 'COPIES_ADDED', setup: () => addBook(t, unique('More copies '), 1), change: (id) => addCopiesCall(t, desk, id, { count: 2, shelf_location: 'Shelf C2' }) }),
  scenario({
    action: 'COPY_UPDATED',
    setup: async () => (await lent()).copyId,
    change: (copyId) => patchCopy(t, desk, copyId, { shelf_location: 'Shelf Z9', condition_note: 'Spine worn' }),
  }),
  scenario({
    action: 'COPY_STATUS_CHANGED',
    setup: async () => (await t.db.selectFrom('copies').select('id').where('book_id', '=', await addBook(t, unique('To damage '), 2)).executeTakeFirstOrThrow()).id,
    change: (copyId) => patchCopy(t, desk, copyId, { status: 'DAMAGED', reason: 'Torn' }),
  }),
  scenario({ action: 'COPIES_WITHDRAWN', setup: () => addBook(t, unique('Fewer copies '), 3), change: (id) => form('PATCH', `/books/books/${id}/`, { total_copies: '1' }) }),
  scenario({
    action: 'STOCK_VERIFICATION_OPENED',
    setup: async () => {
      const shelf = unique('Verified shelf ');
      await t.db.updateTable('copies').set({ shelf_location: shelf }).where('book_id', '=', await addBook(t, unique('On a shelf '), 2)).execute();
      return shelf;
    },
    change: (shelf) => post('/stock-verifications/', { name: 'Shelf count', shelf }),
  }),
  scenario({
    action: 'STOCK_VERIFICATION_CLOSED',
    setup: async () => JSON.parse((await post('/stock-verifications/', { name: 'To close', shelf: unique('Empty shelf ') })).body).id,
    change: (id) => post(`/stock-verifications/${id}/close/`),
  }),
  scenario({
    action: 'STOCK_VERIFICATION_MISSING_MARKED',
    setup: async () => {
      const shelf = unique('Unseen shelf ');
      await t.db.updateTable('copies').set({ shelf_location: shelf }).where('book_id', '=', await addBook(t, unique('Unseen '), 2)).execute();
      const id = JSON.parse((await post('/stock-verifications/', { name: 'Unseen count', shelf })).body).id;
      await post(`/stock-verifications/${id}/close/`);
      return id;
    },
    change: (id) => post(`/stock-verifications/${id}/mark-missing/`),
  }),
  scenario({
    action: 'CIRCULATION_BLOCK_OVERRIDDEN',
    setup: async () => {
      const memberId = await member(t, unique('expired'));
      await t.db.updateTable('member_profiles').set({ membership_expires: addDays(today, -10) }).where('user_id', '=', memberId).execute();
      return { book: await addBook(t, unique('Overridden '), 1), member: memberId, override_reason: 'Exam tomorrow' };
    },
    change: (body) => post('/books/issued-books/', body),
  }),
  scenario({
    action: 'RETURN_UNDONE',
    setup: async () => {
      const loan = await lent();
      await reservation(false, loan.bookId);
      await giveBack(t, desk, loan.loanId, {});
      return loan.loanId;
    },
    change: (loanId) => post(`/books/issued-books/${loanId}/undo-return/`),
    // The loan's, and the reservation's whose hold on the returned copy is released.
    rows: 2,
  }),
  scenario({ action: 'LOAN_MARKED_LOST', setup: overdue, change: (loan) => post(`/books/issued-books/${loan.loanId}/lost/`, { note: 'Left on the bus', collected: '1.00' }) }),
  scenario({ action: 'COPY_DAMAGE_CHARGED', setup: lent, change: (loan) => post(`/books/copies/${loan.copyId}/damage/`, { amount: '120', note: 'Water damage' }) }),
  scenario({
    action: 'LOST_COPY_FOUND',
    setup: () => lostCopy('CANCEL'),
    change: (barcode) => post('/circulation/check-in/', { barcode }),
  }),
  scenario({ action: 'CHARGE_ADDED', setup: () => member(t, unique('charged')), change: (memberId) => post('/fines/charges/', { member: memberId, fee_type: 'manual', amount: '25.50', note: 'Replacement card' }) }),
  scenario({
    action: 'CHARGE_CANCELLED',
    setup: async () => JSON.parse((await post('/fines/charges/', { member: await member(t, unique('charged')), fee_type: 'manual', amount: '25.50', note: 'Card' })).body).id,
    change: (id) => post(`/fines/${id}/cancel/`, { reason: 'Charged by mistake' }),
  }),
  scenario({
    action: 'CHARGE_REFUNDED',
    setup: async () => {
      const loan = await lent();
      await post(`/books/issued-books/${loan.loanId}/lost/`, { collected: '1.00' });
      await lostFoundAction('REFUND');
      return loan.barcode;
    },
    change: (barcode) => post('/circulation/check-in/', { barcode }),
  }),
  scenario({ action: 'LOAN_SLIP_MAILED', setup: lent, change: (loan) => post('/circulation/loan-slip/', { member: loan.memberId, loans: [loan.loanId] }) }),

  // The same actions written by other calls.
  scenario({ action: 'BOOK_ISSUED', via: 'a reservation issued', setup: () => reservation(true), change: (r) => post(`/books/reservations/${r.id}/issue/`) }),
  scenario({ action: 'BOOK_RETURNED', via: 'a check-in', setup: overdue, change: (loan) => post('/circulation/check-in/', { barcode: loan.barcode, collected: '1.00' }) }),
  scenario({ action: 'LOAN_RENEWED', via: 'renew-all', setup: lent, change: (loan) => post('/books/issued-books/renew-all/', { member: loan.memberId }) }),
  scenario({
    action: 'RESERVATION_FULFILLED',
    via: 'a return to a waiting member',
    setup: async () => {
      const loan = await lent();
      await reservation(false, loan.bookId);
      return loan.loanId;
    },
    change: (loanId) => post(`/books/issued-books/${loanId}/return/`, {}),
  }),
  scenario({ action: 'COPIES_ADDED', via: 'a book’s total raised', setup: () => addBook(t, unique('Raised total '), 1), change: (id) => form('PATCH', `/books/books/${id}/`, { total_copies: '3' }) }),
  scenario({
    action: 'COPY_STATUS_CHANGED',
    via: 'a stock scan of a missing copy',
    setup: async () => {
      const shelf = unique('Found shelf ');
      const copy = await t.db.selectFrom('copies').select(['id', 'barcode']).where('book_id', '=', await addBook(t, unique('Went missing '), 1)).executeTakeFirstOrThrow();
      await t.db.updateTable('copies').set({ shelf_location: shelf }).where('id', '=', copy.id).execute();
      const missing = await patchCopy(t, desk, copy.id, { status: 'MISSING', reason: 'Not on its shelf' });
      if (missing.statusCode !== 200) throw new Error(`missing failed: ${missing.statusCode} ${missing.body}`);
      const id = JSON.parse((await post('/stock-verifications/', { name: 'Found count', shelf })).body).id;
      return { id, barcode: copy.barcode };
    },
    change: (scan) => post(`/stock-verifications/${scan.id}/scans/`, { barcode: scan.barcode }),
  }),
  scenario({
    action: 'CHARGE_CANCELLED',
    via: 'a lost copy checked in',
    setup: () => lostCopy('CANCEL'),
    change: (barcode) => post('/circulation/check-in/', { barcode }),
  }),
];

const auditRows = async (action: AuditAction): Promise<number> =>
  Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

/** Every table as it is once the mail delivery kicked by earlier calls has finished. */
async function settled(): Promise<Record<string, string>> {
  await t.app.ctx.notices.idle();
  return fingerprint(t.db);
}

describe('an audited desk change whose audit row fails rolls back whole', () => {
  test.each(SCENARIOS.map((scenario) => ({ ...scenario, name: scenario.via ? `${scenario.action} via ${scenario.via}` : scenario.action })))('$name', async ({ action, setup, change, failed, rows = 1 }) => {
    const given = await setup();
    const before = await settled();
    const audits = await auditRows(action);
    const failure = await failAuditOf(t.db, action);
    let refused: Answer;
    try {
      refused = await change(given);
    } finally {
      await failure.restore();
    }
    if (failed) failed(refused);
    else expect(refused.statusCode, refused.body).toBe(500);
    expect(await settled()).toEqual(before);
    expect(await auditRows(action)).toBe(audits);

    // The same change without the failure lands, with its audit row (exactly one, unless said).
    const landed = await change(given);
    expect(landed.statusCode, landed.body).toBeLessThan(300);
    expect(await auditRows(action)).toBe(audits + rows);
  });
});

describe('coverage', () => {
  test('every audit action has its failure scenario here or in the accounts file', () => {
    const files = ['tests/api/audit-atomicity-desk.test.ts', 'tests/api/audit-atomicity-accounts.test.ts'];
    // A file not written yet covers nothing: its actions are listed as missing.
    const text = files.map((file) => (existsSync(file) ? readFileSync(file, 'utf8') : '')).join('\n');
    const missing = AUDIT_ACTIONS.filter((action) => !new RegExp(`['"\`]${action}['"\`]`).test(text));
    expect(missing).toEqual([]);
  });
});

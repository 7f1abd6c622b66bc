/**
 * Holds name their copy: staff's fulfil takes a copy off the shelf and records it, the held copy
 * is refused to anyone else and lent to its member (by barcode, by title, by the reservation's
 * issue), a returned copy is held for the next in line with `held_for.copy`, and a released hold
 * (cancel, expiry) passes the same copy on or shelves it; the title's counts follow each step.
 */
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { COPY_MESSAGES } from '#shared/copies';
import { expireHolds } from '../../server/src/modules/reservations/holds.js';
import { readNoticeSettings } from '../../server/src/modules/notices/settings-store.js';
import { actor, addBook, desk, giveBack, issue, stock, t, today, useDeskApp, type Actor } from './support/circulation.js';
import { act, read, reservationRow, reserved } from './support/reservations.js';

useDeskApp();

let seq = 0;
const reader = (): Promise<Actor> => actor(t, `held.reader.${++seq}`);
const copiesOf = (book: number) => t.db.selectFrom('copies').selectAll().where('book_id', '=', book).orderBy('copy_no').execute();
const copyStatus = async (id: number) => (await t.db.selectFrom('copies').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const named = (copy: { id: number; accession_no: string; barcode: string }) => ({ id: copy.id, accession_no: copy.accession_no, barcode: copy.barcode });

/** A title of `copies` copies with one member's reservation fulfilled by staff: the held copy is the first. */
async function heldTitle(title: string, copies = 2) {
  const book = await addBook(t, title, copies);
  const holder = await reader();
  const reservation = await reserved(t, holder, { book });
  const fulfilled = await act(t, desk, reservation, 'fulfill');
  expect(fulfilled.statusCode).toBe(200);
  const [held, ...shelf] = await copiesOf(book);
  return { book, holder, reservation, held: held!, shelf, fulfilled: fulfilled.json() as { reservation: { copy: unknown } } };
}

describe("staff's fulfil", () => {
  test('takes a shelf copy, records it on the reservation and names it in the answers', async () => {
    const { book, holder, reservation, held, fulfilled } = await heldTitle('Fulfil Names');
    expect(await reservationRow(t, reservation)).toMatchObject({ status: 'FULFILLED', copy_id: held.id });
    expect(await copyStatus(held.id)).toBe('ON_HOLD');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
    expect(fulfilled.reservation.copy).toEqual(named(held));
    expect((await read(t, holder, `/books/reservations/${reservation}/`)).json()).toMatchObject({ copy: named(held) });
    const queue = (await read(t, desk, '/books/reservations/queue/?search=Fulfil%20Names')).json() as { results: { held: { copy: unknown }[] }[] };
    expect(queue.results[0]!.held.map((r) => r.copy)).toEqual([named(held)]);
    // A waiting reservation names no copy.
    const waiting = await reserved(t, await reader(), { book });
    expect((await read(t, desk, `/books/reservations/${waiting}/`)).json()).toMatchObject({ status: 'PENDING', copy: null });
  });
});

describe('issuing a held copy', () => {
  test('refused to another member by barcode, lent to its member by barcode', async () => {
    const { book, holder, reservation, held } = await heldTitle('Held By Barcode');
    const other = await reader();
    const refused = await issue(t, desk, { copy: held.barcode, member: other.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ copy: [COPY_MESSAGES.heldForAnother] });
    const lent = await issue(t, desk, { copy: held.barcode, member: holder.id });
    expect(lent.statusCode).toBe(201);
    expect((lent.json() as { copy: unknown }).copy).toEqual(named(held));
    expect(await reservationRow(t, reservation)).toMatchObject({ status: 'ISSUED', copy_id: held.id });
    expect(await copyStatus(held.id)).toBe('ON_LOAN');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
  });

  test('by title: the member takes his held copy, not one from the shelf', async () => {
    const { book, holder, reservation, held, shelf } = await heldTitle('Held By Title');
    const lent = (await issue(t, desk, { book, member: holder.id })).json() as { copy: { id: number } };
    expect(lent.copy.id).toBe(held.id);
    expect(await copyStatus(shelf[0]!.id)).toBe('AVAILABLE');
    expect((await reservationRow(t, reservation)).status).toBe('ISSUED');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
  });

  test("the reservation's issue lends exactly its held copy", async () => {
    const { book, reservation, held } = await heldTitle('Held Reservation Issue');
    const answer = await act(t, desk, reservation, 'issue');
    expect(answer.statusCode).toBe(201);
    const loan = await t.db.selectFrom('loans').select('copy_id').where('id', '=', (answer.json() as { issuance_id: number }).issuance_id).executeTakeFirstOrThrow();
    expect(loan.copy_id).toBe(held.id);
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
  });

  test('his member scanning another copy of the title: that one is lent and the held copy is released', async () => {
    const { book, holder, reservation, held, shelf } = await heldTitle('Held Other Copy');
    const lent = await issue(t, desk, { copy: shelf[0]!.barcode, member: holder.id });
    expect(lent.statusCode).toBe(201);
    expect((await reservationRow(t, reservation)).status).toBe('ISSUED');
    expect(await copyStatus(held.id)).toBe('AVAILABLE');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
  });
});

describe('returns and released holds', () => {
  test('a returned copy is held for the first in line: held_for names it, the reservation records it', async () => {
    const book = await addBook(t, 'Return Holds Copy', 1);
    const [copy] = await copiesOf(book);
    const loan = (await issue(t, desk, { book, member: (await reader()).id })).json() as { id: number };
    const waiting = await reserved(t, await reader(), { book });
    const answer = (await giveBack(t, desk, loan.id)).json() as { held_for: { reservation_id: number; copy: unknown } };
    expect(answer.held_for).toMatchObject({ reservation_id: waiting, copy: named(copy!) });
    expect(await reservationRow(t, waiting)).toMatchObject({ status: 'FULFILLED', copy_id: copy!.id });
    expect(await copyStatus(copy!.id)).toBe('ON_HOLD');
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 1 });
  });

  test('cancelling a hold: the copy passes to the next in line, then back on the shelf', async () => {
    const { book, reservation, held } = await heldTitle('Cancel Passes', 1);
    const next = await reserved(t, await reader(), { book });
    expect((await act(t, desk, reservation, 'cancel')).statusCode).toBe(200);
    expect(await reservationRow(t, next)).toMatchObject({ status: 'FULFILLED', copy_id: held.id });
    expect(await copyStatus(held.id)).toBe('ON_HOLD');
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 1 });
    expect((await act(t, desk, next, 'cancel')).statusCode).toBe(200);
    expect(await copyStatus(held.id)).toBe('AVAILABLE');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 1 });
  });

  test('an expired hold passes its copy on, and the last one shelves it', async () => {
    const { book, reservation, held } = await heldTitle('Expiry Passes', 2);
    const next = await reserved(t, await reader(), { book });
    const settings = await readNoticeSettings(t.db);
    const dayAfter = addDays(today, settings.holdPickupDays + 1);
    await expireHolds({ db: t.db, notices: t.app.ctx.notices }, dayAfter, settings);
    expect((await reservationRow(t, reservation)).status).toBe('EXPIRED');
    expect(await reservationRow(t, next)).toMatchObject({ status: 'FULFILLED', copy_id: held.id });
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
    await expireHolds({ db: t.db, notices: t.app.ctx.notices }, addDays(dayAfter, settings.holdPickupDays + 1), settings);
    expect((await reservationRow(t, next)).status).toBe('EXPIRED');
    expect(await copyStatus(held.id)).toBe('AVAILABLE');
    expect(await stock(t, book)).toMatchObject({ available_copies: 2, total_copies: 2 });
  });
});

/**
 * A member who leaves (deleted, disabled, declined) leaves no reservation behind: his waiting and
 * held reservations are cancelled in the same transaction as the change, audited with the cause,
 * and a copy held for him goes to the next in line (or back on the shelf when nobody waits), so
 * no returned copy is kept for him while others are told none is available.
 */
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { postJson } from './support/harness.js';
import { actor, type Actor, addBook, desk, giveBack, issue, member, stock, t, today, useDeskApp } from './support/circulation.js';
import { act, auditOf, reservationRow, reserved } from './support/reservations.js';
import { takeShelfCopy } from '../../server/src/modules/copies/stock.js';

let seq = 0;

useDeskApp();

const reader = async (): Promise<Actor> => actor(t, `leaving.reader.${++seq}`);

type Leave = 'delete' | 'disable';
const leave = (how: Leave, memberId: number) =>
  how === 'delete'
    ? t.app.inject({ method: 'DELETE', url: `/users/delete/${memberId}/`, headers: desk.headers })
    : postJson(t.app, `/users/member/${memberId}/disable_enable/`, {}, desk.headers);

/** A one-copy title lent out, with these members waiting in order; answers the book, the loan and their reservation ids. */
async function queueFor(title: string, waiting: Actor[]): Promise<{ book: number; loan: number; ids: number[] }> {
  const book = await addBook(t, title, 1);
  const borrower = await reader();
  const loan = (await issue(t, desk, { book, member: borrower.id })).json().id as number;
  const ids: number[] = [];
  for (const who of waiting) ids.push(await reserved(t, desk, { book, member: who.id }));
  return { book, loan, ids };
}

describe.each<[Leave, string]>([
  ['delete', 'deleted'],
  ['disable', 'disabled'],
])('a member %s', (how, word) => {
  test(`is ${word} with his waiting reservation cancelled, audited; the next returned copy goes to the one behind him`, async () => {
    const [leaving, next] = [await reader(), await reader()];
    const { book, loan, ids } = await queueFor(`Waiting ${how}`, [leaving, next]);
    expect((await leave(how, leaving.id)).statusCode).toBe(200);

    expect(await reservationRow(t, ids[0]!)).toMatchObject({ status: 'CANCELLED' });
    const entry = (await auditOf(t, ids[0]!)).at(-1)!;
    expect(entry.action).toBe('RESERVATION_CANCELLED');
    expect(JSON.parse(entry.after!)).toMatchObject({ status: 'CANCELLED', reason: `Member ${word}.` });

    const back = await giveBack(t, desk, loan);
    expect(back.json().held_for).toMatchObject({ reservation_id: ids[1], member: expect.objectContaining({ id: next.id }) });
    expect(await reservationRow(t, ids[1]!)).toMatchObject({ status: 'FULFILLED', hold_until: addDays(today, 3) });
    expect(await stock(t, book)).toMatchObject({ available_copies: 0 });
  });

  test(`is ${word} with a copy held for him: the copy is held for the next in line at once`, async () => {
    const [leaving, next] = [await reader(), await reader()];
    const { book, loan, ids } = await queueFor(`Held ${how}`, [leaving, next]);
    expect((await giveBack(t, desk, loan)).json().held_for).toMatchObject({ reservation_id: ids[0] });

    expect((await leave(how, leaving.id)).statusCode).toBe(200);
    expect(await reservationRow(t, ids[0]!)).toMatchObject({ status: 'CANCELLED' });
    expect(await reservationRow(t, ids[1]!)).toMatchObject({ status: 'FULFILLED', hold_until: addDays(today, 3) });
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 1 });
    const passed = (await auditOf(t, ids[1]!)).at(-1)!;
    expect(JSON.parse(passed.after!)).toMatchObject({ status: 'FULFILLED', cause: 'passed on' });
  });

  test(`is ${word} with a copy held for him and nobody behind: the copy goes back on the shelf`, async () => {
    const leaving = await reader();
    const { book, loan, ids } = await queueFor(`Shelved ${how}`, [leaving]);
    await giveBack(t, desk, loan);
    expect(await stock(t, book)).toMatchObject({ available_copies: 0 });

    expect((await leave(how, leaving.id)).statusCode).toBe(200);
    expect(await reservationRow(t, ids[0]!)).toMatchObject({ status: 'CANCELLED' });
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 1 });
  });
});

describe('a member declined', () => {
  test('has his reservations cancelled and a copy held for him passed on, in the decline’s transaction', async () => {
    // A registration waiting for approval cannot reserve; rows written by an older version or by hand still must not strand a copy.
    const pending = await member(t, `leaving.pending.${++seq}`, 'pending');
    const next = await reader();
    const book = await addBook(t, 'Declined Hold', 1);
    const now = new Date().toISOString();
    const copy = (await takeShelfCopy(t.db, book, { to: 'ON_HOLD' }))!;
    const held = await t.db
      .insertInto('reservations')
      .values({ book_id: book, member_id: pending, copy_id: copy.id, status: 'FULFILLED', queue_rank: 1, hold_until: addDays(today, 3), loan_id: null, notes: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const nextId = await reserved(t, desk, { book, member: next.id });

    const declined = await postJson(t.app, `/auth/decline/${pending}/`, {}, desk.headers);
    expect(declined.statusCode).toBe(200);
    expect(await reservationRow(t, held.id)).toMatchObject({ status: 'CANCELLED' });
    expect(JSON.parse((await auditOf(t, held.id)).at(-1)!.after!)).toMatchObject({ reason: 'Member declined.' });
    expect(await reservationRow(t, nextId)).toMatchObject({ status: 'FULFILLED', copy_id: copy.id });
    expect(await stock(t, book)).toMatchObject({ available_copies: 0 });
  });
});

describe('what a member change leaves alone', () => {
  test('a refused change cancels nothing (the member keeps his reservation when the delete is refused)', async () => {
    const owing = await reader();
    const { ids } = await queueFor('Refused Delete', [owing]);
    const other = await addBook(t, 'Still Out', 1);
    expect((await issue(t, desk, { book: other, member: owing.id })).statusCode).toBe(201);
    expect((await leave('delete', owing.id)).statusCode).toBe(409);
    expect(await reservationRow(t, ids[0]!)).toMatchObject({ status: 'PENDING' });
  });

  test('enabling a member again brings back no reservation', async () => {
    const who = await reader();
    const { ids } = await queueFor('Enable Again', [who]);
    await leave('disable', who.id);
    await leave('disable', who.id);
    expect(await reservationRow(t, ids[0]!)).toMatchObject({ status: 'CANCELLED' });
    expect((await act(t, desk, ids[0]!, 'cancel')).statusCode).toBe(400);
  });
});

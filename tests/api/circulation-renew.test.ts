/**
 * Renewals: the new due date (old due date + the member's loan period), each refusal with its
 * message and nothing written, the renewal count against max_renewals, renew-all's summary, who
 * may renew what, and the audit entries.
 */
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { postJson } from './support/harness.js';
import { actor, type Actor, addBook, desk, issue, onlyInRole, rowCount, t, today, useDeskApp } from './support/circulation.js';

let seq = 0;

useDeskApp();

async function lend(who: Actor, dueIn: number): Promise<number> {
  seq += 1;
  const book = await addBook(t, `Renew ${seq}`);
  const response = await issue(t, desk, { book, member: who.id, issue_date: addDays(today, -20), due_date: addDays(today, dueIn) });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

const renew = (who: Actor, loan: number | string) => postJson(t.app, `/books/issued-books/${loan}/renew/`, {}, who.headers);
const renewAll = (who: Actor, body: unknown) => postJson(t.app, '/books/issued-books/renew-all/', body, who.headers);

describe('renew', () => {
  test('moves the due date on by the loan period (3 days) and counts it, twice at most', async () => {
    const reader = await actor(t, 'renew.one');
    const loan = await lend(reader, 1);
    const first = await renew(desk, loan);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: loan, due_date: addDays(today, 4), renewals: 1 });
    expect((await renew(reader, loan)).json()).toMatchObject({ due_date: addDays(today, 7), renewals: 2 });
    const audits = await rowCount(t, 'audit_log');
    const third = await renew(desk, loan);
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ detail: 'This loan has been renewed 2 times, the most allowed.' });
    expect(await rowCount(t, 'audit_log')).toBe(audits);
    const trail = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'LOAN_RENEWED').where('entity_id', '=', String(loan)).execute();
    expect(trail).toHaveLength(2);
    expect(JSON.parse(trail[0]!.after!)).toEqual({ due_date: addDays(today, 4), renewals: 1 });
  });

  test('max_renewals comes from the settings', async () => {
    await t.db.updateTable('library_settings').set({ max_renewals: 1 }).execute();
    const reader = await actor(t, 'renew.max');
    const loan = await lend(reader, 0);
    expect((await renew(desk, loan)).statusCode).toBe(200);
    expect((await renew(desk, loan)).json()).toEqual({ detail: 'This loan has been renewed 1 time, the most allowed.' });
    await t.db.updateTable('library_settings').set({ max_renewals: 2 }).execute();
  });

  test('a reservation waiting for the title blocks renewal (and renew-all) until it is no longer waiting', async () => {
    const reader = await actor(t, 'renew.reserved');
    const waiter = await actor(t, 'renew.waiter');
    const loan = await lend(reader, 2);
    const free = await lend(reader, 2);
    const { book_id: bookId, due_date: due } = await t.db.selectFrom('loans').select(['book_id', 'due_date']).where('id', '=', loan).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const waiting = await t.db
      .insertInto('reservations')
      .values({ book_id: bookId, member_id: waiter.id, status: 'PENDING', queue_rank: 1, hold_until: null, loan_id: null, notes: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const audits = await rowCount(t, 'audit_log');
    const refused = await renew(desk, loan);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'A reservation is waiting for this title; the loan cannot be renewed.' });
    expect(await rowCount(t, 'audit_log')).toBe(audits);
    const all = (await renewAll(desk, { member: reader.id })).json() as { renewed: { id: number }[]; refused: { id: number; reason: string }[] };
    expect(all.renewed.map((r) => r.id)).toEqual([free]);
    expect(all.refused).toEqual([{ id: loan, title: expect.any(String), reason: 'A reservation is waiting for this title; the loan cannot be renewed.' }]);
    expect((await t.db.selectFrom('loans').select('due_date').where('id', '=', loan).executeTakeFirstOrThrow()).due_date).toBe(due);
    // Once nobody waits (the reservation cancelled), the loan renews.
    await t.db.updateTable('reservations').set({ status: 'CANCELLED' }).where('id', '=', waiting.id).execute();
    expect((await renew(desk, loan)).statusCode).toBe(200);
  });

  test('an overdue loan → 400, due date unchanged', async () => {
    const reader = await actor(t, 'renew.late');
    const loan = await lend(reader, -1);
    const response = await renew(desk, loan);
    expect(response.json()).toEqual({ detail: 'An overdue loan cannot be renewed; return it and settle the fine.' });
    expect((await t.db.selectFrom('loans').select(['due_date', 'renewals']).where('id', '=', loan).executeTakeFirstOrThrow())).toEqual({ due_date: addDays(today, -1), renewals: 0 });
  });

  test('returned, unknown or another member\'s loan → 404; beyond the id column → 400', async () => {
    const reader = await actor(t, 'renew.owner');
    const other = await actor(t, 'renew.other');
    const loan = await lend(reader, 2);
    expect((await renew(other, loan)).statusCode).toBe(404);
    expect((await renew(desk, 999999)).statusCode).toBe(404);
    expect((await renew(desk, '2147483648')).statusCode).toBe(400);
    await postJson(t.app, `/books/issued-books/${loan}/return/`, {}, desk.headers);
    expect((await renew(desk, loan)).statusCode).toBe(404);
  });

  test('staff without change_bookissuance → 403', async () => {
    const reader = await actor(t, 'renew.perm');
    const loan = await lend(reader, 2);
    const clerk = await actor(t, 'renew.clerk', 'MANAGER');
    await onlyInRole(t, clerk.id, 'Lister', ['view_bookissuance']);
    expect((await renew(clerk, loan)).statusCode).toBe(403);
  });
});

describe('renew all', () => {
  test('renews what may be renewed, lists the rest with the reason', async () => {
    const reader = await actor(t, 'renew.all');
    const fine = await lend(reader, 2);
    const late = await lend(reader, -3);
    const answer = await renewAll(desk, { member: reader.id });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.detail).toBe('Renewed 1 of 2 loans.');
    expect(body.renewed.map((r: { id: number }) => r.id)).toEqual([fine]);
    expect(body.renewed[0]).toMatchObject({ due_date: addDays(today, 5), renewals: 1 });
    expect(body.refused).toEqual([{ id: late, title: expect.stringMatching(/^Renew /), reason: 'An overdue loan cannot be renewed; return it and settle the fine.' }]);
  });

  test('a MEMBER renews his own with {}; naming another member → 403', async () => {
    const reader = await actor(t, 'renew.self');
    const other = await actor(t, 'renew.someone');
    await lend(reader, 1);
    await lend(other, 1);
    expect((await renewAll(reader, {})).json()).toMatchObject({ detail: 'Renewed 1 of 1 loan.' });
    expect((await renewAll(reader, { member: other.id })).statusCode).toBe(403);
    const untouched = await t.db.selectFrom('loans').select('renewals').where('member_id', '=', other.id).executeTakeFirstOrThrow();
    expect(untouched.renewals).toBe(0);
  });

  test('staff must name a member; unknown → 404; hostile → 400', async () => {
    expect((await renewAll(desk, {})).json()).toEqual({ member: ['This field is required.'] });
    expect((await renewAll(desk, { member: 999999 })).statusCode).toBe(404);
    expect((await renewAll(desk, { member: 'x' })).statusCode).toBe(400);
    expect((await renewAll(desk, [1])).statusCode).toBe(400);
    expect((await renewAll(desk, { member: desk.id })).statusCode).toBe(404);
  });
});

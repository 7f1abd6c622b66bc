/**
 * Held copies: a returned copy held for the first in line (not shelved, `held_for` answered, the
 * notice queued with the pickup date; a lost copy changes nothing), the desk's `reserved_for`, the
 * daily expiry handing the copy on (both members notified) and the reminder, issuing a reservation
 * (no second copy taken, the loan limit still checked), a desk issue lending a held copy, and
 * moving a reservation with a reason.
 */
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { actor, type Actor, addBook, desk, giveBack, issue, stock, t, today, useDeskApp } from './support/circulation.js';
import { act, auditOf, noticesOf, read, reservationRow, reserved } from './support/reservations.js';
import { expireHolds, remindExpiringHolds } from '../../server/src/modules/reservations/holds.js';
import { readNoticeSettings } from '../../server/src/modules/notices/settings-store.js';
import { HOLD_JOBS } from '../../server/src/modules/reservations/jobs.js';

let seq = 0;

useDeskApp();

const reader = async (): Promise<Actor> => actor(t, `hold.reader.${++seq}`);
const loanIdOf = (response: { json(): unknown }) => (response.json() as { id: number }).id;

/** A title of one copy lent to a borrower, with `waiting` members in its queue (ids in order). */
async function lentAndWaited(title: string, waiting: number): Promise<{ book: number; loan: number; borrower: Actor; queue: { who: Actor; id: number }[] }> {
  const book = await addBook(t, title, 1);
  const borrower = await reader();
  const loan = loanIdOf(await issue(t, desk, { book, member: borrower.id }));
  const queue: { who: Actor; id: number }[] = [];
  for (let i = 0; i < waiting; i++) {
    const who = await reader();
    queue.push({ who, id: await reserved(t, who, { book }) });
  }
  return { book, loan, borrower, queue };
}

/** The jobs' context: the app's database and delivery. */
const jobs = () => ({ db: t.db, notices: t.app.ctx.notices });

describe('hold on return', () => {
  test('a returned copy is held for the first in line, off the shelf, with held_for and the notice', async () => {
    const { book, loan, queue } = await lentAndWaited('Hold Return', 2);
    const [first, second] = queue;
    // The desk sees whom the copy will be held for before the return.
    const record = (await read(t, desk, `/books/issued-books/?book=${book}`)).json() as { reserved_for: unknown }[];
    expect(record[0]!.reserved_for).toEqual({ reservation_id: first!.id, member: { id: first!.who.id, username: `hold.reader.${seq - 1}`, full_name: `Test hold.reader.${seq - 1}`, member_id: expect.anything() } });

    const answer = await giveBack(t, desk, loan);
    expect(answer.statusCode).toBe(200);
    const holdUntil = addDays(today, 3);
    expect(answer.json().held_for).toEqual({ reservation_id: first!.id, member: expect.objectContaining({ id: first!.who.id }), hold_until: holdUntil, copy: expect.objectContaining({ id: answer.json().copy.id }) });
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 1 });
    expect(await reservationRow(t, first!.id)).toMatchObject({ status: 'FULFILLED', hold_until: holdUntil });
    expect((await reservationRow(t, second!.id)).status).toBe('PENDING');
    const mail = await t.db.selectFrom('notification_log').select(['body_text', 'subject']).where('user_id', '=', first!.who.id).where('notice_type', '=', 'reservation_ready').where('channel', '=', 'email').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Ready for pickup: Hold Return');
    const { date_format } = await t.db.selectFrom('library_settings').select('date_format').executeTakeFirstOrThrow();
    const { formatDate } = await import('#shared/dates');
    expect(mail.body_text).toContain(`pick it up by ${formatDate(holdUntil, date_format)}`);
    expect(await t.db.selectFrom('notice_keys').select('key').where('key', '=', `reservation_ready:${first!.id}:${holdUntil}`).executeTakeFirst()).toBeDefined();
    const entry = (await auditOf(t, first!.id)).at(-1)!;
    expect(entry.action).toBe('RESERVATION_FULFILLED');
    expect(entry.user_id).toBe(desk.id);
  });

  test("the borrower's own list does not name who waits for his loan", async () => {
    const { book, loan, borrower, queue } = await lentAndWaited('Hold Private', 1);
    const staffView = (await read(t, desk, `/books/issued-books/?book=${book}`)).json() as { reserved_for: { reservation_id: number } | null }[];
    expect(staffView[0]!.reserved_for?.reservation_id).toBe(queue[0]!.id);
    const own = (await read(t, borrower, '/books/issued-books/')).json() as { id: number; reserved_for: unknown }[];
    expect(own.map((r) => [r.id, r.reserved_for])).toEqual([[loan, null]]);
    // The member issue summary (his profile): staff see the same first in line, he does not.
    type Summary = { issued_books: { issue_id: number; reserved_for: { reservation_id: number } | null }[] };
    const staffSummary = (await read(t, desk, `/reports/members/${borrower.id}/issued-books/`)).json() as Summary;
    expect(staffSummary.issued_books.map((r) => [r.issue_id, r.reserved_for?.reservation_id])).toEqual([[loan, queue[0]!.id]]);
    const ownSummary = (await read(t, borrower, `/reports/members/${borrower.id}/issued-books/`)).json() as Summary;
    expect(ownSummary.issued_books.map((r) => [r.issue_id, r.reserved_for])).toEqual([[loan, null]]);
  });

  test('nobody waiting: the copy goes back on the shelf and held_for is null', async () => {
    const { book, loan } = await lentAndWaited('Hold Nobody', 0);
    const answer = (await giveBack(t, desk, loan)).json();
    expect(answer.held_for).toBeNull();
    expect(await stock(t, book)).toMatchObject({ available_copies: 1 });
  });

  test('a lost copy is not held: the queue waits on', async () => {
    const book = await addBook(t, 'Hold Lost', 2);
    const borrower = await reader();
    const loan = loanIdOf(await issue(t, desk, { book, member: borrower.id }));
    const waiting = await reserved(t, await reader(), { book });
    const answer = (await giveBack(t, desk, loan, { status: 'LOST', fine_collected_amount: '500.00' })).json();
    expect(answer.held_for).toBeNull();
    expect((await reservationRow(t, waiting)).status).toBe('PENDING');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 1 });
  });

  test('reserved_for is null when nobody waits, and only for loans still out', async () => {
    const { book, loan } = await lentAndWaited('Hold Quiet', 0);
    expect(((await read(t, desk, `/books/issued-books/?book=${book}`)).json() as { reserved_for: unknown }[])[0]!.reserved_for).toBeNull();
    await giveBack(t, desk, loan);
  });
});

describe('expiry', () => {
  test('a hold not picked up expires: the copy goes to the next in line, both notified; then back to the shelf', async () => {
    const { book, loan, queue } = await lentAndWaited('Hold Expiry', 2);
    const [first, second] = queue;
    await giveBack(t, desk, loan);
    const settings = await readNoticeSettings(t.db);
    const holdUntil = addDays(today, 3);
    // On the last day: a reminder, once; nothing expires.
    expect(await expireHolds(jobs(), holdUntil, settings)).toBe(0);
    expect(await remindExpiringHolds(jobs(), holdUntil, settings)).toBeGreaterThanOrEqual(1);
    expect(await remindExpiringHolds(jobs(), holdUntil, settings)).toBe(0);
    expect(await noticesOf(t, first!.who.id, 'hold_expiring')).toHaveLength(1);
    // The day after: expired, passed on.
    const dayAfter = addDays(holdUntil, 1);
    expect(await expireHolds(jobs(), dayAfter, settings)).toBeGreaterThanOrEqual(1);
    expect((await reservationRow(t, first!.id)).status).toBe('EXPIRED');
    expect(await reservationRow(t, second!.id)).toMatchObject({ status: 'FULFILLED', hold_until: addDays(dayAfter, 3) });
    expect(await noticesOf(t, first!.who.id, 'hold_expired')).toHaveLength(1);
    expect(await noticesOf(t, second!.who.id, 'reservation_ready')).toHaveLength(1);
    expect(await stock(t, book)).toMatchObject({ available_copies: 0 });
    expect((await auditOf(t, first!.id)).map((e) => e.action)).toContain('RESERVATION_EXPIRED');
    // A re-run changes nothing; the second hold expiring shelves the copy.
    expect(await expireHolds(jobs(), dayAfter, settings)).toBe(0);
    await expireHolds(jobs(), addDays(dayAfter, 4), settings);
    expect((await reservationRow(t, second!.id)).status).toBe('EXPIRED');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 1 });
  });
  test("the scheduler's daily jobs remind on the last day and expire the day after", async () => {
    const { loan, queue } = await lentAndWaited('Hold Scheduled', 1);
    await giveBack(t, desk, loan);
    const settings = await readNoticeSettings(t.db);
    const holdUntil = addDays(today, 3);
    const job = (name: string) => HOLD_JOBS.find((j) => j.name === name && j.daily)!;
    await job('hold_expiring').run(t.app.ctx, holdUntil, settings, new Date());
    expect(await noticesOf(t, queue[0]!.who.id, 'hold_expiring')).toHaveLength(1);
    await job('hold_expiry').run(t.app.ctx, addDays(holdUntil, 1), settings, new Date());
    expect((await reservationRow(t, queue[0]!.id)).status).toBe('EXPIRED');
  });
});

describe('issue of a reservation', () => {
  test('lends the held copy (no second copy taken) and marks it ISSUED with the loan', async () => {
    const book = await addBook(t, 'Hold Issue', 2);
    const who = await reader();
    const id = await reserved(t, who, { book });
    expect((await act(t, desk, id, 'issue')).json()).toEqual({ non_field_errors: ['Only fulfilled reservations can be issued.'] });
    await act(t, desk, id, 'fulfill');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1 });
    const answer = await act(t, desk, id, 'issue', { due_date: addDays(today, 10) });
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body).toMatchObject({ detail: 'Reservation successfully issued.', reservation: { id, status: 'ISSUED', loan_id: body.issuance_id } });
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
    const loanRow = await t.db.selectFrom('loans').selectAll().where('id', '=', body.issuance_id).executeTakeFirstOrThrow();
    expect(loanRow).toMatchObject({ book_id: book, member_id: who.id, issue_date: today, due_date: addDays(today, 10), returned_at: null });
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual(['RESERVATION_CREATED', 'RESERVATION_FULFILLED', 'RESERVATION_ISSUED']);
    expect((await act(t, desk, id, 'issue')).json()).toEqual({ non_field_errors: ['Only fulfilled reservations can be issued.'] });
  });

  test('the loan limit still applies: refused with the issue message, nothing written', async () => {
    const book = await addBook(t, 'Hold Limit', 1);
    const who = await reader();
    const id = await reserved(t, who, { book });
    await act(t, desk, id, 'fulfill');
    for (let i = 0; i < 3; i++) await issue(t, desk, { book: await addBook(t, `Hold Limit Filler ${seq}.${i}`, 1), member: who.id });
    const answer = await act(t, desk, id, 'issue');
    expect(answer.statusCode).toBe(400);
    const limit = 'This member already has 3 books issued. Max allowed is 3.';
    expect(answer.json()).toEqual({ member: [limit], blocks: [{ code: 'loan_limit', reason: limit }] });
    expect((await reservationRow(t, id)).status).toBe('FULFILLED');
    expect(await stock(t, book)).toMatchObject({ available_copies: 0 });
  });

  test('a desk issue to the member with a held copy lends that copy and marks his reservation ISSUED', async () => {
    const book = await addBook(t, 'Hold Desk', 2);
    const who = await reader();
    const id = await reserved(t, who, { book });
    await act(t, desk, id, 'fulfill');
    const response = await issue(t, desk, { book, member: who.id });
    expect(response.statusCode).toBe(201);
    expect(await stock(t, book)).toMatchObject({ available_copies: 1 });
    expect(await reservationRow(t, id)).toMatchObject({ status: 'ISSUED', loan_id: loanIdOf(response) });
  });

  test('a held copy is not on the shelf: another member cannot be issued it', async () => {
    const book = await addBook(t, 'Hold Shelf', 1);
    const id = await reserved(t, await reader(), { book });
    await act(t, desk, id, 'fulfill');
    const other = await reader();
    expect((await issue(t, desk, { book, member: other.id })).json()).toEqual({ book: ['No available copies for this book.'] });
  });
});

describe('move', () => {
  test('renumbers the queue in one go and audits the reason', async () => {
    const book = await addBook(t, 'Hold Move', 0);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await reserved(t, await reader(), { book }));
    const answer = await act(t, desk, ids[3]!, 'move', { position: 1, reason: 'Course reading for an exam' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { detail: string; waiting: { id: number; position: number }[] };
    expect(body.detail).toBe('Moved to position 1.');
    expect(body.waiting.map((r) => [r.id, r.position])).toEqual([
      [ids[3], 1],
      [ids[0], 2],
      [ids[1], 3],
      [ids[2], 4],
    ]);
    const ranks = await t.db.selectFrom('reservations').select(['id', 'queue_rank']).where('book_id', '=', book).orderBy('queue_rank').execute();
    expect(ranks.map((r) => [r.id, r.queue_rank])).toEqual([
      [ids[3], 1],
      [ids[0], 2],
      [ids[1], 3],
      [ids[2], 4],
    ]);
    const entry = (await auditOf(t, ids[3]!)).at(-1)!;
    expect(entry.action).toBe('RESERVATION_MOVED');
    expect(JSON.parse(entry.after!)).toEqual({ position: 1, reason: 'Course reading for an exam' });
    expect(JSON.parse(entry.before!)).toEqual({ position: 4 });
    // Down again.
    const down = (await act(t, desk, ids[3]!, 'move', { position: 3, reason: 'Exam moved' })).json() as { waiting: { id: number }[] };
    expect(down.waiting.map((r) => r.id)).toEqual([ids[0], ids[1], ids[3], ids[2]]);
  });

  test.each([
    [{ position: 1 }, { reason: ['Give a reason for changing the queue.'] }],
    [{ position: 1, reason: '   ' }, { reason: ['Give a reason for changing the queue.'] }],
    [{ position: 1, reason: 'x'.repeat(201) }, { reason: ['Ensure this field has no more than 200 characters.'] }],
    [{ position: 5, reason: 'Priority' }, { position: ['Enter a position from 1 to 2.'] }],
    [{ position: 0, reason: 'Priority' }, { position: ['Enter a position from 1 to 2.'] }],
    [{ position: 'first', reason: 'Priority' }, { position: ['A valid integer is required.'] }],
    [{ reason: 'Priority' }, { position: ['This field is required.'] }],
  ])('refuses %j (nothing moves)', async (body, errors) => {
    const book = await addBook(t, `Hold Move Refused ${++seq}`, 0);
    const a = await reserved(t, await reader(), { book });
    const b = await reserved(t, await reader(), { book });
    const answer = await act(t, desk, b, 'move', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(errors);
    expect((await reservationRow(t, a)).queue_rank).toBeLessThan((await reservationRow(t, b)).queue_rank);
  });

  test('only a pending reservation moves', async () => {
    const book = await addBook(t, 'Hold Move Held', 1);
    const id = await reserved(t, await reader(), { book });
    await act(t, desk, id, 'fulfill');
    expect((await act(t, desk, id, 'move', { position: 1, reason: 'Priority' })).json()).toEqual({ detail: 'Only pending reservations can be moved.' });
  });
});

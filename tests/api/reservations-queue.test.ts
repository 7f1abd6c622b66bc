/**
 * The reservation queue: reserving (the refusals, in the member's and staff's words, and the
 * race of two identical reservations), positions and queue lengths in queue order, a member's
 * isolation (list, get, cancel of another's), fulfilling only the first in line and only with a
 * copy, and cancelling (a held copy passes to the next in line or back to the shelf).
 */
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { actor, type Actor, addBook, desk, issue, member, stock, t, today, useDeskApp } from './support/circulation.js';
import { act, auditOf, noticesOf, read, reservationRow, reserve, reserved } from './support/reservations.js';
import { readNoticeSettings } from '../../server/src/modules/notices/settings-store.js';

let seq = 0;

useDeskApp();

/** A fresh signed-in member. */
const reader = async (): Promise<Actor> => actor(t, `queue.reader.${++seq}`);

describe('reserving', () => {
  test('a member reserves for himself: PENDING, at the end of the queue, audited', async () => {
    const book = await addBook(t, 'Queue First', 1);
    const [a, b] = [await reader(), await reader()];
    const first = await reserve(t, a, { book, notes: 'Chapter 3 please' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ book, book_title: 'Queue First', user: a.id, status: 'PENDING', position: 1, queue_length: 1, hold_until: null, notes: 'Chapter 3 please', loan_id: null, available_copies: 1 });
    expect(first.json().member).toMatchObject({ id: a.id, full_name: expect.stringContaining('Test') });
    const second = (await reserve(t, b, { book })).json();
    expect(second).toMatchObject({ status: 'PENDING', position: 2, queue_length: 2 });
    expect((await auditOf(t, second.id)).map((e) => e.action)).toEqual(['RESERVATION_CREATED']);
    // The first one now sees the longer queue too.
    expect((await read(t, a, `/books/reservations/${first.json().id}/`)).json()).toMatchObject({ position: 1, queue_length: 2 });
  });

  test('staff reserve for a member, who must be named', async () => {
    const book = await addBook(t, 'Queue Staff', 1);
    const who = await member(t, `queue.staffed.${++seq}`);
    expect((await reserve(t, desk, { book })).json()).toEqual({ member: ['This field is required.'] });
    const made = await reserve(t, desk, { book, member: who });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ user: who, position: 1 });
  });

  test.each([
    ['unknown book', 'member', { book: 999999 }, { book: ['Book not found.'] }],
    ['notes too long', 'member', { notes: 'x'.repeat(501) }, { notes: ['Ensure this field has no more than 500 characters.'] }],
    ['unknown member', 'staff', { member: 999999 }, { member: ['Member not found.'] }],
    ['a member that is not an id', 'staff', { member: -1 }, { member: ['A valid integer is required.'] }],
    ['a staff account as the member', 'staff', { member: 'desk' }, { member: ['A valid integer is required.'] }],
  ] as const)('refuses %s (nothing written)', async (_name, who, extra, errors) => {
    const book = await addBook(t, `Queue Refusal ${++seq}`, 1);
    const by = who === 'member' ? await reader() : desk;
    const before = await t.db.selectFrom('reservations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const response = await reserve(t, by, { book, ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await t.db.selectFrom('reservations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  test('refuses an inactive member', async () => {
    const book = await addBook(t, 'Queue Inactive', 1);
    const who = await member(t, `queue.disabled.${++seq}`, 'disabled');
    expect((await reserve(t, desk, { book, member: who })).json()).toEqual({ member: ["This member's account is not active."] });
  });

  test('refuses a second active reservation of the same title, in his words and in staff words', async () => {
    const book = await addBook(t, 'Queue Twice', 1);
    const a = await reader();
    await reserved(t, a, { book });
    const again = await reserve(t, a, { book });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ book: ['You already have an active reservation for this book.'] });
    expect((await reserve(t, desk, { book, member: a.id })).json()).toEqual({ book: ['This member already has an active reservation for this book.'] });
  });

  test('two identical reservations at once: one 201, one 400, one row', async () => {
    const book = await addBook(t, 'Queue Race', 1);
    const a = await reader();
    const answers = await Promise.all([reserve(t, a, { book }), reserve(t, a, { book })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json()).toEqual({ book: ['You already have an active reservation for this book.'] });
    const rows = await t.db.selectFrom('reservations').select('id').where('book_id', '=', book).where('member_id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
  });

  test('refuses a title he holds (an open loan), in his words and in staff words', async () => {
    const book = await addBook(t, 'Queue Held', 2);
    const a = await reader();
    expect((await issue(t, desk, { book, member: a.id })).statusCode).toBe(201);
    expect((await reserve(t, a, { book })).json()).toEqual({ book: ['You already have this book issued and not yet returned.'] });
    expect((await reserve(t, desk, { book, member: a.id })).json()).toEqual({ book: ['This member already has this book issued and not yet returned.'] });
  });

  test('refuses a title lost or written off', async () => {
    const book = await addBook(t, 'Queue Lost', 1);
    await t.db.updateTable('books').set({ status: 'LOST', total_copies: 0, available_copies: 0 }).where('id', '=', book).execute();
    expect((await reserve(t, await reader(), { book })).json()).toEqual({ book: ['This book is lost or written off and cannot be reserved.'] });
  });

  test('a cancelled reservation does not stop a new one', async () => {
    const book = await addBook(t, 'Queue Again', 1);
    const a = await reader();
    const id = await reserved(t, a, { book });
    expect((await act(t, a, id, 'cancel')).statusCode).toBe(200);
    expect((await reserve(t, a, { book })).statusCode).toBe(201);
  });
});

describe('positions', () => {
  test('follow the queue rank, then the id; a cancelled one leaves the queue and those behind move up', async () => {
    const book = await addBook(t, 'Queue Positions', 0);
    const members = [await reader(), await reader(), await reader(), await reader()];
    const ids: number[] = [];
    for (const m of members) ids.push(await reserved(t, m, { book }));
    // Equal ranks fall back to the id: the older one first.
    await t.db.updateTable('reservations').set({ queue_rank: 7 }).where('id', 'in', [ids[2]!, ids[3]!]).execute();
    await t.db.updateTable('reservations').set({ queue_rank: 9 }).where('id', '=', ids[0]!).execute();
    const list = (await read(t, desk, `/books/reservations/?book=${book}&ordering=position`)).json() as { id: number; position: number; queue_length: number }[];
    expect(list.map((r) => [r.id, r.position, r.queue_length])).toEqual([
      [ids[1], 1, 4],
      [ids[2], 2, 4],
      [ids[3], 3, 4],
      [ids[0], 4, 4],
    ]);
    // A cancelled one leaves the queue: those behind move up, its own position is null.
    await act(t, desk, ids[2]!, 'cancel', { reason: 'Asked by phone' });
    const after = (await read(t, desk, `/books/reservations/?book=${book}&ordering=position`)).json() as { id: number; position: number | null; queue_length: number; status: string }[];
    expect(after.map((r) => [r.id, r.position, r.queue_length])).toEqual([
      [ids[1], 1, 3],
      [ids[3], 2, 3],
      [ids[0], 3, 3],
      [ids[2], null, 3],
    ]);
  });

  test('a new reservation goes after the highest rank of its title', async () => {
    const book = await addBook(t, 'Queue Rank', 0);
    const a = await reserved(t, await reader(), { book });
    await t.db.updateTable('reservations').set({ queue_rank: 40 }).where('id', '=', a).execute();
    const b = await reserved(t, await reader(), { book });
    expect((await reservationRow(t, b)).queue_rank).toBe(41);
  });
});

describe('member isolation', () => {
  test("a member lists and reads only his own; another's is 404 to read and to cancel", async () => {
    const book = await addBook(t, 'Queue Private', 1);
    const [a, b] = [await reader(), await reader()];
    const mine = await reserved(t, a, { book });
    const theirs = await reserved(t, b, { book });
    const list = (await read(t, a, '/books/reservations/')).json() as { id: number; user: number }[];
    expect(list.map((r) => r.id)).toEqual([mine]);
    // Asking for another member's by filter still answers only his own.
    expect(((await read(t, a, `/books/reservations/?member=${b.id}`)).json() as unknown[]).length).toBe(0);
    expect((await read(t, a, `/books/reservations/${theirs}/`)).statusCode).toBe(404);
    expect((await act(t, a, theirs, 'cancel')).statusCode).toBe(404);
    expect((await reservationRow(t, theirs)).status).toBe('PENDING');
    expect((await read(t, a, `/books/reservations/by-member/${b.id}/`)).statusCode).toBe(403);
    expect(((await read(t, a, `/books/reservations/by-member/${a.id}/`)).json() as { id: number }[]).map((r) => r.id)).toEqual([mine]);
  });

  test('staff list everything, filtered by status, member, book and search, paged', async () => {
    const book = await addBook(t, 'Queue Searchable Zebra', 1);
    const a = await reader();
    const id = await reserved(t, a, { book });
    const found = (await read(t, desk, '/books/reservations/?search=searchable%20zeb')).json() as { id: number }[];
    expect(found.map((r) => r.id)).toEqual([id]);
    const byUser = (await read(t, desk, `/books/reservations/?search=${encodeURIComponent(`queue.reader.${seq}`)}&status=active`)).json() as { id: number }[];
    expect(byUser.map((r) => r.id)).toEqual([id]);
    expect(((await read(t, desk, `/books/reservations/?member=${a.id}&status=CANCELLED`)).json() as unknown[]).length).toBe(0);
    const paged = (await read(t, desk, '/books/reservations/?page=1&page_size=2')).json();
    expect(paged.results).toHaveLength(2);
    expect(paged.count).toBeGreaterThan(2);
    expect(paged.next).toContain('page=2');
  });
});

describe('fulfil', () => {
  test('only the first in line, and only while a copy is on the shelf', async () => {
    const book = await addBook(t, 'Queue Fulfil', 1);
    const [a, b, c] = [await reader(), await reader(), await reader()];
    const first = await reserved(t, a, { book });
    await reserved(t, b, { book });
    const third = await reserved(t, c, { book });
    const ahead = await act(t, desk, third, 'fulfill');
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toEqual({ detail: '2 members are ahead in the queue for this title; move this reservation up first.' });

    const done = await act(t, desk, first, 'fulfill');
    expect(done.statusCode).toBe(200);
    const holdUntil = addDays(today, 3);
    expect(done.json()).toMatchObject({ detail: 'Reservation fulfilled and user will be notified', reservation: { id: first, status: 'FULFILLED', hold_until: holdUntil, position: null, queue_length: 2, available_copies: 0 } });
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 1 });
    const notices = await noticesOf(t, a.id, 'reservation_ready');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Ready for pickup: Queue Fulfil');
    const mail = await t.db.selectFrom('notification_log').select(['status', 'body_text']).where('user_id', '=', a.id).where('channel', '=', 'email').executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('Please pick it up by');
    expect((await auditOf(t, first)).map((e) => e.action)).toEqual(['RESERVATION_CREATED', 'RESERVATION_FULFILLED']);

    expect((await act(t, desk, first, 'fulfill')).json()).toEqual({ detail: 'Only pending reservations can be fulfilled.' });
    // b is now first, but the only copy is held for a.
    const second = (await read(t, desk, `/books/reservations/?book=${book}&status=PENDING&ordering=position`)).json() as { id: number }[];
    const none = await act(t, desk, second[0]!.id, 'fulfill');
    expect(none.json()).toEqual({ detail: 'No available copies; this reservation cannot be fulfilled yet.' });
    expect((await reservationRow(t, second[0]!.id)).status).toBe('PENDING');
    expect(await stock(t, book)).toMatchObject({ available_copies: 0 });
  });

  test("the pickup date follows the notification settings' hold_pickup_days", async () => {
    await readNoticeSettings(t.db);
    await t.db.updateTable('notification_settings').set({ hold_pickup_days: 7 }).execute();
    try {
      const book = await addBook(t, 'Queue Pickup Days', 1);
      const id = await reserved(t, await reader(), { book });
      expect((await act(t, desk, id, 'fulfill')).json().reservation.hold_until).toBe(addDays(today, 7));
    } finally {
      await t.db.updateTable('notification_settings').set({ hold_pickup_days: 3 }).execute();
    }
  });

  test('one member ahead is said in the singular', async () => {
    const book = await addBook(t, 'Queue Singular', 1);
    await reserved(t, await reader(), { book });
    const second = await reserved(t, await reader(), { book });
    expect((await act(t, desk, second, 'fulfill')).json()).toEqual({ detail: '1 member is ahead in the queue for this title; move this reservation up first.' });
  });
});

describe('cancel', () => {
  test('a pending one by its member: CANCELLED with the reason audited, nothing else moves', async () => {
    const book = await addBook(t, 'Queue Cancel', 1);
    const a = await reader();
    const id = await reserved(t, a, { book });
    const answer = await act(t, a, id, 'cancel', { reason: 'Bought it' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id, status: 'CANCELLED', position: null });
    const entry = (await auditOf(t, id)).at(-1)!;
    expect(entry.action).toBe('RESERVATION_CANCELLED');
    expect(JSON.parse(entry.after!)).toMatchObject({ status: 'CANCELLED', reason: 'Bought it' });
    expect(await stock(t, book)).toMatchObject({ available_copies: 1 });
    expect((await act(t, a, id, 'cancel')).json()).toEqual({ detail: 'Only pending or ready reservations can be cancelled.' });
  });

  test('a held one passes its copy to the next in line (notified), and the last one back to the shelf', async () => {
    const book = await addBook(t, 'Queue Pass', 1);
    const [a, b] = [await reader(), await reader()];
    const first = await reserved(t, a, { book });
    const second = await reserved(t, b, { book });
    await act(t, desk, first, 'fulfill');
    expect((await act(t, desk, first, 'cancel', { reason: 'Not collected by phone request' })).json()).toMatchObject({ status: 'CANCELLED' });
    expect(await reservationRow(t, second)).toMatchObject({ status: 'FULFILLED', hold_until: addDays(today, 3) });
    expect(await noticesOf(t, b.id, 'reservation_ready')).toHaveLength(1);
    expect(await stock(t, book)).toMatchObject({ available_copies: 0 });
    await act(t, b, second, 'cancel');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 1 });
  });
});

import { beforeAll, describe, expect, test } from 'vitest';
import { addDays, formatDate } from '#shared/dates';
import { postJson } from './support/harness.js';
import { actor, addBook, desk, member, onlyInRole, t, today, useDeskApp, type Actor } from './support/circulation.js';

useDeskApp();

let reader: Actor;
let rank = 0;

beforeAll(async () => {
  reader = await actor(t, 'reader');
});

/** Members waiting for a title (PENDING reservations, in queue order). */
async function waitFor(bookId: number, memberIds: number[]): Promise<void> {
  const now = new Date().toISOString();
  for (const memberId of memberIds) {
    rank += 1;
    await t.db.insertInto('reservations').values({ book_id: bookId, member_id: memberId, status: 'PENDING', queue_rank: rank, hold_until: null, loan_id: null, copy_id: null, notes: null, created_at: now, updated_at: now }).execute();
  }
}

/** Gives a title's copies call numbers and shelves, in accession order. */
async function shelve(bookId: number, places: [callNumber: string | null, shelf: string | null][]): Promise<{ id: number; accession_no: string }[]> {
  const copies = await t.db.selectFrom('copies').select(['id', 'accession_no']).where('book_id', '=', bookId).orderBy('accession_no').execute();
  for (const [i, [call_number, shelf_location]] of places.entries()) await t.db.updateTable('copies').set({ call_number, shelf_location }).where('id', '=', copies[i]!.id).execute();
  return copies;
}

const toPull = (query = '', by: Actor = desk) => t.app.inject({ method: 'GET', url: `/books/reservations/to-pull/${query}`, headers: by.headers });

describe('GET /books/reservations/to-pull/', () => {
  test('lists titles with waiting holds and shelved copies in call-number then shelf order, at most as many copies as members wait', async () => {
    const members = await Promise.all(['w1', 'w2', 'w3'].map((u) => member(t, u)));
    const zoology = await addBook(t, 'Zoology Today', 3);
    const algebra = await addBook(t, 'Algebra Basics', 2);
    const physics = await addBook(t, 'Physics Now', 2);
    const uncatalogued = await addBook(t, 'Loose Pages', 1);
    const nobodyWaits = await addBook(t, 'Quiet Shelf', 1);
    const allOut = await addBook(t, 'All Out', 1);
    const z = await shelve(zoology, [['590 ZOO', 'B-2'], ['590 ZOO', 'B-1'], ['590 ZOO', 'B-3']]);
    await shelve(algebra, [['512 ALG', 'A-1'], ['512 ALG', 'A-1']]);
    await shelve(physics, [['530 PHY', 'A-9'], [null, null]]);
    await shelve(nobodyWaits, [['100 QUI', 'A-1']]);
    await shelve(allOut, [['001 OUT', 'A-1']]);
    await t.db.updateTable('copies').set({ status: 'ON_LOAN' }).where('book_id', '=', allOut).execute();
    await waitFor(zoology, members.slice(0, 2));
    await waitFor(algebra, members.slice(0, 1));
    await waitFor(physics, members);
    await waitFor(uncatalogued, members.slice(0, 1));
    await waitFor(allOut, members.slice(0, 1));

    const answer = await toPull();
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.count).toBe(4);
    expect(body.results.map((r: { book: { title: string } }) => r.book.title)).toEqual(['Algebra Basics', 'Physics Now', 'Zoology Today', 'Loose Pages']);
    const [alg, phy, zoo] = body.results;
    expect(alg).toMatchObject({ book: { id: algebra, title: 'Algebra Basics', author: 'Author of Algebra Basics' }, waiting: 1 });
    expect(alg.copies).toHaveLength(1);
    expect(phy.waiting).toBe(3);
    expect(phy.copies.map((c: { call_number: string | null }) => c.call_number)).toEqual(['530 PHY', null]);
    expect(zoo.copies).toEqual([
      { id: z[1]!.id, accession_no: z[1]!.accession_no, call_number: '590 ZOO', shelf_location: 'B-1' },
      { id: z[0]!.id, accession_no: z[0]!.accession_no, call_number: '590 ZOO', shelf_location: 'B-2' },
    ]);
  });

  test('pages within a bound, and needs view_bookreservation', async () => {
    const page = (await toPull('?page=2&page_size=2')).json();
    expect(page.count).toBe(4);
    expect(page.results.map((r: { book: { title: string } }) => r.book.title)).toEqual(['Zoology Today', 'Loose Pages']);
    expect((await toPull('?page_size=201')).statusCode).toBe(400);
    expect((await toPull('?page=0')).statusCode).toBe(400);
    expect((await toPull('', reader)).statusCode).toBe(403);
    const clerk = await actor(t, 'clerk', 'MANAGER');
    await onlyInRole(t, clerk.id, 'Issue only', ['add_bookissuance']);
    expect((await toPull('', clerk)).statusCode).toBe(403);
  });
});

describe('POST /circulation/loan-slip/', () => {
  let loans: number[] = [];
  let accessions: string[] = [];

  beforeAll(async () => {
    const now = new Date().toISOString();
    for (const [title, days] of [['Moby-Dick', 14], ['Emma', 7]] as const) {
      const book = await addBook(t, title, 1);
      const copy = await t.db.selectFrom('copies').select(['id', 'accession_no']).where('book_id', '=', book).executeTakeFirstOrThrow();
      const loan = await t.db
        .insertInto('loans')
        .values({ book_id: book, member_id: reader.id, copy_id: copy.id, issue_date: today, due_date: addDays(today, days), returned_at: null, issued_by: desk.id, returned_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      loans.push(loan.id);
      accessions.push(copy.accession_no);
    }
  });

  const slip = (body: unknown, by: Actor = desk) => postJson(t.app, '/circulation/loan-slip/', body, by.headers);
  const slipNotices = () => t.db.selectFrom('notification_log').select(['channel', 'body_text']).where('user_id', '=', reader.id).where('notice_type', '=', 'loan_slip').execute();

  test('mails the member his loans, one per line with the copy and the due date, and audits it', async () => {
    const answer = await slip({ member: reader.id, loans });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ detail: 'The loan slip was sent to the member.' });
    const { date_format } = await t.db.selectFrom('library_settings').select('date_format').executeTakeFirstOrThrow();
    const notices = await slipNotices();
    expect(notices.map((n) => n.channel).sort()).toEqual(['email', 'in_app']);
    const email = notices.find((n) => n.channel === 'email')!;
    expect(email.body_text).toContain(
      `"Moby-Dick" (${accessions[0]}), due ${formatDate(addDays(today, 14), date_format)}\n"Emma" (${accessions[1]}), due ${formatDate(addDays(today, 7), date_format)}`,
    );
    const audit = await t.db.selectFrom('audit_log').select(['after', 'user_id']).where('action', '=', 'LOAN_SLIP_MAILED').where('entity_id', '=', String(reader.id)).executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(desk.id);
    expect(JSON.parse(audit.after!)).toEqual({ loans });
  });

  test('refuses loans of another member, bad lists and callers without add_bookissuance, sending nothing', async () => {
    const before = (await slipNotices()).length;
    const other = await member(t, 'other');
    const foreign = await slip({ member: other, loans: [loans[0]] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ loans: [`Loan ${loans[0]} is not a loan of this member.`] });
    expect((await slip({ member: reader.id, loans: [] })).json()).toEqual({ loans: ['This list may not be empty.'] });
    expect((await slip({ member: reader.id, loans: Array.from({ length: 101 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await slip({ member: reader.id, loans: ['x'] })).statusCode).toBe(400);
    expect((await slip({ member: reader.id })).json()).toEqual({ loans: ['This field is required.'] });
    expect((await slip({ member: 999_999, loans })).json()).toHaveProperty('member');
    expect((await slip({ member: reader.id, loans }, reader)).statusCode).toBe(403);
    expect((await slipNotices()).length).toBe(before);
  });
});

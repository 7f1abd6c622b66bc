/**
 * Circulation blocks: each block condition of Book Settings (fines owed, overdue loans, days
 * overdue, an expired membership) and the two that always apply (the account, the loan limit), the
 * block list, an issue refused without an override (nothing written), refused with a reason but
 * without the override permission (403), let through with both (audited once, in the issue's
 * transaction); renewals (staff override, a member renewing his own is refused) and a reservation's
 * pickup held to the same blocks; the desk's member panel in one answer, its query count the same
 * for one loan and for 500.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { addDays } from '#shared/dates';
import { addCharge } from '../../server/src/modules/fines/ledger.js';
import { deskMemberPanel } from '../../server/src/modules/circulation/desk-panel.js';
import { postJson } from './support/harness.js';
import { act, read, reservationRow, reserved } from './support/reservations.js';
import { actor, type Actor, addBook, desk, issue, member, onlyInRole, rowCount, t, today, useDeskApp } from './support/circulation.js';

useDeskApp();

let seq = 0;
/** A clerk who issues and renews but may not override; a supervisor who may. */
let clerk: Actor;
let supervisor: Actor;

beforeAll(async () => {
  clerk = await actor(t, 'blocks.clerk', 'MANAGER');
  await onlyInRole(t, clerk.id, 'Desk clerk', ['view_bookissuance', 'add_bookissuance', 'change_bookissuance', 'view_bookreservation', 'change_bookreservation']);
  supervisor = await actor(t, 'blocks.supervisor', 'MANAGER');
  await onlyInRole(t, supervisor.id, 'Desk supervisor', ['view_bookissuance', 'add_bookissuance', 'change_bookissuance', 'override_circulation_block']);
});

/** The block conditions back to the library's defaults after each test. */
afterEach(async () => {
  await t.db.updateTable('library_settings').set({ block_fines_over: 0, block_overdue_count: null, block_overdue_days: null, block_membership_expired: 1 }).execute();
});

const blockSettings = (values: { block_fines_over?: number; block_overdue_count?: number | null; block_overdue_days?: number | null; block_membership_expired?: number }) =>
  t.db.updateTable('library_settings').set(values).execute();

/** A fresh member, signed in. */
async function reader(): Promise<Actor> {
  seq += 1;
  return actor(t, `blocks.reader.${seq}`);
}

/** Lends him a new title due `dueIn` days from today (negative: overdue); answers the loan id. */
async function lend(who: number, dueIn = 7): Promise<number> {
  seq += 1;
  const response = await issue(t, desk, { book: await addBook(t, `Blocks ${seq}`), member: who, issue_date: addDays(today, -30), due_date: addDays(today, dueIn) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const owe = (memberId: number, amount: number) => addCharge(t.db, { memberId, feeType: 'manual', amount, note: 'Test charge' });
const blocksOf = (by: Actor, memberId: number | string) => read(t, by, `/circulation/blocks/?member=${memberId}`);
const overrides = (loanId: number) =>
  t.db.selectFrom('audit_log').select(['user_id', 'after']).where('action', '=', 'CIRCULATION_BLOCK_OVERRIDDEN').where('entity', '=', 'loan').where('entity_id', '=', String(loanId)).execute();

describe('each block, as the block list names it', () => {
  const cases: [string, (who: number) => Promise<void>, { code: string; reason: string }][] = [
    [
      'fines owed over the limit',
      async (who) => {
        await blockSettings({ block_fines_over: 50000 });
        await owe(who, 125000);
      },
      { code: 'fines', reason: 'Owes Rs. 1,250.00 — over the Rs. 500.00 limit.' },
    ],
    [
      'more overdue loans than allowed',
      async (who) => {
        await blockSettings({ block_overdue_count: 1 });
        await lend(who, -1);
        await lend(who, -2);
      },
      { code: 'overdue_count', reason: 'Has 2 overdue loans — more than 1 is not allowed.' },
    ],
    [
      'a loan overdue by more days than allowed',
      async (who) => {
        await blockSettings({ block_overdue_days: 3 });
        await lend(who, -5);
      },
      { code: 'overdue_days', reason: 'A loan is 5 days overdue — more than 3 days is not allowed.' },
    ],
    [
      'an expired membership',
      async (who) => {
        await t.db.updateTable('member_profiles').set({ membership_expires: addDays(today, -1) }).where('user_id', '=', who).execute();
      },
      { code: 'membership_expired', reason: expect.stringMatching(/^Membership expired on .+\.$/) as unknown as string },
    ],
    [
      'a disabled account',
      async (who) => {
        await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', who).execute();
      },
      { code: 'account', reason: "This member's account is not active." },
    ],
    [
      'the loan limit (book settings: 3)',
      async (who) => {
        for (let i = 0; i < 3; i += 1) await lend(who);
      },
      { code: 'loan_limit', reason: 'This member already has 3 books issued. Max allowed is 3.' },
    ],
  ];

  test.each(cases)('%s: listed, and the issue refused with it, nothing written', async (_name, setUp, block) => {
    const who = await reader();
    await setUp(who.id);
    const listed = await blocksOf(clerk, who.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ member: who.id, blocks: [block], can_override: false });
    const [loans, audits] = [await rowCount(t, 'loans'), await rowCount(t, 'audit_log')];
    const refused = await issue(t, clerk, { book: await addBook(t, `Refused ${seq}`), member: who.id });
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as { member: string[]; blocks: { code: string; reason: string }[] };
    expect(body).toEqual({ member: [body.blocks[0]!.reason], blocks: [block] });
    expect(await rowCount(t, 'loans')).toBe(loans);
    expect(await rowCount(t, 'audit_log')).toBe(audits);
  });

  test('conditions left at their defaults block nothing (fines owed alone do not, without a limit)', async () => {
    const who = await reader();
    await owe(who.id, 125000);
    await lend(who.id, -10);
    expect((await blocksOf(supervisor, who.id)).json()).toEqual({ member: who.id, blocks: [], can_override: true });
  });
});

describe('the block list', () => {
  test('needs a loan reader: a member is refused, and so is staff without one', async () => {
    const who = await reader();
    expect((await blocksOf(who, who.id)).statusCode).toBe(403);
    const stranger = await actor(t, 'blocks.stranger', 'MANAGER');
    await onlyInRole(t, stranger.id, 'No loans', ['view_book']);
    expect((await blocksOf(stranger, who.id)).statusCode).toBe(403);
  });

  test('an unknown member is 404; no member or a bad one is 400', async () => {
    expect((await blocksOf(desk, 999999)).statusCode).toBe(404);
    expect((await blocksOf(desk, desk.id)).statusCode).toBe(404);
    expect((await read(t, desk, '/circulation/blocks/')).json()).toEqual({ member: ['This field is required.'] });
    expect((await blocksOf(desk, 'x')).statusCode).toBe(400);
  });

  test('the SUPER USER may override', async () => {
    const who = await reader();
    expect((await blocksOf(desk, who.id)).json()).toMatchObject({ can_override: true });
  });
});

describe('overriding a block at the issue', () => {
  let who: Actor;
  beforeAll(async () => {
    who = await reader();
    await t.db.updateTable('member_profiles').set({ membership_expires: addDays(today, -10) }).where('user_id', '=', who.id).execute();
  });

  test('a reason without the override permission → 403, nothing written', async () => {
    const [loans, audits] = [await rowCount(t, 'loans'), await rowCount(t, 'audit_log')];
    const refused = await issue(t, clerk, { book: await addBook(t, 'Override refused'), member: who.id, override_reason: 'Exam tomorrow' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to override circulation blocks.' });
    expect(await rowCount(t, 'loans')).toBe(loans);
    expect(await rowCount(t, 'audit_log')).toBe(audits);
  });

  test('a reason from a holder of the permission: issued, the override audited once with the blocks and the reason', async () => {
    const issued = await issue(t, supervisor, { book: await addBook(t, 'Override granted'), member: who.id, override_reason: '  Exam tomorrow  ' });
    expect(issued.statusCode).toBe(201);
    const loanId = (issued.json() as { id: number }).id;
    const trail = await overrides(loanId);
    expect(trail).toHaveLength(1);
    expect(trail[0]!.user_id).toBe(supervisor.id);
    expect(JSON.parse(trail[0]!.after!)).toEqual({ blocks: [{ code: 'membership_expired', reason: expect.stringContaining('Membership expired on') }], reason: 'Exam tomorrow', action: 'issue' });
  });

  test('a member without blocks is issued whatever the reason, and nothing is audited as an override', async () => {
    const free = await reader();
    const issued = await issue(t, clerk, { book: await addBook(t, 'No block'), member: free.id, override_reason: 'Not needed' });
    expect(issued.statusCode).toBe(201);
    expect(await overrides((issued.json() as { id: number }).id)).toHaveLength(0);
  });

  test.each([
    ['blank', '   ', 'Give a reason for the override.'],
    ['too long', 'x'.repeat(201), 'Ensure this field has no more than 200 characters.'],
    ['not text', 5, 'Not a valid string.'],
    ['a control character', 'Exam\u0007tomorrow', expect.any(String)],
  ])('an override reason %s → 400 naming override_reason, nothing written', async (_name, reason, message) => {
    const loans = await rowCount(t, 'loans');
    const refused = await issue(t, supervisor, { book: await addBook(t, `Bad reason ${seq++}`), member: who.id, override_reason: reason });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ override_reason: [message] });
    expect(await rowCount(t, 'loans')).toBe(loans);
  });
});

describe('renewals', () => {
  test('a blocked member is refused a renewal at the desk and by himself; staff with the permission override it', async () => {
    const who = await reader();
    const loan = await lend(who.id, 2);
    await blockSettings({ block_fines_over: 1000 });
    await owe(who.id, 5000);
    const renew = (by: Actor, body: Record<string, unknown> = {}) => postJson(t.app, `/books/issued-books/${loan}/renew/`, body, by.headers);
    const expected = { member: ['Owes Rs. 50.00 — over the Rs. 10.00 limit.'], blocks: [{ code: 'fines', reason: 'Owes Rs. 50.00 — over the Rs. 10.00 limit.' }] };
    const atDesk = await renew(clerk);
    expect(atDesk.statusCode).toBe(400);
    expect(atDesk.json()).toEqual(expected);
    const himself = await renew(who, { override_reason: 'Please' });
    expect(himself.statusCode).toBe(400);
    expect(himself.json()).toEqual(expected);
    expect((await renew(clerk, { override_reason: 'Class project' })).statusCode).toBe(403);
    const { due_date: before } = await t.db.selectFrom('loans').select('due_date').where('id', '=', loan).executeTakeFirstOrThrow();
    expect(before).toBe(addDays(today, 2));
    const renewed = await renew(supervisor, { override_reason: 'Class project' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ id: loan, renewals: 1 });
    const trail = await overrides(loan);
    expect(trail.map((row) => JSON.parse(row.after!))).toEqual([{ blocks: expected.blocks, reason: 'Class project', action: 'renew' }]);
  });

  test('the loan limit does not block a renewal', async () => {
    const who = await reader();
    const loans = [await lend(who.id), await lend(who.id), await lend(who.id)];
    expect((await postJson(t.app, `/books/issued-books/${loans[0]}/renew/`, {}, clerk.headers)).statusCode).toBe(200);
  });

  test('renew-all: refused whole without an override, each renewed loan audited with one', async () => {
    const who = await reader();
    const loans = [await lend(who.id, 1), await lend(who.id, 3)];
    await t.db.updateTable('member_profiles').set({ membership_expires: addDays(today, -1) }).where('user_id', '=', who.id).execute();
    const refused = await postJson(t.app, '/books/issued-books/renew-all/', { member: who.id }, clerk.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ blocks: [{ code: 'membership_expired' }] });
    expect((await postJson(t.app, '/books/issued-books/renew-all/', {}, who.headers)).statusCode).toBe(400);
    const done = await postJson(t.app, '/books/issued-books/renew-all/', { member: who.id, override_reason: 'Renewing at the desk' }, supervisor.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ detail: 'Renewed 2 of 2 loans.' });
    for (const loan of loans) expect(await overrides(loan)).toHaveLength(1);
  });
});

describe('a reservation pickup', () => {
  test('is held to the blocks: refused without an override, the copy still held; issued with one, audited', async () => {
    const who = await reader();
    const book = await addBook(t, 'Held for a blocked member');
    const id = await reserved(t, who, { book });
    expect((await act(t, desk, id, 'fulfill')).statusCode).toBe(200);
    await blockSettings({ block_overdue_days: 0 });
    await lend(who.id, -1);
    const refused = await act(t, clerk, id, 'issue');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ member: ['A loan is 1 day overdue — more than 0 days is not allowed.'], blocks: [{ code: 'overdue_days', reason: 'A loan is 1 day overdue — more than 0 days is not allowed.' }] });
    expect((await reservationRow(t, id)).status).toBe('FULFILLED');
    expect((await act(t, clerk, id, 'issue', { override_reason: 'He returns it today' })).statusCode).toBe(403);
    expect((await act(t, supervisor, id, 'issue', { override_reason: 'x'.repeat(201) })).statusCode).toBe(400);
    const issued = await act(t, supervisor, id, 'issue', { override_reason: 'He returns it today' });
    expect(issued.statusCode).toBe(201);
    const loanId = (issued.json() as { issuance_id: number }).issuance_id;
    expect((await reservationRow(t, id)).status).toBe('ISSUED');
    expect(await overrides(loanId)).toHaveLength(1);
  });
});

describe("the desk's member panel", () => {
  const panelOf = (by: Actor, id: number | string) => read(t, by, `/circulation/desk/members/${id}/`);

  test('answers the member, his plan and membership, his loans, holds ready and waiting, what he owes and his blocks', async () => {
    const who = await reader();
    const overdueLoan = await lend(who.id, -4);
    await t.db.updateTable('member_profiles').set({ membership_start: addDays(today, -400), membership_expires: addDays(today, -2) }).where('user_id', '=', who.id).execute();
    await owe(who.id, 70000);
    await blockSettings({ block_fines_over: 50000 });
    const heldBook = await addBook(t, 'Ready for pickup');
    const ready = await reserved(t, who, { book: heldBook });
    await act(t, desk, ready, 'fulfill');
    const outBook = await addBook(t, 'All out');
    const other = await reader();
    await lend(other.id);
    await t.db.updateTable('loans').set({ book_id: outBook }).where('member_id', '=', other.id).execute();
    await reserved(t, who, { book: outBook });

    const answer = await panelOf(clerk, who.id);
    expect(answer.statusCode).toBe(200);
    const panel = answer.json();
    expect(panel.member).toEqual({
      id: who.id,
      username: expect.stringMatching(/^blocks\.reader\.\d+$/),
      full_name: expect.stringContaining('Test blocks.reader.'),
      member_id: expect.any(String),
      email: expect.stringContaining('@example.test'),
      photo_url: null,
      state: 'active',
      plan: { id: expect.any(Number), name: expect.any(String), loan_limit: 3, loan_period_days: expect.any(Number), fine_per_day: expect.any(String), fee: expect.any(String), validity_months: expect.any(Number) },
      membership_start: addDays(today, -400),
      membership_expires: addDays(today, -2),
      membership_standing: 'expired',
    });
    expect(panel.loans).toEqual([expect.objectContaining({ issue_id: overdueLoan, overdue: true, late_days: 4 })]);
    expect(panel.holds_ready).toEqual([{ reservation_id: ready, book: { id: heldBook, title: 'Ready for pickup' }, copy: { id: expect.any(Number), accession_no: expect.any(String) }, hold_until: expect.any(String) }]);
    expect(panel.holds_waiting).toBe(1);
    expect(panel.owed).toBe('700.00');
    expect(panel.blocks.map((block: { code: string }) => block.code)).toEqual(['membership_expired', 'fines']);
    expect(panel.can_override).toBe(false);
    expect((await panelOf(supervisor, who.id)).json().can_override).toBe(true);
  });

  test('404 for no member, 403 for a member or staff who read no loans', async () => {
    expect((await panelOf(desk, 999999)).statusCode).toBe(404);
    expect((await panelOf(desk, desk.id)).statusCode).toBe(404);
    const who = await reader();
    expect((await panelOf(who, who.id)).statusCode).toBe(403);
  });

  test('500 loans cost no more queries than one', async () => {
    const counted = (): { db: typeof t.db; count: () => number } => {
      let n = 0;
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          n += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      return { db: t.db.withPlugin(plugin), count: () => n };
    };
    const few = await reader();
    await lend(few.id);
    const many = await reader();
    const now = new Date().toISOString();
    const books = await t.db
      .insertInto('books')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          title: `Shelf ${i}`,
          author: 'Many',
          isbn: `979${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(7, '0')}`,
          department_id: null,
          category_id: null,
          language_id: null,
          publisher: 'Press',
          total_copies: 1,
          available_copies: 0,
          rack_no: 'R-9',
          date_of_entry: today,
          price: 100,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('loans')
      .values(books.map((book, i) => ({ book_id: book.id, member_id: many.id, copy_id: null, issue_date: addDays(today, -20), due_date: addDays(today, i % 2 === 0 ? -3 : 5), returned_at: null, status: 'ISSUED' as const, renewals: 0, issued_by: null, created_at: now, updated_at: now })))
      .execute();
    const ctx = (t.app as unknown as { ctx: { media: Parameters<typeof deskMemberPanel>[0]['media'] } }).ctx;
    const user = { id: desk.id, username: 'desk', email: 'desk@example.test', first_name: 'Test', last_name: 'desk', role: 'SUPER USER' };
    const one = counted();
    await deskMemberPanel({ db: one.db, media: ctx.media }, user, few.id);
    const lots = counted();
    const started = performance.now();
    const panel = await deskMemberPanel({ db: lots.db, media: ctx.media }, user, many.id);
    const took = performance.now() - started;
    expect(panel.loans).toHaveLength(500);
    expect(panel.blocks).toEqual([{ code: 'loan_limit', reason: 'This member already has 500 books issued. Max allowed is 3.' }]);
    expect(lots.count()).toBe(one.count());
    expect(lots.count()).toBeLessThanOrEqual(15);
    expect(took).toBeLessThan(2000);
    expect((await panelOf(desk, many.id)).statusCode).toBe(200);
  });
});

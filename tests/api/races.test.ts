/**
 * Races: the same change asked for at once by several desks, as real HTTP calls fired together.
 * On PostgreSQL they interleave in the database; on SQLite the write transactions take turns. On
 * both, exactly one of the racing changes that may happen once happens, the others get a clear 4xx
 * (never a 5xx), and after each race the invariants hold (`expectInvariants`): every title's counts
 * agree with its copies (available = total − on loan − held), no copy has two open loans, no fine
 * owes or was paid a negative amount, and one audit row was written per change that happened.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { actor, addBook, desk, giveBack, issue, member, onlyInRole, t, today, useDeskApp, type Actor } from './support/circulation.js';
import { postJson } from './support/harness.js';
import { multipart } from './support/multipart.js';
import type { TestApp } from './support/harness.js';

useDeskApp();

let seq = 0;
const next = (): number => (seq += 1);

/** Copies counted out of the stock (not in a title's total). */
const OUT_OF_STOCK = ['WITHDRAWN', 'LOST', 'MISSING'];

/**
 * The invariants every race must leave: for every title, the counts the API answers equal those of
 * its copies' rows, and available = total − on loan − held (− damaged, which none of these races
 * makes); no copy in two open loans and every open loan's copy out; no negative balance on a fine.
 */
async function expectInvariants(t: TestApp): Promise<void> {
  const books = await t.db.selectFrom('books').select('id').orderBy('id').execute();
  const copies = await t.db.selectFrom('copies').select(['id', 'book_id', 'status']).execute();
  for (const { id } of books) {
    const response = await t.app.inject({ method: 'GET', url: `/books/books/${id}/`, headers: desk.headers });
    expect(response.statusCode, response.body).toBe(200);
    const book = response.json() as { available_copies: number; total_copies: number };
    const own = copies.filter((c) => c.book_id === id);
    const count = (status: string) => own.filter((c) => c.status === status).length;
    const total = own.filter((c) => !OUT_OF_STOCK.includes(c.status)).length;
    expect({ book: id, total: book.total_copies, available: book.available_copies }).toEqual({ book: id, total, available: count('AVAILABLE') });
    expect(book.available_copies, `book ${id}`).toBe(book.total_copies - count('ON_LOAN') - count('ON_HOLD') - count('DAMAGED'));
  }
  const open = await t.db.selectFrom('loans').select(['id', 'copy_id']).where('returned_at', 'is', null).execute();
  const copyIds = open.map((loan) => loan.copy_id);
  expect(new Set(copyIds).size, 'no copy in two open loans').toBe(copyIds.length);
  for (const loan of open) expect(['ON_LOAN', 'DAMAGED'], `copy of open loan ${loan.id}`).toContain(copies.find((c) => c.id === loan.copy_id)?.status);
  expect(copies.filter((c) => c.status === 'ON_LOAN').length, 'every copy on loan has its open loan').toBe(open.length);
  const fines = await t.db.selectFrom('fines').select(['id', 'amount', 'collected_amount', 'discount', 'remaining', 'cancelled_amount']).execute();
  for (const fine of fines) {
    expect(fine.remaining, `fine ${fine.id} remaining`).toBeGreaterThanOrEqual(0);
    expect(fine.collected_amount, `fine ${fine.id} collected`).toBeGreaterThanOrEqual(0);
    expect(fine.collected_amount + fine.discount + fine.remaining + (fine.cancelled_amount ?? 0), `fine ${fine.id} adds up`).toBe(fine.amount);
  }
}

/** Audit rows of one action (optionally of one entity), for "one row per change" checks. */
async function audits(action: string, entityId?: number): Promise<number> {
  let query = t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('n')).where('action', '=', action);
  if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId));
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The status codes of racing answers, none a 5xx; answers the successes (2xx) and the refusals. */
function split(responses: LightMyRequestResponse[]): { ok: LightMyRequestResponse[]; refused: LightMyRequestResponse[] } {
  for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(500);
  return { ok: responses.filter((r) => r.statusCode < 300), refused: responses.filter((r) => r.statusCode >= 400) };
}

/** A staff user at the desk holding exactly these permissions. */
async function staff(name: string, codenames: string[]): Promise<Actor> {
  const user = await actor(t, name, 'MANAGER');
  await onlyInRole(t, user.id, `Role of ${name}`, codenames);
  return user;
}

/** A fresh member's loan of a fresh one-copy title, issued `daysAgo` and due `dueIn` days from today. */
async function loanOf(daysAgo: number, dueIn: number, price = 40000): Promise<{ loan: number; book: number; reader: number; barcode: string }> {
  const n = next();
  const reader = await member(t, `race.reader.${n}`);
  const book = await addBook(t, `Race ${n}`, 1, price);
  const response = await issue(t, desk, { book, member: reader, issue_date: addDays(today, -daysAgo), due_date: addDays(today, dueIn) });
  expect(response.statusCode, response.body).toBe(201);
  const { barcode } = await t.db.selectFrom('copies').select('barcode').where('book_id', '=', book).executeTakeFirstOrThrow();
  return { loan: (response.json() as { id: number }).id, book, reader, barcode: barcode! };
}

describe('races at the desk', () => {
  test('the last copy asked for by 20 desks for 20 members at once is lent once; the others hear there is no copy', async () => {
    const book = await addBook(t, 'The Last Copy', 1);
    const desks: Actor[] = [];
    const readers: number[] = [];
    for (let i = 0; i < 20; i++) {
      desks.push(await staff(`race.desk.${i}`, ['add_bookissuance', 'view_bookissuance', 'view_book']));
      readers.push(await member(t, `race.last.${i}`));
    }
    const issued = await audits('BOOK_ISSUED');
    const { ok, refused } = split(await Promise.all(desks.map((by, i) => issue(t, by, { book, member: readers[i] }))));
    expect(ok.map((r) => r.statusCode)).toEqual([201]);
    expect(refused).toHaveLength(19);
    for (const response of refused) expect(response.json()).toEqual({ book: ['No available copies for this book.'] });
    expect(await audits('BOOK_ISSUED')).toBe(issued + 1);
    expect(await t.db.selectFrom('loans').select('id').where('book_id', '=', book).execute()).toHaveLength(1);
    await expectInvariants(t);
  });

  test('one loan returned twice at once is returned once, with one charge and one audit row', async () => {
    const { loan, book } = await loanOf(10, -3);
    const { ok, refused } = split(await Promise.all([giveBack(t, desk, loan), giveBack(t, desk, loan)]));
    expect(ok.map((r) => r.statusCode)).toEqual([200]);
    expect(refused.map((r) => r.statusCode)).toEqual([404]);
    expect(await audits('BOOK_RETURNED', loan)).toBe(1);
    expect(await t.db.selectFrom('fines').select('id').where('loan_id', '=', loan).execute()).toHaveLength(1);
    expect((await t.db.selectFrom('copies').select('status').where('book_id', '=', book).executeTakeFirstOrThrow()).status).toBe('AVAILABLE');
    await expectInvariants(t);
  });

  test('two check-ins of one copy at once: one returns the loan, the other hears it is not on loan', async () => {
    const { loan, barcode } = await loanOf(10, -2);
    const checkIn = () => postJson(t.app, '/circulation/check-in/', { barcode }, desk.headers);
    const { ok, refused } = split(await Promise.all([checkIn(), checkIn()]));
    expect(refused).toEqual([]);
    expect(ok.map((r) => (r.json() as { result: string }).result).sort()).toEqual(['NOT_ON_LOAN', 'RETURNED']);
    expect(await audits('BOOK_RETURNED', loan)).toBe(1);
    expect(await t.db.selectFrom('fines').select('id').where('loan_id', '=', loan).execute()).toHaveLength(1);
    await expectInvariants(t);
  });

  test('one fine collected twice at once is paid once: one receipt, nothing negative', async () => {
    const { loan, reader } = await loanOf(12, -5);
    expect((await giveBack(t, desk, loan)).statusCode).toBe(200);
    const fine = await t.db.selectFrom('fines').selectAll().where('loan_id', '=', loan).executeTakeFirstOrThrow();
    expect(fine.remaining).toBeGreaterThan(0);
    const collector = await staff(`race.collector.${next()}`, ['change_fine', 'view_fine']);
    const collected = await audits('FINE_COLLECTED', reader);
    const collect = (by: Actor) => postJson(t.app, '/fines-viewset/collect/', { member_id: reader, fine_ids: [fine.id], full_payment: true }, by.headers);
    const { ok, refused } = split(await Promise.all([collect(desk), collect(collector)]));
    expect(ok).toHaveLength(1);
    expect(refused.map((r) => r.statusCode)).toEqual([400]);
    expect(await audits('FINE_COLLECTED', reader)).toBe(collected + 1);
    expect(await t.db.selectFrom('fine_receipts').select('id').where('member_id', '=', reader).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('fines').select(['collected_amount', 'remaining']).where('id', '=', fine.id).executeTakeFirstOrThrow()).toEqual({ collected_amount: fine.amount, remaining: 0 });
    await expectInvariants(t);
  });

  test('one loan renewed at once by its member and the desk: each renewal that happened counted and audited once', async () => {
    const n = next();
    const reader = await actor(t, `race.renewer.${n}`);
    const book = await addBook(t, `Race renew ${n}`, 1);
    const issued = await issue(t, desk, { book, member: reader.id, issue_date: addDays(today, -2), due_date: addDays(today, 5) });
    expect(issued.statusCode, issued.body).toBe(201);
    const loan = (issued.json() as { id: number }).id;
    const renew = (by: Actor) => postJson(t.app, `/books/issued-books/${loan}/renew/`, {}, by.headers);
    const { ok, refused } = split(await Promise.all([renew(reader), renew(desk), renew(reader), renew(desk)]));
    const { max_renewals } = await t.db.selectFrom('library_settings').select('max_renewals').executeTakeFirstOrThrow();
    // As many renewals as the settings allow happen (they take turns); the rest are refused as too many.
    expect(ok).toHaveLength(max_renewals);
    for (const response of refused) expect(response.json()).toEqual({ detail: `This loan has been renewed ${max_renewals} times, the most allowed.` });
    const row = await t.db.selectFrom('loans').select(['renewals', 'due_date']).where('id', '=', loan).executeTakeFirstOrThrow();
    expect(Number(row.renewals)).toBe(ok.length);
    expect(await audits('LOAN_RENEWED', loan)).toBe(ok.length);
    await expectInvariants(t);
  });
});

describe('races in stock verification and roles', () => {
  test('one copy scanned at once by three desks into a verification is seen once', async () => {
    const department = (await t.db.insertInto('departments').values({ name: `Race shelves ${next()}` }).returning('id').executeTakeFirstOrThrow()).id;
    const book = await addBook(t, `Race shelf ${next()}`, 2);
    await t.db.updateTable('books').set({ department_id: department }).where('id', '=', book).execute();
    const opened = await postJson(t.app, '/stock-verifications/', { name: `Race verification ${next()}`, department }, desk.headers);
    expect(opened.statusCode, opened.body).toBe(201);
    const id = (opened.json() as { id: number }).id;
    const { barcode } = await t.db.selectFrom('copies').select('barcode').where('book_id', '=', book).orderBy('copy_no').executeTakeFirstOrThrow();
    const scan = () => postJson(t.app, `/stock-verifications/${id}/scans/`, { barcode }, desk.headers);
    const { ok } = split(await Promise.all([scan(), scan(), scan()]));
    expect(ok).toHaveLength(3);
    expect(ok.map((r) => (r.json() as { result: string }).result).sort()).toEqual(['ALREADY_SCANNED', 'ALREADY_SCANNED', 'FOUND']);
    const counts = await t.db.selectFrom('stock_verifications').select(['seen', 'scans', 'expected']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(counts).toEqual({ seen: 1, scans: 3, expected: 2 });
    expect(await t.db.selectFrom('stock_verification_items').select('id').where('verification_id', '=', id).where('seen_at', 'is not', null).execute()).toHaveLength(1);
    await expectInvariants(t);
  });

  test("two admins setting one role's permissions at once: the role holds one of the two sets whole, each change audited", async () => {
    const admins = [await actor(t, `race.admin.${next()}`, 'SUPER USER'), await actor(t, `race.admin.${next()}`, 'SUPER USER')];
    const permissions = await t.db.selectFrom('permissions').select(['id', 'codename']).orderBy('id').execute();
    const sets = [permissions.slice(0, 6).map((p) => p.id), permissions.slice(3, 10).map((p) => p.id)];
    const created = await postJson(t.app, '/roles/', { name: `Race role ${next()}`, permissions: [permissions[0]!.id] }, admins[0]!.headers);
    expect(created.statusCode, created.body).toBe(201);
    const role = (created.json() as { id: number }).id;
    for (let round = 0; round < 3; round++) {
      const updated = await audits('ROLE_UPDATED', role);
      const patch = (i: number) => t.app.inject({ method: 'PATCH', url: `/roles/${role}/`, payload: { permissions: sets[i] }, headers: admins[i]!.headers });
      const { ok } = split(await Promise.all([patch(0), patch(1)]));
      expect(ok).toHaveLength(2);
      const held = (await t.db.selectFrom('role_permissions').select('permission_id').where('role_id', '=', role).orderBy('permission_id').execute()).map((r) => r.permission_id);
      expect(sets).toContainEqual(held);
      expect(await audits('ROLE_UPDATED', role)).toBe(updated + 2);
      const last = await t.db.selectFrom('audit_log').select('after').where('action', '=', 'ROLE_UPDATED').where('entity_id', '=', String(role)).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect((JSON.parse(last.after!) as { permissions: number[] }).permissions.slice().sort((a, b) => a - b)).toEqual(held);
    }
  });

  test('two admins assigning (then removing) one user to one role at once: one does it, the other hears there is nothing to do', async () => {
    const admins = [await actor(t, `race.admin.${next()}`, 'SUPER USER'), await actor(t, `race.admin.${next()}`, 'SUPER USER')];
    const clerk = await member(t, `race.clerk.${next()}`);
    const created = await postJson(t.app, '/roles/', { name: `Race members ${next()}`, permissions: [] }, admins[0]!.headers);
    expect(created.statusCode, created.body).toBe(201);
    const role = (created.json() as { id: number }).id;
    const change = (i: number, what: 'assign_user' | 'remove_user') => postJson(t.app, `/roles/${role}/${what}/`, { user_ids: [clerk] }, admins[i]!.headers);
    for (const [what, action, rows] of [['assign_user', 'ROLE_ASSIGNED', 1], ['remove_user', 'ROLE_UNASSIGNED', 0]] as const) {
      const { ok, refused } = split(await Promise.all([change(0, what), change(1, what)]));
      expect(ok).toHaveLength(1);
      expect(refused.map((r) => r.statusCode)).toEqual([404]);
      expect(await audits(action, role)).toBe(1);
      expect(await t.db.selectFrom('user_roles').select('user_id').where('role_id', '=', role).execute()).toHaveLength(rows);
    }
  });
});

describe('races in member registration', () => {
  test('ten members registered at once by two desks get ten member ids, none twice', async () => {
    const desks = [await staff(`race.registrar.${next()}`, ['add_members']), await staff(`race.registrar.${next()}`, ['add_members'])];
    const register = (i: number) => {
      const name = `race.joiner.${next()}`;
      const body = multipart({ username: name, email: `${name}@example.test`, first_name: 'Race', last_name: 'Joiner', password: 'Quiet-Stacks-2026' });
      return t.app.inject({ method: 'POST', url: '/auth/Single-Member-Register/', payload: body.payload, headers: { ...body.headers, ...desks[i % 2]!.headers } });
    };
    const { ok } = split(await Promise.all(Array.from({ length: 10 }, (_, i) => register(i))));
    expect(ok).toHaveLength(10);
    const ids = (await t.db.selectFrom('member_profiles').select('member_id').execute()).map((row) => row.member_id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

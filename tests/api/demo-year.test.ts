/**
 * The demo library has lived a year: thousands of loans spread over twelve months, late returns
 * with their fines (paid, some with a discount, and owed), reservations in every state, new
 * members each month, notices sent; all of it written by the product's own rules, so the fine
 * ledger adds up and every title's shelf count is its copies less those out and held. Seeding
 * again adds nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { seedDemo } from '../../server/src/main.js';
import { libraryToday } from '../../server/src/lib/library-clock.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let seconds = 0;

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  const started = performance.now();
  await seedDemo(t.db);
  seconds = (performance.now() - started) / 1000;
  console.log(`seed-demo with its year: ${seconds.toFixed(1)} s`);
}, 240_000);

afterAll(async () => t.close());

/** How many rows a table holds. */
const countOf = async (table: 'loans' | 'fines' | 'fine_receipts' | 'reservations' | 'notification_log' | 'audit_log'): Promise<number> =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

describe('the demo library’s year', () => {
  test('lends thousands of books over at least eleven months of the last year, each month with new members', async () => {
    const loans = await t.db.selectFrom('loans').select(['issue_date', 'returned_at', 'due_date']).execute();
    expect(loans.length).toBeGreaterThanOrEqual(2_000);
    expect(loans.length).toBeLessThanOrEqual(4_000);
    const today = libraryToday('Asia/Karachi');
    expect(loans.every((l) => l.issue_date >= addDays(today, -365) && l.issue_date <= today)).toBe(true);
    const months = new Set(loans.map((l) => l.issue_date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(11);
    // Most copies are back: what is still out is a small part of the loans.
    expect(loans.filter((l) => l.returned_at === null).length).toBeLessThan(loans.length / 10);
    const joined = await t.db.selectFrom('member_profiles').select('membership_start').where('membership_start', 'is not', null).execute();
    const joinMonths = new Set(joined.map((m) => m.membership_start!.slice(0, 7)));
    for (const month of months) expect(joinMonths.has(month)).toBe(true);
  });

  test('returns some books late, with fines paid in full, paid with a discount, and still owed', async () => {
    // A return in time writes a charge of nothing; a late one charges its late days.
    const late = await t.db.selectFrom('fines').select(['amount', 'remaining', 'late_days']).where('fee_type', '=', 'overdue').where('late_days', '>', 0).execute();
    expect(late.length).toBeGreaterThan(200);
    expect(late.every((f) => f.late_days > 0 && f.amount > 0)).toBe(true);
    expect(late.filter((f) => f.remaining === 0).length).toBeGreaterThan(100);
    expect(late.filter((f) => f.remaining > 0).length).toBeGreaterThan(20);
    const receipts = await t.db.selectFrom('fine_receipts').select(['cash', 'discount', 'created_at']).execute();
    expect(receipts.length).toBeGreaterThan(200);
    expect(receipts.filter((r) => r.discount > 0).length).toBeGreaterThan(10);
    // Receipts are dated the day they were written, over the year, not all today.
    expect(new Set(receipts.map((r) => r.created_at.slice(0, 7))).size).toBeGreaterThanOrEqual(10);
  });

  test('keeps the fine ledger whole: what each charge owes is its amount less what was paid and waived on it', async () => {
    const fines = await t.db.selectFrom('fines').select(['id', 'amount', 'remaining', 'collected_amount', 'discount']).execute();
    const bad = fines.filter((f) => f.remaining !== f.amount - f.collected_amount - f.discount || f.remaining < 0);
    expect(bad).toEqual([]);
    const payments = await t.db
      .selectFrom('fine_payments')
      .select(['fine_id', (eb) => eb.fn.sum<number | string>('cash').as('cash'), (eb) => eb.fn.sum<number | string>('discount').as('discount')])
      .groupBy('fine_id')
      .execute();
    const byFine = new Map(fines.map((f) => [f.id, f]));
    const unmatched = payments.filter((p) => byFine.get(p.fine_id)?.collected_amount !== Number(p.cash) || byFine.get(p.fine_id)?.discount !== Number(p.discount));
    expect(unmatched).toEqual([]);
  });

  test('has reservations fulfilled, cancelled, expired and a few still waiting or ready', async () => {
    const statuses = await t.db.selectFrom('reservations').select(['status', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('status').execute();
    const n = new Map(statuses.map((s) => [s.status, Number(s.n)]));
    expect(n.get('ISSUED') ?? 0).toBeGreaterThan(10);
    expect(n.get('CANCELLED') ?? 0).toBeGreaterThan(0);
    expect(n.get('EXPIRED') ?? 0).toBeGreaterThan(0);
    expect((n.get('PENDING') ?? 0) + (n.get('FULFILLED') ?? 0)).toBeGreaterThan(0);
  });

  test('counts every title’s copies on the shelf as its copies less those on loan and held', async () => {
    const books = await t.db.selectFrom('books').select(['id', 'total_copies', 'available_copies']).execute();
    const open = await t.db.selectFrom('loans').select('book_id').where('returned_at', 'is', null).execute();
    const held = await t.db.selectFrom('reservations').select('book_id').where('status', '=', 'FULFILLED').execute();
    const out = new Map<number, number>();
    for (const row of [...open, ...held]) out.set(row.book_id, (out.get(row.book_id) ?? 0) + 1);
    const wrong = books.filter((b) => b.available_copies !== b.total_copies - (out.get(b.id) ?? 0));
    expect(wrong).toEqual([]);
  });

  test('has sent notices over the year and written every change to the audit trail on its day', async () => {
    const log = await t.db.selectFrom('notification_log').select(['created_at', 'status']).execute();
    expect(log.length).toBeGreaterThan(2_000);
    expect(log.every((entry) => entry.status === 'SENT')).toBe(true);
    expect(new Set(log.map((entry) => entry.created_at.slice(0, 7))).size).toBeGreaterThanOrEqual(11);
    const issued = await t.db.selectFrom('audit_log').select('created_at').where('action', '=', 'BOOK_ISSUED').execute();
    expect(issued.length).toBe(await countOf('loans'));
    expect(new Set(issued.map((entry) => entry.created_at.slice(0, 7))).size).toBeGreaterThanOrEqual(11);
  });

  test('adds nothing when seeded again', async () => {
    const tables = ['loans', 'fines', 'fine_receipts', 'reservations', 'notification_log', 'audit_log'] as const;
    const before = await Promise.all(tables.map(countOf));
    const again = await seedDemo(t.db);
    expect(again.year).toEqual({ members: 0, loans: 0, returns: 0, receipts: 0, reservations: 0 });
    expect(await Promise.all(tables.map(countOf))).toEqual(before);
  });
});

/**
 * Migration 0017 on a library that already has fines, receipts and approved members: every fine
 * keeps its id, its money and its payment lines and gains its fee type; fines may then be charged
 * without a loan and several times on one loan; approved members start their membership on their
 * approval date and their first term runs from the upgrade day for their plan's validity.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/src/db/migrations/index.js';
import type { Database } from '../../server/src/db/schema.js';
import { todayIn } from '#shared/dates';
import { membershipEnd } from '#shared/membership';
import { databaseAt } from './support/migrated-db.js';

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const now = '2026-10-20T10:00:00.000Z';
const ids = {} as Record<'plan' | 'sara' | 'omar' | 'new' | 'lateLoan' | 'lostLoan' | 'lateFine' | 'lostFine', number>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const raw = () => db as unknown as Kysely<any>;

beforeAll(async () => {
  ({ db, cleanup } = await databaseAt('0016_stock_verification'));
  await raw().insertInto('library_settings').values({ id: 1, timezone: 'Asia/Karachi' }).execute();
  const user = (username: string, approved: string | null) =>
    raw()
      .insertInto('users')
      .values({ username, email: `${username}@example.test`, password_hash: 'x', first_name: 'M', last_name: username, role: 'MEMBER', is_active: approved ? 1 : 0, is_declined: 0, is_verified: 1, date_joined: now, approved_at: approved, last_login: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  const plan = await raw().insertInto('membership_plans').values({ name: 'Six months', loan_limit: null, loan_period_days: null, fine_per_day: null, fee: 50000, validity_months: 6, is_default: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  ids.plan = plan.id;
  ids.sara = (await user('sara', '2025-03-04T08:00:00.000Z')).id;
  ids.omar = (await user('omar', '2026-01-10T08:00:00.000Z')).id;
  ids.new = (await user('newbie', null)).id;
  await raw().insertInto('member_profiles').values([
    { user_id: ids.sara, member_id: 'M-1', plan_id: null },
    { user_id: ids.omar, member_id: 'M-2', plan_id: plan.id },
    { user_id: ids.new, member_id: 'M-3', plan_id: null },
  ]).execute();
  const book = await raw().insertInto('books').values({ title: 'Moby-Dick', author: 'A', isbn: '9780000000017', department_id: null, category_id: null, language_id: null, publisher: 'P', total_copies: 0, available_copies: 0, rack_no: 'R', date_of_entry: '2026-01-01', price: 30000, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const loan = (status: string) =>
    raw().insertInto('loans').values({ book_id: book.id, member_id: ids.sara, issue_date: '2026-10-01', due_date: '2026-10-10', returned_at: '2026-10-14', status, renewals: 0, issued_by: null, returned_by: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  ids.lateLoan = (await loan('RETURNED')).id;
  ids.lostLoan = (await loan('LOST')).id;
  const fine = (loanId: number, overdue: number, price: number | null, collected: number) =>
    raw().insertInto('fines').values({ loan_id: loanId, member_id: ids.sara, late_days: overdue / 1000, overdue_fine: overdue, book_price: price, amount: overdue + (price ?? 0), collected_amount: collected, discount: 0, remaining: overdue + (price ?? 0) - collected, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  ids.lateFine = (await fine(ids.lateLoan, 4000, null, 1000)).id;
  ids.lostFine = (await fine(ids.lostLoan, 4000, 30000, 0)).id;
  const receipt = await raw().insertInto('fine_receipts').values({ receipt_no: 'R-20261020-000001', member_id: ids.sara, cash: 1000, discount: 0, discount_reason: null, collected_by: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
  await raw().insertInto('fine_payments').values({ receipt_id: receipt.id, fine_id: ids.lateFine, cash: 1000, discount: 0 }).execute();
  await migrate(db);
}, 60_000);

afterAll(async () => cleanup?.());

describe('migration 0017: the desk', () => {
  it('keeps every fine, its id, money and payment lines, and types it: a charge with a price is lost, the others overdue', async () => {
    const fines = await db.selectFrom('fines').select(['id', 'loan_id', 'fee_type', 'amount', 'collected_amount', 'remaining', 'book_price', 'cancelled_at']).orderBy('id').execute();
    expect(fines).toEqual([
      { id: ids.lateFine, loan_id: ids.lateLoan, fee_type: 'overdue', amount: 4000, collected_amount: 1000, remaining: 3000, book_price: null, cancelled_at: null },
      { id: ids.lostFine, loan_id: ids.lostLoan, fee_type: 'lost', amount: 34000, collected_amount: 0, remaining: 34000, book_price: 30000, cancelled_at: null },
    ]);
    const lines = await db.selectFrom('fine_payments').innerJoin('fines', 'fines.id', 'fine_payments.fine_id').select(['fines.id', 'fine_payments.cash']).execute();
    expect(lines).toEqual([{ id: ids.lateFine, cash: 1000 }]);
    expect(await db.selectFrom('fine_receipts').select('kind').execute()).toEqual([{ kind: 'PAYMENT' }]);
  });

  it('lets a charge have no loan, and one loan have several charges', async () => {
    const at = new Date().toISOString();
    const base = { member_id: ids.sara, late_days: 0, overdue_fine: 0, book_price: null, collected_amount: 0, discount: 0, created_at: at, updated_at: at };
    await db.insertInto('fines').values({ ...base, loan_id: null, fee_type: 'membership', amount: 50000, remaining: 50000 }).execute();
    await db.insertInto('fines').values({ ...base, loan_id: ids.lostLoan, fee_type: 'processing', amount: 5000, remaining: 5000 }).execute();
    const { n } = await db.selectFrom('fines').select((eb) => eb.fn.countAll<number | string>().as('n')).where('loan_id', '=', ids.lostLoan).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(2);
  });

  it('starts approved members on their approval date; their first term runs from the upgrade day for their plan', async () => {
    const today = todayIn('Asia/Karachi');
    const rows = await db.selectFrom('member_profiles').select(['user_id', 'membership_start', 'membership_expires']).orderBy('user_id').execute();
    expect(rows).toEqual([
      { user_id: ids.sara, membership_start: '2025-03-04', membership_expires: membershipEnd(today, 12) },
      { user_id: ids.omar, membership_start: '2026-01-10', membership_expires: membershipEnd(today, 6) },
      { user_id: ids.new, membership_start: null, membership_expires: null },
    ]);
  });

  it('adds the desk settings with their defaults: no block but an expired membership, no fee, open every day', async () => {
    const settings = await db.selectFrom('library_settings').select(['block_fines_over', 'block_overdue_count', 'block_overdue_days', 'block_membership_expired', 'lost_processing_fee', 'lost_found_action', 'closed_weekdays', 'fines_count_closed_days']).executeTakeFirstOrThrow();
    expect(settings).toEqual({ block_fines_over: 0, block_overdue_count: null, block_overdue_days: null, block_membership_expired: 1, lost_processing_fee: 0, lost_found_action: 'CANCEL', closed_weekdays: '', fines_count_closed_days: 1 });
  });
});

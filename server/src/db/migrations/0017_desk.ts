import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/**
 * Migration 0017_desk: the circulation desk at library depth.
 *
 * - `fines` becomes a ledger of typed charges: `fee_type` (overdue, lost, damage, processing,
 *   membership, manual), an optional loan (membership and manual charges have none; a lost return
 *   charges several rows on one loan), the copy a charge is for, a note, who charged it, and a
 *   cancellation (when, by whom, why, and how much was still owed then). Existing rows: a charge
 *   with a book price is `lost`, the others `overdue`. SQLite cannot drop NOT NULL or a column's
 *   UNIQUE in place, so there the table is rebuilt (same ids, same rows) inside one transaction.
 * - `fine_receipts.kind`: PAYMENT, or REFUND (money handed back for a lost copy found again,
 *   recorded as negative cash so every sum of collections stays true).
 * - `member_profiles.membership_start` / `membership_expires` (YYYY-MM-DD). Members approved before
 *   today keep their approval date as the start; their first term runs from today for their plan's
 *   validity, so nobody is blocked by the upgrade itself.
 * - `membership_plans.max_overdue_fine`: an optional cap on one loan's overdue fine.
 * - `library_settings`: the block conditions (fines owed over an amount, 0 = none; overdue loans
 *   over a number and overdue by more than a number of days, null = none; an expired membership
 *   blocks or not), the lost-copy processing fee, what finding a lost copy does to its charge
 *   (CANCEL what is owed, or REFUND what was paid too), the weekly closing days ("0,6" = Sunday and
 *   Saturday) and whether overdue fines count closed days.
 * - `notification_settings.membership_notice_days`: how many days before expiry the notice goes.
 * - `library_holidays`: dated closed days, one row per date.
 *
 * Never edit a migration that has shipped; add a new file instead.
 */
const FINE_COLUMNS = [
  'id', 'loan_id', 'member_id', 'fee_type', 'copy_id', 'note', 'late_days', 'overdue_fine', 'book_price', 'amount',
  'collected_amount', 'discount', 'remaining', 'created_by', 'cancelled_at', 'cancelled_by', 'cancel_reason', 'cancelled_amount',
  'created_at', 'updated_at',
] as const;

/** YYYY-MM-DD plus whole months, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function todayIn(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

const migration: MigrationFactory = ({ withId, dialect }) => ({
  async up(db: AnyDb) {
    if (dialect === 'postgres') {
      await sql`alter table fines alter column loan_id drop not null`.execute(db);
      await sql`alter table fines drop constraint if exists fines_loan_id_key`.execute(db);
      await sql`alter table fines add column fee_type text not null default 'overdue'`.execute(db);
      await sql`alter table fines add column copy_id integer references copies(id)`.execute(db);
      for (const column of ['note', 'cancelled_at', 'cancel_reason']) await sql`alter table fines add column ${sql.raw(column)} text`.execute(db);
      for (const column of ['created_by', 'cancelled_by']) await sql`alter table fines add column ${sql.raw(column)} integer references users(id)`.execute(db);
      await sql`alter table fines add column cancelled_amount integer`.execute(db);
      await sql`update fines set fee_type = 'lost' where book_price is not null`.execute(db);
    } else {
      // The rebuild keeps every id, so receipts' payment lines still name their fines.
      await sql`pragma foreign_keys = off`.execute(db);
      await db.transaction().execute(async (trx) => {
        await withId(trx.schema.createTable('fines_new') as Table)
          .addColumn('loan_id', 'integer', (c) => c.references('loans.id'))
          .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('fee_type', 'text', (c) => c.notNull().defaultTo('overdue'))
          .addColumn('copy_id', 'integer', (c) => c.references('copies.id'))
          .addColumn('note', 'text')
          .addColumn('late_days', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('overdue_fine', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('book_price', 'integer')
          .addColumn('amount', 'integer', (c) => c.notNull())
          .addColumn('collected_amount', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remaining', 'integer', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.references('users.id'))
          .addColumn('cancelled_at', 'text')
          .addColumn('cancelled_by', 'integer', (c) => c.references('users.id'))
          .addColumn('cancel_reason', 'text')
          .addColumn('cancelled_amount', 'integer')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        const columns = sql.raw(FINE_COLUMNS.join(', '));
        await sql`
          insert into fines_new (${columns})
          select id, loan_id, member_id, case when book_price is not null then 'lost' else 'overdue' end, null, null,
                 late_days, overdue_fine, book_price, amount, collected_amount, discount, remaining, null, null, null, null, null,
                 created_at, updated_at
          from fines`.execute(trx);
        await sql`drop table fines`.execute(trx);
        await sql`alter table fines_new rename to fines`.execute(trx);
        await trx.schema.createIndex('fines_member').on('fines').columns(['member_id', 'remaining']).execute();
        await sql`create index fines_pending on fines (created_at, id) where remaining > 0`.execute(trx);
        await trx.schema.createIndex('fines_by_created').on('fines').columns(['created_at', 'id', 'collected_amount', 'remaining']).execute();
        await sql`create index fines_owing on fines (member_id, remaining, created_at) where remaining > 0`.execute(trx);
      });
      const broken = await sql`pragma foreign_key_check`.execute(db);
      await sql`pragma foreign_keys = on`.execute(db);
      if (broken.rows.length > 0) throw new Error(`The fines rebuild left ${broken.rows.length} broken references.`);
    }
    await sql`create index fines_loan on fines (loan_id, fee_type) where loan_id is not null`.execute(db);
    await db.schema.createIndex('fines_type_created').on('fines').columns(['fee_type', 'created_at']).execute();
    // A found lost copy's open charges are looked up by the copy.
    await sql`create index fines_copy on fines (copy_id) where copy_id is not null`.execute(db);

    await db.schema.alterTable('fine_receipts').addColumn('kind', 'text', (c) => c.notNull().defaultTo('PAYMENT')).execute();

    await db.schema.alterTable('member_profiles').addColumn('membership_start', 'text').execute();
    await db.schema.alterTable('member_profiles').addColumn('membership_expires', 'text').execute();
    await db.schema.alterTable('membership_plans').addColumn('max_overdue_fine', 'integer').execute();

    for (const [column, type, fallback] of [
      ['block_fines_over', 'integer', 0],
      ['block_membership_expired', 'integer', 1],
      ['lost_processing_fee', 'integer', 0],
      ['lost_found_action', 'text', 'CANCEL'],
      ['closed_weekdays', 'text', ''],
      ['fines_count_closed_days', 'integer', 1],
    ] as const) {
      await db.schema.alterTable('library_settings').addColumn(column, type, (c) => c.notNull().defaultTo(fallback)).execute();
    }
    await db.schema.alterTable('library_settings').addColumn('block_overdue_count', 'integer').execute();
    await db.schema.alterTable('library_settings').addColumn('block_overdue_days', 'integer').execute();
    await db.schema.alterTable('notification_settings').addColumn('membership_notice_days', 'integer', (c) => c.notNull().defaultTo(14)).execute();

    await withId(db.schema.createTable('library_holidays') as Table)
      .addColumn('date', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // Existing members: approved ones started on their approval date; their term runs from today.
    const settings = (await sql<{ timezone: string | null }>`select timezone from library_settings order by id limit 1`.execute(db)).rows[0];
    const today = todayIn(settings?.timezone ?? 'UTC');
    const plans = (await sql<{ id: number; validity_months: number; is_default: number }>`select id, validity_months, is_default from membership_plans`.execute(db)).rows;
    await sql`update member_profiles set membership_start = (select substr(u.approved_at, 1, 10) from users u where u.id = member_profiles.user_id)
              where exists (select 1 from users u where u.id = member_profiles.user_id and u.approved_at is not null)`.execute(db);
    for (const plan of plans) {
      // The term's last day: the day before the same date `validity_months` on (as `membershipEnd` of #shared/membership).
      const after = new Date(`${addMonths(today, Math.max(1, Number(plan.validity_months)))}T00:00:00Z`);
      const expires = new Date(after.getTime() - 86_400_000).toISOString().slice(0, 10);
      const own = Number(plan.is_default) === 1 ? sql`(plan_id = ${plan.id} or plan_id is null)` : sql`plan_id = ${plan.id}`;
      await sql`update member_profiles set membership_expires = ${expires} where membership_start is not null and ${own}`.execute(db);
    }
    await sql`create index member_profiles_expiry on member_profiles (membership_expires) where membership_expires is not null`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('library_holidays').execute();
    await db.schema.alterTable('notification_settings').dropColumn('membership_notice_days').execute();
    for (const column of ['block_fines_over', 'block_membership_expired', 'lost_processing_fee', 'lost_found_action', 'closed_weekdays', 'fines_count_closed_days', 'block_overdue_count', 'block_overdue_days']) {
      await db.schema.alterTable('library_settings').dropColumn(column).execute();
    }
    await sql`drop index if exists member_profiles_expiry`.execute(db);
    await db.schema.alterTable('membership_plans').dropColumn('max_overdue_fine').execute();
    await db.schema.alterTable('member_profiles').dropColumn('membership_expires').execute();
    await db.schema.alterTable('member_profiles').dropColumn('membership_start').execute();
    await db.schema.alterTable('fine_receipts').dropColumn('kind').execute();
  },
});

export default migration;

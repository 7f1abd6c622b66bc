import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/**
 * Migration 0008_circulation: loans, their fines and the payments against them.
 *
 * - `loans`: one row per copy lent. `returned_at` null means the copy is still out; a partial
 *   unique index lets a member hold a title only once at a time, whatever two desks do at once.
 * - `fines`: one ledger row per returned loan that cost anything (charge = overdue fine plus the
 *   price of a lost or written-off book; collected, discounted and remaining kept in step).
 * - `fine_receipts` / `fine_payments`: each collection (at the return or later) is one receipt
 *   with a number, spread over one or more fines as payment lines.
 * - `library_settings.max_renewals`: how often a loan may be renewed (default 2).
 *
 * Money in integer minor units; dates `YYYY-MM-DD`; timestamps ISO text.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ withId }) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('loans') as Table)
      .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('issue_date', 'text', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('returned_at', 'text')
      // ISSUED while out; RETURNED, LOST or WRITE_OFF once ended.
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ISSUED'))
      .addColumn('renewals', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('issued_by', 'integer', (c) => c.references('users.id'))
      .addColumn('returned_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // A member holds a title at most once at a time (the database refuses the second issue).
    await sql`create unique index loans_one_open_per_member_book on loans (member_id, book_id) where returned_at is null`.execute(db);
    // The issued list (newest first), a member's and a book's open loans, overdue scans, history.
    await sql`create index loans_open_by_issue on loans (issue_date, id) where returned_at is null`.execute(db);
    await sql`create index loans_open_by_due on loans (due_date, id) where returned_at is null`.execute(db);
    await db.schema.createIndex('loans_member').on('loans').columns(['member_id', 'returned_at']).execute();
    await db.schema.createIndex('loans_book').on('loans').columns(['book_id', 'returned_at']).execute();
    await db.schema.createIndex('loans_returned').on('loans').columns(['returned_at', 'id']).execute();

    await withId(db.schema.createTable('fines') as Table)
      .addColumn('loan_id', 'integer', (c) => c.notNull().unique().references('loans.id'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('late_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('overdue_fine', 'integer', (c) => c.notNull().defaultTo(0))
      // The price charged for a lost or written-off book; null when the book came back.
      .addColumn('book_price', 'integer')
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('collected_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
      // amount − collected − discount, never below 0; kept by the code that changes the others.
      .addColumn('remaining', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fines_member').on('fines').columns(['member_id', 'remaining']).execute();
    await sql`create index fines_pending on fines (created_at, id) where remaining > 0`.execute(db);

    await withId(db.schema.createTable('fine_receipts') as Table)
      .addColumn('receipt_no', 'text', (c) => c.notNull().unique())
      .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('cash', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull())
      .addColumn('discount_reason', 'text')
      .addColumn('collected_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fine_receipts_member').on('fine_receipts').columns(['member_id', 'created_at']).execute();
    await db.schema.createIndex('fine_receipts_created').on('fine_receipts').columns(['created_at', 'id']).execute();

    await withId(db.schema.createTable('fine_payments') as Table)
      .addColumn('receipt_id', 'integer', (c) => c.notNull().references('fine_receipts.id'))
      .addColumn('fine_id', 'integer', (c) => c.notNull().references('fines.id'))
      .addColumn('cash', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fine_payments_receipt').on('fine_payments').column('receipt_id').execute();
    await db.schema.createIndex('fine_payments_fine').on('fine_payments').column('fine_id').execute();

    await db.schema.alterTable('library_settings').addColumn('max_renewals', 'integer', (c) => c.notNull().defaultTo(2)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('library_settings').dropColumn('max_renewals').execute();
    for (const table of ['fine_payments', 'fine_receipts', 'fines', 'loans']) await db.schema.dropTable(table).execute();
  },
});

export default migration;

import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/**
 * Migration 0009_reservations: the reservation queue's table. A reservation waits (PENDING) in its
 * title's queue in `queue_rank` order (first come, first served; staff may reorder), is FULFILLED
 * when a copy is held for the member until `hold_until`, then ISSUED (with its loan), CANCELLED or
 * EXPIRED. A member has at most one active (PENDING or FULFILLED) reservation per title. Renewals
 * read it already: a loan is not renewed while someone waits for the title.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ withId }) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('reservations') as Table)
      .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('queue_rank', 'integer', (c) => c.notNull())
      .addColumn('hold_until', 'text')
      .addColumn('loan_id', 'integer', (c) => c.references('loans.id'))
      .addColumn('notes', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index reservations_one_active_per_member_book on reservations (member_id, book_id) where status in ('PENDING', 'FULFILLED')`.execute(db);
    await sql`create index reservations_queue on reservations (book_id, queue_rank, id) where status = 'PENDING'`.execute(db);
    await db.schema.createIndex('reservations_member').on('reservations').columns(['member_id', 'status']).execute();
    await db.schema.createIndex('reservations_status').on('reservations').columns(['status', 'created_at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('reservations').execute();
  },
});

export default migration;

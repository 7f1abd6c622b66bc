import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './types.js';

/**
 * Migration 0011_dashboard_indexes: what the staff home reads in one call, each figure from an
 * index instead of the tables (1,000,000 loans answer in milliseconds):
 * - `loans_issued`: loans by issue date (returned ones too): the circulation chart's "issued"
 *   per day walks it in order, and the newest loans are its last entries. (Returns per day walk
 *   0008's `loans_returned`; books out and overdue its partial `loans_open_by_due`.)
 * - `fines_by_created`: fines by date with the two sums the home shows (collected, remaining),
 *   so the fines chart and cards never visit the table.
 * - `fines_owed`: only fines with something remaining, by member: the members owing most.
 * - `users_joined`: accounts by role and join date (deleted ones flagged): new members per day
 *   and the newest members.
 * - `books_copies`: status and available copies alone, a small index for the catalogue's counts.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.createIndex('loans_issued').on('loans').columns(['issue_date', 'id']).execute();
    await db.schema.createIndex('fines_by_created').on('fines').columns(['created_at', 'collected_amount', 'remaining']).execute();
    await sql`create index fines_owed on fines (member_id, remaining) where remaining > 0`.execute(db);
    await db.schema.createIndex('users_joined').on('users').columns(['role', 'date_joined', 'id', 'deleted_at']).execute();
    await db.schema.createIndex('books_copies').on('books').columns(['status', 'available_copies']).execute();
  },
  async down(db: AnyDb) {
    for (const index of ['loans_issued', 'fines_by_created', 'fines_owed', 'users_joined', 'books_copies']) await db.schema.dropIndex(index).execute();
  },
});

export default migration;

import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './types.js';

/**
 * Migration 0012_report_indexes: what the reports (`modules/reports/`) read by date range, so a
 * page of a 30-day range reads that range's rows, never a whole table.
 *
 * - (0011's `loans_issued`, every loan by issue date with its id, book and member, serves most
 *   borrowed, top readers and loans per month from the index alone; 0011's `fines_by_created` the
 *   fines by creation; 0011's `users_joined` the members who joined in the range.)
 * - `loans_ended_lost`: loans that ended LOST or WRITE_OFF by the date recorded.
 * - `fines_owing`: what each member owes, read from the index alone (defaulters, and the staff
 *   home's top defaulters).
 * - `fine_receipts_staff`: a staff member's collections by time (cash reconciliation per desk).
 * - `audit_log_user`, `audit_log_entity`: the Audit Trail's user and entity filters by time.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await sql`create index loans_ended_lost on loans (returned_at, id) where status in ('LOST', 'WRITE_OFF')`.execute(db);
    await sql`create index fines_owing on fines (member_id, remaining, created_at) where remaining > 0`.execute(db);
    await db.schema.createIndex('fine_receipts_staff').on('fine_receipts').columns(['collected_by', 'created_at']).execute();
    await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'created_at']).execute();
  },
  async down(db: AnyDb) {
    for (const name of ['audit_log_entity', 'audit_log_user', 'fine_receipts_staff', 'fines_owing', 'loans_ended_lost']) {
      await db.schema.dropIndex(name).execute();
    }
  },
});

export default migration;

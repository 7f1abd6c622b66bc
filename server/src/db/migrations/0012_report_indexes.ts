import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './types.js';

/**
 * Migration 0012_report_indexes: what the reports (`modules/reports/`) read by date range, so a
 * page of a 30-day range reads that range's rows, never a whole table.
 *
 * - `loans_issue`: every loan by issue date with its book and member (most borrowed, top readers,
 *   loans per month read the index alone; `loans_open_by_issue` covers only open loans).
 * - `loans_ended_lost`: loans that ended LOST or WRITE_OFF by the date recorded.
 * - `fines_created`: every fine by creation (`fines_pending` covers only fines with something left).
 * - `fine_receipts_staff`: a staff member's collections by time (cash reconciliation per desk).
 * - `audit_log_user`, `audit_log_entity`: the Audit Trail's user and entity filters by time.
 * - `users_joined`: accounts by role and date joined (members who joined in the range).
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.createIndex('loans_issue').on('loans').columns(['issue_date', 'book_id', 'member_id']).execute();
    await sql`create index loans_ended_lost on loans (returned_at, id) where status in ('LOST', 'WRITE_OFF')`.execute(db);
    await db.schema.createIndex('fines_created').on('fines').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('fine_receipts_staff').on('fine_receipts').columns(['collected_by', 'created_at']).execute();
    await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'created_at']).execute();
    await db.schema.createIndex('users_joined').on('users').columns(['role', 'date_joined']).execute();
  },
  async down(db: AnyDb) {
    for (const name of ['users_joined', 'audit_log_entity', 'audit_log_user', 'fine_receipts_staff', 'fines_created', 'loans_ended_lost', 'loans_issue']) {
      await db.schema.dropIndex(name).execute();
    }
  },
});

export default migration;

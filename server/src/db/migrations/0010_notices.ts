import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/**
 * Migration 0010_notices: notification settings, a durable notice log, de-duplication keys and the
 * scheduler's lease rows.
 *
 * - `notification_settings`: one row (the first) with the scheduled notices' numbers (due-soon days,
 *   overdue repeat and cap, pickup days for a held copy, the time the daily jobs run in the
 *   library's time zone) and `notices`, a JSON object `{type: {enabled, subject, body}}` holding
 *   only what differs from the defaults in `src/lib/notice-templates.ts`.
 * - `notification_log` gains what a delivery needs: the notice's type, its channel (`email` or
 *   `in_app`), status (`PENDING`, `SENDING`, `SENT`, `FAILED`), attempts, the next attempt's time
 *   (back-off), a delivery lease, the error, and the rendered text and HTML (so a failed mail can
 *   be sent again as it was). Rows written before this migration are sent e-mails.
 * - `notice_keys`: one row per notice occurrence (`overdue:loan:42:2`); a scheduled job inserts
 *   the key first, so a re-run, a crash half-way or a second server never sends a notice twice.
 * - `scheduler_leases`: one row per job; a run takes the lease with one conditional update.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ withId }) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('notification_settings') as Table)
      .addColumn('due_soon_days', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('overdue_every_days', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('overdue_max_times', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('hold_pickup_days', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('jobs_run_at', 'text', (c) => c.notNull().defaultTo('08:00'))
      .addColumn('notices', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updated_at', 'text')
      .execute();
    await db.insertInto('notification_settings').defaultValues().execute();

    const log = db.schema.alterTable('notification_log');
    await log.addColumn('notice_type', 'text').execute();
    await log.addColumn('channel', 'text', (c) => c.notNull().defaultTo('email')).execute();
    await log.addColumn('status', 'text', (c) => c.notNull().defaultTo('SENT')).execute();
    await log.addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await log.addColumn('next_attempt_at', 'text').execute();
    await log.addColumn('lease_until', 'text').execute();
    await log.addColumn('error', 'text').execute();
    await log.addColumn('body_text', 'text').execute();
    await log.addColumn('body_html', 'text').execute();
    await log.addColumn('sent_at', 'text').execute();
    await sql`create index notification_log_due on notification_log (next_attempt_at, id) where status in ('PENDING', 'FAILED', 'SENDING')`.execute(db);
    await db.schema.createIndex('notification_log_user').on('notification_log').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('notification_log_type').on('notification_log').columns(['notice_type', 'created_at']).execute();
    await db.schema.createIndex('notification_log_status').on('notification_log').columns(['status', 'created_at']).execute();

    await db.schema
      .createTable('notice_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('scheduler_leases')
      .addColumn('job', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_run_on', 'text')
      .addColumn('last_started_at', 'text')
      .addColumn('last_finished_at', 'text')
      .addColumn('last_error', 'text')
      .execute();

    // In-app notifications: the unread count of the top bar's badge.
    await sql`create index notifications_unread on notifications (user_id) where read = 0`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('notifications_unread').execute();
    await db.schema.dropTable('scheduler_leases').execute();
    await db.schema.dropTable('notice_keys').execute();
    for (const index of ['notification_log_due', 'notification_log_user', 'notification_log_type', 'notification_log_status']) await db.schema.dropIndex(index).execute();
    for (const column of ['notice_type', 'channel', 'status', 'attempts', 'next_attempt_at', 'lease_until', 'error', 'body_text', 'body_html', 'sent_at'])
      await db.schema.alterTable('notification_log').dropColumn(column).execute();
    await db.schema.dropTable('notification_settings').execute();
  },
});

export default migration;

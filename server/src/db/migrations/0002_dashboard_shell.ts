import type { AnyDb, MigrationFactory, Table } from './types.js';

/** Migration 0002_dashboard_shell. Never edit a migration that has shipped; add a new file instead. */
const migration: MigrationFactory = ({ withId }) => ({
  async up(db: AnyDb) {
    // Staff (SUPER USER and MANAGER) keep their photo on the staff profile row.
    await db.schema.alterTable('manager_profiles').addColumn('profile_photo', 'text').execute();
    await withId(db.schema.createTable('notifications') as Table)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('link_url', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();
  }
});

export default migration;

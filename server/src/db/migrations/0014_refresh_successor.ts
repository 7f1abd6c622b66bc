import type { AnyDb, MigrationFactory } from './types.js';

/**
 * Migration 0014_refresh_successor: `refresh_tokens.replaced_by`, the jti of the token that
 * replaced a spent one. Several tabs (and several server instances) that present the same token
 * within the grace period all answer with that one successor pair, re-signed from what is stored
 * here and the time of use, so no server keeps it in memory.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('refresh_tokens').addColumn('replaced_by', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('refresh_tokens').dropColumn('replaced_by').execute();
  },
});

export default migration;

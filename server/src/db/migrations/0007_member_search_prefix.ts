import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './types.js';

/**
 * Migration 0007_member_search_prefix: on PostgreSQL, the registration-id prefix of the member
 * search gets a `text_pattern_ops` index as the member number has (without it, a database whose
 * collation is not C reads every profile for each search). SQLite already serves it from
 * `member_profiles_registration_ci`. Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ dialect }) => ({
  async up(db: AnyDb) {
    if (dialect !== 'postgres') return;
    await sql`create index member_profiles_registration_prefix on member_profiles (lower(registration_id) text_pattern_ops)`.execute(db);
  },
});

export default migration;

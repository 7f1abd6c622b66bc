import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/**
 * Migration 0006_members: membership plans (one default, seeded here), each member's plan, soft
 * deletion of accounts (history stays for reports), and the indexes of the member lists and the
 * member search. Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ dialect, withId }) => ({
  async up(db: AnyDb) {
    // A loan rule left null follows the book settings (the default plan starts that way), so
    // "plan when set, book settings otherwise" holds field by field. Money in minor units.
    await withId(db.schema.createTable('membership_plans') as Table)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('loan_limit', 'integer')
      .addColumn('loan_period_days', 'integer')
      .addColumn('fine_per_day', 'integer')
      .addColumn('fee', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('validity_months', 'integer', (c) => c.notNull().defaultTo(12))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index membership_plans_name_ci on membership_plans (lower(name))`.execute(db);
    // At most one default plan.
    await sql`create unique index membership_plans_one_default on membership_plans (is_default) where is_default = 1`.execute(db);
    const now = new Date().toISOString();
    await db
      .insertInto('membership_plans')
      .values({ name: 'Standard', loan_limit: null, loan_period_days: null, fine_per_day: null, fee: 0, validity_months: 12, is_default: 1, created_at: now, updated_at: now })
      .execute();

    await db.schema.alterTable('member_profiles').addColumn('plan_id', 'integer', (c) => c.references('membership_plans.id')).execute();
    await sql`update member_profiles set plan_id = (select id from membership_plans where is_default = 1)`.execute(db);
    await db.schema.createIndex('member_profiles_plan').on('member_profiles').column('plan_id').execute();
    await db.schema.createIndex('member_profiles_session').on('member_profiles').column('session_id').execute();
    await db.schema.createIndex('member_profiles_department').on('member_profiles').column('department_id').execute();

    // A deleted member keeps his row (loans and fines point at it) but loses his personal data.
    await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

    // The four member lists filter on these flags (pending and disabled differ by approved_at)
    // and page in date order (newest first by default); a list's count reads the index alone.
    await db.schema
      .createIndex('users_member_lists')
      .on('users')
      .columns(['role', 'is_active', 'is_declined', 'deleted_at', 'date_joined', 'id', 'approved_at'])
      .execute();

    // Member lists sorted by name or e-mail walk these (username has users_username_ci).
    for (const column of ['first_name', 'last_name', 'email']) {
      await sql.raw(`create index users_${column}_ci_order on users (lower(${column}))`).execute(db);
    }

    // Member search: names and e-mail by substring, member number and registration id by prefix.
    await sql`create index member_profiles_member_id_ci on member_profiles (lower(member_id))`.execute(db);
    await sql`create index member_profiles_registration_ci on member_profiles (lower(registration_id))`.execute(db);
    if (dialect === 'sqlite') {
      // FTS5 trigram index over the searched account columns, kept by triggers (as books_fts).
      await sql`create virtual table users_fts using fts5(username, email, first_name, last_name, content='users', content_rowid='id', tokenize='trigram')`.execute(db);
      await sql`create trigger users_fts_insert after insert on users begin
        insert into users_fts(rowid, username, email, first_name, last_name) values (new.id, new.username, new.email, new.first_name, new.last_name);
      end`.execute(db);
      await sql`create trigger users_fts_delete after delete on users begin
        insert into users_fts(users_fts, rowid, username, email, first_name, last_name) values ('delete', old.id, old.username, old.email, old.first_name, old.last_name);
      end`.execute(db);
      await sql`create trigger users_fts_update after update of id, username, email, first_name, last_name on users begin
        insert into users_fts(users_fts, rowid, username, email, first_name, last_name) values ('delete', old.id, old.username, old.email, old.first_name, old.last_name);
        insert into users_fts(rowid, username, email, first_name, last_name) values (new.id, new.username, new.email, new.first_name, new.last_name);
      end`.execute(db);
      await sql`insert into users_fts(users_fts) values ('rebuild')`.execute(db);
    } else {
      await sql`savepoint members_search_trgm`.execute(db);
      let trigrams = true;
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`release savepoint members_search_trgm`.execute(db);
      } catch {
        trigrams = false;
        await sql`rollback to savepoint members_search_trgm`.execute(db);
      }
      if (trigrams) {
        for (const column of ['username', 'email', 'first_name', 'last_name']) {
          await sql.raw(`create index users_${column}_trgm on users using gin (lower(${column}) gin_trgm_ops)`).execute(db);
        }
      }
      // Prefix searches on PostgreSQL whatever the database's collation.
      await sql`create index member_profiles_member_id_prefix on member_profiles (lower(member_id) text_pattern_ops)`.execute(db);
      await sql`create index users_username_prefix on users (lower(username) text_pattern_ops)`.execute(db);
    }
  }
});

export default migration;

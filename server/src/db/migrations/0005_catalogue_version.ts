import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './types.js';

/**
 * The tables whose changes can alter a book list answer: the books, their covers, and the
 * reference names joined into each row.
 */
const CATALOGUE_TABLES = ['books', 'book_covers', 'categories', 'departments', 'languages'] as const;

/**
 * Migration 0005_catalogue_version: one row whose `version` every change of the catalogue bumps in
 * the same transaction (database triggers, so no writer can forget it), so any server instance can
 * tell with one small read whether a cached count or page is still the truth. `epoch` is random per
 * database, so a recreated database never repeats an old database's tags.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ dialect }) => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('catalogue_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('epoch', 'text', (c) => c.notNull())
      .execute();
    await db.insertInto('catalogue_version').values({ id: 1, version: 1, epoch: randomBytes(8).toString('hex') }).execute();

    if (dialect === 'sqlite') {
      // SQLite has row triggers only: one update of a one-row table per changed row (a few µs, so
      // a 10,000-row import pays milliseconds). SQLite has one writer at a time, so no lock order.
      for (const table of CATALOGUE_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql
            .raw(`create trigger ${table}_${event}_catalogue_version after ${event} on ${table} begin update catalogue_version set version = version + 1 where id = 1; end`)
            .execute(db);
        }
      }
      return;
    }
    // PostgreSQL: once per statement (an import's multi-row insert bumps once, not per row), and
    // before the statement, so a transaction takes the version row's lock before any catalogue
    // row lock: two catalogue writers queue on the version row instead of deadlocking on rows.
    await sql`create function catalogue_version_bump() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of CATALOGUE_TABLES) {
      await sql
        .raw(`create trigger ${table}_catalogue_version before insert or update or delete or truncate on ${table} for each statement execute function catalogue_version_bump()`)
        .execute(db);
    }
  },
});

export default migration;

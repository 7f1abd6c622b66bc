/** Opens the database: PostgreSQL when DATABASE_URL is set, otherwise the SQLite file in DATA_DIR. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** Creates the Kysely handle for the configured database. The caller destroys it. */
export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Kysely<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(path.join(config.dataDir, 'library.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
}

/** How many prepared statements one SQLite handle keeps (queries are built from a few hundred shapes). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The handle Kysely drives, with prepared statements kept by SQL text: Kysely prepares every
 * query anew, and preparing costs about as much as running a small indexed query. A kept
 * statement still being iterated (busy) is never handed out twice; the oldest is dropped first.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text: string) {
      const known = kept.get(text);
      if (known && !known.busy) return known;
      const statement = file.prepare(text);
      if (!known) {
        kept.set(text, statement);
        if (kept.size > STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
      }
      return statement;
    },
  };
}

/** Tells the dialect of an open handle (migrations need it for the id column). */
export const dialectOfDb = (db: Kysely<Database>): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** Whether the database answers (for the health check). */
export async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

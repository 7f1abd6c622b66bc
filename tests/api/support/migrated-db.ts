/**
 * A database of its own for a migration test: a fresh SQLite file (or, with DATABASE_URL, a fresh
 * PostgreSQL database) brought up to `migration` only, so the test can write the data of that time
 * before running the rest. `cleanup` drops it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { createDb, dialectOfDb } from '../../../server/src/db/connection.js';
import { migrationsFor } from '../../../server/src/db/migrations/index.js';
import type { Database } from '../../../server/src/db/schema.js';
import { freshPostgresDatabase } from './harness.js';

export async function databaseAt(migration: string): Promise<{ db: Kysely<Database>; cleanup: () => Promise<void> }> {
  const adminUrl = process.env['DATABASE_URL'];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'library-migration-'));
  const postgres = adminUrl ? await freshPostgresDatabase(adminUrl) : undefined;
  const db = createDb({ databaseUrl: postgres?.url, dataDir });
  const cleanup = async () => {
    await db.destroy();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialectOfDb(db)) } });
  const { error } = await migrator.migrateTo(migration);
  if (error) {
    await cleanup();
    throw error;
  }
  return { db, cleanup };
}

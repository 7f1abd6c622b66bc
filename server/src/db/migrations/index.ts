/**
 * One set of migrations for SQLite and PostgreSQL (Kysely Migrator, in-code provider), one file
 * each, applied in the order of MIGRATIONS (names sort the same way). Only the id column differs
 * between the two dialects; booleans are integer 0/1, timestamps ISO text, money integer minor
 * units. Add a migration as the next numbered file and list it here; never edit one that shipped.
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Database } from '../schema.js';
import { dialectOfDb, type Dialect } from '../connection.js';
import { syncCatalogue } from '../catalogue.js';
import type { MigrationContext, MigrationFactory, Table } from './types.js';
import accounts from './0001_accounts.js';
import dashboardShell from './0002_dashboard_shell.js';
import catalogue from './0003_catalogue.js';
import bookSearch from './0004_book_search.js';
import catalogueVersion from './0005_catalogue_version.js';
import members from './0006_members.js';
import memberSearchPrefix from './0007_member_search_prefix.js';
import circulation from './0008_circulation.js';
import reservations from './0009_reservations.js';
import notices from './0010_notices.js';
import dashboardIndexes from './0011_dashboard_indexes.js';
import reportIndexes from './0012_report_indexes.js';
import refreshSuccessor from './0014_refresh_successor.js';
import copies from './0015_copies.js';
import stockVerification from './0016_stock_verification.js';
import desk from './0017_desk.js';
import auditActionNames from './0018_audit_action_names.js';

/** Every migration by its recorded name, in order. */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, factory: MigrationFactory]> = [
  ['0001_accounts', accounts],
  ['0002_dashboard_shell', dashboardShell],
  ['0003_catalogue', catalogue],
  ['0004_book_search', bookSearch],
  ['0005_catalogue_version', catalogueVersion],
  ['0006_members', members],
  ['0007_member_search_prefix', memberSearchPrefix],
  ['0008_circulation', circulation],
  ['0009_reservations', reservations],
  ['0010_notices', notices],
  ['0011_dashboard_indexes', dashboardIndexes],
  ['0012_report_indexes', reportIndexes],
  ['0014_refresh_successor', refreshSuccessor],
  ['0015_copies', copies],
  ['0016_stock_verification', stockVerification],
  ['0017_desk', desk],
  ['0018_audit_action_names', auditActionNames],
];

function contextFor(dialect: Dialect): MigrationContext {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return { dialect, withId };
}

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const context = contextFor(dialect);
  return Object.fromEntries(MIGRATIONS.map(([name, factory]) => [name, factory(context)]));
}

export interface MigrationReport {
  /** Names of the migrations applied by this run (empty when already up to date). */
  applied: string[];
}

/**
 * Brings the schema up to date, then upserts the permission catalogue, the built-in roles and
 * the settings row. Safe to run on every start and from several instances.
 */
export async function migrate(db: Kysely<Database>): Promise<MigrationReport> {
  const migrations = migrationsFor(dialectOfDb(db));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error instanceof Error ? error.message : error)}`, {
      cause: error,
    });
  }
  await syncCatalogue(db);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

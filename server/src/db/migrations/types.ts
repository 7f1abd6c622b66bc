import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/** Migrations describe past schemas, so they work on an untyped handle (Kysely's advice). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
export type Table = CreateTableBuilder<string, never>;

/** What a migration may depend on: only the dialect differs between SQLite and PostgreSQL. */
export interface MigrationContext {
  dialect: Dialect;
  /** Adds the surrogate key: autoincrement on SQLite, serial on PostgreSQL. */
  withId: (table: Table) => Table;
}

export type MigrationFactory = (context: MigrationContext) => Migration;

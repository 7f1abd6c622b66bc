/**
 * Audit atomicity, injected: a trigger makes the database refuse the audit row of one action, so
 * a change whose audit is written in its own transaction must roll back whole. `fingerprint`
 * reads every table (but the audit trail itself and what `ignore` names) so a test can prove that
 * nothing at all was written.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.js';
import { dialectOfDb } from '../../../server/src/db/connection.js';
import type { AuditAction } from '#shared/audit-actions';

/** The message the injected failure carries (the server answers it with a 500). */
export const INJECTED_FAILURE = 'injected audit failure';

/** Makes every insert of an audit row with `action` fail until `restore()` is called. */
export async function failAuditOf(db: Kysely<Database>, action: AuditAction): Promise<{ restore(): Promise<void> }> {
  if (dialectOfDb(db) === 'postgres') {
    await sql`create or replace function audit_fails() returns trigger language plpgsql as $$ begin raise exception '${sql.raw(INJECTED_FAILURE)}'; end $$`.execute(db);
    await sql`drop trigger if exists audit_fails on audit_log`.execute(db);
    await sql`create trigger audit_fails before insert on audit_log for each row when (new.action = ${sql.lit(action)}) execute function audit_fails()`.execute(db);
    return { restore: async () => void (await sql`drop trigger if exists audit_fails on audit_log`.execute(db)) };
  }
  await sql`drop trigger if exists audit_fails`.execute(db);
  await sql`create trigger audit_fails before insert on audit_log when new.action = ${sql.lit(action)} begin select raise(abort, ${sql.lit(INJECTED_FAILURE)}); end`.execute(db);
  return { restore: async () => void (await sql`drop trigger if exists audit_fails`.execute(db)) };
}

/** The tables a fingerprint never reads: the audit trail (the failure is there) and the migrations' own bookkeeping. */
const ALWAYS_IGNORED = new Set(['audit_log', 'kysely_migration', 'kysely_migration_lock']);

/** Every row of every table (but `ignore`d ones), as text: equal before and after means nothing was written. */
export async function fingerprint(db: Kysely<Database>, ignore: readonly string[] = []): Promise<Record<string, string>> {
  const postgres = dialectOfDb(db) === 'postgres';
  const tables = postgres
    ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db)).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)).rows;
  const skipped = new Set([...ALWAYS_IGNORED, ...ignore]);
  const print: Record<string, string> = {};
  for (const { name } of tables) {
    if (skipped.has(name)) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    // Row order is not part of the state: compare the sorted rows.
    print[name] = rows
      .map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value instanceof Date ? value.toISOString() : value)))
      .sort()
      .join('\n');
  }
  return print;
}

/**
 * `npx tsx bench/report-plans.ts`: the reports at 1,000,000 loans. A temp SQLite database (or the
 * PostgreSQL of DATABASE_URL, in a fresh database) is migrated and filled in SQL (2,000 titles,
 * 5,000 members, five copies per title acquired over the ten years, loans over ten years ending
 * today with their fines, receipts and audit entries),
 * then every section's first page of the last 30 days is explained and timed, and each summary
 * timed. A plan that reads the whole loans table (SQLite `SCAN l`, PostgreSQL `Seq Scan on loans`)
 * is reported and fails the run.
 *   BENCH_LOANS=1000000 npx tsx bench/report-plans.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { createDb, dialectOfDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import type { Database } from '../server/src/db/schema.js';
import { reportClock, reportSummary, SECTIONS } from '../server/src/modules/reports/service.js';
import { parseReportQuery } from '../server/src/modules/reports/schemas.js';
import { rangeOf } from '../server/src/modules/reports/range.js';
import { pageSql, sectionPage } from '../server/src/modules/reports/sections.js';
import { REPORTS } from '#shared/report-catalogue';

const LOANS = Number(process.env['BENCH_LOANS'] ?? 1_000_000);
const BOOKS = 2_000;
const MEMBERS = 5_000;
const DAYS = 3_650;

async function fill(db: Kysely<Database>, postgres: boolean): Promise<void> {
  const series = (n: number) => (postgres ? sql.raw(`generate_series(1, ${n}) as g(i)`) : sql.raw(`(with recursive c(i) as (select 1 union all select i + 1 from c where i < ${n}) select i from c) as g`));
  const day = (expr: string) => (postgres ? sql.raw(`to_char(current_date - (${expr})::int, 'YYYY-MM-DD')`) : sql.raw(`date('now', (-(${expr})) || ' days')`));
  const moment = (expr: string) => (postgres ? sql.raw(`to_char((now() - ((${expr}) || ' minutes')::interval) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`) : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(${expr})) || ' minutes')`));
  await sql`insert into books (title, author, isbn, publisher, total_copies, available_copies, rack_no, date_of_entry, price, created_at, updated_at)
    select 'Title ' || i, 'Author ' || (i % 300), 'ISBN' || i, 'Press', 5, i % 5, 'R-1', '2020-01-01', 1000 + i, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z' from ${series(BOOKS)}`.execute(db);
  // Five copies per title, acquired over the ten years, a few damaged, lost, missing or withdrawn (the accession register, copies by status).
  await sql`insert into copies (book_id, copy_no, accession_no, barcode, acquired_on, source, status, status_reason, withdrawn_on, created_at, updated_at)
    select b.id, g.i, 'ACC-' || (b.id * 5 + g.i), 'ACC-' || (b.id * 5 + g.i), ${day(`((b.id * 5 + g.i) * 7) % ${DAYS}`)}, 'PURCHASE',
      case (b.id + g.i) % 20 when 0 then 'WITHDRAWN' when 1 then 'DAMAGED' when 2 then 'LOST' when 3 then 'MISSING' when 4 then 'ON_LOAN' else 'AVAILABLE' end,
      case when (b.id + g.i) % 20 < 4 then 'Bench' end, case when (b.id + g.i) % 20 = 0 then '2024-01-01' end, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'
    from books b cross join ${series(5)}`.execute(db);
  await sql`insert into users (username, email, password_hash, first_name, last_name, role, is_active, is_verified, is_declined, approved_at, date_joined)
    select 'member' || i, 'member' || i || '@bench.test', 'x', 'First' || i, 'Last' || i, 'MEMBER', 1, 1, 0, '2020-01-01T00:00:00.000Z', ${moment(`i * 1000`)} from ${series(MEMBERS)}`.execute(db);
  await sql`insert into member_profiles (user_id, member_id) select id, 'MBR-' || id from users where role = 'MEMBER'`.execute(db);
  const firstMember = Number((await sql<{ id: number }>`select min(id) as id from users where role = 'MEMBER'`.execute(db)).rows[0]!.id);
  // Loan i: issued (i % DAYS) days ago; some of the first 10,000 (issued in the last 60 days) are still out.
  await sql`insert into loans (book_id, member_id, issue_date, due_date, returned_at, status, renewals, created_at, updated_at)
    select 1 + (i % ${BOOKS}), ${firstMember} + ((i * 7) % ${MEMBERS}), ${day(`(i % ${DAYS})`)}, ${day(`(i % ${DAYS}) - 14`)},
      case when i < 10000 and i % ${DAYS} < 60 then null else ${day(`(i % ${DAYS}) - 10`)} end,
      case when i < 10000 and i % ${DAYS} < 60 then 'ISSUED' when i % 997 = 0 then 'LOST' else 'RETURNED' end, 0, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'
    from ${series(LOANS)}`.execute(db);
  await sql`insert into fines (loan_id, member_id, late_days, overdue_fine, book_price, amount, collected_amount, discount, remaining, created_at, updated_at)
    select id, member_id, 1, 1000, null, 1000, case when id % 3 = 0 then 1000 else 0 end, 0, case when id % 3 = 0 then 0 else 1000 end, ${moment('id % 5256000')}, '2020-01-01T00:00:00.000Z'
    from loans where id % 10 = 0`.execute(db);
  await sql`insert into fine_receipts (receipt_no, member_id, cash, discount, collected_by, created_at)
    select 'R-' || id, member_id, 1000, 0, null, created_at from fines where collected_amount > 0`.execute(db);
  await sql`insert into audit_log (user_id, action, entity, entity_id, created_at) select member_id, 'BOOK_ISSUED', 'loan', id, ${moment('id % 5256000')} from loans where id % 2 = 0`.execute(db);
  if (postgres) await sql`analyze`.execute(db);
  else await sql`analyze`.execute(db);
}

async function explain(db: Kysely<Database>, query: { sql: string; parameters: readonly unknown[] }, postgres: boolean): Promise<string> {
  if (postgres) {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}`, query: query as never } as never);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const { rows } = await db.executeQuery<{ detail: string }>({ sql: `explain query plan ${query.sql}`, parameters: query.parameters, query: query as never } as never);
  return rows.map((r) => r.detail).join('\n');
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'report-plans-'));
  const adminUrl = process.env['DATABASE_URL'];
  let url: string | undefined;
  if (adminUrl) {
    const name = `report_plans_${process.pid}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database "${name}"`);
    await client.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const db = createDb({ databaseUrl: url, dataDir });
  const postgres = dialectOfDb(db) === 'postgres';
  let failed = false;
  try {
    await migrate(db);
    let started = performance.now();
    await fill(db, postgres);
    console.log(`${postgres ? 'PostgreSQL' : 'SQLite'}: ${LOANS.toLocaleString('en-US')} loans filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const clock = await reportClock(db);
    for (const report of Object.values(REPORTS)) {
      const query = parseReportQuery(null, {}, clock.today);
      started = performance.now();
      await reportSummary(db, clock, report, query);
      console.log(`\n${report.key} summary: ${(performance.now() - started).toFixed(1)} ms`);
      for (const section of report.sections) {
        const q = parseReportQuery(section, {}, clock.today);
        const input = { db, query: q, range: rangeOf(q.from, q.to, clock.today, clock.timezone), settings: { lowStockThreshold: clock.lowStockThreshold, maxBooksPerMember: clock.maxBooksPerMember } };
        const build = SECTIONS[report.key][section.key]!;
        started = performance.now();
        const page = await sectionPage(input, section, build);
        const ms = performance.now() - started;
        const plan = await explain(db, pageSql(section, build(input), q.ordering, 20, 0).compile(db), postgres);
        const scansLoans = postgres ? /Seq Scan on loans/.test(plan) : /^SCAN l\b|SCAN loans\b/m.test(plan);
        if (scansLoans) failed = true;
        console.log(`  ${section.key}: ${page.window.count} rows, first page ${ms.toFixed(1)} ms${scansLoans ? '  READS THE WHOLE LOANS TABLE' : ''}`);
        console.log(plan.split('\n').map((line) => `      ${line}`).join('\n'));
      }
    }
  } finally {
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
    if (adminUrl && url) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
      await client.end();
    }
  }
  if (failed) process.exitCode = 1;
}

await main();

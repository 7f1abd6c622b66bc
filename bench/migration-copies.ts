/**
 * `npx tsx bench/migration-copies.ts`: how long the accession register's migration (0015_copies)
 * takes on a library the size of the dashboard bench's (bench/dashboard.ts): 100,000 titles
 * (BENCH_BOOKS, the same generated catalogue), 5,000 members, 1,000,000 loans (BENCH_LOANS) over
 * three years (about 95% returned, 4% out and not yet due, 1% overdue, never one member twice on
 * one title while out) and 3,000 reservations (two thirds waiting, a sixth held, the rest
 * cancelled). A fresh database (a temp SQLite file, or a new database beside DATABASE_URL's) is
 * migrated to 0014, seeded in SQL and analysed; then 0015 alone is run and timed, and what it made
 * is checked (every open loan and held reservation names a copy of its own title, the counts read
 * from the copies). Writes its section of docs/PERFORMANCE.md (BENCH_NO_WRITE=1 to skip).
 * Not part of `npm run bench` (seeding takes minutes). Run it on each database:
 *   npx tsx bench/migration-copies.ts
 *   DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npx tsx bench/migration-copies.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type LogEvent, type RawBuilder } from 'kysely';
import { createDb, dialectOfDb } from '../server/src/db/connection.js';
import { migrationsFor } from '../server/src/db/migrations/index.js';
import type { Database } from '../server/src/db/schema.js';
import { addDays, todayIn } from '#shared/dates';
import { REPORTS, sectionOf } from '#shared/report-catalogue';
import { reportClock, SECTIONS } from '../server/src/modules/reports/service.js';
import { parseReportQuery } from '../server/src/modules/reports/schemas.js';
import { rangeOf } from '../server/src/modules/reports/range.js';
import { sectionPage } from '../server/src/modules/reports/sections.js';
import { loadAtStart, machine, writeSection } from './report.js';
import { seedBooks } from './seed-books.js';

const BOOKS = Number(process.env['BENCH_BOOKS'] ?? 100_000);
const LOANS = Number(process.env['BENCH_LOANS'] ?? 1_000_000);
const MEMBERS = 5_000;
const RESERVATIONS = 3_000;
const YEARS_DAYS = 3 * 365;
const BEFORE = '0014_refresh_successor';
const MIGRATION = '0015_copies';
/** The budget: a migration that runs longer than this keeps a library offline too long. */
const BUDGET_SECONDS = 60;

const int = (n: number): string => n.toLocaleString('en');

/** A fresh PostgreSQL database beside the admin URL's, and how to drop it. */
async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `migration_copies_${process.pid}`;
  const run = async (text: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/** Members, loans and reservations in SQL, shaped as the dashboard bench's. */
async function seedCirculation(db: Kysely<Database>, postgres: boolean, today: string): Promise<void> {
  const series = (n: number) =>
    postgres ? sql.raw(`generate_series(1, ${n}) as g(i)`) : sql.raw(`(with recursive c(i) as (select 1 union all select i + 1 from c where i < ${n}) select i from c) as g`);
  const daysAgo = (expr: string) => (postgres ? sql.raw(`to_char(date '${today}' - (${expr})::int, 'YYYY-MM-DD')`) : sql.raw(`date('${today}', (-(${expr})) || ' days')`));
  const stamp = `${today}T09:00:00.000Z`;
  await sql`insert into users (username, email, password_hash, first_name, last_name, role, is_active, is_verified, is_declined, approved_at, date_joined)
    select 'home.reader' || i, 'home.reader' || i || '@example.test', '!', 'Home', 'Reader ' || i, 'MEMBER', 1, 1, 0, ${stamp}, ${stamp} from ${series(MEMBERS)}`.execute(db);
  await sql`insert into member_profiles (user_id, member_id) select id, 'HOME-' || id from users where role = 'MEMBER'`.execute(db);
  const first = async (table: 'users' | 'books') => Number((await sql<{ id: number }>`select min(id) as id from ${sql.table(table)}`.execute(db)).rows[0]!.id);
  const member = await first('users');
  const book = await first('books');
  // Loan i: every 20th is out (k = i / 20: title k·7919 mod BOOKS, so no title twice; a fifth of them overdue), the rest returned
  // (never after today). Days ago of the issue and of the return, then the dates, in one statement.
  // PostgreSQL's per-row loan_days trigger is off while seeding, the table rebuilt after (as migration 0011 builds it).
  if (postgres) await sql`alter table loans disable trigger loans_loan_days`.execute(db);
  await sql`insert into loans (book_id, member_id, issue_date, due_date, returned_at, status, renewals, created_at, updated_at)
    select ${book} + (case when i % 20 = 0 then ((i / 20) * 7919) % ${BOOKS} else ((i * 7) + (i / 13)) % ${BOOKS} end),
      ${member} + ((i * 31) % ${MEMBERS}), ${daysAgo('d.ago')}, ${daysAgo('d.ago - 14')}, case when d.back is not null then ${daysAgo('d.back')} end,
      case when d.back is null then 'ISSUED' else 'RETURNED' end, 0, ${stamp}, ${stamp}
    from (
      select i,
        case when i % 20 <> 0 then 1 + (i % ${YEARS_DAYS}) when (i / 20) % 5 = 0 then 15 + ((i / 20) % 46) else (i / 20) % 14 end as ago,
        case when i % 20 <> 0 then ${sql.raw(postgres ? 'greatest' : 'max')}(0, (i % ${YEARS_DAYS}) - (i % 14)) end as back
      from ${series(LOANS)}
    ) d`.execute(db);
  if (postgres) {
    await sql`delete from loan_days`.execute(db);
    await sql`insert into loan_days (day, issued, returned)
      select day, sum(issued), sum(returned) from (
        select issue_date as day, 1 as issued, 0 as returned from loans
        union all select returned_at as day, 0 as issued, 1 as returned from loans where returned_at is not null
      ) d group by day`.execute(db);
    await sql`alter table loans enable trigger loans_loan_days`.execute(db);
  }
  await sql`insert into reservations (book_id, member_id, status, queue_rank, hold_until, created_at, updated_at)
    select ${book} + ((i * 7919) % ${BOOKS}), ${member} + (i % ${MEMBERS}),
      case when i <= ${(RESERVATIONS * 2) / 3} then 'PENDING' when i <= ${(RESERVATIONS * 5) / 6} then 'FULFILLED' else 'CANCELLED' end, 2,
      case when i > ${(RESERVATIONS * 2) / 3} and i <= ${(RESERVATIONS * 5) / 6} then ${daysAgo('-2')} end, ${stamp}, ${stamp}
    from ${series(RESERVATIONS)}`.execute(db);
  await sql`insert into library_settings (id) select 1 where not exists (select 1 from library_settings)`.execute(db);
  await sql.raw(postgres ? 'vacuum analyze' : 'analyze').execute(db);
}

const count = async (db: Kysely<Database>, query: RawBuilder<{ n: number | string }>): Promise<number> => Number((await query.execute(db)).rows[0]!.n);

async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'migration-copies-'));
  const adminUrl = process.env['DATABASE_URL'];
  const postgres = adminUrl ? await freshPostgres(adminUrl) : undefined;
  let db = createDb({ databaseUrl: postgres?.url, dataDir }) as Kysely<Database>;
  const dialect = dialectOfDb(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
  try {
    const before = await migrator.migrateTo(BEFORE);
    if (before.error) throw before.error;
    if (dialect === 'sqlite') await sql`pragma synchronous = off`.execute(db);
    let started = performance.now();
    await seedBooks(db, BOOKS);
    await seedCirculation(db, dialect === 'postgres', todayIn('UTC'));
    if (dialect === 'sqlite') await sql`pragma synchronous = normal`.execute(db);
    const seedSeconds = (performance.now() - started) / 1000;
    const open = await count(db, sql`select count(*) as n from loans where returned_at is null`);
    const held = await count(db, sql`select count(*) as n from reservations where status = 'FULFILLED'`);
    const loans = await count(db, sql`select count(*) as n from loans`);
    const stock = await count(db, sql`select coalesce(sum(total_copies), 0) as n from books`);
    console.log(`${dialect}: ${int(BOOKS)} books (${int(stock)} copies counted), ${int(loans)} loans (${int(open)} open), ${int(held)} held reservations seeded in ${seedSeconds.toFixed(0)} s`);

    // The migration runs on a handle that logs each statement's time (a fresh one, as a deploy would open).
    await db.destroy();
    const steps: { text: string; ms: number }[] = [];
    const log = (event: LogEvent): void => {
      if (event.level === 'query') steps.push({ text: event.query.sql.replace(/\s+/g, ' ').trim(), ms: event.queryDurationMillis });
    };
    let timed: Kysely<Database>;
    if (postgres) timed = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgres.url, max: 2 }) }), log });
    else {
      const file = new SQLite(path.join(dataDir, 'library.db'));
      file.pragma('journal_mode = WAL');
      file.pragma('foreign_keys = ON');
      file.pragma('synchronous = NORMAL');
      timed = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), log });
    }
    db = timed;
    const timedMigrator = new Migrator({ db: timed, provider: { getMigrations: async () => migrationsFor(dialect) } });
    const cpu = process.cpuUsage();
    started = performance.now();
    const run = await timedMigrator.migrateTo(MIGRATION);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    if (run.error) throw run.error;
    if (run.results?.map((r) => r.migrationName).join() !== MIGRATION) throw new Error(`Expected ${MIGRATION} alone, ran ${JSON.stringify(run.results)}`);
    const slowest = [...steps].sort((a, b) => b.ms - a.ms).slice(0, 6);
    for (const step of slowest) console.log(`  ${(step.ms / 1000).toFixed(2)} s  ${step.text.slice(0, 140)}`);

    const copies = await count(db, sql`select count(*) as n from copies`);
    const unlinked = await count(db, sql`select count(*) as n from loans where returned_at is null and copy_id is null`);
    const wrongTitle = await count(db, sql`select count(*) as n from loans l join copies c on c.id = l.copy_id where l.returned_at is null and c.book_id <> l.book_id`);
    const heldUnlinked = await count(db, sql`select count(*) as n from reservations where status = 'FULFILLED' and copy_id is null`);
    const onLoan = await count(db, sql`select count(*) as n from copies where status = 'ON_LOAN'`);
    const onHold = await count(db, sql`select count(*) as n from copies where status = 'ON_HOLD'`);
    const problems = [unlinked && `${unlinked} open loans without a copy`, wrongTitle && `${wrongTitle} loans on another title's copy`, heldUnlinked && `${heldUnlinked} held reservations without a copy`, onLoan !== open && `${onLoan} copies on loan for ${open} open loans`, onHold !== held && `${onHold} copies held for ${held} holds`].filter(Boolean);
    const verdict = seconds <= BUDGET_SECONDS ? 'met' : '**missed**';
    console.log(`${MIGRATION}: ${seconds.toFixed(1)} s (this process's CPU ${cpuSeconds.toFixed(1)} s; ≤ ${BUDGET_SECONDS} s: ${verdict}); ${int(copies)} copies; ${problems.length ? problems.join('; ') : 'every open loan and held reservation names a copy of its title'}`);
    if (problems.length) process.exitCode = 1;

    // The Book Report's copy sections on the migrated register: first page and count, as the screen asks.
    const clock = await reportClock(timed);
    const pages: string[] = [];
    for (const [key, query] of [['accession-register', { from: addDays(clock.today, -3_649), to: clock.today }], ['copies-by-status', {}]] as const) {
      const section = sectionOf(REPORTS.books, key)!;
      const q = parseReportQuery(section, query, clock.today);
      const input = { db: timed, query: q, range: rangeOf(q.from, q.to, clock.today, clock.timezone), settings: { lowStockThreshold: clock.lowStockThreshold, maxBooksPerMember: clock.maxBooksPerMember } };
      started = performance.now();
      const page = await sectionPage(input, section, SECTIONS.books[key]!);
      const ms = performance.now() - started;
      console.log(`  ${key}: ${int(page.window.count)} rows, first page ${ms.toFixed(0)} ms`);
      pages.push(`${key} (${int(page.window.count)} rows${key === 'accession-register' ? ', ten years' : ''}): ${ms.toFixed(0)} ms`);
    }

    const m = machine();
    const lines = [
      `### Migration 0015 (the accession register), ${dialect}`,
      '',
      `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${loadBefore.toFixed(1)} at the start, ${m.load} at the end.`,
      `\`${dialect === 'postgres' ? 'DATABASE_URL=… ' : ''}npx tsx bench/migration-copies.ts\` (not in \`npm run bench\`: seeding takes minutes): a database at 0014 with the dashboard bench's library,`,
      `${int(BOOKS)} titles, ${int(MEMBERS)} members, ${int(loans)} loans (${int(open)} open), ${int(held)} held reservations, seeded in ${seedSeconds.toFixed(0)} s; then 0015 alone.`,
      '',
      '| migration | copies made | open loans / holds linked | wall time | CPU of this process | target (wall) |',
      '|---|---|---|---|---|---|',
      `| \`0015_copies\` | ${int(copies)} | ${int(open - unlinked)} / ${int(held - heldUnlinked)} | ${seconds.toFixed(1)} s | ${dialect === 'sqlite' ? `${cpuSeconds.toFixed(1)} s` : '— (the work is the server’s)'} | ≤ ${BUDGET_SECONDS} s: ${verdict} |`,
      '',
      'Its slowest statements:',
      '',
      ...slowest.slice(0, 4).map((step) => `- ${(step.ms / 1000).toFixed(1)} s: \`${step.text.slice(0, 90).replace(/`/g, '')}…\``),
      '',
      `The Book Report's copy sections on the migrated register, count and first page of 20: ${pages.join('; ')}.`,
    ];
    if (!process.env['BENCH_NO_WRITE']) console.log(`Written to ${await writeSection(`migration-copies-${dialect}`, lines)}`);
  } finally {
    await db.destroy();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

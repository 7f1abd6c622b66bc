/**
 * The notice scheduler at scale: a fresh database (a temp SQLite file, or DATABASE_URL's database:
 * run it on an empty one) gets 1,000 members, 1,000 titles and 1,000,000 open loans (BENCH_LOANS),
 * one per member and title, due dates spread over 1,000 days around today (so 1,000 fall due on
 * each day). One tick at the run time then runs due_soon, due_today and overdue (its 9-day window
 * holds 9,000 loans) and delivers their e-mails to a transport that discards them; a second tick
 * the same day must find nothing to do, a third the next day runs again. Reports the time of each
 * and the process's peak memory, which must not grow with the loans table (the jobs page through
 * it). Writes its section of docs/PERFORMANCE.md.
 *   npx tsx bench/notices.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Insertable } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import type { Db, LoansTable } from '../server/src/db/schema.js';
import { nowIso } from '../server/src/db/values.js';
import { schedulerJobs } from '../server/src/modules/notices/jobs.js';
import { runSchedulerTick } from '../server/src/modules/notices/scheduler.js';
import { addDays, todayIn } from '#shared/dates';
import { loadAtStart, machine, writeSection } from './report.js';
import { seedBooks } from './seed-books.js';

const LOANS = Number(process.env['BENCH_LOANS'] ?? 1_000_000);
const MEMBERS = 1000;
const TITLES = Math.ceil(LOANS / MEMBERS);
const SPREAD_DAYS = 1000;
const BATCH = 2000;

/** Members straight into the tables (no password hashing). */
async function seedMembers(db: Db): Promise<number[]> {
  const role = (await db.selectFrom('roles').select('id').where('name', '=', 'MEMBER').executeTakeFirstOrThrow()).id;
  const now = nowIso();
  const ids: number[] = [];
  for (let from = 0; from < MEMBERS; from += 500) {
    const users = await db
      .insertInto('users')
      .values(Array.from({ length: Math.min(500, MEMBERS - from) }, (_, k) => ({
        username: `notice.reader${from + k}`, email: `notice.reader${from + k}@example.test`, password_hash: '!', first_name: 'Notice', last_name: `Reader ${from + k}`,
        role: 'MEMBER', is_active: 1, is_verified: 1, is_declined: 0, approved_at: now, date_joined: now, last_login: null,
      })))
      .returning('id')
      .execute();
    await db.insertInto('user_roles').values(users.map((u) => ({ user_id: u.id, role_id: role }))).execute();
    ids.push(...users.map((u) => u.id));
  }
  return ids;
}

/** Open loans, one per member and title, due dates spread evenly around today. */
async function seedLoans(db: Db, members: number[], books: number[], today: string): Promise<void> {
  const now = nowIso();
  let rows: Insertable<LoansTable>[] = [];
  let made = 0;
  for (let b = 0; b < books.length && made < LOANS; b++) {
    for (let m = 0; m < members.length && made < LOANS; m++) {
      const due = addDays(today, (made % SPREAD_DAYS) - SPREAD_DAYS / 2);
      rows.push({ book_id: books[b]!, member_id: members[m]!, issue_date: addDays(due, -14), due_date: due, returned_at: null, status: 'ISSUED', renewals: 0, issued_by: null, created_at: now, updated_at: now });
      made += 1;
      if (rows.length === BATCH) {
        await db.insertInto('loans').values(rows).execute();
        rows = [];
      }
    }
  }
  if (rows.length) await db.insertInto('loans').values(rows).execute();
}

/** Samples the resident memory while `run` goes; answers its time and the peak. */
async function measured<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = process.hrtime.bigint();
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakMb: peak / 1048576 };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  const dialect = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'notices-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env['DATABASE_URL'], JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', SCHEDULER_TICK_MS: '0' });
  const db = createDb(config);
  await migrate(db);
  const today = todayIn('UTC');
  const seedStarted = Date.now();
  await seedBooks(db, TITLES);
  const books = (await db.selectFrom('books').select('id').orderBy('id').limit(TITLES).execute()).map((b) => b.id);
  const members = await seedMembers(db);
  await seedLoans(db, members, books, today);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
  const loans = Number((await db.selectFrom('loans').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  console.log(`${loans.toLocaleString('en')} open loans seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s (${dialect})`);

  let mails = 0;
  const app = await buildApp(config, { db, mailTransport: { send: async () => void (mails += 1), close: () => undefined } });
  const ctx = app.ctx;
  const rssBefore = process.memoryUsage().rss / 1048576;
  const first = await measured(async () => {
    const report = await runSchedulerTick(ctx, new Date(`${today}T08:00:00.000Z`), schedulerJobs());
    await ctx.notices.idle();
    return report;
  });
  const notices = Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const mailsFirst = mails;
  const again = await measured(() => runSchedulerTick(ctx, new Date(`${today}T08:30:00.000Z`), schedulerJobs()));
  const next = await measured(async () => {
    const report = await runSchedulerTick(ctx, new Date(`${addDays(today, 1)}T08:00:00.000Z`), schedulerJobs());
    await ctx.notices.idle();
    return report;
  });
  const noticesNext = Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) - notices;
  await app.close();
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });

  const m = machine();
  const lines = [
    `### Notice scheduler (${dialect})`,
    '',
    `${m.date}, ${m.cpu} (${m.cores} cores, load ${loadBefore.toFixed(2)} at start), Node ${m.node}. \`npx tsx bench/notices.ts\`:`,
    `${loans.toLocaleString('en')} open loans (1,000 due each day), default settings (due soon 2 days, overdue every 3 days, at most 3).`,
    '',
    '| tick (queue and deliver) | jobs run | notices | e-mails sent | time | peak RSS |',
    '|---|---|---|---|---|---|',
    `| first of the day | ${first.result.ran.join(', ')} | ${notices.toLocaleString('en')} | ${mailsFirst.toLocaleString('en')} | ${first.seconds.toFixed(1)} s | ${first.peakMb.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before) |`,
    `| same day again | ${again.result.ran.join(', ') || 'none'} | 0 | 0 | ${(again.seconds * 1000).toFixed(0)} ms | ${again.peakMb.toFixed(0)} MB |`,
    `| next day | ${next.result.ran.join(', ')} | ${noticesNext.toLocaleString('en')} | ${(mails - mailsFirst).toLocaleString('en')} | ${next.seconds.toFixed(1)} s | ${next.peakMb.toFixed(0)} MB |`,
  ];
  console.log(lines.join('\n'));
  if (!process.env['BENCH_NO_WRITE']) console.log(`Written to ${await writeSection(`bench-notices-${dialect}`, lines)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

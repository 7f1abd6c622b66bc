/**
 * The two homes at scale, through the app (`app.inject`, one request at a time): a fresh database
 * (a temp SQLite file, or DATABASE_URL's database: run it on an empty one) gets 100,000 books
 * (BENCH_BOOKS), 5,000 members joined over three years in every state, 1,000,000 loans
 * (BENCH_LOANS) issued over the last three years (about 95% returned, 4% out, 1% overdue), fines
 * on about 3% of them (half paid, a fifth in part), 3,000 reservations (waiting, held, cancelled)
 * and one reader with 500 loans. Rows go straight into the tables, a batch of statements per
 * transaction. Then it measures `GET /reports/dashboard/` for each period (target p95 ≤ 50 ms on
 * SQLite) and that reader's `GET /users/meberview/{id}/dashboard/`, and writes its section of
 * docs/PERFORMANCE.md.
 *   npx tsx bench/dashboard.ts      (BENCH_LOANS=100000 for a quick run)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Insertable, type Kysely } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { createDb, dialectOfDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import type { Database, FinesTable, LoansTable, ReservationsTable } from '../server/src/db/schema.js';
import { ensureAdmin } from '../server/src/provision.js';
import { addDays, todayIn } from '#shared/dates';
import { loadAtStart, machine, percentiles, writeSection } from './report.js';
import { random, seedBooks } from './seed-books.js';

const BOOKS = Number(process.env['BENCH_BOOKS'] ?? 100_000);
const LOANS = Number(process.env['BENCH_LOANS'] ?? 1_000_000);
const MEMBERS = 5_000;
const RESERVATIONS = 3_000;
const HEAVY_LOANS = 500;
const YEARS_DAYS = 3 * 365;
const STATEMENT_ROWS = 2_000;
const TRANSACTION_ROWS = 20_000;
const RUNS = 100;
const WARM_UP = 10;
const P95_MS = 50;
const ADMIN = { username: `bench.admin.${randomBytes(3).toString('hex')}`, password: `Bench-${randomBytes(6).toString('hex')}-2026` };

const rand = random(2026);
const between = (low: number, high: number): number => low + Math.floor(rand() * (high - low + 1));

/** Inserts rows in statements of STATEMENT_ROWS, one transaction per TRANSACTION_ROWS; answers the new ids in order. */
async function insertMany<T extends 'loans' | 'fines' | 'reservations' | 'notifications' | 'wishlist_items'>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let from = 0; from < rows.length; from += TRANSACTION_ROWS) {
    await db.transaction().execute(async (trx) => {
      for (let at = from; at < Math.min(rows.length, from + TRANSACTION_ROWS); at += STATEMENT_ROWS) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const made = await trx.insertInto(table).values(rows.slice(at, Math.min(at + STATEMENT_ROWS, from + TRANSACTION_ROWS)) as any).returning('id').execute();
        ids.push(...made.map((r) => Number(r.id)));
      }
    });
  }
  return ids;
}

/** Members joined over three years: 90% active, 4% pending, 3% rejected, 3% disabled. */
async function seedMembers(db: Kysely<Database>, today: string): Promise<number[]> {
  const role = (await db.selectFrom('roles').select('id').where('name', '=', 'MEMBER').executeTakeFirstOrThrow()).id;
  const ids: number[] = [];
  for (let from = 0; from < MEMBERS; from += 500) {
    const users = await db
      .insertInto('users')
      .values(Array.from({ length: Math.min(500, MEMBERS - from) }, (_, k) => {
        const i = from + k;
        const joined = `${addDays(today, -Math.floor(((MEMBERS - i) / MEMBERS) * YEARS_DAYS))}T10:00:00.000Z`;
        const r = i === 0 ? 0 : rand();
        const state = r < 0.9 ? 'active' : r < 0.94 ? 'pending' : r < 0.97 ? 'rejected' : 'disabled';
        return {
          username: `home.reader${i}`, email: `home.reader${i}@example.test`, password_hash: '!', first_name: 'Home', last_name: `Reader ${i}`, role: 'MEMBER',
          is_active: state === 'active' ? 1 : 0, is_verified: 1, is_declined: state === 'rejected' ? 1 : 0, approved_at: state === 'active' || state === 'disabled' ? joined : null,
          date_joined: joined, last_login: null,
        };
      }))
      .returning('id')
      .execute();
    await db.insertInto('user_roles').values(users.map((u) => ({ user_id: u.id, role_id: role }))).execute();
    await db
      .insertInto('member_profiles')
      .values(users.map((u, k) => ({
        user_id: u.id, member_id: `HOME-${String(from + k + 1).padStart(5, '0')}`, first_name: null, middle_name: null, last_name: null, profile_photo: null, class_name: null, section: null,
        father_first_name: null, father_last_name: null, department_id: null, session_id: null, registration_id: null, roll_no: null, shift: 'DAY', home_address: null,
        emergency_contact: null, library_membership_id: null, mobile_number: null, cnic: null, payment_proof: null,
      })))
      .execute();
    ids.push(...users.map((u) => u.id));
  }
  return ids;
}

/**
 * The loans: 4% out and not yet due, 1% overdue (each a distinct member and title, as the database
 * requires), the rest returned over three years; members[0] is the heavy reader with his own 500.
 * A fine on about 3%: returned late, half paid, a fifth in part, the rest owed.
 */
async function seedLoans(db: Kysely<Database>, members: number[], books: number[], today: string): Promise<{ loans: number; fines: number }> {
  const loans: Insertable<LoansTable>[] = [];
  const fined: number[] = [];
  const others = members.length - 1;
  const at = (date: string) => `${date}T10:00:00.000Z`;
  const push = (member: number, book: number, issue: string, returned: string | null, fine: boolean) => {
    if (fine) fined.push(loans.length);
    loans.push({ book_id: book, member_id: member, issue_date: issue, due_date: addDays(issue, 14), returned_at: returned, status: returned ? 'RETURNED' : 'ISSUED', renewals: 0, issued_by: null, returned_by: null, created_at: at(issue), updated_at: at(returned ?? issue) });
  };
  let open = 0;
  for (let i = 0; i < LOANS - HEAVY_LOANS; i++) {
    const r = rand();
    if (r < 0.05) {
      // Member k % others with title (k·7919 + j·13) mod books: never the same pair twice while out.
      const member = members[1 + (open % others)]!;
      const book = books[(open * 7919 + Math.floor(open / others) * 13) % books.length]!;
      open += 1;
      push(member, book, addDays(today, r < 0.04 ? -between(0, 13) : -between(15, 60)), null, false);
      continue;
    }
    const issue = addDays(today, -between(1, YEARS_DAYS));
    const fine = rand() < 0.03;
    const back = fine ? addDays(issue, 14 + between(1, 15)) : addDays(issue, between(1, 14));
    push(members[1 + between(0, others - 1)]!, books[between(0, books.length - 1)]!, issue, back > today ? today : back, fine);
  }
  for (let i = 0; i < HEAVY_LOANS; i++) {
    const out = i < 40;
    const issue = addDays(today, out ? -(i % 30) : -between(31, YEARS_DAYS));
    push(members[0]!, books[books.length - 1 - i]!, issue, out ? null : addDays(issue, between(5, 20)), !out && i % 25 === 0);
  }
  const ids = await insertMany(db, 'loans', loans);
  const fines: Insertable<FinesTable>[] = fined.map((index) => {
    const loan = loans[index]!;
    const amount = between(1, 50) * 1000;
    const r = rand();
    const collected = r < 0.5 ? amount : r < 0.7 ? Math.floor(amount / 2) : 0;
    const stamp = `${loan.returned_at!}T12:00:00.000Z`;
    return { loan_id: ids[index]!, member_id: loan.member_id, late_days: 5, overdue_fine: amount, book_price: null, amount, collected_amount: collected, discount: 0, remaining: amount - collected, created_at: stamp, updated_at: stamp };
  });
  await insertMany(db, 'fines', fines);
  return { loans: ids.length, fines: fines.length };
}

/** Reservations: two thirds waiting, a sixth held, the rest cancelled; the heavy reader waits for three titles. */
async function seedReservations(db: Kysely<Database>, members: number[], books: number[], today: string): Promise<void> {
  const now = `${today}T09:00:00.000Z`;
  const rows: Insertable<ReservationsTable>[] = Array.from({ length: RESERVATIONS }, (_, k) => {
    const status = k < (RESERVATIONS * 2) / 3 ? 'PENDING' : k < (RESERVATIONS * 5) / 6 ? 'FULFILLED' : 'CANCELLED';
    return { book_id: books[(k * 7919) % books.length]!, member_id: members[1 + (k % (members.length - 1))]!, status, queue_rank: 2, hold_until: status === 'FULFILLED' ? addDays(today, 2) : null, loan_id: null, notes: null, created_at: now, updated_at: now };
  });
  for (let k = 0; k < 3; k++) rows.push({ book_id: books[(k * 7919) % books.length]!, member_id: members[0]!, status: 'PENDING', queue_rank: 3, hold_until: null, loan_id: null, notes: null, created_at: now, updated_at: now });
  await insertMany(db, 'reservations', rows);
  await insertMany(db, 'wishlist_items', Array.from({ length: 20 }, (_, k) => ({ user_id: members[0]!, book_id: books[1000 + k]!, added_at: now })));
  await insertMany(db, 'notifications', Array.from({ length: 50 }, (_, k) => ({ user_id: members[0]!, type: 'book_issued', message: `Notice ${k}`, link_url: null, created_at: now, read: 0 })));
}

async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  // BENCH_DATA_DIR keeps the seeded database there (for EXPLAIN QUERY PLAN); by default a temp folder, removed.
  const kept = process.env['BENCH_DATA_DIR'];
  const dataDir = kept ?? (await mkdtemp(path.join(tmpdir(), 'dashboard-bench-')));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env['DATABASE_URL'], JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', SCHEDULER_TICK_MS: '0' });
  const db = createDb(config);
  const dialect = dialectOfDb(db);
  await migrate(db);
  // Seeding only: the bench's throwaway file need not survive a power cut.
  if (dialect === 'sqlite') await sql`pragma synchronous = off`.execute(db);
  const today = todayIn('UTC');
  const started = Date.now();
  // A kept database seeded by an earlier run (BENCH_DATA_DIR) is measured again as it is.
  const earlier = await db.selectFrom('loans').select('id').limit(1).executeTakeFirst();
  if (!earlier) {
    await seedBooks(db, BOOKS);
    const books = (await db.selectFrom('books').select('id').orderBy('id').execute()).map((b) => b.id);
    const members = await seedMembers(db, today);
    await seedLoans(db, members, books, today);
    await seedReservations(db, members, books, today);
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    else await sql`analyze`.execute(db);
  }
  if (dialect === 'sqlite') await sql`pragma synchronous = normal`.execute(db);
  const seedSeconds = (Date.now() - started) / 1000;
  const counted = async (table: 'loans' | 'fines') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const seeded = { loans: await counted('loans'), fines: await counted('fines') };
  const heavy = (await db.selectFrom('users').select('id').where('username', '=', 'home.reader0').executeTakeFirstOrThrow()).id;
  console.log(`${BOOKS.toLocaleString('en')} books, ${MEMBERS.toLocaleString('en')} members, ${seeded.loans.toLocaleString('en')} loans, ${seeded.fines.toLocaleString('en')} fines ${earlier ? 'seeded earlier' : `seeded in ${seedSeconds.toFixed(0)} s`} (${dialect})`);
  await ensureAdmin(db, { ...ADMIN, email: `${ADMIN.username}@example.test` });

  const app = await buildApp({ ...config, logLevel: 'warn' }, { db });
  const login = await app.inject({ method: 'POST', url: '/auth/login/', payload: ADMIN });
  const headers = { authorization: `Bearer ${(login.json() as { access: string }).access}` };
  const rows: string[] = [];
  // Wall time, and the process's CPU time for the call (the app runs in this process): on a
  // shared machine the first grows with the others' load, the second much less.
  const measure = async (name: string, url: string, target?: number): Promise<void> => {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const t = process.hrtime.bigint();
      const c = process.cpuUsage();
      const answer = await app.inject({ method: 'GET', url, headers });
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
      const used = process.cpuUsage(c);
      if (i >= WARM_UP) {
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    const { p50, p95 } = percentiles(times);
    const busy = percentiles(cpu);
    const verdict = target === undefined ? 'for comparison' : `p95 ≤ ${target} ms: ${p95 <= target ? 'met' : '**missed**'}`;
    console.log(`${name.padEnd(56)} p50 ${p50.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms   CPU p50 ${busy.p50.toFixed(2)} ms p95 ${busy.p95.toFixed(2)} ms   ${verdict}`);
    rows.push(`| ${name} | ${RUNS} | ${p50.toFixed(2)} ms / ${p95.toFixed(2)} ms | ${busy.p50.toFixed(2)} ms / ${busy.p95.toFixed(2)} ms | ${verdict} |`);
  };
  const target = dialect === 'sqlite' ? P95_MS : undefined;
  for (const period of ['day', 'week', 'month']) await measure(`\`GET /reports/dashboard/?period=${period}\``, `/reports/dashboard/?period=${period}`, target);
  await measure(`\`GET /users/meberview/{id}/dashboard/\` (${HEAVY_LOANS} loans)`, `/users/meberview/${heavy}/dashboard/`);
  await app.close();
  await db.destroy();
  if (!kept) await rm(dataDir, { recursive: true, force: true });

  const m = machine();
  const lines = [
    `### Staff home and member home (${dialect})`,
    '',
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${loadBefore.toFixed(1)} at the start, ${m.load} at the end. \`npx tsx bench/dashboard.ts\`:`,
    `${BOOKS.toLocaleString('en')} books, ${MEMBERS.toLocaleString('en')} members, ${seeded.loans.toLocaleString('en')} loans over three years (about 4% out, 1% overdue), ${seeded.fines.toLocaleString('en')} fines, ${RESERVATIONS.toLocaleString('en')} reservations; ${earlier ? 'seeded by an earlier run' : `seeded in ${seedSeconds.toFixed(0)} s`}. Each call ${RUNS} times after ${WARM_UP} warm-up calls, through \`app.inject\`.`,
    '',
    '| call | runs | wall p50 / p95 | CPU p50 / p95 | target (wall) |',
    '|---|---|---|---|---|',
    ...rows,
  ];
  if (!process.env['BENCH_NO_WRITE']) console.log(`Written to ${await writeSection(`bench-dashboard-${dialect}`, lines)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

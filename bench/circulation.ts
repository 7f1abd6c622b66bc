/**
 * The circulation desk at scale, through the real HTTP stack: a fresh database (a temp SQLite
 * file, or DATABASE_URL's database: run it on an empty one) gets 100,000 books (BENCH_BOOKS), one
 * member holding 500 loans and 400 more members; the app listens on a local port in this process
 * and keep-alive HTTP, one request at a time, measures issue and return (300 calls each after 20
 * warm-up calls; target p95 ≤ 20 ms; every second issue scans a copy's barcode, the others name
 * the title), the issued list page (with ~800 loans out) and the summary of the member with 500
 * loans, with reservations waiting (the list answers `reserved_for`, half the returns hold the copy
 * for the next in line). Then the desk by scanner: the member holding 500 loans takes 300 copies
 * scanned by barcode, and they come back by scanning the copy (check-in; every second title has
 * someone waiting, so its copy is set aside with a hold slip); target p95 ≤ 20 ms each. The seeded
 * books get their copies (all on the shelf) in one statement.
 * Writes its section of docs/PERFORMANCE.md.
 *   npx tsx bench/circulation.ts      (`npm run bench` runs it last)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { jsonClient } from './json-client.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import type { Db } from '../server/src/db/schema.js';
import { nowIso } from '../server/src/db/values.js';
import { lendCopy } from '../server/src/modules/circulation/service.js';
import { ensureAdmin } from '../server/src/provision.js';
import { addDays, todayIn } from '#shared/dates';
import { loadAtStart, machine, percentiles, writeSection } from './report.js';
import { seedBooks, seedCopies } from './seed-books.js';

const BOOKS = Number(process.env['BENCH_BOOKS'] ?? 100_000);
const HEAVY_LOANS = 500;
const RUNS = 300;
const WARM_UP = 20;
const MEMBERS = RUNS + WARM_UP + 80;
const P95_MS = 20;
/** Where the titles the heavy reader takes by scanning start in the seeded list (after the titles the other calls use). */
const SCANNED_FROM = HEAVY_LOANS + 2 * MEMBERS;
const ADMIN = { username: 'bench.admin', password: `Bench-${randomBytes(6).toString('hex')}-2026` };


/** Members straight into the tables (no password hashing); the first is on a plan allowing 1,000 loans. */
async function seedMembers(db: Db, count: number): Promise<number[]> {
  const role = (await db.selectFrom('roles').select('id').where('name', '=', 'MEMBER').executeTakeFirstOrThrow()).id;
  const now = nowIso();
  const plan = await db
    .insertInto('membership_plans')
    .values({ name: 'Bench heavy reader', loan_limit: 1000, loan_period_days: 30, fine_per_day: null, fee: 0, validity_months: 12, is_default: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, i) => ({
      username: `desk.reader${i}`, email: `desk.reader${i}@example.test`, password_hash: '!', first_name: 'Desk', last_name: `Reader ${i}`,
      role: 'MEMBER', is_active: 1, is_verified: 1, is_declined: 0, approved_at: now, date_joined: now, last_login: null,
    })))
    .returning('id')
    .execute();
  await db.insertInto('user_roles').values(users.map((u) => ({ user_id: u.id, role_id: role }))).execute();
  await db
    .insertInto('member_profiles')
    .values(users.map((u, i) => ({
      user_id: u.id, member_id: `DESK-${String(i + 1).padStart(5, '0')}`, first_name: null, middle_name: null, last_name: null, profile_photo: null,
      class_name: null, section: null, father_first_name: null, father_last_name: null, department_id: null, session_id: null, registration_id: null,
      roll_no: null, shift: 'DAY', home_address: null, emergency_contact: null, library_membership_id: null, mobile_number: null, cnic: null, payment_proof: null,
      plan_id: i === 0 ? plan.id : null,
    })))
    .execute();
  return users.map((u) => u.id);
}


/**
 * Reservations waiting, as a busy desk has them: two members in line for each of the heavy
 * reader's titles (the issued list answers `reserved_for` for each), and one for every second title
 * the issue calls lend (half the returns hold the copy for him instead of shelving it).
 */
async function seedReservations(db: Db, books: number[], members: number[]): Promise<number> {
  const now = nowIso();
  const rows: { book_id: number; member_id: number; queue_rank: number }[] = [];
  for (let i = 0; i < HEAVY_LOANS; i++) {
    rows.push({ book_id: books[i]!, member_id: members[1 + (i % 399)]!, queue_rank: 1 }, { book_id: books[i]!, member_id: members[1 + ((i + 1) % 399)]!, queue_rank: 2 });
  }
  for (let i = 0; i < WARM_UP + RUNS; i += 2) rows.push({ book_id: books[HEAVY_LOANS + i]!, member_id: members[1 + ((i + 200) % 399)]!, queue_rank: 1 });
  // Every second title the heavy reader takes by scanning: its check-in sets the copy aside for the next in line.
  for (let i = 0; i < WARM_UP + RUNS; i += 2) rows.push({ book_id: books[SCANNED_FROM + i]!, member_id: members[1 + ((i + 100) % 399)]!, queue_rank: 1 });
  for (let i = 0; i < rows.length; i += 500) {
    await db.insertInto('reservations').values(rows.slice(i, i + 500).map((r) => ({ ...r, status: 'PENDING' as const, hold_until: null, loan_id: null, notes: null, created_at: now, updated_at: now }))).execute();
  }
  return rows.length;
}

async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  const dialect = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'circulation-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env['DATABASE_URL'], JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' });
  const db = createDb(config);
  await migrate(db);
  const seeded = await seedBooks(db, BOOKS);
  console.log(`${BOOKS.toLocaleString('en')} books seeded in ${seeded.seconds.toFixed(1)} s (${dialect})`);
  const copyStarted = Date.now();
  console.log(`${(await seedCopies(db)).toLocaleString('en')} copies given in ${((Date.now() - copyStarted) / 1000).toFixed(1)} s`);
  const members = await seedMembers(db, MEMBERS);
  const heavy = members[0]!;
  const books = (await db.selectFrom('books').select('id').where('available_copies', '>', 0).where('status', '=', 'ACTIVE').orderBy('id').limit(SCANNED_FROM + WARM_UP + RUNS).execute()).map((b) => b.id);
  const today = todayIn('UTC');
  const started = Date.now();
  for (let i = 0; i < HEAVY_LOANS; i++) {
    // Spread over the past weeks, some overdue, as a real reader's shelf would be.
    await lendCopy(db, null, { book: books[i]!, member: heavy, issueDate: addDays(today, -(i % 40)), dueDate: addDays(today, 30 - (i % 40)) });
  }
  // A second title for each other member, so the issued list has more than one borrower.
  for (let i = 1; i < 300; i++) await lendCopy(db, null, { book: books[HEAVY_LOANS + MEMBERS + i]!, member: members[i]!, issueDate: addDays(today, -(i % 9)), dueDate: addDays(today, 5 - (i % 9)) });
  console.log(`${HEAVY_LOANS} + 299 loans made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const waiting = await seedReservations(db, books, members);
  console.log(`${waiting} reservations waiting`);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  await ensureAdmin(db, { ...ADMIN, email: 'bench.admin@example.test' });

  const app = await buildApp({ ...config, logLevel: 'warn' }, { db });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const client = jsonClient(address);
  const { call, expectStatus } = client;
  await client.signIn(ADMIN);

  const rows: string[] = [];
  const measure = async (name: string, run: (i: number) => Promise<unknown>, runs: number, target?: number): Promise<void> => {
    for (let i = 0; i < WARM_UP; i++) await run(i);
    const times: number[] = [];
    for (let i = WARM_UP; i < WARM_UP + runs; i++) {
      const t = process.hrtime.bigint();
      await run(i);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const { p50, p95 } = percentiles(times);
    const verdict = target === undefined ? 'for comparison' : `p95 ≤ ${target} ms: ${p95 <= target ? 'met' : '**missed**'}`;
    console.log(`${name.padEnd(60)} p50 ${p50.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms   ${verdict}`);
    rows.push(`| ${name} | ${runs} | ${p50.toFixed(2)} ms / ${p95.toFixed(2)} ms | ${verdict} |`);
  };

  // Issue: member i takes title i (each member's first loan from the desk; rules, lock, copy, audit, notice mail).
  // Every second call scans the barcode of the title's first copy instead of naming the title.
  const lent = books.slice(HEAVY_LOANS, HEAVY_LOANS + WARM_UP + RUNS);
  const firstCopies = await db.selectFrom('copies').select(['book_id', 'barcode']).where('book_id', 'in', lent).where('copy_no', '=', 1).execute();
  const barcodeOf = new Map(firstCopies.map((c) => [c.book_id, c.barcode]));
  const loanIds: number[] = [];
  await measure('`POST /books/issued-books/` (issue; by title, or by barcode every second call)', async (i) => {
    // Every third loan was issued two weeks ago and is 10 days late, so its return below charges a fine.
    const dates = i % 3 === 0 ? { issue_date: addDays(today, -14), due_date: addDays(today, -10) } : {};
    const what = i % 2 === 0 ? { book: books[HEAVY_LOANS + i]! } : { copy: barcodeOf.get(books[HEAVY_LOANS + i]!)! };
    const body = await expectStatus('POST', '/books/issued-books/', 201, { ...what, member: members[1 + i]!, ...dates });
    loanIds[i] = (JSON.parse(body) as { id: number }).id;
  }, RUNS, P95_MS);
  // Return: the same loans, a fine of 0 (on time) or a late one settled in part every third call.
  await measure('`POST /books/issued-books/{id}/return/` (return)', (i) =>
    expectStatus('POST', `/books/issued-books/${loanIds[i]!}/return/`, 200, i % 3 === 0 ? { fine_collected_amount: '10.00', discount: '5.00', discount_reason: 'Bench: part waived' } : {}),
  RUNS, P95_MS);
  // The desk by scanner: the member holding 500 loans takes copies scanned one after another (issue
  // by barcode: his open loans counted against his plan's limit each time), then each comes back by
  // scanning it (check-in: the open loan found by the copy, returned; every second one held for the next in line).
  const scanned = books.slice(SCANNED_FROM, SCANNED_FROM + WARM_UP + RUNS);
  const scannedCopies = await db.selectFrom('copies').select(['book_id', 'barcode']).where('book_id', 'in', scanned).where('copy_no', '=', 1).execute();
  const scanCode = new Map(scannedCopies.map((c) => [c.book_id, c.barcode]));
  await measure(`\`POST /books/issued-books/\` by barcode (the member holding ${HEAVY_LOANS} loans and more)`, (i) =>
    expectStatus('POST', '/books/issued-books/', 201, { copy: scanCode.get(scanned[i]!)!, member: heavy }),
  RUNS, P95_MS);
  await measure('`POST /circulation/check-in/` by barcode (his copies; every second one set aside for a hold)', async (i) => {
    const answer = JSON.parse(await expectStatus('POST', '/circulation/check-in/', 200, { barcode: scanCode.get(scanned[i]!)! })) as { result: string; hold_slip: unknown };
    if (answer.result !== 'RETURNED' || (i % 2 === 0) !== (answer.hold_slip !== null)) throw new Error(`Check-in ${i}: ${JSON.stringify(answer)}`);
  }, RUNS, P95_MS);
  const open = await db.selectFrom('loans').select((eb) => eb.fn.countAll<number | string>().as('n')).where('returned_at', 'is', null).executeTakeFirstOrThrow();
  await measure(`\`GET /books/issued-books/?page=N\` (${Number(open.n)} loans out, pages 1–10)`, (i) => expectStatus('GET', `/books/issued-books/?page=${1 + (i % 10)}`, 200), RUNS);
  await measure('`GET /books/issued-books/?page=1&search=…`', (i) => expectStatus('GET', `/books/issued-books/?page=1&search=${['reader1', 'DESK-0004', 'river', '978'][i % 4]}`, 200), RUNS);
  await measure(`\`GET /reports/members/{id}/issued-books/\` (${HEAVY_LOANS} loans)`, () => expectStatus('GET', `/reports/members/${heavy}/issued-books/`, 200), RUNS);

  const m = machine();
  await writeSection(`bench-circulation-${dialect}`, [
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${loadBefore.toFixed(1)} at the start, ${m.load} at the end.`,
    `${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${BOOKS.toLocaleString('en')} books, one member holding ${HEAVY_LOANS} loans, ${MEMBERS} members;`,
    `the app listening on a local port in the bench's process, keep-alive HTTP, one request at a time, ${WARM_UP} warm-up calls first.`,
    'Issue: each call a different member and title, every second one by a copy\'s barcode (rules, per-member lock on PostgreSQL, the copy taken by one conditional update and the title recounted from its copies, audit, notice mail queued).',
    'Return: every third call 10 days late with part paid and part waived (fine, receipt, defaulter flag); every second title has a member waiting, so its copy is held for him (reservation_ready notice queued).',
    `Reservations: two waiting for each of the heavy reader's titles, so the issued list answers \`reserved_for\` on its rows.`,
    'Issue by barcode: the member holding 500 loans (and the ones he takes meanwhile, up to 820) takes one scanned copy after another. Check-in by barcode: those copies scanned back (the open loan found by its copy, returned through the return; every second title has someone waiting, so its copy is set aside with a hold slip and a notice queued).',
    '',
    '| measurement | calls | p50 / p95 | target |',
    '|---|---|---|---|',
    ...rows,
  ]);
  await app.close();
  await db.destroy();
  client.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

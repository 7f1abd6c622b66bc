/**
 * Stock verification at scale, through the real HTTP stack: a fresh database (a temp SQLite file,
 * or DATABASE_URL's database: run it on an empty one) gets 25,000 titles (BENCH_STOCK_TITLES) with
 * four copies each, written set-based (INSERT … SELECT), one in twenty on loan. A verification of
 * the whole library is opened through the API (freezing 100,000 expected copies), 10,000 of them
 * are marked scanned set-based, and keep-alive HTTP, one request at a time, measures a scan (300
 * calls after 20 warm-up calls: found, already scanned, unknown, by accession number in lower case;
 * target p95 ≤ 20 ms), the session's view, a report page and the shelves, then closing and marking
 * the unseen copies missing. Writes its section of docs/PERFORMANCE.md.
 *   npx tsx bench/stock.ts      (`npm run bench` runs it)
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
import { ensureAdmin } from '../server/src/provision.js';
import { loadAtStart, machine, percentiles, writeSection } from './report.js';
import { seedBooks, seedCopies } from './seed-books.js';

const TITLES = Number(process.env['BENCH_STOCK_TITLES'] ?? 25_000);
const COPIES_PER_TITLE = 4;
const SCANNED_BEFORE = 10_000;
const RUNS = 300;
const WARM_UP = 20;
const P95_MS = 20;
const ADMIN = { username: 'bench.admin', password: `Bench-${randomBytes(6).toString('hex')}-2026` };



/** The first `count` expected copies of the verification seen, with their scans and counters, set-based. */
async function seedScans(db: Db, verificationId: number, userId: number, count: number): Promise<void> {
  const now = nowIso();
  const first = db.selectFrom('stock_verification_items').select('id').where('verification_id', '=', verificationId).where('expected', '=', 'SHELF').orderBy('id').limit(count);
  await db.updateTable('stock_verification_items').set({ seen_at: now, seen_result: 'FOUND' }).where('id', 'in', first).execute();
  await sql`
    insert into stock_verification_scans (verification_id, barcode, copy_id, result, unexpected, scanned_by, at)
    select i.verification_id, c.barcode, c.id, 'FOUND', 0, ${userId}, ${now}
    from stock_verification_items i join copies c on c.id = i.copy_id
    where i.verification_id = ${verificationId} and i.seen_at is not null order by i.id`.execute(db);
  await db.updateTable('stock_verifications').set({ seen: count, seen_shelf: count, scans: count }).where('id', '=', verificationId).execute();
}

async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  const dialect = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stock-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env['DATABASE_URL'], JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' });
  const db = createDb(config);
  await migrate(db);
  const seeded = await seedBooks(db, TITLES);
  let started = Date.now();
  const copies = await seedCopies(db, { perTitle: 4, onLoanEvery: 20 });
  console.log(`${TITLES.toLocaleString('en')} titles in ${seeded.seconds.toFixed(1)} s, ${copies.toLocaleString('en')} copies in ${((Date.now() - started) / 1000).toFixed(1)} s (${dialect})`);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  await ensureAdmin(db, { ...ADMIN, email: 'bench.admin@example.test' });
  const admin = (await db.selectFrom('users').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()).id;

  const app = await buildApp({ ...config, logLevel: 'warn' }, { db });
  const client = jsonClient(await app.listen({ host: '127.0.0.1', port: 0 }));
  const { call, expectStatus } = client;
  await client.signIn(ADMIN);

  started = Date.now();
  const session = JSON.parse(await expectStatus('POST', '/stock-verifications/', 201, { name: 'Whole library' })) as { id: number; counts: { expected: number } };
  const openSeconds = (Date.now() - started) / 1000;
  console.log(`opened: ${session.counts.expected.toLocaleString('en')} copies expected, frozen in ${openSeconds.toFixed(2)} s`);
  await seedScans(db, session.id, admin, SCANNED_BEFORE);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);

  // Copies to scan: expected on the shelf and not seen yet, in the order a shelf is read.
  const unseen = (
    await db
      .selectFrom('stock_verification_items as i')
      .innerJoin('copies as c', 'c.id', 'i.copy_id')
      .select(['c.barcode', 'c.accession_no'])
      .where('i.verification_id', '=', session.id)
      .where('i.seen_at', 'is', null)
      .where('i.expected', '=', 'SHELF')
      .orderBy('i.id')
      .limit(WARM_UP + RUNS)
      .execute()
  ).map((row) => row.barcode);
  const seenBefore = (
    await db.selectFrom('stock_verification_items as i').innerJoin('copies as c', 'c.id', 'i.copy_id').select('c.barcode').where('i.verification_id', '=', session.id).where('i.seen_at', 'is not', null).orderBy('i.id').limit(50).execute()
  ).map((row) => row.barcode);
  /** Most scans find an unseen copy; every tenth repeats a seen one, every twentieth is unknown, every seventh is typed in lower case. */
  const scanOf = (i: number): string => {
    if (i % 10 === 9) return seenBefore[i % seenBefore.length]!;
    if (i % 20 === 10) return `NO-SUCH-${i}`;
    return i % 7 === 3 ? unseen[i]!.toLowerCase() : unseen[i]!;
  };

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

  const id = session.id;
  await measure(`\`POST /stock-verifications/{id}/scans/\` (${session.counts.expected.toLocaleString('en')} expected, ${SCANNED_BEFORE.toLocaleString('en')} scanned before)`, (i) => expectStatus('POST', `/stock-verifications/${id}/scans/`, 201, { barcode: scanOf(i) }), RUNS, P95_MS);
  await measure('`GET /stock-verifications/{id}/` (counts and the latest 20 scans)', () => expectStatus('GET', `/stock-verifications/${id}/`, 200), RUNS);
  await measure('`GET /stock-verifications/{id}/report/?group=not_seen&page=N` (pages 1–10 of 100)', (i) => expectStatus('GET', `/stock-verifications/${id}/report/?group=not_seen&page=${1 + (i % 10)}&page_size=100`, 200), 50);
  await measure('`GET /stock-verifications/{id}/report/shelves/`', () => expectStatus('GET', `/stock-verifications/${id}/report/shelves/`, 200), 50);

  await expectStatus('POST', `/stock-verifications/${id}/close/`, 200, {});
  started = Date.now();
  const marked = JSON.parse(await expectStatus('POST', `/stock-verifications/${id}/mark-missing/`, 200, {})) as { marked: number };
  const markSeconds = (Date.now() - started) / 1000;
  console.log(`marked missing: ${marked.marked.toLocaleString('en')} copies in ${markSeconds.toFixed(2)} s`);

  const m = machine();
  await writeSection(`bench-stock-${dialect}`, [
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${loadBefore.toFixed(1)} at the start, ${m.load} at the end.`,
    `${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${TITLES.toLocaleString('en')} titles with ${COPIES_PER_TITLE} copies each (one in twenty on loan), one verification of the whole library:`,
    `opening it froze ${session.counts.expected.toLocaleString('en')} expected copies in ${openSeconds.toFixed(2)} s (one INSERT … SELECT); ${SCANNED_BEFORE.toLocaleString('en')} of them were then marked scanned.`,
    `The app listening on a local port in the bench's process, keep-alive HTTP, one request at a time, ${WARM_UP} warm-up calls first. Scans: mostly unseen copies,`,
    'every tenth a copy already seen, every twentieth an unknown barcode, every seventh typed in lower case (the case-insensitive lookup).',
    `Closing, then marking the unseen copies missing: ${marked.marked.toLocaleString('en')} copies in ${markSeconds.toFixed(2)} s (three set-based statements).`,
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

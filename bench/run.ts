/**
 * `npm run bench`: the catalogue at 100,000 books on SQLite, measured through the real server.
 * A temp DATA_DIR is migrated and seeded, the server is spawned as its own process (so the load
 * generator does not share its event loop), an admin made for the bench signs in, and keep-alive
 * HTTP measures latency (1,000 sequential requests per route), throughput (50 concurrent clients)
 * and the bulk import of a generated 10,000-row CSV. The book list is measured as a full answer, as
 * a revalidation (If-None-Match with the page's tag → 304) and freshly built, each against
 * `/healthz/` in the same run. Prints a table and writes docs/PERFORMANCE.md.
 *   BENCH_BOOKS=100000 BENCH_SECONDS=5 npm run bench    (both optional)
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { BOOK_CSV_COLUMNS as BOOK_TEMPLATE_COLUMNS } from '#shared/book-csv-columns';
import { createDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import { isbnCheckDigit } from '#shared/isbn';
import { ensureAdmin } from '../server/src/provision.js';
import { loadAtStart, machine, writeSection } from './report.js';
import { seedBooks } from './seed-books.js';
import { freePort, startServer } from './server-process.js';

const BOOKS = Number(process.env['BENCH_BOOKS'] ?? 100_000);
const SEQUENTIAL = 1_000;
const CLIENTS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const IMPORT_ROWS = 10_000;
const ADMIN = { username: 'bench.admin', password: `Bench-${randomBytes(6).toString('hex')}-2026` };
/** Searches a librarian would type: title words, surnames, a publisher, ISBN fragments. */
const SEARCHES = ['garden', 'Müller', 'khan', 'winter', 'oxford', 'theorem', 'Zara Tanaka', 'volume 7', 'lantern', 'Springer', 'crimson tide'];
const TARGETS = { searchP95Ms: 15, listFullShare: 0.15, listRevalidationShare: 0.5, listP95Ms: 5, importRowsPerSecond: 5_000 };

// ---------------------------------------------------------------------------------------------
// HTTP with keep-alive

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
let base = '';
let token = '';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(method: string, url: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, agent, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function getOk(url: string, headers: Record<string, string> = {}, expected = 200): Promise<Answer> {
  const answer = await request('GET', url, undefined, headers);
  if (answer.status !== expected) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return answer;
}

/** One request of a measurement: the i-th GET of a route, or its revalidation. */
type Probe = (i: number) => Promise<unknown>;
const fetching = (url: (i: number) => string): Probe => (i) => getOk(url(i));

// ---------------------------------------------------------------------------------------------
// Measurements

interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Sequential requests from one client; `probe(i)` sends the i-th (after 50 of warm-up). */
async function latency(probe: Probe, count = SEQUENTIAL): Promise<Latency> {
  for (let i = 0; i < 50; i++) await probe(count + i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await probe(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** Requests per second with `CLIENTS` clients each sending the next request when one is answered. */
async function throughput(probe: Probe): Promise<number> {
  let done = 0;
  let next = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        await probe(next++);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function importCsv(names: { categories: string[]; departments: string[]; languages: string[] }): Buffer {
  const quote = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [BOOK_TEMPLATE_COLUMNS.join(',')];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const body = `9798${String(10_000_000 + i).padStart(8, '0')}`;
    const row: Record<(typeof BOOK_TEMPLATE_COLUMNS)[number], string> = {
      title: `Imported Volume ${i + 1}`,
      author: `Bench Author ${i % 97}`,
      publisher: 'Bench Press, Ltd.',
      isbn: body + isbnCheckDigit(body),
      total_copies: String(1 + (i % 5)),
      category: names.categories[i % names.categories.length]!,
      department: names.departments[i % names.departments.length]!,
      language: names.languages[i % names.languages.length]!,
      edition: '1st',
      rack_no: `RACK-${String(1 + (i % 300)).padStart(3, '0')}`,
      shelf_location: `Shelf ${1 + (i % 9)}`,
      brief_description: 'Generated for the benchmark',
      // Blank: the library's accession sequence numbers the copies.
      accession_numbers: '',
    };
    lines.push(BOOK_TEMPLATE_COLUMNS.map((c) => quote(row[c])).join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

interface ImportResult {
  status: number;
  rows: number;
  seconds: number;
  imported: number | undefined;
  note: string;
}

async function bulkImport(csv: Buffer): Promise<ImportResult> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="books.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const answer = await request('POST', '/books/bulk-upload/', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  const seconds = (performance.now() - started) / 1000;
  let imported: number | undefined;
  let note = '';
  try {
    const json = JSON.parse(answer.body) as { imported?: unknown; detail?: unknown; errors?: unknown[] };
    if (typeof json.imported === 'number') imported = json.imported;
    else if (Array.isArray(json.imported)) imported = json.imported.length;
    note = `${typeof json.detail === 'string' ? json.detail : ''}${Array.isArray(json.errors) && json.errors.length ? ` (${json.errors.length} row errors)` : ''}`;
  } catch {
    note = answer.body.slice(0, 120);
  }
  if (answer.status === 404) note = 'POST /books/bulk-upload/ is not there yet (404)';
  return { status: answer.status, rows: IMPORT_ROWS, seconds, imported, note };
}

// ---------------------------------------------------------------------------------------------
// Report

const ms = (v: number): string => `${v.toFixed(2)} ms`;
const int = (v: number): string => Math.round(v).toLocaleString('en');
const verdict = (ok: boolean): string => (ok ? 'met' : '**missed**');


async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'library-bench-'));
  let server: ChildProcess | undefined;
  try {
    const env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', API_HOST: '127.0.0.1', DATABASE_URL: '' };
    const config = loadConfig(env);
    const db = createDb(config);
    await migrate(db);
    console.log(`Seeding ${int(BOOKS)} books into ${dataDir} ...`);
    const seeded = await seedBooks(db, BOOKS);
    console.log(`  ${int(seeded.books)} books in ${seeded.seconds.toFixed(1)} s (${int(seeded.books / seeded.seconds)} rows/s)`);
    await ensureAdmin(db, { username: ADMIN.username, password: ADMIN.password, email: 'bench.admin@example.test' });
    const names = {
      categories: (await db.selectFrom('categories').select('name').execute()).map((r) => r.name),
      departments: (await db.selectFrom('departments').select('name').execute()).map((r) => r.name),
      languages: (await db.selectFrom('languages').select('name').execute()).map((r) => r.name),
    };
    // One ISBN fragment as a librarian types it (hyphenated), taken from a seeded book.
    const isbn = (await db.selectFrom('books').select('isbn').orderBy('id').offset(Math.floor(BOOKS / 2)).limit(1).executeTakeFirstOrThrow()).isbn;
    SEARCHES.push(`${isbn.slice(0, 3)}-${isbn.slice(3, 7)}-${isbn.slice(7, 9)}`);
    await db.destroy();

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer({ ...env, API_PORT: String(port), API_PUBLIC_URL: base }, base);
    const login = await request('POST', '/auth/login/', Buffer.from(JSON.stringify(ADMIN)), { 'content-type': 'application/json' });
    if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status} ${login.body}`);
    token = (JSON.parse(login.body) as { access: string }).access;

    const trivial = fetching(() => '/healthz/');
    const signedIn = fetching(() => '/language/');
    const pages = Math.min(200, Math.floor(BOOKS / 50));
    const listUrl = (i: number): string => `/books/books/?page=${1 + (i % pages)}&page_size=50`;
    // A parameter the list ignores makes every URL new, so the server builds the page each time
    // (its remembered pages are keyed by URL); the count stays remembered per catalogue version.
    let fresh = 0;
    const builtList = fetching((i) => `${listUrl(i)}&fresh=${fresh++}`);
    const search = fetching((i) => `/books/books/?search=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}&page=1&page_size=50&fresh=${fresh++}`);
    const sample = JSON.parse((await getOk(listUrl(0))).body) as { count: number; results: unknown[] };
    if (sample.count < BOOKS || sample.results.length !== 50) throw new Error(`Unexpected list answer: count ${sample.count}, ${sample.results.length} rows.`);
    // What a browser holds after its first visit of each page: the tag, sent back as If-None-Match.
    const tags: string[] = [];
    for (let p = 0; p < pages; p++) tags.push(String((await request('GET', listUrl(p))).headers['etag']));
    const revalidation: Probe = (i) => getOk(listUrl(i), { 'if-none-match': tags[i % pages]! }, 304);

    console.log(`Latency, ${SEQUENTIAL} sequential requests each ...`);
    const lat = {
      trivial: await latency(trivial),
      signedIn: await latency(signedIn),
      list: await latency(fetching(listUrl)),
      revalidation: await latency(revalidation),
      built: await latency(builtList),
      search: await latency(search),
    };
    console.log(`Throughput, ${CLIENTS} clients, ${SECONDS} s each ...`);
    const rps = {
      trivial: await throughput(trivial),
      signedIn: await throughput(signedIn),
      list: await throughput(fetching(listUrl)),
      revalidation: await throughput(revalidation),
      built: await throughput(builtList),
    };
    console.log(`Bulk import of ${int(IMPORT_ROWS)} rows ...`);
    const imported = await bulkImport(importCsv(names));

    const share = (n: number): string => `${((n / rps.trivial) * 100).toFixed(0)} % of trivial`;
    const fast = (l: Latency): boolean => l.p95 <= TARGETS.listP95Ms;
    const listVerdict = (n: number, target: number, l: Latency): string =>
      `≥ ${target * 100} % of trivial and p95 ≤ ${TARGETS.listP95Ms} ms: ${verdict(n / rps.trivial >= target && fast(l))}`;
    const importRate = imported.status === 200 || imported.status === 201 ? (imported.imported ?? imported.rows) / imported.seconds : undefined;
    const m = { ...machine(), loadBefore };
    const rows: [string, string, string, string][] = [
      ['`GET /healthz/` (trivial route: public, `select 1`)', `${ms(lat.trivial.p50)} / ${ms(lat.trivial.p95)}`, `${int(rps.trivial)} req/s`, 'reference'],
      ['`GET /language/` (signed in, a few rows)', `${ms(lat.signedIn.p50)} / ${ms(lat.signedIn.p95)}`, `${int(rps.signedIn)} req/s (${share(rps.signedIn)})`, 'for comparison'],
      ['`GET /books/books/?page=N&page_size=50`: full answer (list page with joins)', `${ms(lat.list.p50)} / ${ms(lat.list.p95)}`, `${int(rps.list)} req/s (${share(rps.list)})`, listVerdict(rps.list, TARGETS.listFullShare, lat.list)],
      ['the same, revalidated (`If-None-Match` → 304)', `${ms(lat.revalidation.p50)} / ${ms(lat.revalidation.p95)}`, `${int(rps.revalidation)} req/s (${share(rps.revalidation)})`, listVerdict(rps.revalidation, TARGETS.listRevalidationShare, lat.revalidation)],
      ['the same, built (a URL the server has not answered since the last change)', `${ms(lat.built.p50)} / ${ms(lat.built.p95)}`, `${int(rps.built)} req/s (${share(rps.built)})`, 'for comparison'],
      ['`GET /books/books/?search=…&page=1&page_size=50` (built)', `${ms(lat.search.p50)} / ${ms(lat.search.p95)}`, '—', `p95 ≤ ${TARGETS.searchP95Ms} ms: ${verdict(lat.search.p95 <= TARGETS.searchP95Ms)}`],
      [
        `\`POST /books/bulk-upload/\` (${int(IMPORT_ROWS)}-row CSV)`,
        importRate === undefined ? `HTTP ${imported.status}` : `${imported.seconds.toFixed(2)} s`,
        importRate === undefined ? '—' : `${int(importRate)} rows/s (${int(imported.imported ?? 0)} imported)`,
        importRate === undefined ? `not measured: ${imported.note}` : `≥ ${int(TARGETS.importRowsPerSecond)} rows/s: ${verdict(importRate >= TARGETS.importRowsPerSecond)}`,
      ],
    ];
    const table = ['| measurement | p50 / p95 (1 client, 1,000 requests) | throughput | target |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
    console.log(`\n${table}\n`);
    if (imported.note) console.log(`Import answer: ${imported.note}`);

    const doc = await writePerformanceDoc(table, m, seeded.seconds, imported.note);
    console.log(`Wrote ${path.relative(process.cwd(), doc)}`);
  } finally {
    agent.destroy();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Writes the "Latest run" section of docs/PERFORMANCE.md. */
function writePerformanceDoc(table: string, m: ReturnType<typeof machine> & { loadBefore: number }, seedSeconds: number, importNote: string): Promise<string> {
  return writeSection('bench', [
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.os}; load average ${m.loadBefore.toFixed(1)} at the start,`,
    `${m.load} (1 / 5 / 15 min) at the end. SQLite, ${int(BOOKS)} books`,
    `(seeded in ${seedSeconds.toFixed(1)} s); ${CLIENTS} clients for ${SECONDS} s per throughput figure; searches rotate`,
    `over ${SEARCHES.map((s) => `\`${s}\``).join(', ')}; list pages rotate over pages 1–${Math.min(200, Math.floor(BOOKS / 50))}.`,
    '',
    table,
    ...(importNote ? ['', `Import answer: ${importNote}`] : []),
  ]);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});

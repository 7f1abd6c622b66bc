/**
 * The soak, last of `npm run bench`: the API as its own process on a fresh SQLite data folder with
 * the demo library (`seedDemo` without its year), then 50 concurrent clients of mixed traffic for
 * BENCH_SOAK_SECONDS (default 300): sign-in, catalogue searches, list pages, issues, returns,
 * check-ins, reservations (placed and cancelled) and the staff dashboard. Each client keeps its own
 * member, so his loans and reservations are his alone. It records requests, errors (any answer
 * that is not a 2xx and not an expected refusal, and any failed connection), 5xx, p50/p95/p99 per
 * kind and overall, and the server's resident memory (VmRSS of /proc/<pid>/status) after the
 * warm-up, at the end and at its peak (sampled each second). Targets: 0 errors, 0 × 5xx, memory
 * growth (end against start) ≤ 20 %; it exits 1 when one is missed. Writes its section of
 * docs/PERFORMANCE.md.
 *   BENCH_SOAK_SECONDS=60 npx tsx bench/soak.ts
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import { createAccount } from '../server/src/modules/users/service.js';
import { ensureAdmin, seedDemo } from '../server/src/provision.js';
import { MediaStore } from '../server/src/storage/service.js';
import { jsonClient, type JsonClient } from './json-client.js';
import { freePort, startServer } from './server-process.js';
import { loadAtStart, machine, ROOT, writeSection } from './report.js';

const SECONDS = Number(process.env['BENCH_SOAK_SECONDS'] ?? 300);
const WARM_UP_SECONDS = Math.min(20, Math.max(3, Math.round(SECONDS / 15)));
const CLIENTS = 50;
const TARGETS = { errors: 0, serverErrors: 0, memoryGrowth: 0.2 };
const ADMIN = { username: 'soak.admin', password: `Soak-${randomBytes(6).toString('hex')}-2026` };
const READER_PASSWORD = `Soak-Reader-${randomBytes(4).toString('hex')}-26`;
const SEARCHES = ['garden', 'history', 'the', 'science', 'khan', 'poems', 'war', 'data', 'ocean', '978'];

/** What a call of each kind may answer besides a 2xx: the refusals the desk expects under load. */
const REFUSALS: Record<string, number[]> = {
  issue: [400],
  return: [],
  'check-in': [],
  reserve: [400],
  cancel: [],
};

type Kind = 'sign-in' | 'search' | 'book list' | 'loan list' | 'member list' | 'reservation list' | 'dashboard' | 'issue' | 'return' | 'check-in' | 'reserve' | 'cancel';

interface Tally {
  times: number[];
  errors: number;
  serverErrors: number;
  refusals: number;
}

const tallies = new Map<Kind, Tally>();
const firstErrors: string[] = [];
let recording = false;

function tally(kind: Kind): Tally {
  let t = tallies.get(kind);
  if (!t) tallies.set(kind, (t = { times: [], errors: 0, serverErrors: 0, refusals: 0 }));
  return t;
}

/** Sends one call, timed and counted (once warm-up is over); answers the body of a 2xx, else undefined. */
async function timed(client: JsonClient, kind: Kind, method: string, url: string, body?: unknown): Promise<string | undefined> {
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    ({ status, body: text } = await client.call(method, url, body));
  } catch (error) {
    text = error instanceof Error ? error.message : String(error);
  }
  const ms = performance.now() - started;
  if (!recording) return status >= 200 && status < 300 ? text : undefined;
  const t = tally(kind);
  t.times.push(ms);
  if (status >= 200 && status < 300) return text;
  if ((REFUSALS[kind] ?? []).includes(status)) {
    t.refusals += 1;
    return undefined;
  }
  t.errors += 1;
  if (status >= 500) t.serverErrors += 1;
  if (firstErrors.length < 10) firstErrors.push(`${kind}: ${method} ${url} → ${status || 'no answer'} ${text.slice(0, 160)}`);
  return undefined;
}

/** The server's resident memory in MB. */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const percentile = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : 0);
const ms = (value: number): string => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'library-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    API_PUBLIC_URL: base,
    SITE_URL: 'http://site.test',
    MAIL_FROM: 'Library <library@site.test>',
    // No mail server: notices wait in the outbox.
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    LOG_LEVEL: 'error',
  };
  const config = loadConfig(env);
  const db = createDb(config);
  await migrate(db);
  await seedDemo(db, { media: new MediaStore(config), year: false });
  await ensureAdmin(db, { username: ADMIN.username, password: ADMIN.password, email: 'soak.admin@example.test' });
  // One member per client, so each client's loans and reservations are its own.
  const readers: { id: number; username: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const username = `soak.reader${i}`;
    const { user } = await createAccount(db, { username, email: `${username}@example.test`, password: READER_PASSWORD, first_name: 'Soak', last_name: `Reader ${i}`, role: 'MEMBER', verified: true, approved: true });
    readers.push({ id: user.id, username });
  }
  const books = (await db.selectFrom('books').select('id').where('status', '=', 'ACTIVE').where('available_copies', '>', 0).orderBy('id').execute()).map((b) => b.id);
  const barcodeOf = async (loanId: number): Promise<string | undefined> =>
    (await db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').select('c.barcode').where('l.id', '=', loanId).executeTakeFirst())?.barcode;

  const server = await startServer(env, base);
  const pid = server.pid!;
  let stopped = false;

  // Signed in one after another: simultaneous attempts on one account count against its limit.
  const sessions: { staff: JsonClient; member: JsonClient }[] = [];
  for (const reader of readers) {
    const staff = jsonClient(base);
    const member = jsonClient(base);
    await staff.signIn(ADMIN);
    await member.signIn({ username: reader.username, password: READER_PASSWORD });
    sessions.push({ staff, member });
  }

  const clientLoop = async (n: number): Promise<void> => {
    const { staff, member } = sessions[n]!;
    const reader = readers[n]!;
    const loans: number[] = [];
    for (let turn = n; !stopped; turn++) {
      const step = turn % 20;
      const book = books[(turn * 7 + n * 13) % books.length]!;
      if (step === 0) {
        // A fresh sign-in now and then (the member's, as a reader opening the site).
        await timed(member, 'sign-in', 'POST', '/auth/login/', { username: reader.username, password: READER_PASSWORD });
      } else if (step === 1 || step === 7 || step === 13) {
        await timed(member, 'search', 'GET', `/books/books/?page=1&search=${encodeURIComponent(SEARCHES[turn % SEARCHES.length]!)}`);
      } else if (step === 2 || step === 14) {
        await timed(member, 'book list', 'GET', `/books/books/?page=${1 + (turn % 5)}`);
      } else if (step === 3) {
        await timed(staff, 'loan list', 'GET', `/books/issued-books/?page=1&page_size=20`);
      } else if (step === 4) {
        await timed(staff, 'member list', 'GET', `/users/all-members/?page=1&page_size=20`);
      } else if (step === 5) {
        await timed(staff, 'reservation list', 'GET', `/books/reservations/?page=1&status=active`);
      } else if (step === 6 || step === 16) {
        await timed(staff, 'dashboard', 'GET', '/reports/dashboard/');
      } else if (step === 8 || step === 11 || step === 17) {
        if (loans.length >= 2) continue;
        const answer = await timed(staff, 'issue', 'POST', '/books/issued-books/', { book, member: reader.id, status: 'ISSUED' });
        if (answer) loans.push((JSON.parse(answer) as { id: number }).id);
      } else if (step === 10 || step === 19) {
        const loan = loans.shift();
        if (loan === undefined) continue;
        await timed(staff, 'return', 'POST', `/books/issued-books/${loan}/return/`, {});
      } else if (step === 12) {
        const loan = loans.shift();
        if (loan === undefined) continue;
        const barcode = await barcodeOf(loan);
        if (barcode) await timed(staff, 'check-in', 'POST', '/circulation/check-in/', { barcode });
      } else if (step === 9 || step === 15) {
        // A reader reserves a title and, a moment later, cancels it (so no copy is held for long).
        const answer = await timed(member, 'reserve', 'POST', '/books/reservations/', { book });
        if (answer) await timed(member, 'cancel', 'POST', `/books/reservations/${(JSON.parse(answer) as { id: number }).id}/cancel/`, {});
      } else {
        await timed(member, 'search', 'GET', `/books/books/?page=1&search=${encodeURIComponent(SEARCHES[(turn + 3) % SEARCHES.length]!)}`);
      }
    }
    // Put back what this client still holds, so the run leaves the library as it found it.
    for (const loan of loans) await staff.call('POST', `/books/issued-books/${loan}/return/`, {});
    staff.close();
    member.close();
  };

  console.log(`Soak: ${CLIENTS} clients for ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up (server pid ${pid}, ${books.length} titles on the shelf).`);
  const clients = Array.from({ length: CLIENTS }, (_, n) => clientLoop(n));
  await new Promise((r) => setTimeout(r, WARM_UP_SECONDS * 1000));
  recording = true;
  const started = performance.now();
  const memoryStart = await residentMb(pid);
  let memoryPeak = memoryStart;
  const sampler = setInterval(() => {
    void residentMb(pid).then((mb) => (memoryPeak = Math.max(memoryPeak, mb)), () => undefined);
  }, 1000);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const memoryEnd = await residentMb(pid);
  memoryPeak = Math.max(memoryPeak, memoryEnd);
  recording = false;
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  stopped = true;
  await Promise.all(clients);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });

  const all: number[] = [];
  let requests = 0;
  let errors = 0;
  let serverErrors = 0;
  let refusals = 0;
  const rows: string[] = [];
  for (const [kind, t] of [...tallies.entries()].sort((a, b) => b[1].times.length - a[1].times.length)) {
    const sorted = [...t.times].sort((a, b) => a - b);
    all.push(...t.times);
    requests += t.times.length;
    errors += t.errors;
    serverErrors += t.serverErrors;
    refusals += t.refusals;
    rows.push(`| ${kind} | ${sorted.length.toLocaleString('en')} | ${t.refusals} | ${t.errors} | ${t.serverErrors} | ${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(percentile(sorted, 99))} |`);
  }
  all.sort((a, b) => a - b);
  rows.push(`| **all** | ${requests.toLocaleString('en')} | ${refusals} | ${errors} | ${serverErrors} | ${ms(percentile(all, 50))} / ${ms(percentile(all, 95))} / ${ms(percentile(all, 99))} |`);
  const growth = (memoryEnd - memoryStart) / memoryStart;
  const met = (ok: boolean): string => (ok ? 'met' : '**missed**');
  const m = machine();
  const lines = [
    '## The soak (`bench/soak.ts`)',
    '',
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${loadBefore.toFixed(1)} at the start, ${m.load} at the end (1 / 5 / 15 min; other work shared the machine).`,
    `SQLite, the demo library without its year (${books.length} titles on the shelf), ${CLIENTS} readers of its own; the API as its own process (NODE_ENV=production), ${CLIENTS} concurrent keep-alive clients for ${SECONDS} s (${(requests / elapsed).toFixed(0)} requests/s) after ${WARM_UP_SECONDS} s of warm-up.`,
    'Each client, as its reader and as staff, in turn: sign-in, catalogue searches, book list pages, the loan, member and reservation lists, the staff dashboard, issues (at most two out), returns, check-ins by barcode, and a reservation placed and cancelled.',
    'Refusals are the desk\'s expected 400s (no copy on the shelf, a title already reserved); errors are any other answer that is not a 2xx, or no answer.',
    '',
    '| kind | requests | refusals | errors | 5xx | p50 / p95 / p99 |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Server memory (VmRSS): ${memoryStart.toFixed(0)} MB after warm-up, ${memoryEnd.toFixed(0)} MB at the end (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %), peak ${memoryPeak.toFixed(0)} MB.`,
    `Targets: 0 errors (${errors}: ${met(errors <= TARGETS.errors)}), 0 × 5xx (${serverErrors}: ${met(serverErrors <= TARGETS.serverErrors)}), memory growth ≤ 20 % (${met(growth <= TARGETS.memoryGrowth)}).`,
  ];
  console.log(lines.join('\n'));
  if (firstErrors.length) console.log(`First errors:\n${firstErrors.join('\n')}`);
  const file = await writeSection('bench-soak-sqlite', lines);
  console.log(`Wrote ${file}`);
  if (errors > TARGETS.errors || serverErrors > TARGETS.serverErrors || growth > TARGETS.memoryGrowth) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

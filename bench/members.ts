/**
 * Member lists and the member search at scale, in-process (no HTTP): a fresh database (a temp
 * SQLite file, or DATABASE_URL's database when set) gets BENCH_MEMBERS generated members (default
 * 50,000) in all four states, then each call runs many times and its p50/p95 are printed; then
 * 10,000 more members are imported through the real route (`app.inject`, signed in as an admin)
 * and timed against hashing their passwords alone. Writes its section of docs/PERFORMANCE.md.
 *   npx tsx bench/members.ts            (SQLite; `npm run bench` runs it after bench/run.ts)
 *   DATABASE_URL=postgres://… npx tsx bench/members.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import { nowIso } from '../server/src/db/values.js';
import { listMembers, searchMembers } from '../server/src/modules/members/queries.js';
import { parseMemberListQuery, parseMemberSearchQuery } from '../server/src/modules/members/schemas.js';
import { MediaStore } from '../server/src/storage/service.js';
import { buildApp } from '../server/src/app.js';
import type { Config } from '../server/src/config.js';
import type { Db } from '../server/src/db/schema.js';
import { hashPassword } from '../server/src/modules/accounts/passwords.js';
import { MEMBER_BATCH_SIZE } from '../server/src/modules/members/bulk.js';
import { ensureAdmin } from '../server/src/provision.js';
import { MEMBER_CSV_COLUMNS, type MemberCsvColumn } from '#shared/member-rules';
import { loadAtStart, machine, percentiles, writeSection } from './report.js';

const MEMBERS = Number(process.env['BENCH_MEMBERS'] ?? 50_000);
const RUNS = 300;
const FIRST = ['Amina', 'Bilal', 'Carmen', 'Daniel', 'Elif', 'Farah', 'George', 'Hana', 'Imran', 'Julia', 'Kenji', 'Laila', 'Mateo', 'Nadia', 'Omar', 'Priya', 'Rosa', 'Samir', 'Tara', 'Zara'];
const LAST = ['Ahmed', 'Brown', 'Chen', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Khan', 'Lopez', 'Malik', 'Nakamura', 'Okafor', 'Qureshi', 'Rossi', 'Singh', 'Tanaka', 'Verma', 'Yilmaz', 'Zhang'];
const IMPORT_ROWS = 10_000;
const SEARCH_P95_MS = 10;
const SEARCHES = ['khan', 'amina', 'MBR-0123', 'samir.ve', 'zara tanaka', 'a', 'om', '4242', 'nobody-here', 'priya.chen1'];

async function main(): Promise<void> {
  const loadBefore = loadAtStart();
  const dialect = process.env['DATABASE_URL'] ? 'postgres' : 'sqlite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'members-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env['DATABASE_URL'], JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' });
  const db = createDb(config);
  await migrate(db);
  const role = (await db.selectFrom('roles').select('id').where('name', '=', 'MEMBER').executeTakeFirstOrThrow()).id;
  const started = Date.now();
  for (let from = 0; from < MEMBERS; from += 1000) {
    await db.transaction().execute(async (trx) => {
      const n = Math.min(1000, MEMBERS - from);
      const now = nowIso();
      const users = await trx
        .insertInto('users')
        .values(Array.from({ length: n }, (_, k) => {
          const i = from + k;
          const first = FIRST[i % FIRST.length]!;
          const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
          const state = i % 50;
          return {
            username: `${first}.${last}${i}`.toLowerCase(), email: `${first}.${last}.${i}@example.test`.toLowerCase(), password_hash: '!', first_name: first, last_name: last,
            role: 'MEMBER', is_active: state < 45 ? 1 : 0, is_verified: 1, is_declined: state === 49 ? 1 : 0, approved_at: state < 47 ? now : null,
            date_joined: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(), last_login: null,
          };
        }))
        .returning('id')
        .execute();
      await trx.insertInto('user_roles').values(users.map((u) => ({ user_id: u.id, role_id: role }))).execute();
      await trx
        .insertInto('member_profiles')
        .values(users.map((u, k) => ({
          user_id: u.id, member_id: `MBR-${String(from + k + 1).padStart(5, '0')}`, first_name: null, middle_name: null, last_name: null, profile_photo: null,
          class_name: null, section: null, father_first_name: null, father_last_name: null, department_id: null, session_id: null,
          registration_id: `REG-${from + k}`, roll_no: null, shift: 'DAY', home_address: null, emergency_contact: null, library_membership_id: null,
          mobile_number: null, cnic: null, payment_proof: null,
        })))
        .execute();
    });
  }
  // What autovacuum does after a bulk load: statistics for the planner, a visibility map for index-only counts.
  if (process.env['DATABASE_URL']) await sql`vacuum analyze`.execute(db);
  console.log(`${MEMBERS.toLocaleString('en')} members seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'SQLite'})`);
  const ctx = { db, media: new MediaStore(config) };

  const rows: string[] = [];
  const measure = async (name: string, run: (i: number) => Promise<unknown>, targetMs?: number): Promise<void> => {
    for (let i = 0; i < 20; i++) await run(i);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      await run(i);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const { p50, p95 } = percentiles(times);
    console.log(`${name.padEnd(48)} p50 ${p50.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms`);
    const target = targetMs === undefined ? 'for comparison' : `p95 ≤ ${targetMs} ms: ${p95 <= targetMs ? 'met' : '**missed**'}`;
    rows.push(`| ${name} | ${p50.toFixed(2)} ms / ${p95.toFixed(2)} ms | ${target} |`);
  };
  const search = (i: number) => SEARCHES[i % SEARCHES.length]!;
  await measure('member search for pickers (`GET /members/search/`)', (i) => searchMembers(db, parseMemberSearchQuery({ search: search(i) })), SEARCH_P95_MS);
  await measure('active list, page 1 (newest first)', () => listMembers(ctx, 'active', parseMemberListQuery({ page: '1' })));
  await measure('active list, page 1 by username', () => listMembers(ctx, 'active', parseMemberListQuery({ page: '1', ordering: 'username' })));
  await measure('active list, page 1, with a search', (i) => listMembers(ctx, 'active', parseMemberListQuery({ page: '1', search: search(i) })));
  await measure('pending list, page 1', () => listMembers(ctx, 'pending', parseMemberListQuery({ page: '1' })));
  const deep = String(Math.max(1, Math.floor(MEMBERS / 25)));
  await measure(`active list, page ${deep} (deep)`, () => listMembers(ctx, 'active', parseMemberListQuery({ page: deep })));

  console.log(`Importing ${IMPORT_ROWS.toLocaleString('en')} members through POST users/bulk-upload-members/ ...`);
  const imported = await importMembers(config, db);
  const hashing = await hashingAlone();
  console.log(`  ${imported.seconds.toFixed(1)} s (${imported.detail}); hashing ${IMPORT_ROWS.toLocaleString('en')} passwords alone: ${hashing.toFixed(1)} s`);
  rows.push(
    `| \`POST users/bulk-upload-members/\`, ${IMPORT_ROWS.toLocaleString('en')}-row CSV | ${imported.seconds.toFixed(1)} s (${imported.detail}) | ` +
      `hashing the ${IMPORT_ROWS.toLocaleString('en')} passwords alone, ${MEMBER_BATCH_SIZE} at a time: ${hashing.toFixed(1)} s (import/hashing ${(imported.seconds / hashing).toFixed(2)}) |`,
  );
  const m = machine();
  await writeSection(`bench-members-${dialect}`, [
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${loadBefore.toFixed(1)} at the start, ${m.load} at the end.`,
    `${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${MEMBERS.toLocaleString('en')} members in four states; ${RUNS} runs per call (in process, after 20 warm-up runs);`,
    `searches rotate over ${SEARCHES.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    '| measurement | p50 / p95 | target |',
    '|---|---|---|',
    ...rows,
  ]);
  await db.destroy();
  if (process.env['BENCH_KEEP']) console.log(`kept ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}

/** A CSV of the member template's columns with `IMPORT_ROWS` valid, new members. */
function memberCsv(): Buffer {
  const lines = [MEMBER_CSV_COLUMNS.join(',')];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const row: Partial<Record<MemberCsvColumn, string>> = {
      username: `import.member${i}`,
      email: `import.member${i}@example.test`,
      password: `Import-Pass-${i}-2026`,
      first_name: FIRST[i % FIRST.length],
      last_name: LAST[(i * 7) % LAST.length],
      shift: i % 3 === 0 ? 'NIGHT' : 'DAY',
      registration_id: `IMP-${i}`,
    };
    lines.push(MEMBER_CSV_COLUMNS.map((c) => row[c] ?? '').join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Imports `IMPORT_ROWS` members through the real route (in process), signed in as an admin. */
async function importMembers(config: Config, db: Db): Promise<{ seconds: number; detail: string }> {
  const app = await buildApp({ ...config, logLevel: 'error' }, { db });
  try {
    const admin = { username: 'bench.admin', password: `Bench-${randomBytes(6).toString('hex')}-2026` };
    await ensureAdmin(db, { ...admin, email: 'bench.admin@example.test' });
    const login = await app.inject({ method: 'POST', url: '/auth/login/', payload: admin });
    const token = (login.json() as { access: string }).access;
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      memberCsv(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/users/bulk-upload-members/',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const seconds = (performance.now() - started) / 1000;
    const body = answer.json() as { detail?: string; errors?: unknown[] };
    return { seconds, detail: `HTTP ${answer.statusCode}: ${body.detail ?? ''}${body.errors?.length ? `, ${body.errors.length} row errors` : ''}` };
  } finally {
    await app.close();
  }
}

/** Seconds to hash `IMPORT_ROWS` passwords as the import does (a batch at a time, in parallel). */
async function hashingAlone(): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < IMPORT_ROWS; from += MEMBER_BATCH_SIZE) {
    await Promise.all(Array.from({ length: Math.min(MEMBER_BATCH_SIZE, IMPORT_ROWS - from) }, (_, k) => hashPassword(`Import-Pass-${from + k}-2026`)));
  }
  return (performance.now() - started) / 1000;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

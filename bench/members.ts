/**
 * Member lists and the member search at scale, in-process (no HTTP): a fresh database (a temp
 * SQLite file, or DATABASE_URL's database when set) gets BENCH_MEMBERS generated members (default
 * 50,000) in all four states, then each call runs many times and its p50/p95 are printed.
 *   npx tsx bench/members.ts            (SQLite)
 *   DATABASE_URL=postgres://… npx tsx bench/members.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import { nowIso } from '../server/src/db/values.js';
import { listMembers, searchMembers } from '../server/src/modules/members/queries.js';
import { MediaStore } from '../server/src/storage/service.js';

const MEMBERS = Number(process.env['BENCH_MEMBERS'] ?? 50_000);
const RUNS = 300;
const FIRST = ['Amina', 'Bilal', 'Carmen', 'Daniel', 'Elif', 'Farah', 'George', 'Hana', 'Imran', 'Julia', 'Kenji', 'Laila', 'Mateo', 'Nadia', 'Omar', 'Priya', 'Rosa', 'Samir', 'Tara', 'Zara'];
const LAST = ['Ahmed', 'Brown', 'Chen', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Khan', 'Lopez', 'Malik', 'Nakamura', 'Okafor', 'Qureshi', 'Rossi', 'Singh', 'Tanaka', 'Verma', 'Yilmaz', 'Zhang'];
const SEARCHES = ['khan', 'amina', 'MBR-0123', 'samir.ve', 'zara tanaka', 'a', 'om', '4242', 'nobody-here', 'priya.chen1'];

async function main(): Promise<void> {
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

  const measure = async (name: string, run: (i: number) => Promise<unknown>): Promise<void> => {
    for (let i = 0; i < 20; i++) await run(i);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      await run(i);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(2);
    console.log(`${name.padEnd(48)} p50 ${p(0.5)} ms   p95 ${p(0.95)} ms`);
  };
  const search = (i: number) => SEARCHES[i % SEARCHES.length]!;
  await measure('picker search (10 terms)', (i) => searchMembers(db, { search: search(i) }));
  await measure('active list, page 1 (newest first)', () => listMembers(ctx, 'active', { page: '1' }));
  await measure('active list, page 1 by username', () => listMembers(ctx, 'active', { page: '1', ordering: 'username' }));
  await measure('active list, page 1, search (10 terms)', (i) => listMembers(ctx, 'active', { page: '1', search: search(i) }));
  await measure('pending list, page 1', () => listMembers(ctx, 'pending', { page: '1' }));
  await measure('active list, page 2000 (deep)', () => listMembers(ctx, 'active', { page: '2000' }));
  await db.destroy();
  if (process.env['BENCH_KEEP']) console.log(`kept ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

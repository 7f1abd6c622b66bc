/**
 * A crash leaves the database consistent: the real server, run as its own process, is killed with
 * SIGKILL in the middle of a member import, of a burst of issues and returns, and of a burst of
 * uploads; started again, the import left whole batches of whole members, every copy count and
 * copy status agrees with the open loans and holds, every loan has its copy and its audit row, every
 * fine its loan, and every file in the upload folders is referenced by a row. Runs on SQLite, or on
 * a fresh PostgreSQL database when DATABASE_URL is set.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays, todayIn } from '#shared/dates';
import { loadConfig, type Env } from '../../server/src/config.js';
import { createDb } from '../../server/src/db/connection.js';
import { migrate } from '../../server/src/db/migrations/index.js';
import type { Database } from '../../server/src/db/schema.js';
import { addCopies } from '../../server/src/modules/copies/stock.js';
import { MEMBER_BATCH_SIZE } from '../../server/src/modules/members/bulk.js';
import { ensureAdmin } from '../../server/src/provision.js';
import { createUser, DEFAULT_PASSWORD } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';
import { generatedMembers, memberCsvPart } from './support/member-csv.js';
import { crashTestEnv, freePort, startServer, until, type Cleanups } from './support/server-process.js';

const ADMIN_PASSWORD = 'Crash-Test-Librarian-9';
const CLIENTS = 20;
const cleanups: Cleanups = [];
let env: Env;
let db: Kysely<Database>;
let port: number;
let base: string;

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

beforeAll(async () => {
  env = await crashTestEnv(cleanups, {
    SCHEDULER_TICK_MS: '0',
    // Files of a crashed upload are as old as the crash: swept at once on the next start.
    UPLOAD_SWEEP_GRACE_MS: '0',
  });
  db = createDb(loadConfig(env));
  cleanups.push(() => db.destroy());
  await migrate(db);
  await ensureAdmin(db, { username: 'admin', password: ADMIN_PASSWORD, email: 'admin@site.test' });
  // The mail server is down throughout: mail waits in the outbox.
  env['SMTP_URL'] = `smtp://127.0.0.1:${await freePort()}`;
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
});

const signIn = async (username: string, password: string): Promise<Record<string, string>> => {
  const answer = await fetch(`${base}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!answer.ok) throw new Error(`Sign-in of ${username} failed: ${answer.status} ${await answer.text()}`);
  return { authorization: `Bearer ${((await answer.json()) as { access: string }).access}` };
};

const send = (method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Response> =>
  fetch(`${base}${url}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

const sendParts = (method: string, url: string, headers: Record<string, string>, body: { payload: Buffer; headers: Record<string, string> }): Promise<Response> =>
  fetch(`${base}${url}`, { method, headers: { ...headers, ...body.headers }, body: new Uint8Array(body.payload) });

const countOf = async (query: Promise<{ n: number | string }>): Promise<number> => Number((await query).n);

/** Runs `work` on `clients` concurrent loops until the server is killed; answers once every loop has stopped. */
async function burst(clients: number, work: (client: number) => Promise<unknown>): Promise<{ stop: () => void; requests: () => number; done: Promise<number> }> {
  let stopped = false;
  let requests = 0;
  const loops = Array.from({ length: clients }, async (_, client) => {
    while (!stopped) {
      try {
        await work(client);
        requests += 1;
      } catch {
        // the server is gone
        if (stopped) return;
      }
    }
  });
  return { stop: () => (stopped = true), requests: () => requests, done: Promise.all(loops).then(() => requests) };
}

/** Four titles named `<name> Title n`, ISBNs from `isbnStem`, each with `copies` copies on the shelf. */
async function titles(name: string, isbnStem: string, copies: number): Promise<number[]> {
  const now = new Date().toISOString();
  const books: number[] = [];
  for (let b = 0; b < 4; b++) {
    const row = await db
      .insertInto('books')
      .values({ title: `${name} Title ${b}`, author: `${name} Author`, isbn: `${isbnStem}${String(b).padStart(5, '0')}`, department_id: null, category_id: null, language_id: null, publisher: 'Press', total_copies: 0, available_copies: 0, rack_no: 'R-1', date_of_entry: now.slice(0, 10), price: 50000, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (copies) await addCopies(db, row.id, Array.from({ length: copies }, () => ({})));
    books.push(row.id);
  }
  return books;
}

test('a member import killed part-way leaves whole batches of whole members', { timeout: 60_000 }, async () => {
  const server = await startServer(env, port, cleanups);
  const admin = await signIn('admin', ADMIN_PASSWORD);
  const rows = 4 * MEMBER_BATCH_SIZE;
  const upload = sendParts('POST', '/users/bulk-upload-members/', admin, multipart({}, { file: memberCsvPart(generatedMembers(rows, 'batch')) })).then(
    (answer) => answer.status,
    () => 'killed' as const,
  );
  const imported = () => countOf(db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('username', 'like', 'batch%').executeTakeFirstOrThrow());
  await until('a batch of members', async () => ((await imported()) >= MEMBER_BATCH_SIZE ? true : undefined), 40_000);
  await server.crash();
  expect(await upload).toBe('killed');
  await startServer(env, port, cleanups);

  const members = await db
    .selectFrom('users as u')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.role', 'p.user_id as profile', 'p.membership_start'])
    .where('u.username', 'like', 'batch%')
    .execute();
  expect(members.length).toBeGreaterThanOrEqual(MEMBER_BATCH_SIZE);
  expect(members.length).toBeLessThan(rows);
  expect(members.length % MEMBER_BATCH_SIZE).toBe(0);
  const ids = members.map((m) => m.id);
  const roles = await db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id').select('ur.user_id').where('r.name', '=', 'MEMBER').where('ur.user_id', 'in', ids).execute();
  const audited = await db.selectFrom('audit_log').select('entity_id').where('action', '=', 'MEMBER_IMPORTED').where('entity', '=', 'user').execute();
  const auditedIds = new Set(audited.map((a) => Number(a.entity_id)));
  const half = members.filter((m) => m.role !== 'MEMBER' || m.profile === null || m.membership_start === null || !auditedIds.has(m.id));
  expect(half).toEqual([]);
  expect(new Set(roles.map((r) => r.user_id)).size).toBe(members.length);
  expect(audited.length).toBe(members.length);
});

test('a burst of issues and returns killed part-way leaves copy counts, copy statuses, loans, audit rows and fines in agreement', { timeout: 60_000 }, async () => {
  const books = await titles('Crash', '97800000', 6);
  const readers: Awaited<ReturnType<typeof createUser>>[] = [];
  for (let i = 0; i < CLIENTS; i++) readers.push(await createUser(db, { username: `burst${i}` }));
  const { timezone } = await db.selectFrom('library_settings').select('timezone').executeTakeFirstOrThrow();
  const today = todayIn(timezone);

  const server = await startServer(env, port, cleanups);
  const admin = await signIn('admin', ADMIN_PASSWORD);
  const out: { id: number; late: boolean }[][] = readers.map(() => []);
  const failures: number[] = [];
  let turn = 0;
  const load = await burst(CLIENTS, async (client) => {
    turn += 1;
    const loans = out[client]!;
    if (loans.length && turn % 2 === 0) {
      const loan = loans.shift()!;
      // A loan returned late leaves its fine owed.
      const answer = await send('POST', `/books/issued-books/${loan.id}/return/`, admin, {});
      if (answer.status >= 500) failures.push(answer.status);
      if (answer.status !== 200) loans.push(loan);
      return;
    }
    const late = turn % 3 === 0;
    const answer = await send('POST', '/books/issued-books/', admin, {
      book: books[turn % books.length],
      member: readers[client]!.id,
      status: 'ISSUED',
      ...(late ? { issue_date: addDays(today, -30), due_date: addDays(today, -16) } : {}),
    });
    if (answer.status >= 500) failures.push(answer.status);
    if (answer.status === 201) loans.push({ id: ((await answer.json()) as { id: number }).id, late });
  });
  await until('loans and returns under way', async () => {
    const returned = await countOf(db.selectFrom('loans').select((eb) => eb.fn.countAll<number | string>().as('n')).where('returned_at', 'is not', null).executeTakeFirstOrThrow());
    return returned >= 10 ? true : undefined;
  }, 30_000);
  await new Promise((r) => setTimeout(r, 300));
  await server.crash();
  load.stop();
  expect(await load.done).toBeGreaterThan(0);
  // Until the kill every answer was a success or a refusal (two desks at once never deadlock).
  if (failures.length) console.log(server.output().split('\n').filter((l) => /"level":50/.test(l)).slice(0, 3).join('\n'));
  expect(failures).toEqual([]);
  await startServer(env, port, cleanups);

  const stock = await db.selectFrom('books').select(['id', 'total_copies', 'available_copies']).where('id', 'in', books).execute();
  const copies = await db.selectFrom('copies').select(['id', 'book_id', 'status']).where('book_id', 'in', books).execute();
  const open = await db.selectFrom('loans').select(['id', 'book_id', 'copy_id']).where('returned_at', 'is', null).execute();
  for (const book of stock) {
    const mine = copies.filter((c) => c.book_id === book.id);
    const onLoan = open.filter((l) => l.book_id === book.id).length;
    const held = mine.filter((c) => c.status === 'ON_HOLD').length;
    expect({ book: book.id, total: book.total_copies, available: book.available_copies }).toEqual({ book: book.id, total: mine.length, available: book.total_copies - onLoan - held });
    expect(mine.filter((c) => c.status === 'AVAILABLE').length).toBe(book.available_copies);
  }
  const openCopies = new Set(open.map((l) => l.copy_id));
  expect(copies.filter((c) => (c.status === 'ON_LOAN') !== openCopies.has(c.id))).toEqual([]);
  expect(open.length).toBe(openCopies.size);

  const loans = await db.selectFrom('loans as l').leftJoin('copies as c', 'c.id', 'l.copy_id').select(['l.id', 'l.returned_at', 'c.id as copy']).execute();
  expect(loans.length).toBeGreaterThan(0);
  const audits = await db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'loan').where('action', 'in', ['BOOK_ISSUED', 'BOOK_RETURNED']).execute();
  const issued = new Set(audits.filter((a) => a.action === 'BOOK_ISSUED').map((a) => Number(a.entity_id)));
  const returned = new Set(audits.filter((a) => a.action === 'BOOK_RETURNED').map((a) => Number(a.entity_id)));
  expect(loans.filter((l) => l.copy === null || !issued.has(l.id) || (l.returned_at !== null) !== returned.has(l.id))).toEqual([]);
  const fines = await db.selectFrom('fines as f').leftJoin('loans as l', 'l.id', 'f.loan_id').select(['f.id', 'l.id as loan', 'l.returned_at']).where('f.loan_id', 'is not', null).execute();
  expect(fines.filter((f) => f.loan === null || f.returned_at === null)).toEqual([]);
});

test('a burst of uploads killed part-way leaves no file without its row', { timeout: 60_000 }, async () => {
  const books = await titles('Cover', '97811111', 0);
  const readers: Awaited<ReturnType<typeof createUser>>[] = [];
  for (let i = 0; i < CLIENTS / 2; i++) readers.push(await createUser(db, { username: `photo${i}` }));

  const server = await startServer(env, port, cleanups);
  const admin = await signIn('admin', ADMIN_PASSWORD);
  const members = await Promise.all(readers.map((r) => signIn(r.username, DEFAULT_PASSWORD)));
  // Large enough that writing them takes a while.
  const image = Buffer.concat([PNG, Buffer.alloc(400_000, 7)]);
  let turn = 0;
  const load = await burst(CLIENTS, async (client) => {
    turn += 1;
    if (client % 2 === 0) {
      const book = books[turn % books.length]!;
      // Each upload replaces the book's covers (and each photo the member's), so files also lose their row.
      const files = Array.from({ length: 3 }, (_, k) => ({ filename: `cover${k}.png`, content: image, contentType: 'image/png' }));
      await sendParts('PATCH', `/books/books/${book}/`, admin, multipart({ cover_photo_clear: 'true' }, { cover_photo: files }));
    } else {
      await sendParts('PATCH', '/users/update-profile/', members[(client - 1) / 2]!, multipart({}, { profile_photo: { filename: 'me.png', content: image, contentType: 'image/png' } }));
    }
  });
  await until('uploads under way', async () => (load.requests() >= 20 ? true : undefined), 30_000);
  await new Promise((r) => setTimeout(r, 250));
  await server.crash();
  load.stop();
  expect(await load.done).toBeGreaterThan(0);
  await startServer(env, port, cleanups);

  const covers = await db.selectFrom('book_covers').select('file').execute();
  const photos = await db.selectFrom('member_profiles').select('profile_photo as file').where('profile_photo', 'is not', null).execute();
  const staffPhotos = await db.selectFrom('manager_profiles').select('profile_photo as file').where('profile_photo', 'is not', null).execute();
  const referenced = new Set([...covers, ...photos, ...staffPhotos].map((r) => r.file));
  const stored: string[] = [];
  for (const kind of ['covers', 'profiles']) {
    const files = await readdir(path.join(env.DATA_DIR!, 'uploads', kind)).catch(() => [] as string[]);
    stored.push(...files.map((f) => `${kind}/${f}`));
  }
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.filter((f) => !referenced.has(f))).toEqual([]);
  // And every row's file is there.
  expect([...referenced].filter((f) => !stored.includes(f as string))).toEqual([]);
});

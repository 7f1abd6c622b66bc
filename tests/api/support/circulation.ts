/**
 * Helpers of the circulation API tests: books straight into the table, staff in a role with
 * chosen permissions, members, the desk calls (issue, return) as JSON requests, and the desk app
 * a test file runs on (`useDeskApp`).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { addCopies } from '../../../server/src/modules/copies/stock.js';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './harness.js';

let isbnSeq = 0;

/** Inserts a book with `copies` copies (all available, numbered from the library's accession sequence) and a price in minor units; answers its id. */
export async function addBook(t: TestApp, title: string, copies = 1, price = 50000): Promise<number> {
  const now = new Date().toISOString();
  isbnSeq += 1;
  const row = await t.db
    .insertInto('books')
    .values({
      title,
      author: `Author of ${title}`,
      isbn: `978${String(process.pid % 1000).padStart(3, '0')}${String(isbnSeq).padStart(7, '0')}`,
      department_id: null,
      category_id: null,
      language_id: null,
      publisher: 'Press',
      total_copies: 0,
      available_copies: 0,
      rack_no: 'R-1',
      date_of_entry: now.slice(0, 10),
      price,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addCopies(t.db, row.id, Array.from({ length: copies }, () => ({})));
  return row.id;
}

/** Puts a user in a fresh role holding exactly these permissions. */
export async function onlyInRole(t: TestApp, userId: number, roleName: string, codenames: string[]): Promise<void> {
  const role = await t.db.insertInto('roles').values({ name: roleName, built_in: 0 }).returning('id').executeTakeFirstOrThrow();
  const perms = await t.db.selectFrom('permissions').select('id').where('codename', 'in', codenames).execute();
  if (perms.length) await t.db.insertInto('role_permissions').values(perms.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
  await t.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await t.db.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
}

/** A signed-in user: id and bearer headers. */
export interface Actor {
  id: number;
  headers: Record<string, string>;
}

/** Creates and signs in a user. */
export async function actor(t: TestApp, username: string, role: 'SUPER USER' | 'MANAGER' | 'MEMBER' = 'MEMBER'): Promise<Actor> {
  const user = await createUser(t.db, { username, role });
  return { id: user.id, headers: bearer((await signIn(t.app, username)).access) };
}

/** Creates a member without signing him in; answers his user id. */
export async function member(t: TestApp, username: string, state: 'active' | 'pending' | 'declined' | 'disabled' = 'active'): Promise<number> {
  return (await createUser(t.db, { username, state })).id;
}

/** POST /books/issued-books/. */
export const issue = (t: TestApp, by: Actor, body: Record<string, unknown>): Promise<LightMyRequestResponse> =>
  postJson(t.app, '/books/issued-books/', body, by.headers);

/** POST /books/issued-books/{id}/return/. */
export const giveBack = (t: TestApp, by: Actor, loanId: number, body: Record<string, unknown> = {}): Promise<LightMyRequestResponse> =>
  postJson(t.app, `/books/issued-books/${loanId}/return/`, body, by.headers);

/** A book's copy counts and status. */
export const stock = (t: TestApp, bookId: number) =>
  t.db.selectFrom('books').select(['available_copies', 'total_copies', 'status']).where('id', '=', bookId).executeTakeFirstOrThrow();

/** Rows of a table (for "nothing written" checks). */
export async function rowCount(t: TestApp, table: 'loans' | 'fines' | 'fine_receipts' | 'audit_log'): Promise<number> {
  const { n } = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** The library's today, as the server reads it (in the settings' zone, which may be a day apart from UTC's). */
export async function libraryToday(t: TestApp): Promise<string> {
  const { todayIn } = await import('#shared/dates');
  const { timezone } = await t.db.selectFrom('library_settings').select('timezone').executeTakeFirstOrThrow();
  return todayIn(timezone);
}

/**
 * The desk app of this test file, set by `useDeskApp` before its tests run: the app, a SUPER USER
 * at the desk and the library's today. Live bindings: an importer reads the current values
 * (each test file has its own copy of this module).
 */
export let t: TestApp;
export let desk: Actor;
export let today: string;

/**
 * Starts the desk app of a test file before its tests (`API_PUBLIC_URL` set, `prepare` run
 * before today is read, e.g. to move the library's zone) and closes it after them.
 */
export function useDeskApp({ prepare }: { prepare?: (app: TestApp) => Promise<void> } = {}): void {
  beforeAll(async () => {
    t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
    await prepare?.(t);
    desk = await actor(t, 'desk', 'SUPER USER');
    today = await libraryToday(t);
  });
  afterAll(async () => t.close());
}

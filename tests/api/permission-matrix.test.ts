/**
 * The permission matrix: every route of the server's route table, called as every kind of caller,
 * answers as the access contract (tests/api/support/access-contract.ts, from docs/API.md's "who"
 * column) says. Callers: anonymous; a member, on his own record and on a neighbour's where the
 * contract says he reaches his own; staff in a role holding every permission but the route's
 * code(s) (403), and holding only the route's code, each code of an any-of list in turn (passes the
 * guard); the SUPER USER (passes). "Passes the guard" is any answer but 401 or 403 (and never a
 * 5xx): an empty body or an id that names nothing may well answer 400 or 404. Each caller signs in
 * once; the staff role's permissions change between cases (they apply at once).
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { PERMISSIONS } from '#shared/permission-codes';
import { bearer, createUser, postJson, signIn, t, useSignedInApp } from './support/harness.js';
import { ACCESS_CONTRACT, type Entry, type OwnRecord, type Who } from './support/access-contract.js';
import { createBook, createFine } from './support/fines.js';

/** An id no record has (below 2^31 so it is a valid id). */
const NONE = '2147483000';

type Caller = 'anonymous' | 'member' | 'staff' | 'super';
type Expected = 'passes' | 401 | 403 | 404;

interface Case {
  title: string;
  caller: Caller;
  /** The staff role's permissions for this case: exactly these, or every one but these. */
  grant?: { only: readonly string[] } | { except: readonly string[] };
  /** The member's record the call names: his own or his neighbour's. */
  record?: { kind: OwnRecord; whose: 'own' | 'neighbour'; in: 'path' | 'body' };
  expected: Expected;
}

interface Call {
  name: string;
  method: string;
  url: string;
  entry: Entry;
  cases: Case[];
}

const said = (expected: Expected): string => (expected === 'passes' ? 'passes the guard' : String(expected));

/** The cases of one rule, derived from the contract alone. */
function casesOf(who: Who): Case[] {
  const cases: Case[] = [];
  const add = (title: string, c: Omit<Case, 'title'>) => cases.push({ ...c, title: `${title} → ${said(c.expected)}` });
  add('anonymous', { caller: 'anonymous', expected: who === 'anyone' ? 'passes' : 401 });
  if (who === 'anyone' || who === 'signed-in') {
    add('a member', { caller: 'member', expected: 'passes' });
    add('staff with no permission', { caller: 'staff', grant: { only: [] }, expected: 'passes' });
  } else if ('owner' in who) {
    add(`a member on his own ${who.owner}`, { caller: 'member', record: { kind: who.owner, whose: 'own', in: 'path' }, expected: 'passes' });
    add(`a member on a neighbour's ${who.owner}`, { caller: 'member', record: { kind: who.owner, whose: 'neighbour', in: 'path' }, expected: who.others });
    add('staff with no permission', { caller: 'staff', grant: { only: [] }, expected: 'passes' });
  } else if ('role' in who) {
    add('a member', { caller: 'member', expected: who.role === 'MEMBER' ? 'passes' : 403 });
    add('staff (a MANAGER) with no permission', { caller: 'staff', grant: { only: [] }, expected: who.role === 'MANAGER' ? 'passes' : 403 });
  } else {
    const member = who.member ?? 'none';
    if (typeof member === 'object') {
      const where = member.in ?? 'path';
      add(`a member on his own ${member.own}`, { caller: 'member', record: { kind: member.own, whose: 'own', in: where }, expected: 'passes' });
      add(`a member on a neighbour's ${member.own}`, { caller: 'member', record: { kind: member.own, whose: 'neighbour', in: where }, expected: member.others });
    } else {
      add(member === 'self' ? 'a member (his own)' : 'a member', { caller: 'member', expected: member === 'none' ? 403 : 'passes' });
    }
    if (typeof who.staff === 'object' && 'all' in who.staff) {
      const all = who.staff.all;
      add(`staff without ${all.join(' and ')}`, { caller: 'staff', grant: { except: all }, expected: 403 });
      for (const code of all) add(`staff holding only ${code}`, { caller: 'staff', grant: { only: [code] }, expected: 403 });
      add(`staff holding only ${all.join(' and ')}`, { caller: 'staff', grant: { only: all }, expected: 'passes' });
    } else {
      const codes = [who.staff].flat() as string[];
      add(`staff without ${codes.join(', ')}`, { caller: 'staff', grant: { except: codes }, expected: 403 });
      for (const code of codes) add(`staff holding only ${code}`, { caller: 'staff', grant: { only: [code] }, expected: 'passes' });
    }
  }
  add('the SUPER USER', { caller: 'super', expected: typeof who === 'object' && 'role' in who && who.role !== 'SUPER USER' ? 403 : 'passes' });
  return cases;
}

const CALLS: Call[] = Object.entries(ACCESS_CONTRACT).flatMap(([route, entries]) =>
  [entries].flat().map((entry) => {
    const [method, url] = route.split(' ') as [string, string];
    return { name: entry.variant ? `${route} (${entry.variant})` : route, method, url, entry, cases: casesOf(entry.who) };
  }),
);

const USERNAMES: Record<Exclude<Caller, 'anonymous'>, string> = { member: 'matrix.reader', staff: 'matrix.staff', super: 'matrix.super' };
useSignedInApp({}, [
  [USERNAMES.super, 'SUPER USER'],
  [USERNAMES.member, 'MEMBER'],
  ['matrix.neighbour', 'MEMBER'],
  [USERNAMES.staff, 'MANAGER'],
]);

const tokens: Partial<Record<Caller, Record<string, string>>> = {};
const records = {} as Record<OwnRecord, { own: string; neighbour: string }>;
let staffRole: number;
let everyCode: string[];

/** A JSON call as a signed-in user (or anonymous), answering the response. */
function call(method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<LightMyRequestResponse> {
  if (body === undefined) return t.app.inject({ method: method as 'GET', url, headers });
  return t.app.inject({ method: method as 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}

/** Gives the staff role exactly these permissions. */
async function grant(codes: readonly string[]): Promise<void> {
  await t.db.deleteFrom('role_permissions').where('role_id', '=', staffRole).execute();
  if (!codes.length) return;
  const ids = await t.db.selectFrom('permissions').select('id').where('codename', 'in', [...codes]).execute();
  expect(ids).toHaveLength(codes.length);
  await t.db.insertInto('role_permissions').values(ids.map((p) => ({ role_id: staffRole, permission_id: p.id }))).execute();
}

beforeAll(async () => {
  await t.app.ready();
  const { access, ids } = await import('./support/harness.js');
  tokens.member = bearer(access[USERNAMES.member]!);
  tokens.staff = bearer(access[USERNAMES.staff]!);
  tokens.super = bearer(access[USERNAMES.super]!);
  everyCode = (await t.db.selectFrom('permissions').select('codename').execute()).map((p) => p.codename);
  expect(everyCode.sort()).toEqual(PERMISSIONS.map((p) => p.codename).sort());

  const role = await t.db.insertInto('roles').values({ name: 'Matrix desk', built_in: 0 }).returning('id').executeTakeFirstOrThrow();
  staffRole = role.id;
  await t.db.deleteFrom('user_roles').where('user_id', '=', ids[USERNAMES.staff]!).execute();
  await t.db.insertInto('user_roles').values({ user_id: ids[USERNAMES.staff]!, role_id: staffRole }).execute();

  // Each member's records: a loan, a reservation, a wish, an alert and a receipt of his own.
  const reader = ids[USERNAMES.member]!;
  const neighbour = ids['matrix.neighbour']!;
  const neighbourHeaders = bearer(access['matrix.neighbour']!);
  const lent = await createBook(t.db, 'Matrix Lent');
  const loanOf = async (member: number): Promise<string> => {
    const book = await createBook(t.db, `Matrix loan ${member}`);
    const response = await postJson(t.app, '/books/issued-books/', { book, member }, tokens.super!);
    expect(response.statusCode, response.body).toBe(201);
    return String(response.json().id);
  };
  const held = await createBook(t.db, 'Matrix Held');
  const other = (await createUser(t.db, { username: 'matrix.holder' })).id;
  expect((await postJson(t.app, '/books/issued-books/', { book: held, member: other }, tokens.super!)).statusCode).toBe(201);
  const reservationOf = async (headers: Record<string, string>): Promise<string> => {
    const response = await postJson(t.app, '/books/reservations/', { book: held }, headers);
    expect(response.statusCode, response.body).toBe(201);
    return String(response.json().id);
  };
  const wishOf = async (headers: Record<string, string>): Promise<string> => {
    const response = await postJson(t.app, '/notifications/wishlist/', { book_id: lent }, headers);
    expect(response.statusCode, response.body).toBe(201);
    return String(response.json().id);
  };
  const alertOf = async (member: number): Promise<string> => {
    const row = await t.db.insertInto('notifications').values({ user_id: member, type: 'GENERAL', message: 'Matrix', link_url: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    return String(row.id);
  };
  const receiptOf = async (member: number): Promise<string> => {
    const fine = await createFine(t.db, member, lent, 2000, '2026-01-20');
    const response = await postJson(t.app, '/fines-viewset/collect/', { member_id: member, fine_ids: [fine.fineId], issued_ids: [fine.loanId], collected_amount: '20.00', discount: '0', full_payment: false }, tokens.super!);
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json().receipt_no);
  };
  records.user = { own: String(reader), neighbour: String(neighbour) };
  records.loan = { own: await loanOf(reader), neighbour: await loanOf(neighbour) };
  records.reservation = { own: await reservationOf(tokens.member), neighbour: await reservationOf(neighbourHeaders) };
  records.wish = { own: await wishOf(tokens.member), neighbour: await wishOf(neighbourHeaders) };
  records.alert = { own: await alertOf(reader), neighbour: await alertOf(neighbour) };
  records.receipt = { own: await receiptOf(reader), neighbour: await receiptOf(neighbour) };
});

test('the contract names every route of the route table, and no route the table lacks', () => {
  const routes = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
  const contract = Object.keys(ACCESS_CONTRACT);
  expect({ 'routes without a contract entry': routes.filter((r) => !contract.includes(r)), 'contract entries without a route': contract.filter((c) => !routes.includes(c)) }).toEqual({
    'routes without a contract entry': [],
    'contract entries without a route': [],
  });
});

test.each([
  ['loans', '/books/issued-books/', 'loan'],
  ['reservations', '/books/reservations/', 'reservation'],
] as const)("a member's list of %s holds his own alone", async (_what, url, kind) => {
  const response = await call('GET', url, tokens.member);
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json() as { id: number }[]).map((row) => String(row.id))).toEqual([records[kind].own]);
});

describe.each(CALLS.map((c) => [c.name, c] as const))('%s', (_name, { method, url, entry, cases }) => {
  test.each(cases.map((c) => [c.title, c] as const))('%s', async (_title, { caller, grant: granted, record, expected }) => {
    if (granted) await grant('only' in granted ? granted.only : everyCode.filter((code) => !granted.except.includes(code)));
    // A caller the contract refuses sends an id, a page and a body no route accepts: a route that
    // reads any of them before asking for the permission answers 400 or 404, not 403. Whose record
    // it is comes after the body (another's is as unknown as a missing one), so a call on a
    // member's record sends his record's id and a well-formed empty body.
    const refused = typeof expected === 'number' && !record;
    const id = record ? records[record.kind][record.whose] : NONE;
    const pathId = record?.in === 'path' ? id : refused ? '99999999999' : NONE;
    const path = url.replace(/:(\w+)|\*/g, (_param, name?: string) => entry.params?.[name ?? '*'] ?? pathId);
    const query = entry.query ? `?${entry.query}` : refused ? '?page=not-a-page' : '';
    const writes = method === 'POST' || method === 'PATCH' || method === 'PUT';
    const body = !writes ? undefined : record?.in === 'body' ? { member: Number(id) } : record ? {} : (entry.body ?? ['not', 'a', 'form']);
    let headers = caller === 'anonymous' ? {} : tokens[caller]!;
    if (entry.spendsSignIn && caller !== 'anonymous') headers = bearer((await signIn(t.app, USERNAMES[caller])).access);
    const response = await call(method, path + query, headers, body);
    const status = response.statusCode;
    const outcome = typeof expected === 'number' ? status : status !== 401 && status !== 403 && status < 500 ? 'passes' : status;
    expect(outcome, `${method} ${path}${query}: ${status} ${response.body.slice(0, 300)}`).toBe(expected);
  });
});

test("after every call the neighbour's records are as they were", async () => {
  const neighbour = records.user.neighbour;
  const reservation = await t.db.selectFrom('reservations').select('status').where('id', '=', Number(records.reservation.neighbour)).executeTakeFirstOrThrow();
  const loan = await t.db.selectFrom('loans').select(['renewals', 'returned_at']).where('id', '=', Number(records.loan.neighbour)).executeTakeFirstOrThrow();
  const alert = await t.db.selectFrom('notifications').select('read').where('id', '=', Number(records.alert.neighbour)).executeTakeFirstOrThrow();
  const wishes = await t.db.selectFrom('wishlist_items').select('id').where('user_id', '=', Number(neighbour)).execute();
  expect({ reservation: reservation.status, renewals: Number(loan.renewals), returned: loan.returned_at, read: Number(alert.read), wishes: wishes.map((w) => String(w.id)) }).toEqual({
    reservation: 'PENDING',
    renewals: 0,
    returned: null,
    read: 0,
    wishes: [records.wish.neighbour],
  });
});

/**
 * Who may use stock verification, and what it refuses. Reading needs view_stockverification,
 * opening and scanning add_stockverification, closing and marking missing change_stockverification;
 * members never. Hostile input (barcode bounds, control characters, repeated parameters, bad ids)
 * gets a 4xx and writes nothing.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { actor, addBook, desk, onlyInRole, t, useDeskApp, type Actor } from './support/circulation.js';
import { postJson } from './support/harness.js';

useDeskApp();

let sessionId: number;
let closedId: number;
/** Stays open for the hostile-input tests (the permission tests close `sessionId`). */
let openId: number;
let barcode: string;
const staff: Record<'clerk' | 'viewer' | 'scanner' | 'closer' | 'reader', Actor> = {} as never;

beforeAll(async () => {
  const book = await addBook(t, 'Access Book', 2);
  barcode = (await t.db.selectFrom('copies').select('barcode').where('book_id', '=', book).orderBy('copy_no').executeTakeFirstOrThrow()).barcode;
  const roles: Array<[keyof typeof staff, string[]]> = [
    ['clerk', ['view_book', 'add_book', 'change_book']],
    ['viewer', ['view_stockverification']],
    ['scanner', ['add_stockverification']],
    ['closer', ['change_stockverification']],
  ];
  for (const [name, codes] of roles) {
    staff[name] = await actor(t, name, 'MANAGER');
    await onlyInRole(t, staff[name].id, `Role of ${name}`, codes);
  }
  staff.reader = await actor(t, 'reader', 'MEMBER');
  sessionId = (await postJson(t.app, '/stock-verifications/', { name: 'Access' }, desk.headers)).json().id;
  openId = (await postJson(t.app, '/stock-verifications/', { name: 'Hostile' }, desk.headers)).json().id;
  closedId = (await postJson(t.app, '/stock-verifications/', { name: 'Closed one' }, desk.headers)).json().id;
  await postJson(t.app, `/stock-verifications/${closedId}/close/`, {}, desk.headers);
});

type Call = { name: string; method: 'GET' | 'POST'; url: () => string; body?: () => unknown; holder: keyof typeof staff };

const CALLS: Call[] = [
  { name: 'open', method: 'POST', url: () => '/stock-verifications/', body: () => ({ name: 'By the scanner' }), holder: 'scanner' },
  { name: 'list', method: 'GET', url: () => '/stock-verifications/', holder: 'viewer' },
  { name: 'read', method: 'GET', url: () => `/stock-verifications/${sessionId}/`, holder: 'viewer' },
  { name: 'scan', method: 'POST', url: () => `/stock-verifications/${sessionId}/scans/`, body: () => ({ barcode }), holder: 'scanner' },
  { name: 'report', method: 'GET', url: () => `/stock-verifications/${sessionId}/report/?group=not_seen`, holder: 'viewer' },
  { name: 'shelves', method: 'GET', url: () => `/stock-verifications/${sessionId}/report/shelves/`, holder: 'viewer' },
  { name: 'export', method: 'GET', url: () => `/stock-verifications/${sessionId}/report/export/?group=not_seen`, holder: 'viewer' },
  { name: 'mark missing', method: 'POST', url: () => `/stock-verifications/${closedId}/mark-missing/`, body: () => ({}), holder: 'closer' },
  { name: 'close', method: 'POST', url: () => `/stock-verifications/${sessionId}/close/`, body: () => ({}), holder: 'closer' },
];

const call = (c: Call, headers: Record<string, string>) =>
  c.method === 'GET' ? t.app.inject({ method: 'GET', url: c.url(), headers }) : postJson(t.app, c.url(), c.body?.() ?? {}, headers);

describe('permissions', () => {
  test.each(CALLS)('$name: 401 signed out, 403 for staff without the code and for members, allowed with it', async (c) => {
    expect((await call(c, {})).statusCode).toBe(401);
    expect((await call(c, staff.clerk.headers)).statusCode).toBe(403);
    expect((await call(c, staff.reader.headers)).statusCode).toBe(403);
    for (const other of ['viewer', 'scanner', 'closer'] as const) {
      if (other !== c.holder) expect((await call(c, staff[other].headers)).statusCode, other).toBe(403);
    }
    const allowed = await call(c, staff[c.holder].headers);
    expect(allowed.statusCode, allowed.body).toBeLessThan(300);
  });
});

async function scanCount(): Promise<number> {
  return Number((await t.db.selectFrom('stock_verification_scans').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
}

async function sessionCount(): Promise<number> {
  return Number((await t.db.selectFrom('stock_verifications').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
}

describe('hostile input', () => {
  test.each([
    ['blank', { barcode: '' }],
    ['spaces only', { barcode: '   ' }],
    ['missing', {}],
    ['longer than 40 characters', { barcode: 'A'.repeat(41) }],
    ['a control character', { barcode: 'ACC\u000000001' }],
    ['a tab', { barcode: 'ACC\t1' }],
    ['a number', { barcode: 12345 }],
    ['a list', { barcode: ['ACC-00001', 'ACC-00002'] }],
    ['an object', { barcode: { $ne: null } }],
  ])('a scan with a barcode that is %s → 400 naming barcode, nothing written', async (_label, body) => {
    const before = await scanCount();
    const response = await postJson(t.app, `/stock-verifications/${openId}/scans/`, body, desk.headers);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toHaveProperty('barcode');
    expect(await scanCount()).toBe(before);
  });

  test('a scan body that is not an object → 400', async () => {
    const response = await postJson(t.app, `/stock-verifications/${openId}/scans/`, ['ACC-00001'], desk.headers);
    expect(response.statusCode).toBe(400);
  });

  test.each([
    ['no name', {}, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name over 100 characters', { name: 'N'.repeat(101) }, 'name'],
    ['a name with a control character', { name: 'Shelf\u0007 A' }, 'name'],
    ['a name as a list', { name: ['a', 'b'] }, 'name'],
    ['a department that is not an id', { name: 'X', department: 'science' }, 'department'],
    ['a department that does not exist', { name: 'X', department: 999999 }, 'department'],
    ['a department beyond the id column', { name: 'X', department: 2147483648 }, 'department'],
    ['a category that does not exist', { name: 'X', category: 999999 }, 'category'],
    ['a shelf over 100 characters', { name: 'X', shelf: 'S'.repeat(101) }, 'shelf'],
    ['a shelf with a control character', { name: 'X', shelf: 'A\u0000' }, 'shelf'],
  ])('opening with %s → 400 naming the field, nothing written', async (_label, body, fieldName) => {
    const before = await sessionCount();
    const response = await postJson(t.app, '/stock-verifications/', body, desk.headers);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toHaveProperty(fieldName);
    expect(await sessionCount()).toBe(before);
  });

  test.each([
    'report/?group=everything',
    'report/',
    'report/?group=not_seen&group=unexpected',
    'report/?group=not_seen&page=0',
    'report/?group=not_seen&page=abc',
    'report/?group=not_seen&page=1&page=2',
    'report/?group=not_seen&page_size=501',
    'report/?group=not_seen%00',
    'report/export/?group=nothing',
    'report/export/?group=not_seen&group=not_seen',
    '?page=1&page=2',
    'report/shelves/?x=1&x=2',
  ])('GET …/{id}/%s → 400', async (tail) => {
    const response = await t.app.inject({ method: 'GET', url: `/stock-verifications/${openId}/${tail}`, headers: desk.headers });
    expect(response.statusCode, response.body).toBe(400);
  });

  test.each(['?page=0', '?page=x', '?page=1&page=2', '?page_size=1000'])('the list with %s → 400', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/stock-verifications/${query}`, headers: desk.headers });
    expect(response.statusCode, response.body).toBe(400);
  });

  test('ids: not a number or unknown → 404; beyond the id column → 400', async () => {
    for (const [url, status] of [
      ['/stock-verifications/abc/', 404],
      ['/stock-verifications/999999/', 404],
      ['/stock-verifications/2147483648/', 400],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url, headers: desk.headers })).statusCode, url).toBe(status);
    }
    expect((await postJson(t.app, '/stock-verifications/999999/scans/', { barcode }, desk.headers)).statusCode).toBe(404);
    expect((await postJson(t.app, '/stock-verifications/999999/close/', {}, desk.headers)).statusCode).toBe(404);
    expect((await postJson(t.app, '/stock-verifications/999999/mark-missing/', {}, desk.headers)).statusCode).toBe(404);
  });

  test('a barcode with characters no copy can hold is simply unknown', async () => {
    const response = await postJson(t.app, `/stock-verifications/${openId}/scans/`, { barcode: "'; drop table copies; --" }, desk.headers);
    expect(response.statusCode).toBe(201);
    expect(response.json().result).toBe('UNKNOWN');
  });
});

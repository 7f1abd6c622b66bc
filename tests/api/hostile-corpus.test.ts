/**
 * The hostile-input corpus: every write route of the route table (POST, PUT, PATCH, DELETE) gets,
 * as the super user and on a real record, ids no record can have, bodies that are not JSON or not
 * an object, and each of its body fields made hostile in turn (edge dates, bad amounts, control
 * characters, 100 kB strings, 50,000 ids, wrong JSON types, deep nesting), and every multipart route
 * malformed and cut-off forms. Each answer is a 4xx naming the problem, and nothing is written (every
 * table's rows are the same before and after a route's cases). Afterwards every list, summary and
 * report still answers. The fields each route reads are in support/hostile-values.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import Papa from 'papaparse';
import { toCsv } from '#shared/csv';
import { isbnCheckDigit as isbnCheck } from '#shared/isbn';
import { MEMBER_CSV_COLUMNS } from '#shared/member-rules';
import { REPORTS } from '#shared/report-catalogue';
import { fingerprint } from './support/audit-failure.js';
import { addBook, libraryToday, member } from './support/circulation.js';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { bodyText, DEEP, HOSTILE, HOSTILE_BODIES, HOSTILE_IDS, HOSTILE_SKIPPED, MISSING_VALUES, WRITE_ROUTES, type FieldKind, type HostileRecords, type RouteSpec } from './support/hostile-values.js';
import { multipart, PDF, PNG } from './support/multipart.js';

let t: TestApp;
let admin: Record<string, string>;
let records: HostileRecords;
/** Every table's rows as last read. */
let lastPrint: Record<string, string>;

const idOf = (response: LightMyRequestResponse): number => {
  if (response.statusCode >= 300) throw new Error(`Setup failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  await createUser(t.db, { username: 'hostile.root', role: 'SUPER USER' });
  admin = bearer((await signIn(t.app, 'hostile.root')).access);
  const staff = await createUser(t.db, { username: 'hostile.staff', role: 'MANAGER' });
  const reader = await member(t, 'hostile.reader');
  const department = idOf(await postJson(t.app, '/admin-departments/', { name: 'Physics' }, admin));
  const category = idOf(await postJson(t.app, '/categories/', { name: 'Science' }, admin));
  const language = idOf(await postJson(t.app, '/language/', { name: 'English' }, admin));
  const session = idOf(await postJson(t.app, '/admin-sessions/', { session_range: '2026-2027' }, admin));
  const plan = idOf(await postJson(t.app, '/members/plans/', { name: 'Hostile Standard', fee: '0.00', validity_months: '12' }, admin));
  const book = await addBook(t, 'Hostile Target', 3);
  const copy = await t.db.selectFrom('copies').select(['id', 'barcode']).where('book_id', '=', book).orderBy('id').executeTakeFirstOrThrow();
  const loan = idOf(await postJson(t.app, '/books/issued-books/', { book, member: reader }, admin));
  const other = await addBook(t, 'Hostile Returned', 1);
  const returnedLoan = idOf(await postJson(t.app, '/books/issued-books/', { book: other, member: reader }, admin));
  expect((await postJson(t.app, `/books/issued-books/${returnedLoan}/return/`, {}, admin)).statusCode).toBe(200);
  // A reservation waits for a book none of whose copies is on the shelf.
  const waited = await addBook(t, 'Hostile Waited', 1);
  idOf(await postJson(t.app, '/books/issued-books/', { book: waited, member: await member(t, 'hostile.borrower') }, admin));
  const reservation = idOf(await postJson(t.app, '/books/reservations/', { book: waited, member: reader }, admin));
  const fine = idOf(await postJson(t.app, '/fines/charges/', { member: reader, fee_type: 'manual', amount: '5.00', note: 'A charge' }, admin));
  const role = idOf(await postJson(t.app, '/roles/', { name: 'Hostile target role' }, admin));
  const soon = new Date(Date.parse(`${await libraryToday(t)}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const holiday = idOf(await postJson(t.app, '/settings/holidays/', { date: soon, name: 'Hostile Eve' }, admin));
  const readerToken = bearer((await signIn(t.app, 'hostile.reader')).access);
  const wish = idOf(await postJson(t.app, '/notifications/wishlist/', { book_id: book }, readerToken));
  const verification = idOf(await postJson(t.app, '/stock-verifications/', { name: 'Hostile shelf count' }, admin));
  const now = new Date().toISOString();
  const alert = (await t.db.insertInto('notifications').values({ user_id: reader, type: 'INFO', message: 'Hello', link_url: null, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  // The issues above logged their notices.
  const log = await t.db.selectFrom('notification_log').select('id').orderBy('id').executeTakeFirstOrThrow();
  // The mails of the setup leave in the background (their outbox rows change): wait until none is on its way.
  for (let tries = 0; tries < 100; tries += 1) {
    const waiting = await t.db.selectFrom('notification_log').select('id').where('status', 'in', ['PENDING', 'SENDING']).execute();
    if (waiting.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  lastPrint = await fingerprint(t.db);
  records = {
    book, copy: copy.id, barcode: copy.barcode, member: reader, staff: staff.id, loan, returnedLoan, reservation, fine, role, holiday,
    plan, department, category, language, session, alert, wish, noticeLog: log.id, verification,
  };
}, 60_000);

afterAll(async () => t?.close());

interface Case {
  name: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

const isWrite = (method: string): boolean => method !== 'GET';
const keyOf = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;

/** The route's URL with its ids set (`:id` → the spec's record, other params → a made-up value; `id` overrides). */
function urlOf(pattern: string, spec: RouteSpec, id?: string, param = ':id'): string {
  return pattern.replace(/:[a-z]+/g, (name) => (name === param && id !== undefined ? id : name === ':id' && spec.id ? String(spec.id(records)) : 'made-up-value'));
}

const json = (url: string, name: string, body: unknown): Case => ({ name, url, payload: bodyText(body), contentType: 'application/json' });

/** A short, readable name for a hostile value. */
function label(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
}

function casesOf(method: string, pattern: string, spec: RouteSpec): Case[] {
  const cases: Case[] = [];
  const base = spec.base?.(records) ?? {};
  const url = urlOf(pattern, spec);
  for (const param of pattern.match(/:[a-z]+/g) ?? []) {
    for (const id of HOSTILE_IDS) {
      const at = urlOf(pattern, spec, id, param);
      cases.push(spec.body === 'none' ? { name: `${param}=${id}`, url: at } : json(at, `${param}=${id}`, base));
    }
  }
  const bodies = spec.body === 'none' ? HOSTILE_BODIES.filter((body) => body.name.startsWith('not JSON')) : HOSTILE_BODIES;
  for (const body of bodies) cases.push({ name: `a body that is ${body.name}`, url, payload: body.payload, contentType: 'application/json' });
  const fields = Object.entries(spec.fields ?? {});
  if (spec.body !== 'none' && !spec.partial && fields.some(([, kind]) => !kind.endsWith('?'))) {
    cases.push({ name: 'an empty body', url, payload: '', contentType: 'application/json' }, json(url, 'an empty object', {}));
  }
  if (fields.length > 0) cases.push(json(url, `${fields[0]![0]} nested 10,000 levels deep`, { ...base, [fields[0]![0]]: DEEP }));
  for (const [field, kind] of fields) {
    const required = !kind.endsWith('?') && !spec.partial;
    const values = [...HOSTILE[kind.replace('?', '') as FieldKind], ...(required ? MISSING_VALUES : [])];
    for (const value of values) cases.push(json(url, `${field}=${label(value)}`, { ...base, [field]: value }));
  }
  if (spec.body === 'form' || spec.body === 'csv') cases.push(...multipartCases(url, spec, base));
  return cases.map((c) => ({ ...c, name: `${method} ${pattern} ${c.name}` }));
}

function multipartCases(url: string, spec: RouteSpec, base: Record<string, unknown>): Case[] {
  const text = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)]));
  const fileField = spec.body === 'csv' ? 'file' : spec.file;
  const csv = Buffer.from('title,author\r\nA,B\r\n');
  const good = multipart(text, spec.body === 'csv' ? { file: { filename: 'rows.csv', content: csv, contentType: 'text/csv' } } : {});
  const type = good.headers['content-type']!;
  const cases: Case[] = [
    { name: 'multipart without a boundary', url, payload: good.payload, contentType: 'multipart/form-data' },
    { name: 'multipart with a wrong boundary', url, payload: good.payload, contentType: 'multipart/form-data; boundary=not-the-one' },
    { name: 'multipart cut at 70 %', url, payload: good.payload.subarray(0, Math.floor(good.payload.length * 0.7)), contentType: type },
  ];
  // An empty form changes nothing where every field may be left out.
  if (!spec.partial && Object.values(spec.fields ?? {}).some((kind) => !kind.endsWith('?'))) cases.push({ name: 'multipart that is empty', url, payload: Buffer.alloc(0), contentType: type });
  // A form that takes a file gets a program instead (a form without one ignores parts it does not read).
  if (fileField) {
    const wrong = multipart(text, { [fileField]: { filename: 'program.exe', content: Buffer.concat([Buffer.from('MZ'), PDF]), contentType: 'application/x-msdownload' } });
    cases.push({ name: `a ${fileField} part of a wrong type`, url, payload: wrong.payload, contentType: wrong.headers['content-type'] });
  }
  if (spec.body === 'csv') {
    const image = multipart({}, { file: { filename: 'rows.csv', content: PNG, contentType: 'text/csv' } });
    cases.push({ name: 'a picture sent as the CSV', url, payload: image.payload, contentType: image.headers['content-type'] });
    const none = multipart({ title: 'no file' });
    cases.push({ name: 'a form without the CSV', url, payload: none.payload, contentType: none.headers['content-type'] });
  }
  return cases;
}

/** What is wrong with an answer to a hostile case (null when it is a 4xx naming the problem). */
function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode < 400 || response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 100)}`;
  }
  if (typeof body !== 'object' || body === null) return `${response.statusCode} without a problem named: ${response.body.slice(0, 100)}`;
  const named = typeof (body as { detail?: unknown }).detail === 'string' || Object.values(body).some((v) => Array.isArray(v) && v.length > 0);
  return named ? null : `${response.statusCode} without a problem named: ${response.body.slice(0, 100)}`;
}

let casesRun = 0;

/** GET routes without a path id that are no list or summary a super user reads. */
const NOT_LISTS: Record<string, string> = {
  '/users/update-manager-profile/': "a librarian's own profile",
  '/users/update-profile/': "a member's own profile",
  '/media/*': 'one stored file',
  '/circulation/blocks/': "one member's blocks (needs ?member=)",
};

describe('every write route', () => {
  test('the corpus reaches every write route of the route table (or skips it for a stated reason)', () => {
    const writes = t.app.routeTable.filter((route) => isWrite(route.method)).map(keyOf);
    const unreached = writes.filter((key) => !(key in WRITE_ROUTES) && !(key in HOSTILE_SKIPPED));
    expect(unreached).toEqual([]);
    const stale = [...Object.keys(WRITE_ROUTES), ...Object.keys(HOSTILE_SKIPPED)].filter((key) => !writes.includes(key));
    expect(stale).toEqual([]);
  });

  test.each(Object.keys(WRITE_ROUTES))('%s: every hostile case → 4xx naming the problem, nothing written', async (key) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const spec = WRITE_ROUTES[key]!;
    // Each route's "after" is the next route's "before" (one read of every table per route).
    const before = lastPrint;
    const problems: string[] = [];
    for (const c of casesOf(method, pattern, spec)) {
      const headers: Record<string, string> = { ...admin };
      if (c.contentType) headers['content-type'] = c.contentType;
      const response = await t.app.inject({ method: method as 'POST', url: c.url, headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) });
      casesRun += 1;
      const problem = problemOf(response);
      if (problem) problems.push(`${c.name} → ${problem}`);
    }
    expect(problems).toEqual([]);
    const after = await fingerprint(t.db);
    lastPrint = after;
    // The tables whose rows changed (expected: none), then the rows themselves.
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
    expect(after).toEqual(before);
  });

  test('the corpus holds at least 300 cases', () => {
    expect(casesRun).toBeGreaterThanOrEqual(300);
  });
});

/** Spreadsheet formulas and markup, as a hostile CSV carries them. */
const FORMULAS = ['=HYPERLINK("http://evil.test","click")', '+cmd|\'/c calc\'!A1', '@SUM(A1:A9)', '-2+3', '<script>alert(1)</script>'];
const cell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const upload = (url: string, csv: string) => {
  const body = multipart({}, { file: { filename: 'rows.csv', content: Buffer.from(csv), contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...admin } });
};

/** The cells of a CSV export that a spreadsheet would run as a formula (none, when the export neutralises them). */
async function runnableCells(url: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url, headers: admin });
  expect(response.statusCode).toBe(200);
  const rows = Papa.parse<string[]>(response.body, { skipEmptyLines: true }).data;
  return rows.flat().filter((value) => /^[=+\-@\t\r]/.test(value));
}

// The imports store text as given (a name may start with "="); the exports neutralise formulas and the
// answers carry markup as plain text for the site to show as text.
describe('CSV uploads with formulas and HTML in every column', () => {
  test('books: a formula or markup in each column is stored as given or refused by row, never a 5xx; the exports do not run it', async () => {
    const columns = ['title', 'author', 'publisher', 'isbn', 'total_copies', 'category', 'department', 'language', 'edition', 'rack_no', 'shelf_location', 'brief_description'];
    const valid: Record<string, string> = { title: 'Formula Book', author: 'An Author', publisher: 'A Press', isbn: '', total_copies: '1', category: 'Science', department: 'Physics', language: 'English', edition: '1st', rack_no: 'R-1', shelf_location: 'S-1', brief_description: 'Fine.' };
    let serial = 0;
    const lines = columns.flatMap((column) =>
      FORMULAS.map((formula) => {
        serial += 1;
        const isbnBody = `978${String(700000 + serial).padStart(9, '0')}`;
        const row: Record<string, string> = { ...valid, title: `Formula Book ${serial}`, isbn: isbnBody + isbnCheck(isbnBody), [column]: formula };
        return columns.map((c) => cell(row[c]!)).join(',');
      }),
    );
    const response = await upload('/books/bulk-upload/', `${columns.join(',')}\r\n${lines.join('\r\n')}\r\n`);
    expect(response.statusCode).toBeLessThan(500);
    const answer = response.json() as { imported?: number; errors?: unknown[] };
    expect((answer.imported ?? 0) + (answer.errors?.length ?? 0)).toBeGreaterThan(0);
    const stored = await t.db.selectFrom('books').select(['title', 'author', 'publisher']).where('isbn', 'like', '978000700%').execute();
    expect(stored.length).toBe(answer.imported ?? 0);
    // A title is free text: each formula and the markup is kept as typed.
    expect(stored.map((book) => book.title)).toEqual(expect.arrayContaining(FORMULAS));
    // The text as given, markup included (the answer is JSON; the site shows it as text).
    const list = await t.app.inject({ method: 'GET', url: `/books/books/?search=${encodeURIComponent('Formula Book')}&page=1&page_size=100`, headers: admin });
    expect(list.statusCode).toBe(200);
    const texts = ['title', 'author', 'publisher', 'edition', 'rack_no', 'shelf_location'] as const;
    const books = (list.json() as { results: Record<(typeof texts)[number], string | null>[] }).results;
    for (const formula of FORMULAS) if (stored.some((book) => book.author === formula)) expect(books.map((book) => book.author)).toContain(formula);
    // The Book Record's CSV export (the site writes it from this answer with the shared writer) and the reports' CSVs.
    const exported = Papa.parse<string[]>(toCsv(texts, books.map((book) => texts.map((key) => book[key] ?? ''))), { skipEmptyLines: true }).data.flat();
    expect(exported.filter((value) => /^[=+\-@\t\r]/.test(value))).toEqual([]);
    for (const section of ['accession-register', 'low-stock', 'never-borrowed']) expect(await runnableCells(`/reports/books/${section}/?format=csv`)).toEqual([]);
  });

  test('members: a formula or markup in each column is stored as given or refused by row, never a 5xx; the exports do not run it', async () => {
    let serial = 0;
    // One member per column (each a password to hash), the formulas taken in turn.
    const lines = MEMBER_CSV_COLUMNS.map((column, index) => {
        const formula = FORMULAS[index % FORMULAS.length]!;
        serial += 1;
        const row: Record<string, string> = { username: `formula${serial}`, email: `formula${serial}@example.test`, password: `Long-Reading-${serial}-Hours`, first_name: 'Form', last_name: `Ula${serial}`, [column]: formula };
        return MEMBER_CSV_COLUMNS.map((c) => cell(row[c] ?? '')).join(',');
    });
    const response = await upload('/users/bulk-upload-members/', `${MEMBER_CSV_COLUMNS.join(',')}\n${lines.join('\n')}\n`);
    expect(response.statusCode).toBeLessThan(500);
    const answer = response.json() as { imported?: number; errors?: unknown[]; detail?: string };
    expect(answer.detail ?? answer.errors).toBeTruthy();
    for (const section of ['members', 'defaulters']) expect(await runnableCells(`/reports/members/${section}/?format=csv`)).toEqual([]);
    expect(await runnableCells('/reports/audit/entries/?format=csv')).toEqual([]);
  });
});

describe('after the corpus', () => {
  test('every list and summary of the route table answers 200', async () => {
    const lists = t.app.routeTable.filter((route) => route.method === 'GET' && !route.url.includes(':') && !(route.url in NOT_LISTS));
    const failed: string[] = [];
    for (const route of lists) {
      const response = await t.app.inject({ method: 'GET', url: route.url, headers: admin });
      if (response.statusCode !== 200) failed.push(`${route.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failed).toEqual([]);
  });

  test('every report section answers 200', async () => {
    const failed: string[] = [];
    for (const [key, report] of Object.entries(REPORTS)) {
      for (const section of report.sections) {
        const response = await t.app.inject({ method: 'GET', url: `/reports/${key}/${section.key}/`, headers: admin });
        if (response.statusCode !== 200) failed.push(`${key}/${section.key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failed).toEqual([]);
  });
});

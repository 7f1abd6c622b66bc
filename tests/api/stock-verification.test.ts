/**
 * Stock verification: a session freezes the copies it expects when it opens (lost, missing and
 * withdrawn copies left out; copies on loan or held expected away), each scan answers at once with
 * its result and the running counts, closing gives the report (not seen, seen though out, unexpected,
 * by shelf, CSV), and marking the unseen copies missing is one audited action. Each test builds its
 * own department (or category, or shelf) so its session sees only its own copies.
 */
import { describe, expect, test } from 'vitest';
import { COPY_STATUSES, type CopyStatus } from '#shared/copies';
import { moveCopy } from '../../server/src/modules/copies/stock.js';
import type { CopyRow } from '../../server/src/db/schema.js';
import { addBook, desk, stock, t, useDeskApp } from './support/circulation.js';
import { postJson } from './support/harness.js';

useDeskApp();

let seq = 0;
const unique = (name: string): string => `${name} ${(seq += 1)}`;

async function department(name: string): Promise<number> {
  return (await t.db.insertInto('departments').values({ name: unique(name) }).returning('id').executeTakeFirstOrThrow()).id;
}

async function category(name: string): Promise<number> {
  return (await t.db.insertInto('categories').values({ name: unique(name), image: null }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A title with `n` copies in a department/category, each copy on `shelves[i]` (or the last shelf given); answers its id and copies by copy number. */
async function title(name: string, n: number, place: { department?: number; category?: number; shelves?: string[] } = {}): Promise<{ id: number; copies: CopyRow[] }> {
  const id = await addBook(t, name, n);
  await t.db.updateTable('books').set({ department_id: place.department ?? null, category_id: place.category ?? null }).where('id', '=', id).execute();
  const copies = await t.db.selectFrom('copies').selectAll().where('book_id', '=', id).orderBy('copy_no').execute();
  const shelves = place.shelves ?? [];
  for (const [i, copy] of copies.entries()) {
    const shelf = shelves[i] ?? shelves.at(-1) ?? null;
    await t.db.updateTable('copies').set({ shelf_location: shelf }).where('id', '=', copy.id).execute();
    copy.shelf_location = shelf;
  }
  return { id, copies };
}

/** Puts a copy in a status the way the desk would (through the one writer of statuses). */
async function setStatus(copy: CopyRow, status: CopyStatus): Promise<void> {
  const moved = await moveCopy(t.db, copy.id, COPY_STATUSES, status, { reason: 'Set by the test', event: !['ON_LOAN', 'ON_HOLD'].includes(status) });
  expect(moved).toBeDefined();
}

const open = (body: Record<string, unknown>) => postJson(t.app, '/stock-verifications/', body, desk.headers);
const scan = (id: number, barcode: string) => postJson(t.app, `/stock-verifications/${id}/scans/`, { barcode }, desk.headers);
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: desk.headers });
const post = (url: string) => postJson(t.app, url, {}, desk.headers);

async function opened(body: Record<string, unknown>): Promise<number> {
  const response = await open({ name: unique('Verification'), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function auditCount(action: string, entityId?: number | string): Promise<number> {
  let query = t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('n')).where('action', '=', action);
  if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId));
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('opening a verification', () => {
  test('freezes the expected copies: lost, missing and withdrawn left out; on loan and held expected away', async () => {
    const science = await department('Science');
    const optics = await title('Optics', 8, { department: science, shelves: ['A1'] });
    const [, , onLoan, held, lost, withdrawn, missing, damaged] = optics.copies;
    await setStatus(onLoan!, 'ON_LOAN');
    await setStatus(held!, 'ON_HOLD');
    await setStatus(lost!, 'LOST');
    await setStatus(withdrawn!, 'WITHDRAWN');
    await setStatus(missing!, 'MISSING');
    await setStatus(damaged!, 'DAMAGED');

    const response = await open({ name: 'Science shelves', department: science });
    expect(response.statusCode, response.body).toBe(201);
    const session = response.json();
    expect(session).toMatchObject({
      name: 'Science shelves',
      status: 'OPEN',
      filters: { department: { id: science }, category: null, shelf: null },
      opened_by: { id: desk.id },
      closed_at: null,
      closed_by: null,
      missing_marked_at: null,
      missing_marked_count: 0,
      counts: { expected: 5, expected_shelf: 3, expected_away: 2, seen: 0, not_seen: 3, seen_away: 0, unexpected: 0, scans: 0 },
      recent_scans: [],
    });
    expect(typeof session.opened_at).toBe('string');
    expect(await auditCount('STOCK_VERIFICATION_OPENED', session.id)).toBe(1);

    // A copy added after the opening is not expected: the set was frozen.
    await title('Optics II', 1, { department: science, shelves: ['A1'] });
    expect((await get(`/stock-verifications/${session.id}/`)).json().counts.expected).toBe(5);

    const notSeen = (await get(`/stock-verifications/${session.id}/report/?group=not_seen`)).json();
    expect(notSeen.count).toBe(3);
    expect(notSeen.results.map((row: { copy_id: number }) => row.copy_id).sort()).toEqual([optics.copies[0]!.id, optics.copies[1]!.id, damaged!.id].sort());
  });

  test('filters by category and by shelf; a copy outside them scans as NOT_EXPECTED', async () => {
    const kitesCategory = await category('Kites');
    const kites = await title('Kites', 2, { category: kitesCategory, shelves: ['K1', 'K2'] });
    const knots = await title('Knots', 1, { shelves: ['K1'] });

    const byCategory = await opened({ category: kitesCategory });
    const session = (await get(`/stock-verifications/${byCategory}/`)).json();
    expect(session.filters).toMatchObject({ category: { id: kitesCategory }, department: null, shelf: null });
    expect(session.counts.expected).toBe(2);
    expect((await scan(byCategory, knots.copies[0]!.barcode)).json().result).toBe('NOT_EXPECTED');

    const byShelf = await opened({ shelf: 'K1' });
    const shelfSession = (await get(`/stock-verifications/${byShelf}/`)).json();
    expect(shelfSession.filters.shelf).toBe('K1');
    expect(shelfSession.counts.expected).toBe(2);
    expect((await scan(byShelf, kites.copies[1]!.barcode)).json().result).toBe('NOT_EXPECTED');
    expect((await scan(byShelf, kites.copies[0]!.barcode)).json().result).toBe('FOUND');
  });

  test('lists the verifications newest first', async () => {
    const first = await opened({ shelf: 'Nowhere-1' });
    const second = await opened({ shelf: 'Nowhere-2' });
    const list = (await get('/stock-verifications/')).json();
    expect(list.count).toBeGreaterThanOrEqual(2);
    const ids = list.results.map((row: { id: number }) => row.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
  });
});

describe('scanning', () => {
  test('answers each kind of scan with its result, the copy and the running counts', async () => {
    const maps = await department('Maps');
    const copies = (await title('Maps of the World', 7, { department: maps, shelves: ['M1'] })).copies;
    const [first, second, onLoan, held, withdrawn, lost, missing] = copies;
    await setStatus(onLoan!, 'ON_LOAN');
    await setStatus(held!, 'ON_HOLD');
    await setStatus(withdrawn!, 'WITHDRAWN');
    await setStatus(lost!, 'LOST');
    await setStatus(missing!, 'MISSING');
    const elsewhere = (await title('Atlas', 1, { department: await department('Geography') })).copies[0]!;
    const id = await opened({ department: maps });

    const found = await scan(id, first!.barcode);
    expect(found.statusCode, found.body).toBe(201);
    expect(found.json()).toMatchObject({
      result: 'FOUND',
      copy: { id: first!.id, accession_no: first!.accession_no, barcode: first!.barcode, title: 'Maps of the World', shelf_location: 'M1' },
      counts: { expected: 4, seen: 1, not_seen: 1, scans: 1 },
    });
    expect(found.json().message).toEqual(expect.any(String));

    const results: Array<[string, string]> = [
      [first!.barcode, 'ALREADY_SCANNED'],
      [first!.accession_no.toLowerCase(), 'ALREADY_SCANNED'],
      [onLoan!.barcode, 'ON_LOAN'],
      [held!.barcode, 'HELD'],
      [elsewhere.barcode, 'NOT_EXPECTED'],
      [withdrawn!.barcode, 'WITHDRAWN'],
      [lost!.barcode, 'WITHDRAWN'],
      ['NO-SUCH-COPY-1', 'UNKNOWN'],
      [missing!.barcode, 'FOUND_MISSING'],
    ];
    for (const [barcode, result] of results) {
      const response = await scan(id, barcode);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().result, barcode).toBe(result);
      if (result === 'UNKNOWN') expect(response.json().copy).toBeNull();
    }

    // The missing copy is on the shelf again, its title counts it, and the change is audited.
    const back = await t.db.selectFrom('copies').select(['status']).where('id', '=', missing!.id).executeTakeFirstOrThrow();
    expect(back.status).toBe('AVAILABLE');
    expect(await auditCount('COPY_STATUS_CHANGED', missing!.id)).toBe(1);

    const session = (await get(`/stock-verifications/${id}/`)).json();
    expect(session.counts).toEqual({ expected: 5, expected_shelf: 3, expected_away: 2, seen: 4, not_seen: 1, seen_away: 2, unexpected: 4, scans: 10 });
    expect(session.recent_scans).toHaveLength(10);
    expect(session.recent_scans[0]).toMatchObject({ result: 'FOUND_MISSING', barcode: missing!.barcode, copy: { id: missing!.id } });
    expect(session.recent_scans[9]).toMatchObject({ result: 'FOUND', copy: { id: first!.id } });
    expect(second).toBeDefined();
  });

  test('scans of one copy at once: one FOUND, the others ALREADY_SCANNED, the copy counted once', async () => {
    const race = await department('Race');
    const copy = (await title('Racing Pigeons', 1, { department: race })).copies[0]!;
    const id = await opened({ department: race });
    const answers = await Promise.all([scan(id, copy.barcode), scan(id, copy.barcode), scan(id, copy.barcode), scan(id, copy.barcode)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => a.json().result).sort()).toEqual(['ALREADY_SCANNED', 'ALREADY_SCANNED', 'ALREADY_SCANNED', 'FOUND']);
    expect((await get(`/stock-verifications/${id}/`)).json().counts).toMatchObject({ seen: 1, not_seen: 0, scans: 4 });
  });
});

describe('closing and the report', () => {
  test('closing gives the groups and the shelves; no more scans afterwards', async () => {
    const tides = await department('Tides');
    const copies = (await title('Tides', 4, { department: tides, shelves: ['T1', 'T1', 'T2', 'T2'] })).copies;
    await setStatus(copies[3]!, 'ON_LOAN');
    const formula = (await title('=SUM(A1)', 1, { department: tides, shelves: ['T2'] })).copies[0]!;
    const other = (await title('Other Shelf', 1, { department: await department('Elsewhere') })).copies[0]!;
    const id = await opened({ department: tides });
    expect((await scan(id, copies[0]!.barcode)).json().result).toBe('FOUND');
    expect((await scan(id, copies[3]!.barcode)).json().result).toBe('ON_LOAN');
    expect((await scan(id, other.barcode)).json().result).toBe('NOT_EXPECTED');

    const closed = await post(`/stock-verifications/${id}/close/`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'CLOSED', closed_by: { id: desk.id } });
    expect(typeof closed.json().closed_at).toBe('string');
    expect(await auditCount('STOCK_VERIFICATION_CLOSED', id)).toBe(1);
    expect((await scan(id, copies[1]!.barcode)).statusCode).toBe(409);
    expect((await post(`/stock-verifications/${id}/close/`)).statusCode).toBe(409);

    const notSeen = (await get(`/stock-verifications/${id}/report/?group=not_seen`)).json();
    expect(notSeen.count).toBe(3);
    expect(notSeen.results.map((r: { copy_id: number }) => r.copy_id).sort()).toEqual([copies[1]!.id, copies[2]!.id, formula.id].sort());
    expect(notSeen.results.find((r: { copy_id: number }) => r.copy_id === copies[1]!.id)).toEqual({
      copy_id: copies[1]!.id, accession_no: copies[1]!.accession_no, barcode: copies[1]!.barcode, title: 'Tides',
      call_number: null, shelf_location: 'T1', status: 'AVAILABLE', result: null,
    });
    const paged = (await get(`/stock-verifications/${id}/report/?group=not_seen&page_size=1&page=2`)).json();
    expect(paged.count).toBe(3);
    expect(paged.results).toHaveLength(1);

    const away = (await get(`/stock-verifications/${id}/report/?group=seen_away`)).json();
    expect(away.results).toEqual([expect.objectContaining({ copy_id: copies[3]!.id, status: 'ON_LOAN', result: 'ON_LOAN' })]);
    const unexpected = (await get(`/stock-verifications/${id}/report/?group=unexpected`)).json();
    expect(unexpected.results).toEqual([expect.objectContaining({ copy_id: other.id, title: 'Other Shelf', result: 'NOT_EXPECTED' })]);

    const shelves = (await get(`/stock-verifications/${id}/report/shelves/`)).json();
    expect(shelves.results).toEqual([
      { shelf: 'T1', expected: 2, seen: 1, not_seen: 1 },
      { shelf: 'T2', expected: 2, seen: 0, not_seen: 2 },
    ]);

    const csv = await get(`/stock-verifications/${id}/report/export/?group=not_seen`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".*not_seen.*\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Accession number,Barcode,Title/);
    expect(csv.body).toContain(copies[1]!.accession_no);
    expect(csv.body).toContain("'=SUM(A1)");
    expect(csv.body).not.toMatch(/(^|,)=SUM/m);
  });
});

describe('marking the unseen copies missing', () => {
  test('once, after closing: available unseen copies become missing, audited, and the title counts follow; found again later', async () => {
    const reeds = await department('Reeds');
    const book = await title('Reeds', 3, { department: reeds, shelves: ['R1'] });
    const [seen, unseen, damaged] = book.copies;
    await setStatus(damaged!, 'DAMAGED');
    const name = unique('Reeds count');
    const response = await open({ name, department: reeds });
    const id = response.json().id;
    await scan(id, seen!.barcode);

    expect((await post(`/stock-verifications/${id}/mark-missing/`)).statusCode).toBe(409);
    await post(`/stock-verifications/${id}/close/`);
    const marked = await post(`/stock-verifications/${id}/mark-missing/`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ detail: '1 copy marked missing.', marked: 1 });

    const row = await t.db.selectFrom('copies').select(['status', 'status_reason']).where('id', '=', unseen!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'MISSING', status_reason: `Not seen in stock verification ${name}` });
    expect((await t.db.selectFrom('copies').select('status').where('id', '=', damaged!.id).executeTakeFirstOrThrow()).status).toBe('DAMAGED');
    const event = await t.db.selectFrom('copy_events').selectAll().where('copy_id', '=', unseen!.id).where('to_status', '=', 'MISSING').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ from_status: 'AVAILABLE', reason: `Not seen in stock verification ${name}`, user_id: desk.id });
    expect(await stock(t, book.id)).toMatchObject({ total_copies: 2, available_copies: 1 });
    expect(await auditCount('STOCK_VERIFICATION_MISSING_MARKED', id)).toBe(1);
    const session = (await get(`/stock-verifications/${id}/`)).json();
    expect(session.missing_marked_count).toBe(1);
    expect(typeof session.missing_marked_at).toBe('string');

    const again = await post(`/stock-verifications/${id}/mark-missing/`);
    expect(again.statusCode).toBe(409);
    expect(await auditCount('STOCK_VERIFICATION_MISSING_MARKED', id)).toBe(1);

    // Found on the next round: available again, counted by its title, counted as seen.
    const next = await opened({ department: reeds });
    const foundAgain = await scan(next, unseen!.barcode);
    expect(foundAgain.json()).toMatchObject({ result: 'FOUND_MISSING', copy: { id: unseen!.id } });
    expect((await t.db.selectFrom('copies').select('status').where('id', '=', unseen!.id).executeTakeFirstOrThrow()).status).toBe('AVAILABLE');
    expect(await stock(t, book.id)).toMatchObject({ total_copies: 3, available_copies: 2 });
    expect(foundAgain.json().counts.seen).toBe(1);
  });
});

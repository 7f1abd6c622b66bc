/**
 * The Financial Report, the Audit Trail and the CSV exports of every report, on the hand-computed
 * library of `support/reports.ts` (March 2026, Asia/Karachi: a moment after 19:00 UTC is the next
 * library day). The Book and Member reports are in reports.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assert } from 'superstruct';
import { gunzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { ReportPageStruct, ReportSummaryStruct } from '#shared/schemas/reports';
import { REPORTS } from '#shared/report-catalogue';
import { csvParts, EXPORT_CUT_MESSAGE } from '../../server/src/modules/reports/export.js';
import { BOOK_SECTIONS } from '../../server/src/modules/reports/book-report.js';
import { rangeOf } from '../../server/src/modules/reports/range.js';
import { libraryToday } from './support/circulation.js';
import { signIn, startTestApp, type TestApp } from './support/harness.js';
import { MARCH, reportFixture, type ReportFixture } from './support/reports.js';

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  f = await reportFixture(t);
});

afterAll(async () => t.close());

const get = (path: string, headers: Record<string, string> = f.headers.admin) => t.app.inject({ method: 'GET', url: path, headers });

async function json(path: string) {
  const response = await get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const figures = (body: { figures: { key: string; value: unknown }[] }) => Object.fromEntries(body.figures.map((x) => [x.key, x.value]));

describe('Financial Report', () => {
  test('figures of the fines created in the range and of the receipts written in it', async () => {
    const body = await json(`/reports/financial/summary/?${MARCH}`);
    assert(body, ReportSummaryStruct);
    expect(figures(body)).toEqual({
      fines: 3, charged: '240.00', collected: '35.00', discounted: '5.00', outstanding: '200.00', receipts: 3, cash_taken: '42.00', discount_given: '5.00',
    });
  });

  test('the chart has a bar per library day of a month-long range, empty days too', async () => {
    const [chart] = (await json(`/reports/financial/summary/?${MARCH}`)).charts;
    expect(chart.key).toBe('fines_per_period');
    expect(chart.points).toHaveLength(31);
    expect(chart.points[12]).toEqual({ label: '2026-03-13', values: { charged: '220.00', collected: '20.00', outstanding: '200.00' } });
    expect(chart.points[11]).toEqual({ label: '2026-03-12', values: { charged: '0.00', collected: '0.00', outstanding: '0.00' } });
  });

  test.each([
    ['from=2026-01-01&to=2026-03-31', ['2026-W01', '2026-W14'], 14],
    ['from=2025-10-01&to=2026-03-31', ['2025-W40', '2026-W14'], 27],
    ['from=2025-09-30&to=2026-03-31', ['2025-09', '2026-03'], 7],
  ])('longer ranges are bucketed by ISO week or month: %s', async (query, [first, last], length) => {
    const { points } = (await json(`/reports/financial/summary/?${query}`)).charts[0];
    expect(points).toHaveLength(length);
    expect([points[0].label, points[points.length - 1].label]).toEqual([first, last]);
  });

  test('periods: the fines of each day, newest first; by week for a longer range', async () => {
    const body = await json(`/reports/financial/periods/?${MARCH}`);
    assert(body, ReportPageStruct);
    expect(body.results).toEqual([
      { period: '2026-03-21', fines: 1, charged: '0.00', collected: '0.00', discounted: '0.00', outstanding: '0.00' },
      { period: '2026-03-13', fines: 1, charged: '220.00', collected: '20.00', discounted: '0.00', outstanding: '200.00' },
      { period: '2026-03-08', fines: 1, charged: '20.00', collected: '15.00', discounted: '5.00', outstanding: '0.00' },
    ]);
    const weeks = await json('/reports/financial/periods/?from=2026-01-01&to=2026-03-31&ordering=period');
    expect(weeks.results.map((r: { period: string }) => r.period)).toEqual(['2026-W04', '2026-W10', '2026-W11', '2026-W12']);
  });

  test('payments: each receipt with member and staff; the staff filter', async () => {
    const body = await json(`/reports/financial/payments/?${MARCH}`);
    expect(body.results[0]).toEqual({
      receipt_no: 'R-20260314-000002', created_at: '2026-03-13T19:30:00.000Z', member: '+cmd', member_no: f.memberNo.bob, collected_by: 'Test desk', cash: '20.00',
      discount: '0.00', discount_reason: null,
    });
    const byAdmin = await json(`/reports/financial/payments/?${MARCH}&staff=${f.users.admin}`);
    expect(byAdmin.results.map((r: { receipt_no: string }) => r.receipt_no)).toEqual(['R-20260308-000003']);
    const searched = await json(`/reports/financial/payments/?${MARCH}&search=000001`);
    expect(searched.results).toHaveLength(1);
    expect(searched.results[0]).toMatchObject({ discount_reason: 'Student', discount: '5.00' });
  });

  test('reconciliation: receipts, cash and discount per staff member and library day', async () => {
    const body = await json(`/reports/financial/reconciliation/?${MARCH}`);
    // Same day: the later staff account first (ties run the way of the ordering).
    expect(body.results).toEqual([
      { day: '2026-03-14', collected_by: 'Test desk', receipts: 1, cash: '20.00', discount: '0.00' },
      { day: '2026-03-08', collected_by: 'Test desk', receipts: 1, cash: '15.00', discount: '5.00' },
      { day: '2026-03-08', collected_by: 'Test admin', receipts: 1, cash: '7.00', discount: '0.00' },
    ]);
    expect((await json(`/reports/financial/reconciliation/?${MARCH}&ordering=-cash`)).results[0]).toMatchObject({ collected_by: 'Test desk', cash: '20.00' });
  });
});

describe('Audit Trail', () => {
  test('figures: entries in the range and per kind', async () => {
    const body = await json(`/reports/audit/summary/?${MARCH}`);
    // Two returns: one with a collection (a payment too), one without.
    expect(figures(body)).toEqual({ entries: 8, sign_ins: 0, loans: 3, payments: 2, members: 1, books: 1, settings: 1, roles: 1 });
    expect(figures(await json(`/reports/audit/summary/?${MARCH}&action=BOOK_`))).toMatchObject({ entries: 4, books: 1, loans: 3 });
  });

  test('entries: who, when, what, before and after as stored; user, action (prefix) and entity filters', async () => {
    const body = await json(`/reports/audit/entries/?${MARCH}&ordering=created_at`);
    expect(body.count).toBe(8);
    expect(body.results[0]).toEqual({
      id: expect.any(Number), created_at: '2026-03-04T10:00:00.000Z', actor: 'Test admin', sentence: 'Test admin edited the book Dune', action: 'BOOK_UPDATED', entity: 'book', entity_id: String(f.books.dune),
      record: 'Dune', member: null, user: 'admin', before: '{"title":"Dun"}', after: '{"title":"Dune"}',
    });
    expect(body.results[1]).toMatchObject({ action: 'MEMBER_APPROVED', before: null, after: null });
    const actions = async (query: string) => (await json(`/reports/audit/entries/?${MARCH}&ordering=created_at&${query}`)).results.map((r: { action: string }) => r.action);
    expect(await actions('action=BOOK_ISSUED')).toEqual(['BOOK_ISSUED']);
    expect(await actions('action=ROLE')).toEqual(['ROLE_CREATED']);
    expect(await actions('entity=library_settings')).toEqual(['SETTINGS_UPDATED']);
    expect(await actions(`user=${f.users.desk}`)).toEqual([]);
    expect(await actions('search=fine')).toEqual(['FINE_COLLECTED']);
    expect(await actions('action=BOOK_RETURNED&entity=loan')).toEqual(['BOOK_RETURNED', 'BOOK_RETURNED']);
  });

  test('a sign-in writes an entry (no secrets) that the trail shows in the default range', async () => {
    const before = (await json(`/reports/audit/summary/?user=${f.users.desk}`)) as { figures: { key: string; value: number }[] };
    await signIn(t.app, 'desk');
    const after = await json(`/reports/audit/summary/?user=${f.users.desk}`);
    expect(figures(after)['sign_ins']).toBe(Number(figures(before)['sign_ins']) + 1);
    const entries = await json(`/reports/audit/entries/?user=${f.users.desk}&action=USER_SIGNED_IN`);
    expect(entries.results[0]).toMatchObject({ user: 'desk', action: 'USER_SIGNED_IN', entity: 'user', entity_id: String(f.users.desk), before: null });
    expect(JSON.parse(entries.results[0].after)).toEqual({ username: 'desk', role: 'MANAGER' });
  });
});

describe('CSV exports', () => {
  const csv = async (path: string) => {
    const response = await get(path);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  test('a section as CSV: attachment name, the labels as header, rows in the screen order, formulas neutralised', async () => {
    const response = await csv('/reports/books/most-borrowed/?from=2026-01-01&to=2026-03-31&format=csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="books-most-borrowed-2026-01-01-2026-03-31.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'Book,Title,Author,Loans,Copies',
      `${f.books.atlas},Atlas,Author of Atlas,2,1`,
      `${f.books.dune},Dune,Author of Dune,2,3`,
      `${f.books.lost},Lost Tome,Author of Lost Tome,1,1`,
      `${f.books.formula},"'=HYPERLINK(""x"")","Author of =HYPERLINK(""x"")",1,2`,
      '',
    ]);
  });

  test('a member named +cmd is neutralised; filters and ordering apply as on screen', async () => {
    const response = await csv(`/reports/financial/payments/?${MARCH}&format=csv&ordering=receipt_no&staff=${f.users.desk}`);
    const rows = Papa.parse<string[]>(response.body.trim()).data;
    expect(rows[0]).toEqual(REPORTS.financial.sections[1]!.columns.map((c) => c.label));
    expect(rows.slice(1).map((r) => [r[0], r[2], r[5]])).toEqual([
      ['R-20260308-000001', 'Test alice', '15.00'],
      ['R-20260314-000002', "'+cmd", '20.00'],
    ]);
  });

  test('a compressed download holds the same file', async () => {
    const plain = await csv(`/reports/financial/payments/?${MARCH}&format=csv`);
    const response = await t.app.inject({ method: 'GET', url: `/reports/financial/payments/?${MARCH}&format=csv`, headers: { ...f.headers.admin, 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload).toString('utf8') : response.body;
    expect(body).toBe(plain.body);
  });

  test('every section exports with its header, even when empty', async () => {
    for (const report of Object.values(REPORTS)) {
      for (const section of report.sections) {
        const response = await csv(`/reports/${report.key}/${section.key}/?from=2030-01-01&to=2030-01-02&format=csv&search=zzzz`);
        expect(response.body).toBe(`${section.columns.map((c) => c.label).join(',')}\r\n`);
      }
    }
  });

  test('past the row limit the export stops and its last line says so', async () => {
    const today = await libraryToday(t);
    const input = {
      db: t.db,
      query: { from: '2026-03-01', to: '2026-03-31', filters: {}, term: '', ordering: { key: 'title', desc: false }, page: { number: 1, size: 20 }, format: 'csv' as const },
      range: rangeOf('2026-03-01', '2026-03-31', today, 'Asia/Karachi'),
      settings: { lowStockThreshold: 10, maxBooksPerMember: 3 },
    };
    const parts: string[] = [];
    for await (const part of csvParts(input, REPORTS.books.sections[4]!, BOOK_SECTIONS['low-stock']!, 2)) parts.push(part);
    expect(parts.join('').split('\r\n')).toEqual([
      'Book,Title,Available,Copies'.replace('Title', 'Title,Author'),
      `${f.books.formula},"'=HYPERLINK(""x"")","Author of =HYPERLINK(""x"")",2,2`,
      `${f.books.atlas},Atlas,Author of Atlas,1,1`,
      EXPORT_CUT_MESSAGE(2),
      '',
    ]);
  });
});

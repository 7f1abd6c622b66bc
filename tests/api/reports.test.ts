/**
 * The Book and Member reports, the reports' access rules and their query validation, on the
 * hand-computed library of `support/reports.ts` (March 2026, Asia/Karachi). The financial report,
 * the audit trail and the CSV exports are in reports-exports.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assert } from 'superstruct';
import { daysBetween } from '#shared/dates';
import { REPORTS } from '#shared/report-catalogue';
import { ReportPageStruct, ReportSummaryStruct } from '#shared/schemas/reports';
import { libraryToday } from './support/circulation.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { MARCH, reportFixture, type ReportFixture } from './support/reports.js';

let t: TestApp;
let f: ReportFixture;
let today = '';

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  f = await reportFixture(t);
  today = await libraryToday(t);
});

afterAll(async () => t.close());

const get = (path: string, headers: Record<string, string> = f.headers.admin) => t.app.inject({ method: 'GET', url: path, headers });

async function summary(report: string, query = MARCH) {
  const response = await get(`/reports/${report}/summary/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  assert(body, ReportSummaryStruct);
  return body;
}

async function page(report: string, section: string, query = MARCH) {
  const response = await get(`/reports/${report}/${section}/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  assert(body, ReportPageStruct);
  for (const row of body.results) expect(Object.keys(row)).toEqual(REPORTS[report as 'books'].sections.find((s) => s.key === section)!.columns.map((c) => c.key));
  return body;
}

const figures = (body: { figures: { key: string; value: unknown }[] }) => Object.fromEntries(body.figures.map((x) => [x.key, x.value]));

describe('Book Report', () => {
  test('figures: titles, copies, stock value, loans out and overdue, never borrowed, low stock, lost', async () => {
    const body = await summary('books');
    expect(body).toMatchObject({ report: 'books', from: '2026-03-01', to: '2026-03-31' });
    expect(figures(body)).toEqual({
      titles: 5, copies: 11, copies_available: 8, copies_out: 2, inventory_value: '990.00', value_on_loan: '400.00', overdue_loans: 2,
      never_borrowed: 1, low_stock: 2, lost_titles: 1, lost_in_range: 1,
    });
    expect(body.charts.map((c) => c.key)).toEqual(['most_borrowed', 'loans_per_month']);
    // Ties run the way of the ordering (the newer title first), as in the section.
    expect(body.charts[0]!.points).toEqual([{ label: 'Atlas', values: { loans: 2 } }, { label: 'Dune', values: { loans: 2 } }]);
    expect(body.charts[1]!.points).toEqual([{ label: '2026-03', values: { loans: 4 } }]);
  });

  test('the department filter narrows the figures to its titles', async () => {
    const body = await summary('books', `${MARCH}&department=${f.departments.science}`);
    expect(figures(body)).toMatchObject({ titles: 3, copies: 8, inventory_value: '740.00', copies_out: 2, never_borrowed: 1, lost_titles: 0 });
  });

  test('copies out: open loans issued in the range, newest first, with the borrower', async () => {
    const body = await page('books', 'out');
    expect(body.count).toBe(2);
    expect(body.results[0]).toEqual({ loan_id: f.loans.l2, title: 'Dune', member: '+cmd', member_no: f.memberNo.bob, issue_date: '2026-03-10', due_date: '2026-03-13' });
    expect((await page('books', 'out', `${MARCH}&department=${f.departments.arts}`)).count).toBe(0);
  });

  test('overdue: every open loan past due today, the most overdue first, whatever the range', async () => {
    const body = await page('books', 'overdue', 'from=2020-01-01&to=2020-01-02');
    expect(body.results).toEqual([
      { loan_id: f.loans.l1, title: 'Dune', member: 'Test alice', member_no: f.memberNo.alice, due_date: '2026-03-05', days_overdue: daysBetween('2026-03-05', today) },
      { loan_id: f.loans.l2, title: 'Dune', member: '+cmd', member_no: f.memberNo.bob, due_date: '2026-03-13', days_overdue: daysBetween('2026-03-13', today) },
    ]);
  });

  test('most borrowed: loans issued in the range per title; category filter and search', async () => {
    const body = await page('books', 'most-borrowed');
    expect(body.results).toEqual([
      { book_id: f.books.atlas, title: 'Atlas', author: 'Author of Atlas', loans: 2, total_copies: 1 },
      { book_id: f.books.dune, title: 'Dune', author: 'Author of Dune', loans: 2, total_copies: 3 },
    ]);
    expect((await page('books', 'most-borrowed', `${MARCH}&category=${f.categories.reference}`)).results.map((r) => r['title'])).toEqual(['Atlas']);
    expect((await page('books', 'most-borrowed', `${MARCH}&search=atl`)).results.map((r) => r['title'])).toEqual(['Atlas']);
    expect((await page('books', 'most-borrowed', `${MARCH}&ordering=title`)).results.map((r) => r['title'])).toEqual(['Atlas', 'Dune']);
  });

  test('never borrowed, low stock (threshold from the book settings), lost and written off', async () => {
    expect((await page('books', 'never-borrowed')).results).toEqual([
      { book_id: f.books.quiet, title: 'Quiet Book', author: 'Author of Quiet Book', total_copies: 4, created_at: '2026-01-01T00:00:00.000Z' },
    ]);
    expect((await page('books', 'low-stock')).results).toEqual([
      { book_id: f.books.dune, title: 'Dune', author: 'Author of Dune', available_copies: 1, total_copies: 3 },
      { book_id: f.books.atlas, title: 'Atlas', author: 'Author of Atlas', available_copies: 1, total_copies: 1 },
    ]);
    expect((await page('books', 'lost')).results).toEqual([
      { loan_id: f.loans.l4, title: 'Lost Tome', member: '+cmd', status: 'LOST', returned_on: '2026-03-12', price: '50.00' },
    ]);
    expect((await page('books', 'lost', 'from=2026-03-13&to=2026-03-31')).count).toBe(0);
  });

  test('pages: page_size and page with links keeping the filters', async () => {
    const first = await page('books', 'low-stock', `${MARCH}&page_size=1`);
    expect(first.count).toBe(2);
    expect(first.results.map((r) => r['title'])).toEqual(['Dune']);
    expect(first.next).toBe(`http://api.test/reports/books/low-stock/?from=2026-03-01&to=2026-03-31&page_size=1&page=2`);
    const second = await page('books', 'low-stock', `${MARCH}&page_size=1&page=2`);
    expect(second.results.map((r) => r['title'])).toEqual(['Atlas']);
    expect((await get(`/reports/books/low-stock/?${MARCH}&page=3&page_size=1`)).statusCode).toBe(404);
  });
});

describe('Member Report', () => {
  test('figures by state, joined in the range (library dates), owing fines; charts by state, plan, department, session', async () => {
    const body = await summary('members');
    expect(figures(body)).toEqual({ members: 6, active: 3, pending: 1, rejected: 1, disabled: 1, joined: 2, defaulters: 2, owed: '230.00' });
    const chart = (key: string) => body.charts.find((c) => c.key === key)!.points.map((p) => [p.label, p.values['members']]);
    expect(chart('by_state')).toEqual([['Active', 3], ['Pending', 1], ['Rejected', 1], ['Disabled', 1]]);
    expect(chart('by_plan')).toEqual([['Gold', 1], ['Standard', 5]]);
    expect(chart('by_department')).toEqual([['Arts', 1], ['Science', 1], ['No department', 4]]);
    expect(chart('by_session')).toEqual([['2025-2029', 1], ['No session', 5]]);
  });

  test('members who joined in the range, with state, plan, department and session; state and plan filters', async () => {
    const body = await page('members', 'members');
    expect(body.results.map((r) => r['username'])).toEqual(['alice', 'carol']);
    expect(body.results[0]).toEqual({
      user_id: f.users.alice, name: 'Test alice', username: 'alice', member_no: f.memberNo.alice, state: 'active', plan: 'Gold', department: 'Science',
      session: '2025-2029', date_joined: '2026-03-05T10:00:00.000Z',
    });
    expect(body.results[1]).toMatchObject({ username: 'carol', state: 'pending', plan: 'Standard', department: null });
    expect((await page('members', 'members', `${MARCH}&state=pending`)).results.map((r) => r['username'])).toEqual(['carol']);
    expect((await page('members', 'members', `${MARCH}&plan=${f.plans.gold}`)).results.map((r) => r['username'])).toEqual(['alice']);
    expect((await page('members', 'members', `${MARCH}&search=CAR`)).results.map((r) => r['username'])).toEqual(['carol']);
  });

  test('defaulters: what each member owes today, largest first', async () => {
    expect((await page('members', 'defaulters')).results).toEqual([
      { user_id: f.users.bob, name: '+cmd', member_no: f.memberNo.bob, fines: 1, owed: '200.00', oldest_fine: '2026-03-12T20:00:00.000Z' },
      { user_id: f.users.alice, name: 'Test alice', member_no: f.memberNo.alice, fines: 1, owed: '30.00', oldest_fine: '2026-01-21T08:00:00.000Z' },
    ]);
    expect((await page('members', 'defaulters', `${MARCH}&department=${f.departments.science}`)).results.map((r) => r['user_id'])).toEqual([f.users.alice]);
  });

  test('top readers: loans issued in the range and books out now', async () => {
    expect((await page('members', 'top-readers')).results).toEqual([
      { user_id: f.users.bob, name: '+cmd', member_no: f.memberNo.bob, loans: 2, books_out: 1 },
      { user_id: f.users.alice, name: 'Test alice', member_no: f.memberNo.alice, loans: 2, books_out: 1 },
    ]);
    expect((await page('members', 'top-readers', `${MARCH}&ordering=name`)).results.map((r) => r['name'])).toEqual(['+cmd', 'Test alice']);
  });

  test('at their limit: the plan limit, else the book settings (Gold allows 2, the settings 1)', async () => {
    expect((await page('members', 'at-limit')).results).toEqual([
      { user_id: f.users.bob, name: '+cmd', member_no: f.memberNo.bob, plan: 'Standard', books_out: 1, loan_limit: 1 },
    ]);
  });
});

describe('access and validation', () => {
  test.each([
    ['books', 'view_book_report'],
    ['members', 'view_member_report'],
    ['financial', 'view_financial_report'],
    ['audit', 'view_auditlog'],
  ] as const)('the %s report needs %s: its analyst reads it and no other; a member gets 403', async (report, code) => {
    expect(REPORTS[report].permission).toBe(code);
    for (const other of ['books', 'members', 'financial', 'audit'] as const) {
      const section = REPORTS[other].sections[0]!.key;
      const headers = f.headers[report];
      expect((await get(`/reports/${other}/summary/`, headers)).statusCode).toBe(other === report ? 200 : 403);
      expect((await get(`/reports/${other}/${section}/`, headers)).statusCode).toBe(other === report ? 200 : 403);
    }
    expect((await get(`/reports/${report}/summary/`, f.headers.reader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/reports/${report}/summary/` })).statusCode).toBe(401);
  });

  test('the audit and financial analysts may look people up by name for their filters, not page through the user list', async () => {
    for (const report of ['audit', 'financial'] as const) {
      const found = await get('/users/?search=a', f.headers[report]);
      expect(found.statusCode).toBe(200);
      expect(Array.isArray(found.json())).toBe(true);
      expect((await get('/users/?page=1', f.headers[report])).statusCode).toBe(403);
    }
    expect((await get('/users/?search=a', f.headers.books)).statusCode).toBe(403);
    expect((await get('/users/?search=a', f.headers.reader)).statusCode).toBe(403);
    expect((await get('/users/?page=1')).statusCode).toBe(200);
  });

  test('unknown report or section: 404', async () => {
    expect((await get('/reports/nope/summary/')).statusCode).toBe(404);
    expect((await get('/reports/books/nope/')).statusCode).toBe(404);
    expect((await get('/reports/audit/members/')).statusCode).toBe(404);
  });

  test('the default range is the last 30 days ending at the library today', async () => {
    const body = await summary('books', '');
    expect(body.to).toBe(today);
    expect(daysBetween(body.from!, body.to!)).toBe(29);
  });

  test.each([
    ['from=2026-02-30', { from: ['Enter a valid date as YYYY-MM-DD.'] }],
    ['to=yesterday', { to: ['Enter a valid date as YYYY-MM-DD.'] }],
    ['from=2026-03-10&to=2026-03-01', { to: ['The end date must not be before the start date.'] }],
    ['from=2000-01-01&to=2026-03-01', { to: ['Ask for at most 3700 days at once.'] }],
    ['department=abc', { department: ['Enter a whole number from 1 to 2,147,483,647.'] }],
    ['category=99999999999', { category: ['Enter a whole number from 1 to 2,147,483,647.'] }],
    ['state=gone', { state: ['Select a valid choice. gone is not one of the available choices.'] }],
    ['search=a%00b', { search: ['Control characters are not allowed.'] }],
    [`search=${'x'.repeat(101)}`, { search: ['Ensure this value has no more than 100 characters.'] }],
    ['ordering=isbn', { ordering: ['Order by one of: loan_id, -loan_id, title, -title, member, -member, issue_date, -issue_date, due_date, -due_date.'] }],
    ['format=xlsx', { format: ['Select a valid choice. xlsx is not one of the available choices.'] }],
    ['search=a&search=b', { search: ['Give this parameter once.'] }],
  ])('bad input is a 400, never a 500: %s', async (query, errors) => {
    const response = await get(`/reports/books/out/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  test('hostile input on every section and summary is a 4xx or an answer, never a 500', async () => {
    const queries = [
      'from=%00', 'to=9999-99-99', 'from=2026-03-01T00:00', 'department=-1', 'plan=1.5', 'page=0', 'page=-1', 'page_size=-5', 'page_size=100000', 'ordering=%00',
      "search=%27%3B%20drop%20table%20loans%3B--", 'search=%25%5F%5C', 'action=%25', 'entity=_', 'ordering=-', 'format=', 'from=&to=',
    ];
    for (const report of Object.values(REPORTS)) {
      for (const path of ['summary', ...report.sections.map((section) => section.key)]) {
        for (const query of queries) {
          const response = await get(`/reports/${report.key}/${path}/?${query}`);
          expect(response.statusCode, `${report.key}/${path}?${query}: ${response.body}`).toBeLessThan(500);
        }
      }
    }
    expect((await page('books', 'lost', `${MARCH}&search=%25`)).count).toBe(0);
  });

  test('action and entity filters are bounded; the summary checks filters too', async () => {
    expect((await get(`/reports/audit/entries/?action=${'A'.repeat(51)}`)).statusCode).toBe(400);
    expect((await get(`/reports/audit/summary/?user=0`)).statusCode).toBe(400);
  });
});

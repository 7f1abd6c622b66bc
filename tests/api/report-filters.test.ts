/**
 * Every filter a report section declares narrows its rows, its CSV and the summary: the member
 * state on each Member Report section, the staff member on the Financial Report's drawer figures;
 * and the Notification History's CSV, with the panel's filters and a bound on its rows. On the
 * hand-computed library of `support/reports.ts` (March 2026, Asia/Karachi).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPORTS } from '#shared/report-catalogue';
import { logCsvParts } from '../../server/src/modules/notices/log.js';
import { parseLogQuery } from '../../server/src/modules/notices/schemas.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { MARCH, reportFixture, type ReportFixture } from './support/reports.js';

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  f = await reportFixture(t);
  const log = (userId: number, recipient: string, type: string | null, status: 'SENT' | 'FAILED', at: string, channel: 'email' | 'in_app' = 'email') =>
    t.db.insertInto('notification_log').values({ user_id: userId, recipient, subject: `Subject ${recipient}`, kind: type ?? 'verify', notice_type: type, channel, status, created_at: at, next_attempt_at: null, lease_until: null, error: status === 'FAILED' ? 'mailbox full' : null, body_text: 'x', body_html: null, sent_at: null }).execute();
  await log(f.users.alice, 'alice@example.com', 'book_issued', 'SENT', '2026-03-02T09:00:00.000Z');
  await log(f.users.alice, 'alice@example.com', 'overdue', 'FAILED', '2026-03-06T09:00:00.000Z');
  await log(f.users.bob, 'bob@example.com', 'overdue', 'FAILED', '2026-03-14T09:00:00.000Z');
  await log(f.users.bob, 'bob', 'overdue', 'SENT', '2026-03-14T09:00:00.000Z', 'in_app');
  await log(f.users.bob, '=cmd@example.com', null, 'SENT', '2026-04-02T09:00:00.000Z');
});

afterAll(async () => t.close());

const get = (path: string, headers: Record<string, string> = f.headers.admin) => t.app.inject({ method: 'GET', url: path, headers });

async function rows(report: string, section: string, query: string): Promise<Record<string, unknown>[]> {
  const response = await get(`/reports/${report}/${section}/?${MARCH}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

const figures = (body: { figures: { key: string; value: unknown }[] }) => Object.fromEntries(body.figures.map((x) => [x.key, x.value]));

describe('Member Report: the member state applies to every section', () => {
  test('every Member Report section declares the state filter', () => {
    for (const section of REPORTS.members.sections) expect(section.filters).toContain('state');
  });

  test.each([
    ['defaulters', 'user_id'],
    ['top-readers', 'user_id'],
    ['at-limit', 'user_id'],
  ])('%s: a state no row is in leaves no rows; the rows\' own state keeps them', async (section) => {
    expect(await rows('members', section, 'state=pending')).toEqual([]);
    expect((await rows('members', section, 'state=active')).length).toBeGreaterThan(0);
  });

  test('the state narrows the CSV export of a section', async () => {
    const response = await get(`/reports/members/defaulters/?${MARCH}&format=csv&state=disabled`);
    expect(response.statusCode).toBe(200);
    expect(response.body.trim().split('\r\n')).toHaveLength(1);
  });

  test('the state narrows the summary\'s figures', async () => {
    const body = (await get(`/reports/members/summary/?${MARCH}&state=pending`)).json();
    expect(figures(body)).toMatchObject({ members: 1, active: 0, pending: 1, defaulters: 0, owed: '0.00' });
  });
});

describe('Financial Report: the staff member narrows the drawer figures', () => {
  test('receipts, cash taken and discount given count only the receipts the staff member wrote', async () => {
    const body = (await get(`/reports/financial/summary/?${MARCH}&staff=${f.users.admin}`)).json();
    expect(figures(body)).toMatchObject({ receipts: 1, cash_taken: '7.00', discount_given: '0.00' });
  });
});

describe('Notification History CSV', () => {
  const csv = (query: string) => get(`/notifications-logs/?format=csv&${query}`);

  test('the whole filtered log as CSV, newest first, with the panel\'s words', async () => {
    const response = await csv('status=FAILED&date_from=2026-03-01&date_to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('notifications-');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('When,Member,Username,Member no.,Recipient,Notice,Channel,Status,Attempts,Error');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('bob@example.com');
    expect(lines[1]).toContain('Failed');
    expect(lines[2]).toContain('alice@example.com');
  });

  test('the member, channel and search filters apply; a cell that could start a formula is neutralised', async () => {
    const bob = (await csv(`member=${f.users.bob}&channel=email`)).body.trim().split('\r\n');
    expect(bob).toHaveLength(3);
    expect(bob[1]).toContain("'=cmd@example.com");
    expect((await csv('search=alice')).body.trim().split('\r\n')).toHaveLength(3);
  });

  test('the export stops at its bound with a last line that says so', async () => {
    const parts: string[] = [];
    for await (const part of logCsvParts(t.db, parseLogQuery({}), 2)) parts.push(part);
    const lines = parts.join('').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain('The export stopped at 2 rows');
  });

  test('a bad format is a 400; without view_notificationlog a 403', async () => {
    expect((await get('/notifications-logs/?format=xml')).statusCode).toBe(400);
    expect((await get('/notifications-logs/?format=csv', f.headers.reader)).statusCode).toBe(403);
  });
});

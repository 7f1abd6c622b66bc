/**
 * The two homes: the staff summary (`GET /reports/dashboard/`) and a member's home
 * (`GET /users/meberview/{id}/dashboard/`), on a fixture small enough to count by hand. Dates are
 * relative to the library's today (T): loans, returns, fines and joins land on known days.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assert } from 'superstruct';
import { DashboardSummaryStruct, MemberDashboardStruct, type DashboardSummary, type MemberDashboard, type ReportChart } from '#shared/schemas/reports';
import { addDays, startOfLibraryDay } from '#shared/dates';
import { notify } from '../../server/src/modules/notifications/service.js';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';
import { addBook, libraryToday, onlyInRole } from './support/circulation.js';

let t: TestApp;
let T = '';
const id: Record<string, number> = {};
const token: Record<string, string> = {};
const book: Record<string, number> = {};
const loan: Record<string, number> = {};
const reservation: Record<string, number> = {};
let zone = 'UTC';
const day = (offset: number) => addDays(T, offset);
/** The instant (ISO, UTC) of `time` on the library's wall clock on that library day, whatever its zone. */
const stamp = (offset: number, time = '09:00:00.000') => new Date(Date.parse(startOfLibraryDay(day(offset), zone)) + Date.parse(`1970-01-01T${time}Z`)).toISOString();

/** A loan straight into the table, open or returned on a known day. */
async function lend(name: string, member: string, title: string, issued: number, due: number, returned?: number): Promise<void> {
  const row = await t.db
    .insertInto('loans')
    .values({
      book_id: book[title]!, member_id: id[member]!, issue_date: day(issued), due_date: day(due), returned_at: returned === undefined ? null : day(returned),
      status: returned === undefined ? 'ISSUED' : 'RETURNED', renewals: 0, issued_by: null, returned_by: null, created_at: stamp(issued), updated_at: stamp(issued),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  loan[name] = row.id;
}

/** A fine of a returned loan with its money columns (minor units), charged on a known day. */
async function fine(loanName: string, member: string, amount: number, collected: number, discount: number, charged: number): Promise<void> {
  await t.db
    .insertInto('fines')
    .values({
      loan_id: loan[loanName]!, member_id: id[member]!, late_days: 1, overdue_fine: amount, book_price: null, amount, collected_amount: collected, discount,
      remaining: amount - collected - discount, created_at: stamp(charged), updated_at: stamp(charged),
    })
    .execute();
}

async function reserve(name: string, member: string, title: string, status: 'PENDING' | 'FULFILLED' | 'CANCELLED', rank: number, created: number, holdUntil?: number): Promise<void> {
  const row = await t.db
    .insertInto('reservations')
    .values({
      book_id: book[title]!, member_id: id[member]!, status, queue_rank: rank, hold_until: holdUntil === undefined ? null : day(holdUntil), loan_id: null, notes: null,
      created_at: stamp(created), updated_at: stamp(created),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  reservation[name] = row.id;
}

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  T = await libraryToday(t);
  zone = (await t.db.selectFrom('library_settings').select('timezone').executeTakeFirstOrThrow()).timezone;
  const staff = [['admin', 'SUPER USER'], ['boss', 'MANAGER'], ['clerk', 'MANAGER'], ['plain', 'MANAGER'], ['desk', 'MANAGER'], ['cashier', 'MANAGER']] as const;
  for (const [username, role] of staff) id[username] = (await createUser(t.db, { username, role })).id;
  await onlyInRole(t, id['boss']!, 'Home Viewer', ['view_dashboard_summary']);
  await onlyInRole(t, id['desk']!, 'Front Desk', ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation']);
  await onlyInRole(t, id['clerk']!, 'Member Clerk', ['view_members']);
  await onlyInRole(t, id['cashier']!, 'Cashier', ['view_dashboard_summary', 'view_fine']);
  await onlyInRole(t, id['plain']!, 'Shelver', ['view_book']);
  // Members in every state, joined on known days (farid the oldest, so not among the newest five).
  const members = [['amira', 'active', -40], ['bilal', 'active', -3], ['cyrus', 'pending', -1], ['dana', 'declined', -2], ['emil', 'disabled', -3], ['farid', 'active', -50]] as const;
  for (const [username, state, joined] of members) {
    id[username] = (await createUser(t.db, { username, state })).id;
    await t.db.updateTable('users').set({ date_joined: stamp(joined) }).where('id', '=', id[username]!).execute();
  }
  for (const username of ['admin', 'boss', 'clerk', 'plain', 'desk', 'cashier', 'amira', 'bilal']) token[username] = (await signIn(t.app, username)).access;

  // Five titles: Anna 3 copies (2 out), Beloved 2 (both out), Candide 1 (in), Dune lost, Emma written off.
  for (const [title, copies] of [['Anna', 3], ['Beloved', 2], ['Candide', 1], ['Dune', 1], ['Emma', 1]] as const) book[title] = await addBook(t, title, copies);
  await t.db.updateTable('books').set({ available_copies: 1 }).where('id', '=', book['Anna']!).execute();
  await t.db.updateTable('books').set({ available_copies: 0 }).where('id', '=', book['Beloved']!).execute();
  await t.db.updateTable('books').set({ status: 'LOST', total_copies: 0, available_copies: 0 }).where('id', '=', book['Dune']!).execute();
  await t.db.updateTable('books').set({ status: 'WRITE_OFF', total_copies: 0, available_copies: 0 }).where('id', '=', book['Emma']!).execute();

  await lend('L1', 'amira', 'Anna', -10, -3); // open, overdue
  await lend('L2', 'amira', 'Beloved', -2, 12); // open
  await lend('L3', 'bilal', 'Anna', -1, 13); // open
  await lend('L4', 'bilal', 'Candide', -20, -6, -5); // returned a day late
  await lend('L5', 'amira', 'Candide', -45, -31, -28); // returned late
  await lend('L6', 'bilal', 'Beloved', 0, 14); // open, issued today
  await lend('L7', 'emil', 'Anna', -60, -46, -44); // returned on time
  await lend('L8', 'amira', 'Beloved', -100, -90, -80); // returned late, paid
  await fine('L4', 'bilal', 1000, 400, 100, -5); // 10.00: 4.00 paid, 1.00 discounted, 5.00 owed
  await fine('L5', 'amira', 3000, 0, 0, -28); // 30.00 owed
  await fine('L8', 'amira', 2000, 2000, 0, -80); // 20.00 paid

  await reserve('R1', 'farid', 'Beloved', 'PENDING', 1, -2);
  await reserve('R2', 'amira', 'Candide', 'FULFILLED', 1, -4, 2);
  await reserve('R3', 'bilal', 'Beloved', 'PENDING', 2, -1);
  await reserve('R4', 'farid', 'Anna', 'CANCELLED', 1, -9);

  await t.db.insertInto('wishlist_items').values([
    { user_id: id['amira']!, book_id: book['Dune']!, added_at: stamp(-3) },
    { user_id: id['amira']!, book_id: book['Emma']!, added_at: stamp(-1) },
  ]).execute();
  for (let k = 1; k <= 6; k++) await notify(t.db, { userId: id['amira']!, type: 'book_issued', message: `Notice ${k}`, linkUrl: k === 6 ? '/dashboard/books/issue' : null, createdAt: stamp(-10 + k), read: k === 1 });
});

afterAll(async () => t.close());

const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? bearer(token[who]!) : {} });

/** The staff home as a SUPER USER reads it: every chart and table. */
type WholeSummary = Omit<DashboardSummary, 'charts' | 'tables'> & { charts: Required<DashboardSummary['charts']>; tables: Required<DashboardSummary['tables']> };

async function summary(period?: string): Promise<WholeSummary> {
  const response = await get(`/reports/dashboard/${period ? `?period=${period}` : ''}`, 'admin');
  expect(response.statusCode).toBe(200);
  const body: unknown = response.json();
  assert(body, DashboardSummaryStruct);
  expect([Object.keys(body.charts), Object.keys(body.tables)]).toEqual([['circulation', 'fines', 'registrations'], ['recent_issues', 'newest_members', 'top_defaulters']]);
  return body as WholeSummary;
}

const point = (chart: ReportChart, label: string) => chart.points.find((p) => p.label === label)?.values;

describe('GET /reports/dashboard/', () => {
  test('every card, counted by the database, with the list it opens', async () => {
    const answer = await summary();
    expect(answer.today).toBe(T);
    expect(answer.period).toBe('day');
    expect(answer.cards.map((c) => [c.key, c.kind, c.value, c.href])).toEqual([
      ['titles', 'count', 5, 'books/record'],
      ['copies_available', 'count', 2, 'books/record?available=true'],
      ['books_out', 'count', 4, 'books/issue'],
      ['overdue', 'count', 1, 'books/issue?overdue=true'],
      ['reservations_waiting', 'count', 2, 'reservations/list?status=waiting'],
      ['reservations_held', 'count', 1, 'reservations/list?status=ready'],
      ['lost_or_written_off', 'count', 2, 'books/record?status=LOST'],
      ['members_active', 'count', 3, 'members/add'],
      ['members_pending', 'count', 1, 'members/pending'],
      ['fines_collected', 'money', '24.00', 'reports/financial'],
      ['fines_owed', 'money', '35.00', 'books/fines'],
    ]);
    expect(answer.cards.every((c) => c.label.length > 0)).toBe(true);
  });

  test('the day charts: 30 days ending today, empty days at 0, in time order', async () => {
    const { charts } = await summary('day');
    for (const chart of [charts.circulation, charts.fines, charts.registrations]) {
      expect(chart.points.map((p) => p.label)).toEqual(Array.from({ length: 30 }, (_, k) => day(k - 29)));
    }
    expect(charts.circulation).toMatchObject({ key: 'circulation', kind: 'line', series: [{ key: 'issued', kind: 'count' }, { key: 'returned', kind: 'count' }] });
    expect(point(charts.circulation, day(0))).toEqual({ issued: 1, returned: 0 });
    expect(point(charts.circulation, day(-20))).toEqual({ issued: 1, returned: 0 });
    expect(point(charts.circulation, day(-5))).toEqual({ issued: 0, returned: 1 });
    expect(point(charts.circulation, day(-28))).toEqual({ issued: 0, returned: 1 });
    expect(point(charts.circulation, day(-3))).toEqual({ issued: 0, returned: 0 });
    const issued = charts.circulation.points.reduce((sum, p) => sum + Number(p.values['issued']), 0);
    expect(issued).toBe(5); // L1, L2, L3, L4, L6; L5, L7, L8 are older than 30 days

    expect(charts.fines).toMatchObject({ key: 'fines', kind: 'bar', series: [{ key: 'collected', kind: 'money' }, { key: 'owed', kind: 'money' }] });
    expect(point(charts.fines, day(-5))).toEqual({ collected: '4.00', owed: '5.00' });
    expect(point(charts.fines, day(-28))).toEqual({ collected: '0.00', owed: '30.00' });
    expect(point(charts.fines, day(0))).toEqual({ collected: '0.00', owed: '0.00' });

    expect(charts.registrations).toMatchObject({ key: 'registrations', kind: 'bar', series: [{ key: 'members', kind: 'count' }] });
    expect([-3, -2, -1, 0].map((d) => point(charts.registrations, day(d)))).toEqual([{ members: 2 }, { members: 1 }, { members: 1 }, { members: 0 }]);
  });

  test('week and month: 12 ISO weeks (Monday-based) or 12 months, labelled 2026-W47 and 2026-11', async () => {
    const week = await summary('week');
    expect(week.period).toBe('week');
    const labels = week.charts.circulation.points.map((p) => p.label);
    expect(labels).toHaveLength(12);
    expect(labels.every((l) => /^\d{4}-W\d{2}$/.test(l))).toBe(true);
    expect(labels.at(-1)).toBe(isoWeek(T));
    expect(labels[0]).toBe(isoWeek(day(-77)));
    const total = (answer: WholeSummary, key: string) => answer.charts.circulation.points.reduce((sum, p) => sum + Number(p.values[key]), 0);
    expect(total(week, 'issued')).toBe(7); // all but L8 (100 days ago)
    expect(total(week, 'returned')).toBe(4); // L4, L5, L7, L8 (returned 80 days ago)
    const thisWeek = week.charts.registrations.points.at(-1)!.values['members'];
    expect(thisWeek).toBe([-3, -2, -1, -3].filter((d) => isoWeek(day(d)) === isoWeek(T)).length);

    const month = await summary('month');
    const months = month.charts.fines.points.map((p) => p.label);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toBe(T.slice(0, 7));
    expect(months.every((m, i) => i === 0 || m > months[i - 1]!)).toBe(true);
    expect(total(month, 'issued')).toBe(8);
    expect(point(month.charts.fines, day(-80).slice(0, 7))).toEqual({ collected: '20.00', owed: '0.00' });
    expect(month.charts.registrations.points.reduce((sum, p) => sum + Number(p.values['members']), 0)).toBe(6);
  });

  test('the tables: newest loans, newest members with their state, members owing most', async () => {
    const { tables } = await summary();
    expect(tables.recent_issues.map((r) => r.id)).toEqual([loan['L6'], loan['L3'], loan['L2'], loan['L1'], loan['L4']]);
    expect(tables.recent_issues[0]).toMatchObject({ issue_date: T, due_date: day(14), book: { id: book['Beloved'], title: 'Beloved' }, member: { id: id['bilal'], name: 'Test bilal', username: 'bilal' } });
    expect(tables.newest_members.map((m) => [m.username, m.state])).toEqual([['cyrus', 'pending'], ['dana', 'rejected'], ['emil', 'disabled'], ['bilal', 'active'], ['amira', 'active']]);
    expect(tables.newest_members[0]).toMatchObject({ id: id['cyrus'], name: 'Test cyrus', date_joined: stamp(-1) });
    expect(tables.top_defaulters.map((m) => [m.username, m.fines, m.owed])).toEqual([['amira', 1, '30.00'], ['bilal', 1, '5.00']]);
    const profile = await t.db.selectFrom('member_profiles').select('member_id').where('user_id', '=', id['amira']!).executeTakeFirstOrThrow();
    expect(tables.top_defaulters[0]!.member_no).toBe(profile.member_id);
  });

  test('view_dashboard_summary: SUPER USER and a manager holding it; other staff and members 403; signed out 401', async () => {
    expect((await get('/reports/dashboard/', 'boss')).statusCode).toBe(200);
    expect((await get('/reports/dashboard/', 'plain')).statusCode).toBe(403);
    expect((await get('/reports/dashboard/', 'clerk')).statusCode).toBe(403);
    expect((await get('/reports/dashboard/', 'amira')).statusCode).toBe(403);
    expect((await get('/reports/dashboard/')).statusCode).toBe(401);
  });

  test('staff get only the cards whose lists they may open', async () => {
    const cardsOf = async (who: string) => ((await get('/reports/dashboard/', who)).json() as DashboardSummary).cards.map((c) => c.key);
    expect(await cardsOf('desk')).toEqual(['titles', 'copies_available', 'books_out', 'overdue', 'reservations_waiting', 'reservations_held', 'lost_or_written_off', 'members_active']);
    expect(await cardsOf('boss')).toEqual([]);
    expect(await cardsOf('admin')).toHaveLength(11);
  });

  test('a chart or table is answered only to those who may read its data: the front desk gets no money figure', async () => {
    const answerOf = async (who: string) => {
      const response = await get('/reports/dashboard/?period=month', who);
      expect(response.statusCode).toBe(200);
      const body: unknown = response.json();
      assert(body, DashboardSummaryStruct);
      return { body, text: response.body };
    };
    const sections = (answer: DashboardSummary) => [Object.keys(answer.charts), Object.keys(answer.tables)];

    const desk = await answerOf('desk');
    expect(sections(desk.body)).toEqual([['circulation', 'registrations'], ['recent_issues', 'newest_members']]);
    // No money anywhere: no money card, series or decimal string (the fixture's fines are 24.00 collected, 35.00 owed).
    expect(desk.text).not.toMatch(/"money"|"\d+\.\d{2}"/);
    expect(desk.text).not.toMatch(/"(fines|top_defaulters|owed|collected)"/);

    expect(sections((await answerOf('cashier')).body)).toEqual([['fines'], ['top_defaulters']]);
    expect(sections((await answerOf('boss')).body)).toEqual([[], []]);
    expect(sections((await answerOf('admin')).body)).toEqual([['circulation', 'fines', 'registrations'], ['recent_issues', 'newest_members', 'top_defaulters']]);
  });

  test('an unknown or repeated period is 400 with a clear message', async () => {
    const year = await get('/reports/dashboard/?period=year', 'admin');
    expect(year.statusCode).toBe(400);
    expect(year.json()).toEqual({ detail: 'Unknown period "year": use day, week, month.' });
    const twice = await get('/reports/dashboard/?period=day&period=week', 'admin');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ period: ['Give this parameter once.'] });
    expect((await get('/reports/dashboard/?period=', 'admin')).json().period).toBe('day');
  });
});

async function home(memberId: number, who: string): Promise<MemberDashboard> {
  const response = await get(`/users/meberview/${memberId}/dashboard/`, who);
  expect(response.statusCode).toBe(200);
  const body: unknown = response.json();
  assert(body, MemberDashboardStruct);
  return body;
}

describe('GET /users/meberview/{id}/dashboard/', () => {
  test("a member's own home: counts, fines, loans due first, held copy, wish list and newest notices", async () => {
    const answer = await home(id['amira']!, 'amira');
    expect(answer).toMatchObject({ today: T, issued_count: 2, overdue_count: 1, reserved_count: 1, fines: { total: '50.00', paid: '20.00', discounted: '0.00', pending: '30.00' } });
    expect(answer.loans).toEqual([
      { id: loan['L1'], book: { id: book['Anna'], title: 'Anna' }, issue_date: day(-10), due_date: day(-3), days_left: -3, overdue: true },
      { id: loan['L2'], book: { id: book['Beloved'], title: 'Beloved' }, issue_date: day(-2), due_date: day(12), days_left: 12, overdue: false },
    ]);
    expect(answer.reservations).toEqual([{ id: reservation['R2'], book: { id: book['Candide'], title: 'Candide' }, status: 'FULFILLED', position: null, queue_length: null, hold_until: day(2) }]);
    expect(answer.wishlist.map((w) => w.book.title)).toEqual(['Emma', 'Dune']);
    expect(answer.wishlist[0]!.book).toHaveProperty('cover_photo', null);
    expect(answer.notices.map((x) => x.message)).toEqual(['Notice 6', 'Notice 5', 'Notice 4', 'Notice 3', 'Notice 2']);
    expect(answer.notices[0]).toMatchObject({ title: 'Book issued', is_read: false, link: '/dashboard/books/issue', created_at: stamp(-4) });
  });

  test('staff holding view_members read any member\'s home: a waiting reservation shows its place', async () => {
    const answer = await home(id['bilal']!, 'clerk');
    expect(answer).toMatchObject({ issued_count: 2, overdue_count: 0, reserved_count: 0, fines: { total: '10.00', paid: '4.00', discounted: '1.00', pending: '5.00' } });
    expect(answer.loans.map((l) => [l.id, l.days_left])).toEqual([[loan['L3'], 13], [loan['L6'], 14]]);
    expect(answer.reservations).toEqual([{ id: reservation['R3'], book: { id: book['Beloved'], title: 'Beloved' }, status: 'PENDING', position: 2, queue_length: 2, hold_until: null }]);
    expect(answer.wishlist).toEqual([]);
    expect(answer.notices).toEqual([]);
    expect((await home(id['amira']!, 'admin')).issued_count).toBe(2);
  });

  test('another member 403, staff without view_members 403, a non-member or unknown id 404', async () => {
    const status = async (memberId: number | string, who?: string) => (await get(`/users/meberview/${memberId}/dashboard/`, who)).statusCode;
    expect(await status(id['bilal']!, 'amira')).toBe(403);
    expect(await status(id['amira']!, 'boss')).toBe(403);
    expect(await status(id['amira']!, 'plain')).toBe(403);
    expect(await status(id['amira']!)).toBe(401);
    expect(await status(id['admin']!, 'clerk')).toBe(404);
    expect(await status(99999, 'clerk')).toBe(404);
    expect(await status('abc', 'clerk')).toBe(404);
    expect(await status('99999999999', 'clerk')).toBe(400);
  });
});

describe('the per-day loan counts follow the desk', () => {
  // After the fixed-fixture tests: it issues and returns through the desk.
  test("an issue and a return at the desk show in today's circulation point", async () => {
    const before = point((await summary()).charts.circulation, T)!;
    const issued = await t.app.inject({ method: 'POST', url: '/books/issued-books/', payload: { book: book['Candide'], member: id['farid'] }, headers: bearer(token['admin']!) });
    expect(issued.statusCode).toBe(201);
    expect(point((await summary()).charts.circulation, T)).toEqual({ issued: Number(before['issued']) + 1, returned: before['returned'] });
    const back = await t.app.inject({ method: 'POST', url: `/books/issued-books/${(issued.json() as { id: number }).id}/return/`, payload: {}, headers: bearer(token['admin']!) });
    expect(back.statusCode).toBe(200);
    expect(point((await summary()).charts.circulation, T)).toEqual({ issued: Number(before['issued']) + 1, returned: Number(before['returned']) + 1 });
    // A loan moved to another issue date, or removed, leaves the counts of both days right.
    await t.db.updateTable('loans').set({ issue_date: day(-7) }).where('id', '=', loan['L3']!).execute();
    await t.db.deleteFrom('fines').where('loan_id', '=', loan['L4']!).execute();
    await t.db.deleteFrom('loans').where('id', '=', loan['L4']!).execute();
    const after = (await summary()).charts.circulation;
    expect([point(after, day(-1)), point(after, day(-7)), point(after, day(-20)), point(after, day(-5))]).toEqual([
      { issued: 0, returned: 0 }, { issued: 1, returned: 0 }, { issued: 0, returned: 0 }, { issued: 0, returned: 0 },
    ]);
  });
});

describe("the library's time zone", () => {
  // Last: it moves the library to UTC+5 and adds a member.
  test("a moment counts on the library's calendar day, not UTC's", async () => {
    await t.db.updateTable('library_settings').set({ timezone: 'Asia/Karachi' }).execute();
    const today = await libraryToday(t);
    // Counted against the fixture's joins that fall on Karachi's today (they were dated in the zone before).
    const before = Number((await summary('day')).charts.registrations.points.at(-1)?.values['members']);
    const late = await createUser(t.db, { username: 'late.joiner' });
    // 20:30 UTC the day before is 01:30 today in Karachi.
    await t.db.updateTable('users').set({ date_joined: `${addDays(today, -1)}T20:30:00.000Z` }).where('id', '=', late.id).execute();
    const answer = await summary('day');
    expect(answer.today).toBe(today);
    expect(answer.charts.registrations.points.at(-1)).toEqual({ label: today, values: { members: before + 1 } });
  });
});

/** The ISO week of a date, worked out apart from the server: the year of its Thursday, and that Thursday's week. */
function isoWeek(date: string): string {
  const thursday = new Date(`${date}T00:00:00Z`);
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((thursday.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86400000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

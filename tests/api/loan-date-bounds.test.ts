/**
 * Loan dates stay within what the product can read: issue, due, renewal and return dates are
 * bounded by the one rule of `src/lib/loan-dates.ts` where they are parsed, and every reader of
 * loans copes with any date already stored (rows written straight into the table with years
 * 9999, 10000 and 0001). The library's zone is UTC+14, so its today differs from UTC's for most
 * of the day: every date here is counted from the library's today.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { LOAN_DATE_MESSAGES, LOAN_WINDOW_DAYS } from '#shared/loan-dates';
import { REPORTS } from '#shared/report-catalogue';
import { postJson } from './support/harness.js';
import { addBook, desk, giveBack, issue, member, rowCount, t, today, useDeskApp } from './support/circulation.js';

let seq = 0;

// The library's zone is UTC+14: its today differs from UTC's for most of the day.
useDeskApp({ prepare: (app) => app.db.updateTable('library_settings').set({ timezone: 'Pacific/Kiritimati' }).execute().then(() => undefined) });

const patchDue = (loan: number, due: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/books/issued-books/${loan}/`, payload: JSON.stringify({ due_date: due }), headers: { 'content-type': 'application/json', ...desk.headers } });
const renew = (loan: number) => postJson(t.app, `/books/issued-books/${loan}/renew/`, {}, desk.headers);
const loanRow = (loan: number) => t.db.selectFrom('loans').selectAll().where('id', '=', loan).executeTakeFirstOrThrow();

/** A fresh member and title, lent through the API with these dates. */
async function lend(issueDate: string, dueDate: string): Promise<number> {
  seq += 1;
  const response = await issue(t, desk, { book: await addBook(t, `Bounds ${seq}`, 2), member: await member(t, `bounds.reader.${seq}`), issue_date: issueDate, due_date: dueDate });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

describe('issue and due dates are bounded where they are parsed', () => {
  const cases: [string, () => Record<string, string>, Record<string, string[]>][] = [
    ['an issue date tomorrow', () => ({ issue_date: addDays(today, 1), due_date: addDays(today, 8) }), { issue_date: [LOAN_DATE_MESSAGES.issueInFuture] }],
    ['an issue date past the window', () => ({ issue_date: addDays(today, -LOAN_WINDOW_DAYS - 1), due_date: today }), { issue_date: [LOAN_DATE_MESSAGES.issueTooOld] }],
    ['a due date of 9999-12-31', () => ({ issue_date: today, due_date: '9999-12-31' }), { due_date: [LOAN_DATE_MESSAGES.dueTooFar] }],
    ['a due date a year and a day after the issue', () => ({ issue_date: today, due_date: addDays(today, LOAN_WINDOW_DAYS + 1) }), { due_date: [LOAN_DATE_MESSAGES.dueTooFar] }],
    ['a due date before the issue', () => ({ issue_date: today, due_date: addDays(today, -1) }), { due_date: [LOAN_DATE_MESSAGES.dueBeforeIssue] }],
    ['a year of five digits', () => ({ issue_date: today, due_date: '10000-01-03' }), { due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
  ];

  test.each(cases)('an issue with %s is refused, nothing written', async (_name, dates, expected) => {
    const loans = await rowCount(t, 'loans');
    const response = await issue(t, desk, { book: await addBook(t, `Refused ${(seq += 1)}`), member: await member(t, `refused.${seq}`), ...dates() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expect(await rowCount(t, 'loans')).toBe(loans);
  });

  test('the widest loan allowed is issued: the window back, due a year after', async () => {
    const oldest = addDays(today, -LOAN_WINDOW_DAYS);
    const loan = await lend(oldest, addDays(oldest, LOAN_WINDOW_DAYS));
    expect(await loanRow(loan)).toMatchObject({ issue_date: oldest, due_date: addDays(oldest, LOAN_WINDOW_DAYS) });
  });

  test('PATCH refuses 9999-12-31 and a due date past a year after the issue; the loan keeps its date', async () => {
    const loan = await lend(today, addDays(today, 7));
    for (const due of ['9999-12-31', addDays(today, LOAN_WINDOW_DAYS + 1)]) {
      const response = await patchDue(loan, due);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ due_date: [LOAN_DATE_MESSAGES.dueTooFar] });
    }
    expect((await loanRow(loan)).due_date).toBe(addDays(today, 7));
    expect((await patchDue(loan, addDays(today, LOAN_WINDOW_DAYS))).statusCode).toBe(200);
  });

  test('a renewal that would pass a year after the issue is refused with a clear message', async () => {
    const loan = await lend(today, addDays(today, LOAN_WINDOW_DAYS - 2));
    const response = await renew(loan);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: LOAN_DATE_MESSAGES.renewTooFar });
    expect((await loanRow(loan)).due_date).toBe(addDays(today, LOAN_WINDOW_DAYS - 2));
  });
});

describe('return dates', () => {
  test('a return date in the future is refused and nothing is written', async () => {
    const loan = await lend(addDays(today, -20), addDays(today, -10));
    const fines = await rowCount(t, 'fines');
    for (const day of [addDays(today, 1), addDays(today, 3650)]) {
      const response = await giveBack(t, desk, loan, { returnDate: day });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ returnDate: [LOAN_DATE_MESSAGES.returnInFuture] });
    }
    expect(await rowCount(t, 'fines')).toBe(fines);
    expect((await loanRow(loan)).returned_at).toBeNull();
  });
});

describe('no reader fails on any stored loan', () => {
  let borrower: number;
  let book: number;
  let farLoan: number;
  let ancientLoan: number;

  beforeAll(async () => {
    borrower = await member(t, 'extreme.reader');
    book = await addBook(t, 'Extreme dates', 5);
    const now = new Date().toISOString();
    const row = (issue_date: string, due_date: string, returned_at: string | null = null) => ({
      book_id: book,
      member_id: borrower,
      issue_date,
      due_date,
      returned_at,
      status: returned_at ? ('RETURNED' as const) : ('ISSUED' as const),
      renewals: 0,
      issued_by: desk.id,
      created_at: now,
      updated_at: now,
    });
    // Written straight into the table: only the unique "one open loan per title and member" holds them apart.
    const ids = [];
    for (const [i, values] of [
      row(addDays(today, -10), '10000-01-03'),
      row('0001-01-01', '0001-01-15'),
      row('9999-12-01', '9999-12-31'),
      row('0001-01-01', '9999-12-31', '10000-01-03'),
      row('9999-12-31', '10000-01-03', '0001-01-01'),
    ].entries()) {
      const title = await addBook(t, `Extreme ${i}`, 2);
      ids.push((await t.db.insertInto('loans').values({ ...values, book_id: i === 0 ? book : title }).returning('id').executeTakeFirstOrThrow()).id);
    }
    [farLoan, ancientLoan] = [ids[0]!, ids[1]!];
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: desk.headers });

  test('every issued list variant, the summaries, dashboards, history and reports answer 200', async () => {
    const urls = [
      '/books/issued-books/',
      '/books/issued-books/?page=1',
      '/books/issued-books/?page=last',
      '/books/issued-books/?ordering=due_date',
      '/books/issued-books/?ordering=-due_date',
      '/books/issued-books/?ordering=issue_date',
      '/books/issued-books/?overdue=true',
      `/books/issued-books/?member=${borrower}`,
      `/books/issued-books/?book=${book}`,
      `/reports/members/${borrower}/issued-books/`,
      `/users/meberview/${borrower}/dashboard/`,
      `/users/members/${borrower}/profile/`,
      '/reports/dashboard/',
      '/reports/dashboard/?period=week',
      '/reports/dashboard/?period=month',
      '/reports/books/returned-history/',
      `/reports/returned-books/${borrower}/`,
      `/reports/books/${book}/issued-members/`,
      `/fines/user/${borrower}/`,
      '/fines-viewset/pending/',
    ];
    for (const report of Object.values(REPORTS)) {
      urls.push(`/reports/${report.key}/summary/`);
      for (const section of report.sections) urls.push(`/reports/${report.key}/${section.key}/`, `/reports/${report.key}/${section.key}/?format=csv`);
    }
    const failures = [];
    for (const url of urls) {
      const response = await get(url);
      if (response.statusCode !== 200) failures.push(`${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  test('the member himself reads his loans and his home', async () => {
    const { bearer, signIn } = await import('./support/harness.js');
    const { access } = await signIn(t.app, 'extreme.reader');
    for (const url of ['/books/issued-books/', `/reports/members/${borrower}/issued-books/`, `/users/meberview/${borrower}/dashboard/`, `/reports/returned-books/${borrower}/`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(access) });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    }
  });

  test('a loan due in year 10000 and one due in year 1 can be returned', async () => {
    const far = await giveBack(t, desk, farLoan);
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toMatchObject({ returnDate: today, fine_details: { late_days: 0, total_fine: '0.00' } });
    const ancient = await giveBack(t, desk, ancientLoan);
    expect(ancient.statusCode, ancient.body).toBe(200);
    expect(ancient.json().fine_details.late_days).toBeGreaterThan(700_000);
  });
});

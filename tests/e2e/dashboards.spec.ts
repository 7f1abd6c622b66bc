/**
 * The homes: the staff home's cards show what the real API counts (after a book issued through
 * the API for this test), a card opens its list, the period switch changes the charts' buckets,
 * a chart's data table holds the answer's numbers, and the member home shows demo.member's loans
 * with their due dates and his fines; the front desk sees only the cards it may follow, and its
 * role name, and no fines chart or top defaulters (money it may not read), while the super user
 * and the manager see them. Screenshots of the front desk's and the super user's homes go to
 * screenshots/home/. Screenshots of both homes in dark and light at 1280 and
 * 390 px go to screenshots/dashboards/ (gitignored).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bucketLabel, chartTableRows } from '../../src/lib/charts';
import { addDays, formatDate } from '#shared/dates';
import { dueWording } from '../../src/lib/member-home';
import { formatAmount } from '#shared/money';
import type { DashboardSummary, MemberDashboard } from '#shared/schemas/reports';
import { cardFigure } from '../../src/lib/staff-home';
import { API, adminHeaders } from './support/books';
import { createLendableBook, issueThroughApi, libraryTodayOf, type TestBook } from './support/circulation';
import { DEMO, unique, signInAs, shotPath, apiSignIn } from './support/helpers';
import { registerActiveMember, type TestMember } from './support/members';
import { expectShotOf } from './support/screens';

async function summaryOf(request: APIRequestContext, period: DashboardSummary['period']): Promise<DashboardSummary> {
  const answer = await request.get(`${API}/reports/dashboard/?period=${period}`, { headers: await adminHeaders(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as DashboardSummary;
}

async function dateFormatOf(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${API}/settings/library/`);
  return ((await answer.json()) as { date_format?: string | null }).date_format ?? 'DD/MM/YYYY';
}

/** The rows of a chart's data table as text: [label, ...values] per row. */
async function tableRows(page: Page, title: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: title });
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
}

let member: TestMember;
let book: TestBook;

test.beforeAll(async ({ request }) => {
  member = await registerActiveMember(request, 'home');
  book = await createLendableBook(request, `Home Chart Atlas ${member.username}`);
  const today = await libraryTodayOf(request);
  await issueThroughApi(request, { book: book.id, member: member.id, issue_date: today, due_date: addDays(today, 3) });
});

test.describe('staff home', () => {
  test('the cards show the figures the API counts and open their lists', async ({ page, request }) => {
    await signInAs(page, DEMO.admin);
    const summary = await summaryOf(request, 'week');
    const figures = page.getByRole('list', { name: 'Figures' });
    for (const card of summary.cards.map(cardFigure)) {
      await expect(figures.locator(`[data-figure="${card.key}"]`)).toContainText(card.value);
      if (card.href) await expect(figures.getByRole('link', { name: `${card.label}: ${card.value}. View list` })).toHaveAttribute('href', card.href);
    }
    const booksOut = summary.cards.find((card) => card.key === 'books_out');
    expect(Number(booksOut?.value)).toBeGreaterThanOrEqual(1);

    // The loan issued for this test is the newest: its book and member link to their profiles.
    const recent = page.getByRole('table', { name: 'Recent issues' });
    await expect(recent.getByRole('link', { name: book.title })).toHaveAttribute('href', `/dashboard/books/record/profile/${book.id}`);
    await expect(recent.getByRole('link', { name: member.name })).toHaveAttribute('href', `/dashboard/member/profile-view/${member.id}`);

    await figures.getByRole('link', { name: /^Books out: / }).click();
    await expect(page).toHaveURL('/dashboard/books/issue');
    await expect(page.getByRole('cell', { name: book.title }).or(page.getByRole('link', { name: book.title })).first()).toBeVisible();
  });

  test('the period switch changes the charts\' buckets, and a chart\'s table holds the numbers', async ({ page, request }) => {
    const dateFormat = await dateFormatOf(request);
    await signInAs(page, DEMO.admin);
    const week = await summaryOf(request, 'week');
    const circulation = page.getByRole('figure', { name: 'Circulation' });
    await circulation.getByRole('button', { name: 'Show as table' }).click();
    await expect(circulation.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    const weekRows = chartTableRows(week.charts.circulation!, dateFormat).map((row) => [row.label, ...row.cells]);
    await expect.poll(() => tableRows(page, 'Circulation')).toEqual(weekRows);
    expect(weekRows.at(-1)?.[0]).toMatch(/^Week \d+, \d{4}$/);

    await page.getByRole('radio', { name: 'Day' }).check();
    await expect(page).toHaveURL('/dashboard?period=day');
    const day = await summaryOf(request, 'day');
    const dayRows = chartTableRows(day.charts.circulation!, dateFormat).map((row) => [row.label, ...row.cells]);
    await expect.poll(() => tableRows(page, 'Circulation')).toEqual(dayRows);
    // Today's bucket counts the loan issued for this test.
    expect(dayRows.at(-1)?.[0]).toBe(formatDate(day.today, dateFormat));
    expect(Number(dayRows.at(-1)?.[1])).toBeGreaterThanOrEqual(1);

    await page.getByRole('radio', { name: 'Month' }).check();
    await expect(page).toHaveURL('/dashboard?period=month');
    const month = await summaryOf(request, 'month');
    await expect(page.getByRole('figure', { name: 'Fines' }).getByRole('table', { name: 'Fines' }).locator('tbody th').last()).toHaveText(bucketLabel(month.charts.fines!.points.at(-1)!.label, dateFormat));

    // The period is in the URL: a reload keeps it, and the drawings (uPlot, loaded after paint) appear.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    await expect(page.locator('figure canvas')).toHaveCount(3);
  });
});

test('the front desk sees only the cards whose lists it may open, and its role name in the greeting', async ({ page }) => {
  await signInAs(page, { username: 'demo.desk', password: 'Desk-demo-2026', home: '/dashboard' });
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures.locator('[data-figure="books_out"]')).toBeVisible();
  // Front Desk holds view_book, add_bookissuance, view_members and view_bookreservation: no fines, no pending approvals.
  expect(await figures.locator('[data-figure]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-figure')))).toEqual([
    'titles', 'copies_available', 'books_out', 'overdue', 'reservations_waiting', 'reservations_held', 'lost_or_written_off', 'members_active',
  ]);
  await expect(page.locator('#main')).toContainText('Front Desk');
  await expect(page.locator('#main').getByText('MANAGER', { exact: true })).toHaveCount(0);
  const links = await figures.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
  for (const href of new Set(links.map((link) => link.split('?')[0]!))) {
    await page.goto(href);
    // The page's own content (a heading, a search box, a table) or the no-access heading, whichever the guard draws.
    await expect(page.locator('#main').locator('h2, [role=searchbox], table').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0);
  }
});

test.describe('sections by permission', () => {
  const FRONT_DESK = { username: 'demo.desk', password: 'Desk-demo-2026', home: '/dashboard' };
  const titled = (page: Page, title: string) => page.locator('#main').getByRole('heading', { name: title, exact: true });

  test('the front desk sees no fines chart and no top defaulters, and every link in its home opens', async ({ page }) => {
    await signInAs(page, FRONT_DESK);
    await expect(page.getByRole('figure', { name: 'Circulation' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'New members' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recent issues' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Newest members' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Fines' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Top defaulters' })).toHaveCount(0);
    await expect(titled(page, 'Top defaulters')).toHaveCount(0);
    await expect(page.locator('#main')).not.toContainText('Rs.');
    const links = await page.locator('#main').getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    for (const href of new Set(links.map((link) => link.split('?')[0]!).filter((link) => link.startsWith('/dashboard')))) {
      await page.goto(href);
      await expect(page.locator('#main').locator('h1, h2, [role=searchbox], table').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0);
    }
  });

  for (const who of ['admin', 'manager'] as const) {
    test(`the ${who === 'admin' ? 'super user' : 'manager'} sees the fines chart and the top defaulters`, async ({ page }) => {
      await signInAs(page, DEMO[who]);
      await expect(page.getByRole('figure', { name: 'Fines' })).toBeVisible();
      await expect(titled(page, 'Top defaulters')).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Circulation' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Recent issues' })).toBeVisible();
    });
  }

  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      test(`screenshots of the front desk's and the super user's homes in ${theme} at ${width} px`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
        for (const [name, who, charts] of [['front-desk', FRONT_DESK, 2], ['super-user', DEMO.admin, 3]] as const) {
          await page.goto('/no-such-page-for-sign-out');
          await page.evaluate(() => localStorage.removeItem('userData'));
          await signInAs(page, who);
          await expect(page.locator('figure canvas')).toHaveCount(charts);
          // The picture is this role's home: its welcome, its figures, and the fines chart only for who may read money.
          await expect(page.locator('#main').getByRole('heading', { level: 2, name: /^Welcome, / })).toBeVisible();
          await expect(page.getByRole('list', { name: 'Figures' }).getByRole('listitem').first()).toBeVisible();
          await expect(page.getByRole('figure', { name: 'Circulation' })).toBeVisible();
          await expect(page.getByRole('figure', { name: 'Fines' })).toHaveCount(name === 'super-user' ? 1 : 0);
          await expectShotOf(page, theme);
          await page.screenshot({ path: shotPath('home', `${name}-${theme}-${width}.png`), fullPage: true });
        }
      });
    }
  }
});

test('staff without view_dashboard_summary are welcomed at the home, not refused', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const username = `shelf.${unique()}`;
  const password = 'Amber-Window-51';
  const created = await request.post(`${API}/auth/register/manager/`, { headers, data: { username, email: `${username}@example.test`, password, password2: password, first_name: 'Shelf', last_name: 'Keeper' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // Out of the MANAGER group, into a role that may only browse books.
  const permissions = (await (await request.get(`${API}/permissions/`, { headers })).json()) as { id: number; codename: string }[];
  const role = await request.post(`${API}/roles/`, { headers, data: { name: `Shelf ${username}`, permissions: permissions.filter((p) => p.codename === 'view_book').map((p) => p.id) } });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = ((await role.json()) as { id: number }).id;
  expect((await request.post(`${API}/roles/${roleId}/assign_user/`, { headers, data: { user_ids: [id] } })).status()).toBe(200);
  const roles = (await (await request.get(`${API}/roles/`, { headers })).json()) as { id: number; name: string }[];
  const manager = roles.find((r) => r.name === 'MANAGER')!;
  expect((await request.post(`${API}/roles/${manager.id}/remove_user/`, { headers, data: { user_ids: [id] } })).status()).toBe(200);

  await signInAs(page, { username, password, home: '/dashboard' });
  await expect(page.getByRole('heading', { name: 'Welcome, Shelf Keeper' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Figures' })).toHaveCount(0);
});

test.describe('member home', () => {
  test('demo.member sees his loans with their due dates and his fines', async ({ page, request }) => {
    const dateFormat = await dateFormatOf(request);
    const { access, id } = await apiSignIn(request, 'member');
    const answer = await request.get(`${API}/users/meberview/${id}/dashboard/`, { headers: { Authorization: `Bearer ${access}` } });
    expect(answer.status()).toBe(200);
    const home = (await answer.json()) as MemberDashboard;
    expect(home.loans.length).toBeGreaterThanOrEqual(2);

    await signInAs(page, DEMO.member);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    const loans = page.getByRole('table', { name: 'Your books out' });
    for (const loan of home.loans) {
      const row = loans.getByRole('row', { name: new RegExp(loan.book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
      await expect(row).toContainText(formatDate(loan.due_date, dateFormat)!);
      await expect(row).toContainText(dueWording(loan.due_date, home.today)!.text);
    }
    await expect(loans).toContainText(/\d+ days? overdue/);
    await expect(loans).toContainText(/\d+ days? left|Due today/);

    const books = page.getByRole('list', { name: 'Your books' });
    await expect(books.getByRole('link', { name: `Books out: ${home.issued_count}. View list` })).toHaveAttribute('href', '/dashboard/books/issue');
    await expect(books.getByRole('link', { name: `Overdue: ${home.overdue_count}. View list` })).toBeVisible();

    const fines = page.getByRole('region', { name: 'Fines' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Fines', exact: true }) }));
    await expect(fines).toContainText(formatAmount(home.fines.pending)!);
    await expect(fines).toContainText(formatAmount(home.fines.paid)!);
    await expect(fines.getByRole('link', { name: 'Your fines and receipts' })).toHaveAttribute('href', '/dashboard/member/fines');
    await expect(page.getByRole('link', { name: 'Returned Books' }).last()).toHaveAttribute('href', '/dashboard/member/retuned');
  });
});

test.describe('screenshots', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      test(`both homes in ${theme} at ${width} px`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
        await signInAs(page, DEMO.admin);
        await expect(page.locator('figure canvas')).toHaveCount(3);
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('dashboards', `staff-home-${theme}-${width}.png`), fullPage: true });
        await page.getByRole('figure', { name: 'Circulation' }).getByRole('button', { name: 'Show as table' }).click();
        await expect(page.getByRole('figure', { name: 'Circulation' }).getByRole('table')).toBeVisible();
        await page.getByRole('figure', { name: 'Circulation' }).screenshot({ path: shotPath('dashboards', `staff-chart-table-${theme}-${width}.png`) });
        await page.getByRole('radio', { name: 'Day' }).check();
        await expect(page.getByRole('table', { name: 'Fines' }).locator('tbody tr')).toHaveCount(30);
        await page.getByRole('figure', { name: 'Fines' }).screenshot({ path: shotPath('dashboards', `staff-fines-day-${theme}-${width}.png`) });
        // Signed out without the server (the page left first, so its guard sends nobody anywhere).
        await page.goto('/no-such-page-for-sign-out');
        await page.evaluate(() => localStorage.removeItem('userData'));
        await signInAs(page, DEMO.member);
        await expect(page.getByRole('table', { name: 'Your books out' })).toBeVisible();
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('dashboards', `member-home-${theme}-${width}.png`), fullPage: true });
      });
    }
  }
});

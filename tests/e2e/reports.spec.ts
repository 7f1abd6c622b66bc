/**
 * The report pages in the browser against the real server: the Book Report's figures and table,
 * sorting and filters that change the rows and stay in the URL, the CSV export (a real download
 * with its header row), Print (the report alone, in words), the Audit Trail showing a book
 * edited through the Book Record with its before and after, and a manager without
 * view_financial_report refused the Financial Report.
 * Screenshots of each report in both themes at 1280 and 390 px go to screenshots/reports/.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { API, adminHeaders, fillSteady } from './support/books';
import { createLendableBook, issueThroughApi, type TestBook } from './support/circulation';
import { DEMO, unique, signInAs, shotPath, bearerOf, printCount, stubPrint } from './support/helpers';
import { registerActiveMember, type TestMember } from './support/members';
import { expectShotOf } from './support/screens';

const DESK = { username: 'demo.desk', password: 'Desk-demo-2026' } as const;

/** The rows of the report's table, each row's cells as text. */
async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: /^Book Report: / });
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
}

const tag = `Rpt${unique()}`;
let books: TestBook[] = [];
let reader: TestMember;

test.beforeAll(async ({ request }) => {
  reader = await registerActiveMember(request, 'rptreader');
  books = [await createLendableBook(request, `${tag} Alpha`), await createLendableBook(request, `${tag} Zulu`)];
  for (const book of books) await issueThroughApi(request, { book: book.id, member: reader.id });
});

test('the Book Report shows figures and the copies out; sorting and a filter change the rows and stay in the URL', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/reports/books');
  await expect(page.getByRole('heading', { name: 'Book Report', level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Copies out' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Figures' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Book Report: Copies out' }).locator('tbody tr').first()).toBeVisible();

  // The search narrows to this test's loans.
  await page.getByLabel('Search copies out').fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect.poll(async () => (await tableRows(page)).length).toBe(2);

  // Sorting by title, ascending then descending: the order follows and the URL says so.
  const titleHeader = page.getByRole('columnheader', { name: 'Title' }).getByRole('button');
  await titleHeader.click();
  await expect(page).toHaveURL(/ordering=title(&|$)/);
  await expect.poll(async () => (await tableRows(page)).map((row) => row[1])).toEqual([`${tag} Alpha`, `${tag} Zulu`]);
  await titleHeader.click();
  await expect(page).toHaveURL(/ordering=-title/);
  await expect.poll(async () => (await tableRows(page)).map((row) => row[1])).toEqual([`${tag} Zulu`, `${tag} Alpha`]);

  // A department the books are not in empties the table; their own brings them back.
  const headers = await adminHeaders(request);
  const departments = (await (await request.get(`${API}/member-departments/`, { headers })).json()) as { id: number; name: string }[];
  const own = (await (await request.get(`${API}/admin-departments/`, { headers })).json()) as { id: number }[];
  const other = departments.find((department) => department.id !== own[0]!.id);
  if (other) {
    await page.getByLabel('Department').selectOption(String(other.id));
    await expect(page).toHaveURL(new RegExp(`department=${other.id}`));
    await expect(page.getByText('No rows for these filters')).toBeVisible();
  }
  await page.getByLabel('Department').selectOption(String(own[0]!.id));
  await expect(page).toHaveURL(new RegExp(`department=${own[0]!.id}`));
  await expect.poll(async () => (await tableRows(page)).length).toBe(2);

  // The URL restores it all on a reload.
  await page.reload();
  await expect(page.getByLabel('Department')).toHaveValue(String(own[0]!.id));
  await expect(page.getByLabel('Search copies out')).toHaveValue(tag);
  await expect.poll(async () => (await tableRows(page)).map((row) => row[1])).toEqual([`${tag} Zulu`, `${tag} Alpha`]);

  // Another section: its own table, the range, search and filters kept; the arrow keys move between the tabs.
  await page.getByRole('tab', { name: 'Most borrowed' }).click();
  await expect(page).toHaveURL(/section=most-borrowed/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}.*department=${own[0]!.id}`));
  await expect(page.getByRole('table', { name: 'Book Report: Most borrowed' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Never borrowed' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Never borrowed' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/section=never-borrowed/);
  await expect(page.getByRole('tabpanel')).toContainText('Titles with no loan at all.');
});

test('Print prints the report alone: title, filters in words, figures, chart tables and the rows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await stubPrint(page);
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/reports/books?search=${tag}&ordering=title`);
  await expect.poll(async () => (await tableRows(page)).length).toBe(2);
  await page.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => printCount(page)).toBe(1);
  const copy = page.locator('[data-report-print]');
  await expect(copy).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(copy).toBeVisible();
  await expect(page.locator('[data-sidebar-rail]')).toBeHidden();
  await expect(page.locator('#main')).toBeHidden();
  await expect(copy.getByRole('heading', { name: 'Book Report: Copies out' })).toBeVisible();
  await expect(copy).toContainText(`Search: “${tag}”`);
  await expect(copy).toContainText('Order: Title, ascending');
  await expect(copy).toContainText('Copies out · Showing 1–2 of 2');
  await expect(copy.locator('table').last().locator('tbody tr')).toHaveCount(2);
  await expect(copy.locator('caption').first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('Export CSV downloads the section for the current filters, header row first', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/reports/books?search=${tag}`);
  await expect.poll(async () => (await tableRows(page)).length).toBe(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Copies out as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  expect(header).toMatch(/Title/);
  expect(header!.split(',')).toHaveLength(6);
  expect(lines.filter((line) => line.includes(tag))).toHaveLength(2);
});

test('the Audit Trail shows a book edited through the Book Record, with its before and after', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  const book = books[0]!;
  await page.goto('/dashboard/books/record');
  await page.getByLabel('Search books').fill(book.title);
  await page.getByRole('button', { name: `Edit ${book.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Book' });
  await expect(dialog.getByLabel('Title')).toHaveValue(book.title);
  await fillSteady(dialog.getByLabel('Publisher'), 'Audited Press');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Book updated successfully')).toBeVisible();

  await page.goto('/dashboard/reports/audit?entity=book&range=today');
  const entry = page.getByRole('row').filter({ hasText: `edited the book ${book.title}` }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Publisher');
  await entry.getByRole('button', { name: /View before and after/ }).click();
  const change = page.getByRole('dialog');
  await expect(change.getByRole('table', { name: 'Changed fields' }).getByRole('row', { name: /^Publisher/ })).toContainText('Audited Press');
  await change.getByText('Raw record').click();
  await expect(change.getByRole('region', { name: 'Before' })).toContainText('"publisher": "Desk Test Press"');
  await expect(change.getByRole('region', { name: 'After' })).toContainText('"publisher": "Audited Press"');
  await change.getByRole('button', { name: 'Close' }).first().click();
  await expect(change).toHaveCount(0);
});

test('a manager without view_financial_report is refused the Financial Report, by the page and by the server', async ({ page, request }) => {
  await signInAs(page, DESK);
  await page.goto('/dashboard/reports/financial');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Financial Report', level: 2 })).toHaveCount(0);
  const answer = await request.get(`${API}/reports/financial/summary/`, { headers: await bearerOf(request, DESK) });
  expect(answer.status()).toBe(403);
});

/** The heading each report page shows. */
const REPORT_TITLES = { books: 'Book Report', members: 'Member Report', financial: 'Financial Report', audit: 'Audit Trail' } as const;

test('each report in both themes on a desktop and a phone (screenshots)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  for (const report of ['books', 'members', 'financial', 'audit'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', JSON.stringify(value)), theme);
      for (const [width, height] of [[1280, 900], [390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`/dashboard/reports/${report}`);
        await expect(page.getByRole('list', { name: 'Figures' }).getByRole('listitem').first()).toBeVisible();
        await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
        await page.waitForTimeout(400); // the charts draw after first paint
        // The picture is this report under its own heading, in the theme and the width's layout.
        await expect(page.locator('#main').getByRole('heading', { name: REPORT_TITLES[report] }).first()).toBeVisible();
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('reports', `${report}-${theme}-${width}.png`), fullPage: true });
      }
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
});

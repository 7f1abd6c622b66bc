/**
 * The reports' filters in the browser against the real server: the Department filter kept across
 * the Book Report's tabs and narrowing the table and the CSV; a filter a section does not take
 * shown as not applying, kept in the URL and applied again on its section; a custom start typed
 * in the library's date format kept and carried in ISO; the Notification History's CSV of the
 * filtered log and its Print. Screenshots of a report with a not-applying filter in both themes
 * at 1280 and 390 px go to screenshots/reports/.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { API, adminHeaders } from './support/books';
import { createLendableBook, issueThroughApi, type TestBook } from './support/circulation';
import { DEMO, apiSignIn, printCount, shotPath, signInAs, stubPrint, unique } from './support/helpers';
import { registerActiveMember, type TestMember } from './support/members';
import { expectShotOf } from './support/screens';

const tag = `Flt${unique()}`;
let inDepartment: TestBook;
let elsewhere: TestBook;
let department = 0;
let reader: TestMember;

async function tableTitles(page: Page, name: string): Promise<string[]> {
  const table = page.getByRole('table', { name });
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').trim()));
}

async function csvLines(page: Page, button: string): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  return readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
}

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  const created = await request.post(`${API}/admin-departments/`, { headers, data: { name: `Dept ${tag}` } });
  expect(created.status(), await created.text()).toBe(201);
  department = ((await created.json()) as { id: number }).id;
  reader = await registerActiveMember(request, 'fltreader');
  inDepartment = await createLendableBook(request, `${tag} Inside`, { department });
  elsewhere = await createLendableBook(request, `${tag} Outside`);
  for (const book of [inDepartment, elsewhere]) await issueThroughApi(request, { book: book.id, member: reader.id });
});

test('the Department filter is kept across the Book Report tabs and narrows the table and the CSV', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/reports/books?search=${tag}`);
  await expect.poll(async () => (await tableTitles(page, 'Book Report: Copies out')).length).toBe(2);

  await page.getByLabel('Department').selectOption(String(department));
  await expect(page).toHaveURL(new RegExp(`department=${department}`));
  await expect.poll(async () => (await tableTitles(page, 'Book Report: Copies out')).map((row) => row.includes(inDepartment.title))).toEqual([true]);

  for (const [tab, table] of [['Most borrowed', 'Book Report: Most borrowed'], ['Copies by status', 'Book Report: Copies by status']] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`department=${department}`));
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByLabel('Department')).toHaveValue(String(department));
    await expect(page.getByLabel('Department')).toBeEnabled();
    await expect.poll(async () => (await tableTitles(page, table)).join('|')).toContain(inDepartment.title);
    expect((await tableTitles(page, table)).some((row) => row.includes(elsewhere.title))).toBe(false);
  }

  const lines = await csvLines(page, 'Export Copies by status as CSV');
  expect(lines.filter((line) => line.includes(tag))).toEqual([expect.stringContaining(inDepartment.title)]);
});

test('a filter a section does not take is shown as not applying, kept in the URL and applied again on its section', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await apiSignIn(request, DEMO.admin);
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/reports/financial?section=payments&staff=${admin.id}`);
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`Does not apply to Payments`)).toHaveCount(0);

  await page.getByRole('tab', { name: 'By period' }).click();
  await expect(page).toHaveURL(new RegExp(`staff=${admin.id}`));
  await expect(page.getByText('Does not apply to By period').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Collected by' })).toBeDisabled();
  await expect(page.getByLabel('Search by period')).toBeDisabled();

  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(new RegExp(`staff=${admin.id}`));
  await expect(page.getByRole('combobox', { name: 'Collected by' })).toBeEnabled();
  await expect(page.getByText('Does not apply to', { exact: false })).toHaveCount(0);
});

test('a custom start typed as 11/01/2026 stays 11 January and the URL carries 2026-01-11, also after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/reports/books?section=most-borrowed');
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  await expect(from).toBeVisible();
  await from.fill('');
  await from.pressSequentially('11/01/2026', { delay: 30 });
  await expect(page).toHaveURL(/from=2026-01-11/);
  await expect(from).toHaveValue('11/01/2026');
  await page.getByRole('table', { name: 'Book Report: Most borrowed' }).click();
  await expect(from).toHaveValue('11/01/2026');
  await expect(page.getByLabel('Dates')).toHaveValue('custom');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue('11/01/2026');
  await expect(page).toHaveURL(/from=2026-01-11/);
});

test('Notification History exports the filtered log as CSV and prints it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await stubPrint(page);
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/reports/notifications?member=${reader.id}&channel=email`);
  const table = page.getByRole('table', { name: 'Notification history' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // Counted once the filtered page is what shows (and the reader's mails have all been logged).
  await expect(table.locator('tbody tr').filter({ hasNotText: `@${reader.username}` })).toHaveCount(0);
  await expect(table.locator('tbody tr').filter({ hasNotText: 'E-mail' })).toHaveCount(0);
  const shown = await table.locator('tbody tr').count();
  await page.screenshot({ path: shotPath('reports', 'notification-history-1280.png') });

  const [header, ...lines] = await csvLines(page, 'Export the notification history as CSV');
  expect(header).toBe('When,Member,Username,Member no.,Recipient,Notice,Channel,Status,Attempts,Error');
  expect(lines.length).toBeGreaterThanOrEqual(Math.min(shown, 20));
  for (const line of lines) {
    expect(line).toContain(reader.username);
    expect(line).toContain('E-mail');
  }

  await page.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => printCount(page)).toBe(1);
  const copy = page.locator('[data-report-print]');
  await page.emulateMedia({ media: 'print' });
  await expect(copy).toBeVisible();
  await expect(copy.getByRole('heading', { name: 'Notification History' })).toBeVisible();
  await expect(copy).toContainText('Channel: E-mail');
  await expect(copy).toContainText('Member: ');
  await expect(copy.locator('table tbody tr')).toHaveCount(shown);
  await page.emulateMedia({ media: 'screen' });
});

test('a report with a not-applying filter in both themes on a desktop and a phone (screenshots)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiSignIn(request, DEMO.admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', JSON.stringify(value)), theme);
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/dashboard/reports/financial?staff=${admin.id}&search=desk`);
      await expect(page.getByText('Does not apply to By period').first()).toBeVisible();
      await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
      await page.waitForTimeout(400);
      // The picture is the By period section with the staff and search filters kept but shown as not applying.
      await expect(page.getByRole('tab', { name: 'By period' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('combobox', { name: 'Collected by' })).toBeDisabled();
      await expect(page.getByLabel('Search by period')).toBeDisabled();
      await expectShotOf(page, theme);
      await page.screenshot({ path: shotPath('reports', `not-applying-${theme}-${width}.png`), fullPage: true });
      await page.screenshot({ path: shotPath('reports', `not-applying-${theme}-${width}-filters.png`) });
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
});

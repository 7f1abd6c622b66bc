/**
 * The Book Report's copy sections in the browser against the real server: the accession register
 * lists a new title's copies by accession number with the lent one on loan, and copies by status
 * counts them per status; screenshots of both in both themes at 1280 and 390 px go to
 * screenshots/reports/.
 */
import { expect, test, type Page } from '@playwright/test';
import { createLendableBook, issueThroughApi, type TestBook } from './support/circulation';
import { DEMO, unique, signInAs, shotPath } from './support/helpers';
import { registerActiveMember } from './support/members';
import { expectShotOf } from './support/screens';

const tag = `Acc${unique()}`;
let book: TestBook;

test.beforeAll(async ({ request }) => {
  const reader = await registerActiveMember(request, 'accreader');
  book = await createLendableBook(request, `${tag} Register`, { copies: 3 });
  await issueThroughApi(request, { book: book.id, member: reader.id });
});

/** The rows of a section's table, each row's cells as text. */
async function rows(page: Page, section: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: `Book Report: ${section}` });
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
}

test('the accession register lists a title’s copies by number and copies by status counts them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/reports/books');
  await page.getByRole('tab', { name: 'Accession register' }).click();
  await expect(page).toHaveURL(/section=accession-register/);
  await page.getByLabel('Search accession register').fill(tag);
  await expect.poll(async () => (await rows(page, 'Accession register')).length).toBe(3);
  const register = await rows(page, 'Accession register');
  const numbers = register.map((row) => row[0]!);
  expect([...numbers].sort()).toEqual(numbers);
  expect(register.map((row) => row[1])).toEqual([`${tag} Register`, `${tag} Register`, `${tag} Register`]);
  expect(register.filter((row) => row.includes('On loan'))).toHaveLength(1);
  expect(register.filter((row) => row.includes('Available'))).toHaveLength(2);

  await page.getByRole('tab', { name: 'Copies by status' }).click();
  await page.getByLabel('Search copies by status').fill(tag);
  await expect.poll(async () => (await rows(page, 'Copies by status')).length).toBe(1);
  const [counts] = await rows(page, 'Copies by status');
  // Book, title, author, copies, available, on loan, held, damaged, lost, missing, withdrawn.
  expect(counts!.slice(1)).toEqual([`${tag} Register`, 'Desk Test Author', '3', '2', '1', '0', '0', '0', '0', '0']);
});

test('the copy sections in both themes on a desktop and a phone (screenshots)', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO.admin);
  for (const section of ['accession-register', 'copies-by-status'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', JSON.stringify(value)), theme);
      for (const [width, height] of [[1280, 900], [390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`/dashboard/reports/books?section=${section}&search=${tag}`);
        await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
        await expect(page.getByRole('table', { name: /^Book Report: / }).locator('tbody tr').first()).toBeVisible();
        await page.waitForTimeout(400);
        // The picture is this section found by the title's tag: its three copies by number, or its one line of counts.
        const title = section === 'accession-register' ? 'Accession register' : 'Copies by status';
        await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('table', { name: `Book Report: ${title}` }).locator('tbody tr')).toHaveCount(section === 'accession-register' ? 3 : 1);
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('reports', `books-${section}-${theme}-${width}.png`), fullPage: true });
      }
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
});

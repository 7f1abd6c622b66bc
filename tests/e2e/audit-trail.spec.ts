/**
 * The Audit Trail reads as sentences against the real server: a book issued at the desk reads
 * "Amna Admin issued <title> (<accession number>) to <member>"; a late return opens as a table of
 * the changed fields with their labels and the fine in rupees, the raw record behind a disclosure
 * opened by keyboard. With AUDIT_SHOTS set, screenshots of the trail and the opened entry (dark and
 * light, 1280 and 390 px) go to screenshots/audit/.
 */
import { expect, test, type Page } from '@playwright/test';
import { createLendableBook, memberNumberOf, openLoansOf, type TestBook } from './support/circulation';
import { createBookViaApi, returnLate } from './support/fines';
import { DEMO, shotPath, signInAs } from './support/helpers';
import { registerActiveMember, type TestMember } from './support/members';

const SHOTS = Boolean(process.env.AUDIT_SHOTS);

let member: TestMember;
let book: TestBook;
let lateTitle = '';

test.beforeAll(async ({ request }) => {
  member = await registerActiveMember(request, 'audit');
  book = await createLendableBook(request, `Audit Moby ${member.username}`);
  lateTitle = `Audit Late ${member.username}`;
});

/** Issues the book to the member at the Issue Book dialog by scanning his number and the ISBN. */
async function issueAtDesk(page: Page, number: string): Promise<void> {
  await page.goto('/dashboard/books/issue');
  await page.getByRole('button', { name: 'Issue Book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue Book' });
  await expect(dialog.getByLabel('Scan')).toBeFocused();
  const scan = async (code: string) => {
    await page.keyboard.type(code, { delay: 5 });
    await page.keyboard.press('Enter');
  };
  await scan(number);
  await expect(dialog.getByLabel('Member')).toHaveValue(new RegExp(member.username));
  await expect(dialog.getByLabel('Scan')).toHaveValue('');
  await scan(book.isbn);
  await expect(dialog.getByLabel('Book')).toHaveValue(`${book.title} (${book.id})`);
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog', { name: 'Are you sure you want to issue this book?' }).getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Book Issued Successfully')).toBeVisible();
  await page.keyboard.press('Escape');
}

/** The page in both themes: the whole page, or what the window shows (an open dialog). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.screenshot({ path: shotPath('audit', `${name}-${theme}-${page.viewportSize()?.width}.png`), fullPage });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

test('an issued book reads as a sentence naming the book, its accession number and the member; a change opens as a labelled table', async ({ page, request }) => {
  test.setTimeout(SHOTS ? 240_000 : 120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  await issueAtDesk(page, await memberNumberOf(request, member.username));
  const [loan] = await openLoansOf(request, member.id);
  const accession = loan!.copy!.accession_no;
  // Then a loan returned 7 days late at Rs. 10 a day: a Rs. 70 fine, nothing paid.
  await returnLate(request, member.id, await createBookViaApi(request, lateTitle), 7);

  await page.goto(`/dashboard/reports/audit?range=today&search=${encodeURIComponent(member.name)}`);
  const issued = page.getByRole('row').filter({ hasText: `Amna Admin issued ${book.title} (${accession}) to ${member.name}` });
  await expect(issued).toHaveCount(1);
  const returned = page.getByRole('row').filter({ hasText: `took back ${lateTitle}` });
  await expect(returned).toContainText(`from ${member.name}, fine Rs. 70.00`);
  await expect(returned).toContainText('Changed Status, Returned on');
  if (SHOTS) await shot(page, 'trail');

  // The Action filter names actions in words; choosing one keeps only its entries, and the address carries its code.
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Issued a book' });
  await expect(page).toHaveURL(/action=BOOK_ISSUED/);
  await expect(returned).toHaveCount(0);
  await expect(issued).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Returned a book' });
  await expect(issued).toHaveCount(0);
  await expect(returned).toHaveCount(1);

  await returned.getByRole('button', { name: /View before and after/ }).click();
  const entry = page.getByRole('dialog', { name: /Returned a book/ });
  await expect(entry).toContainText(`took back ${lateTitle}`);
  const changes = entry.getByRole('table', { name: 'Changed fields' });
  await expect(changes.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
  await expect(changes.getByRole('row', { name: /^Fine/ })).toContainText('Rs. 70.00');
  await expect(changes.getByRole('row', { name: /^Status/ })).toContainText('RETURNED');
  await expect(changes.getByRole('rowheader', { name: 'Returned on' })).toBeVisible();
  // The raw record waits behind the disclosure, which opens by keyboard.
  const after = entry.getByRole('region', { name: 'After' });
  await expect(after).toBeHidden();
  await entry.getByText('Raw record').focus();
  await page.keyboard.press('Enter');
  await expect(after).toBeVisible();
  await expect(after).toContainText('"fine": 7000');
  if (SHOTS) await shot(page, 'entry', false);
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: `took back ${lateTitle}` })).toHaveCount(1);
    await shot(page, 'trail');
    await page.getByRole('button', { name: /View before and after/ }).first().click();
    await shot(page, 'entry', false);
    await page.getByRole('dialog').getByText('Raw record').click();
    await shot(page, 'entry-raw', false);
  }
});

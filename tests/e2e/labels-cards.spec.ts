/**
 * Spine labels and member cards against the real server (no mocks): labels for a book's copies and
 * for a range of accession numbers, a member's card opened from his profile, and the print preview
 * (print media emulated: only the sheets show, at A4 size). Screenshots (dark and light, 1280 and
 * 390 px, and the print views) go to screenshots/labels-cards/ (not committed).
 */
import { expect, test, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { createLendableBook, memberNumberOf } from './support/circulation';
import { DEMO, apiSignIn, shotPath, signInAs, unique } from './support/helpers';

async function accessionNumbersOf(page: Page, bookId: number): Promise<string[]> {
  const answer = await page.request.get(`${API}/books/books/${bookId}/copies/`, { headers: await adminHeaders(page.request) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { results: { accession_no: string }[] }).results.map((copy) => copy.accession_no);
}

async function pickBook(page: Page, title: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Book' });
  const choice = page.getByRole('option', { name: new RegExp(title) });
  await expect(async () => {
    await field.click();
    await field.fill(title);
    await expect(choice).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await choice.click();
}

/** The print view: only the sheets show, each an A4 page (794 × 1123 CSS px). */
async function expectPrintView(page: Page, file: string): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  const sheets = page.locator('[data-sheets-print] > div');
  await expect(sheets.first()).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  const box = await sheets.first().boundingBox();
  expect(Math.round(box!.width)).toBe(794);
  expect(Math.round(box!.height)).toBe(1123);
  await page.screenshot({ path: shotPath('labels-cards', file), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
}

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      // The preview fits its zoom to the new width a frame after the resize.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${name} at ${width} px scrolls sideways` }).toBeLessThanOrEqual(0);
      await page.screenshot({ path: shotPath('labels-cards', `${name}-${theme}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("spine labels for a book's copies and for a range of accession numbers, previewed and printed on the sheet", async ({ page }) => {
  test.setTimeout(120_000);
  const book = await createLendableBook(page.request, `Label Title ${unique()}`, { copies: 3 });
  const accessions = await accessionNumbersOf(page, book.id);
  expect(accessions).toHaveLength(3);
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/books/labels');

  // Preview without a book says what is missing.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Choose a book.')).toBeVisible();

  await pickBook(page, book.title);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Label sheet preview' });
  await expect(page.getByText('3 labels on 1 sheet')).toBeVisible();
  for (const accession of accessions) await expect(preview.getByRole('img', { name: `Barcode ${accession}` })).toBeVisible();
  await expect(preview.getByText('D-1').first()).toBeVisible();
  await shots(page, 'labels-book');
  await expectPrintView(page, 'labels-book-print.png');

  // A range of two accession numbers, starting at the fifth label of a used sheet.
  await page.getByRole('radio', { name: 'Accession numbers from … to' }).check();
  await page.getByRole('textbox', { name: 'From accession number' }).fill(accessions[0]!);
  await page.getByRole('textbox', { name: 'To accession number' }).fill(accessions[1]!);
  await page.getByRole('spinbutton', { name: 'Start at label' }).fill('5');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('2 labels on 1 sheet')).toBeVisible();
  await expect(preview.getByRole('img', { name: `Barcode ${accessions[1]}` })).toBeVisible();
  await expect(preview.getByRole('img', { name: `Barcode ${accessions[2]}` })).toHaveCount(0);
  // Label 5 of the 3 × 8 sheet: second row, middle column (70 mm across, 0.5 + 37 mm down).
  const first = page.locator('[data-sheets-print] > div').first().locator('> div').first();
  await expect(first).toHaveAttribute('style', /left: 70mm; top: 37\.5mm/);
  await expectPrintView(page, 'labels-range-print.png');
});

test("a member's card opened from his profile, eight to a sheet, and its print preview", async ({ page }) => {
  test.setTimeout(120_000);
  const { id } = await apiSignIn(page.request, 'member');
  const memberNo = await memberNumberOf(page.request, DEMO.member.username);
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/member/profile-view/${id}`);
  await page.getByRole('link', { name: 'Print card' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/members/cards/?\\?member=${id}`));
  await expect(page.getByRole('list', { name: 'Chosen members' })).toContainText(DEMO.member.username);
  const preview = page.getByRole('region', { name: 'Card sheet preview' });
  await expect(preview.getByRole('img', { name: `Barcode ${memberNo}` })).toBeVisible();
  await expect(page.getByText('1 card on 1 sheet')).toBeVisible();
  await expect(preview.getByText(memberNo)).toBeVisible();

  await page.getByRole('radio', { name: '8 a sheet' }).check();
  await page.getByRole('spinbutton', { name: 'Start at card' }).fill('2');
  const card = page.locator('[data-sheets-print] > div').first().locator('> div').first();
  await expect(card).toHaveAttribute('style', /top: 28\.5mm/);
  await shots(page, 'cards-member');
  await expectPrintView(page, 'cards-print.png');

  // Removing the member leaves nothing to print; Preview asks for a member.
  await page.getByRole('button', { name: new RegExp(`^Remove .*${DEMO.member.username}`) }).click();
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Add at least one member.')).toBeVisible();
});

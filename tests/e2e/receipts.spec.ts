/**
 * Receipts that add up, against the real server: a Rs. 70 fine paid in two parts (Rs. 20 with a
 * Rs. 10 discount, then Rs. 25); the second receipt names the Rs. 30 taken off earlier and the
 * Rs. 15 remaining; the first, reopened afterwards from the Financial Report's payments, the staff
 * view of the member and the member's own Fines page, still shows its own figures, and prints.
 * With RECEIPT_SHOTS set, screenshots of the receipt (dark and light, 1280 and 390 px) go to
 * screenshots/receipts/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, printCount, shotPath, signInAs, stubPrint } from './support/helpers';
import { createBookViaApi, returnLate } from './support/fines';
import { registerActiveMember, type TestMember } from './support/members';

const SHOTS = Boolean(process.env.RECEIPT_SHOTS);

let member: TestMember;
let title = '';

test.beforeAll(async ({ request }) => {
  member = await registerActiveMember(request, 'receipt');
  title = `Receipt Atlas ${member.username}`;
  // 7 days late at Rs. 10 a day: a Rs. 70 fine.
  await returnLate(request, member.id, await createBookViaApi(request, title), 7);
});

/** Collects on the member's fine from the Fines page; answers the receipt dialog. */
async function collect(page: Page, cash: string, discount?: { amount: string; reason: string }): Promise<Locator> {
  await page.goto(`/dashboard/books/fines?search=${member.username}`);
  const rows = page.getByRole('table', { name: 'Pending fines' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /Collect fines from/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Collect fines' });
  await dialog.getByRole('checkbox', { name: /Full payment/ }).uncheck();
  await dialog.getByLabel('Amount received (Rs.)').fill(cash);
  if (discount) {
    await dialog.getByLabel('Discount (Rs.)').fill(discount.amount);
    await dialog.getByLabel('Reason for the discount').fill(discount.reason);
  }
  await dialog.getByRole('button', { name: 'Collect', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Collect fines?' }).getByRole('button', { name: 'Yes, collect' }).click();
  const receipt = page.getByRole('dialog', { name: /^Receipt R-/ });
  await expect(receipt.getByTestId('receipt-number')).toHaveText(/^R-\d{8}-\d{6}$/);
  return receipt;
}

/** The receipt's line for the fine, as its cells' text. */
async function lineOf(receipt: Locator): Promise<string[]> {
  const row = receipt.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  return row.locator('th, td').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
}

async function shot(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.screenshot({ path: shotPath('receipts', `${name}-${theme}-${page.viewportSize()?.width}.png`), fullPage: true });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

test('a fine paid in two parts: each receipt adds up, and the first reopens and prints from the report and the member\'s fines', async ({ page, browser }) => {
  test.setTimeout(SHOTS ? 240_000 : 120_000);
  await stubPrint(page);
  await signInAs(page, DEMO.admin);

  const first = await collect(page, '20', { amount: '10', reason: 'First time late' });
  const firstNo = (await first.getByTestId('receipt-number').textContent())!;
  expect(await lineOf(first)).toEqual([expect.stringContaining(title), 'Rs. 70.00', 'Rs. 0.00', 'Rs. 20.00', 'Rs. 10.00', 'Rs. 40.00']);
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();

  const second = await collect(page, '25');
  const secondNo = (await second.getByTestId('receipt-number').textContent())!;
  expect(secondNo).not.toBe(firstNo);
  await expect(second.getByRole('columnheader')).toHaveText(['Charge', 'Amount', 'Taken off earlier', 'Cash', 'Remaining']);
  const line = await lineOf(second);
  expect(line.slice(1)).toEqual(['Rs. 70.00', 'Rs. 30.00 paid Rs. 20.00, discount Rs. 10.00', 'Rs. 25.00', 'Rs. 15.00']);
  await expect(second.getByTestId('receipt-remaining')).toHaveText('Rs. 15.00');
  // "Collected by" names the staff member, not his username.
  await expect(second.getByRole('term').filter({ hasText: 'Collected by' }).locator('+ dd')).toHaveText('Amna Admin');
  if (SHOTS) await shot(page, 'receipt-second');
  await page.keyboard.press('Escape');

  // The Financial Report's payments: the first receipt reopens from its number, its own figures kept.
  await page.goto(`/dashboard/reports/financial?section=payments&search=${firstNo}`);
  const reopen = page.getByRole('button', { name: `Receipt ${firstNo}` });
  await reopen.click();
  const fromReport = page.getByRole('dialog', { name: `Receipt ${firstNo}` });
  expect((await lineOf(fromReport)).slice(1)).toEqual(['Rs. 70.00', 'Rs. 0.00', 'Rs. 20.00', 'Rs. 10.00', 'Rs. 40.00']);
  await expect(fromReport.getByTestId('receipt-discount-reason')).toHaveText('First time late');
  await fromReport.getByRole('button', { name: 'Print' }).click();
  expect(await printCount(page)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(fromReport).toBeHidden();
  await expect(reopen).toBeFocused();

  // The staff view of the member: the fine lists both receipts.
  await page.goto(`/dashboard/member/profile-view/${member.id}`);
  const fineRow = page.getByRole('table', { name: 'Fines per book' }).getByRole('row', { name: new RegExp(title) });
  await expect(fineRow.getByRole('button', { name: /^Receipt R-/ })).toHaveCount(2);
  await fineRow.getByRole('button', { name: `Receipt ${secondNo}` }).click();
  expect((await lineOf(page.getByRole('dialog', { name: `Receipt ${secondNo}` }))).at(-1)).toBe('Rs. 15.00');
  await page.keyboard.press('Escape');

  // The member's own Fines page: his fine's first receipt, read and printed.
  const memberPage = await (await browser.newContext()).newPage();
  await stubPrint(memberPage);
  await signInAs(memberPage, member);
  await memberPage.goto('/dashboard/member/fines');
  const ownRow = memberPage.getByRole('table', { name: 'Fines per book' }).getByRole('row', { name: new RegExp(title) });
  await ownRow.getByRole('button', { name: `Receipt ${firstNo}` }).click();
  const own = memberPage.getByRole('dialog', { name: `Receipt ${firstNo}` });
  expect((await lineOf(own)).slice(1)).toEqual(['Rs. 70.00', 'Rs. 0.00', 'Rs. 20.00', 'Rs. 10.00', 'Rs. 40.00']);
  await own.getByRole('button', { name: 'Print' }).click();
  expect(await printCount(memberPage)).toBe(1);
  if (SHOTS) {
    await shot(memberPage, 'receipt-first');
    await memberPage.setViewportSize({ width: 390, height: 844 });
    await shot(memberPage, 'receipt-first');
    await memberPage.keyboard.press('Escape');
    await shot(memberPage, 'member-fines');
    await memberPage.setViewportSize({ width: 1280, height: 900 });
    await ownRow.getByRole('button', { name: `Receipt ${secondNo}` }).click();
    await expect(memberPage.getByRole('dialog', { name: `Receipt ${secondNo}` }).getByTestId('receipt-remaining')).toBeVisible();
    // What Print puts on paper: the receipt alone.
    await memberPage.emulateMedia({ media: 'print' });
    await memberPage.screenshot({ path: shotPath('receipts', 'receipt-print-a4.png'), fullPage: true });
  }
});

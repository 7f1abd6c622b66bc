/**
 * Fines: staff collect part of two late-return fines with a discount and its reason; the receipt
 * shows the right figures and a number; the member sees his fines and the payment; Enter in the
 * Collect fines confirmation collects; member names link to profiles only for staff who may open
 * them. The fines come
 * from real late returns through the desk API. With FINES_SHOTS set, screenshots of the screens
 * (dark and light, 1280 and 390 px wide) go to screenshots/fines/.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInAs, shotPath } from './support/helpers';
import { createBookViaApi, returnLate } from './support/fines';
import { registerActiveMember, type TestMember } from './support/members';
import { registerStaffWith } from './support/staff';
import { expectDashboardLayout, expectTheme } from './support/screens';

/** Screenshots are taken only when FINES_SHOTS is set (they slow the run down). */
const SHOTS = Boolean(process.env.FINES_SHOTS);
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await expectTheme(page, theme);
    await page.screenshot({ path: shotPath('fines', `${name}-${theme}-${page.viewportSize()?.width}.png`), fullPage: true });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

let member: TestMember;

test.beforeAll(async ({ request }) => {
  member = await registerActiveMember(request, 'fined');
  // Rs. 50 (5 days late, returned first: the older fine) and Rs. 30 (3 days late).
  await returnLate(request, member.id, await createBookViaApi(request, `Overdue Atlas ${member.username}`), 5);
  await returnLate(request, member.id, await createBookViaApi(request, `Overdue Botany ${member.username}`), 3);
});

test('staff collect a partial payment with a discount; the receipt and the member\'s Fines page show it', async ({ page, browser }) => {
  // Each screenshot pair takes seconds on a busy machine.
  if (SHOTS) test.setTimeout(120_000);
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/books/fines');
  await page.getByLabel('Search fines').fill(member.username);
  const rows = page.getByRole('table', { name: 'Pending fines' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Overdue Atlas');
  await shot(page, 'fines-page');

  await rows.first().getByRole('button', { name: /Collect fines from/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Collect fines' });
  await expect(dialog.getByRole('checkbox', { name: /Overdue Atlas/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Overdue Botany/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /Full payment/ }).uncheck();
  await dialog.getByLabel('Amount received (Rs.)').fill('40');
  await dialog.getByLabel('Discount (Rs.)').fill('20');
  await dialog.getByLabel('Reason for the discount').fill('First offence');
  // Discount 20 on the older Rs. 50 fine, then cash 40: 30 of it there, 10 on the Rs. 30 fine; Rs. 20 remains.
  await expect(dialog.getByTestId('preview-remaining')).toHaveText('Rs. 20.00');
  await expect(dialog.getByTestId('preview-cash')).toHaveText('Rs. 40.00');
  await shot(page, 'collect-dialog');
  await dialog.getByRole('button', { name: 'Collect', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Collect fines?' }).getByRole('button', { name: 'Yes, collect' }).click();

  const receipt = page.getByRole('dialog', { name: /^Receipt R-/ });
  await expect(receipt.getByTestId('receipt-number')).toHaveText(/^R-\d{8}-\d{6}$/);
  await expect(receipt.getByTestId('receipt-cash')).toHaveText('Rs. 40.00');
  await expect(receipt.getByTestId('receipt-discount')).toHaveText('Rs. 20.00');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('Rs. 60.00');
  await expect(receipt).toContainText('First offence');
  await expect(receipt.getByRole('row', { name: /Overdue Atlas/ })).toContainText('Rs. 30.00');
  await expect(receipt.getByRole('row', { name: /Overdue Botany/ })).toContainText('Rs. 20.00');
  const receiptNo = (await receipt.getByTestId('receipt-number').textContent())!;
  await shot(page, 'receipt');
  if (SHOTS) {
    // What Print puts on paper: only the receipt.
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: shotPath('fines', `receipt-print-a4.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await receipt.getByLabel('Paper').selectOption('roll');
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: shotPath('fines', `receipt-print-roll.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  }
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  // Only the Rs. 30 fine still owes (Rs. 20).
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Rs. 20.00');

  const memberPage = await (await browser.newContext()).newPage();
  await signInAs(memberPage, member);
  await memberPage.goto('/dashboard/member/fines');
  await expect(memberPage.getByRole('table', { name: 'Fines per book' }).getByRole('row', { name: /Overdue Botany/ })).toContainText('Rs. 20.00');
  await expect(memberPage.getByTestId('fines-remaining-total')).toHaveText('Rs. 20.00');
  const payment = memberPage.getByRole('table', { name: 'Payments' }).getByRole('row', { name: new RegExp(receiptNo) });
  await expect(payment).toContainText('Rs. 60.00');
  await shot(memberPage, 'member-fines');
  await payment.getByRole('button', { name: `View receipt ${receiptNo}` }).click();
  await expect(memberPage.getByRole('dialog', { name: `Receipt ${receiptNo}` }).getByTestId('receipt-total')).toHaveText('Rs. 60.00');
});

test('Enter in the Collect fines confirmation collects the payment', async ({ page, request }) => {
  const payer = await registerActiveMember(request, 'enter');
  await returnLate(request, payer.id, await createBookViaApi(request, `Overdue Cartography ${payer.username}`), 2);
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/books/fines');
  await page.getByLabel('Search fines').fill(payer.username);
  const rows = page.getByRole('table', { name: 'Pending fines' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /Collect fines from/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Collect fines' });
  await expect(dialog.getByTestId('preview-cash')).toHaveText('Rs. 20.00');
  await dialog.getByRole('button', { name: 'Collect', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Collect fines?' });
  await expect(confirm.getByRole('button', { name: 'Yes, collect' })).toBeFocused();
  await page.keyboard.press('Enter');
  const receipt = page.getByRole('dialog', { name: /^Receipt R-/ });
  await expect(receipt.getByTestId('receipt-cash')).toHaveText('Rs. 20.00');
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  await expect(page.getByRole('table', { name: 'Pending fines' })).not.toContainText('Overdue Cartography');
});

test('staff who may not open member profiles see member names on the Fines page as text, not links', async ({ page, request }) => {
  const cashier = await registerStaffWith(request, 'cashier', ['view_dashboard_summary', 'view_fine', 'change_fine']);
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/books/fines?search=${member.username}`);
  const table = page.getByRole('table', { name: 'Pending fines' });
  await expect(table.getByRole('link', { name: member.name }).first()).toHaveAttribute('href', `/dashboard/member/profile-view/${member.id}`);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, cashier);
  await page.goto(`/dashboard/books/fines?search=${member.username}`);
  await expect(table.getByRole('rowheader').first()).toContainText(member.name);
  await expect(table.getByRole('button', { name: `Collect fines from ${member.name}` }).first()).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(0);
});

test('screenshots at phone width', async ({ page }) => {
  test.skip(!SHOTS, 'screenshots only with FINES_SHOTS');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/books/fines');
  await page.getByLabel('Search fines').fill(member.username);
  await expect(page.getByText('Overdue Botany').first()).toBeVisible();
  // The fines page on a phone: the member's fines found, the sidebar a rail, nothing wider than the screen.
  await expect(page.getByLabel('Search fines')).toHaveValue(member.username);
  await expect(page.getByRole('button', { name: /Collect fines from/ }).first()).toBeVisible();
  await expectDashboardLayout(page);
  await shot(page, 'fines-page');
  await page.getByRole('button', { name: /Collect fines from/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Collect fines' });
  await expect(dialog.getByTestId('preview-remaining')).toBeVisible();
  // The dialog's picture: the member's name, the full-payment choice and the Collect button, on screen.
  await expect(dialog).toContainText(member.name);
  await expect(dialog.getByRole('checkbox', { name: /Full payment/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Collect', exact: true })).toBeVisible();
  await expect(dialog).toBeInViewport();
  await shot(page, 'collect-dialog');
});

/**
 * The desk's settings and typed charges against the real API: Book Settings keeps a block amount,
 * a weekly closing day and a holiday after a reload (bad input refused under its field, nothing
 * lost); a plan takes an overdue fine cap per loan; on the Fines page staff add a manual charge to
 * a member and cancel it with a reason (the row names the charge's type and then shows Cancelled),
 * and the Financial Report adds it up by fee type. Screenshots of Book Settings' new panels, the
 * Fines page with typed charges and the report (dark and light, 1280 and 390 px) go to
 * screenshots/desk-settings/.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, shotPath, signInAs, unique } from './support/helpers';
import { createBookViaApi, returnLate } from './support/fines';
import { registerActiveMember } from './support/members';
import { libraryDateFormatOf, typedDate } from './support/circulation';

const panel = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

async function shots(page: Page, name: string, target?: () => ReturnType<Page['locator']>): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    const path = shotPath('desk-settings', `${name}-${theme}-${page.viewportSize()?.width}.png`);
    if (target) await target().screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

async function openBookSettings(page: Page): Promise<void> {
  await page.goto('/dashboard/settings/books');
  await expect(page.getByRole('heading', { level: 2, name: 'Book Settings' })).toBeVisible();
}

test('Book Settings keeps a block amount, a closing day and a holiday after a reload', async ({ page, request }) => {
  const dates = await libraryDateFormatOf(request);
  test.setTimeout(120_000);
  await signInAs(page, DEMO.admin);
  await openBookSettings(page);

  const blocks = panel(page, 'Blocks');
  const finesOver = blocks.getByLabel('Block when fines owed are over (Rs.)');
  await expect(finesOver).toHaveValue('0.00');
  await expect(blocks).toContainText('The loan limit and an account that is not active always block.');
  // Bad input is refused under its field and kept as typed.
  await finesOver.fill('12.345');
  await blocks.getByLabel('Block when overdue loans are more than').fill('two');
  await blocks.getByRole('button', { name: 'Save blocks' }).click();
  await expect(blocks.getByText('Ensure that there are no more than 2 decimal places.')).toBeVisible();
  await expect(blocks.getByText('Overdue loans must be a whole number.')).toBeVisible();
  await expect(finesOver).toHaveValue('12.345');
  await finesOver.fill('500');
  await blocks.getByLabel('Block when overdue loans are more than').fill('3');
  await blocks.getByRole('button', { name: 'Save blocks' }).click();
  await expect(page.getByText('Library settings updated successfully.').first()).toBeVisible();
  await expect(finesOver).toHaveValue('500.00');

  const calendar = panel(page, 'Calendar');
  const sunday = calendar.getByRole('checkbox', { name: 'Sunday' });
  await expect(sunday).not.toBeChecked();
  await sunday.check();
  await calendar.getByRole('button', { name: 'Save calendar' }).click();
  await expect(calendar.getByRole('button', { name: 'Reset' })).toHaveCount(0);

  const holidays = panel(page, 'Holidays');
  const name = `Founders' Day ${unique()}`;
  await holidays.getByRole('button', { name: 'Add holiday' }).click();
  await expect(holidays.getByText('Choose a date.')).toBeVisible();
  await holidays.getByLabel('Holiday date').fill(typedDate('2027-01-26', dates));
  await holidays.getByLabel('Holiday name').fill(name);
  await holidays.getByRole('button', { name: 'Add holiday' }).click();
  await expect(holidays.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(holidays.getByLabel('Holiday name')).toHaveValue('');

  await page.reload();
  await expect(panel(page, 'Blocks').getByLabel('Block when fines owed are over (Rs.)')).toHaveValue('500.00');
  await expect(panel(page, 'Blocks').getByLabel('Block when overdue loans are more than')).toHaveValue('3');
  await expect(panel(page, 'Calendar').getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await expect(panel(page, 'Holidays').getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(panel(page, 'Lost copies').getByLabel('When a lost copy is found again')).toBeVisible();

  await page.getByRole('heading', { level: 2, name: 'Blocks', exact: true }).scrollIntoViewIfNeeded();
  for (const title of ['Blocks', 'Lost copies', 'Calendar', 'Holidays']) await shots(page, `book-settings-${title.toLowerCase().replace(/ /g, '-')}`, () => panel(page, title));
  await page.setViewportSize({ width: 390, height: 844 });
  for (const title of ['Blocks', 'Calendar', 'Holidays']) await shots(page, `book-settings-${title.toLowerCase()}`, () => panel(page, title));
  await page.setViewportSize({ width: 1280, height: 800 });

  // Put the library back as it was for the other tests: open on Sundays, no block, the holiday removed.
  await panel(page, 'Calendar').getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await panel(page, 'Calendar').getByRole('button', { name: 'Save calendar' }).click();
  await expect(panel(page, 'Calendar').getByRole('button', { name: 'Reset' })).toHaveCount(0);
  await panel(page, 'Blocks').getByLabel('Block when fines owed are over (Rs.)').fill('0');
  await panel(page, 'Blocks').getByLabel('Block when overdue loans are more than').fill('');
  await panel(page, 'Blocks').getByRole('button', { name: 'Save blocks' }).click();
  await expect(panel(page, 'Blocks').getByLabel('Block when fines owed are over (Rs.)')).toHaveValue('0.00');
  await panel(page, 'Holidays').getByRole('button', { name: `Remove the holiday ${name}` }).click();
  await expect(panel(page, 'Holidays').getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
});

test('staff add a manual charge on the Fines page and cancel it with a reason', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await registerActiveMember(request, 'charged');
  // An overdue fine beside the manual charge, so the page shows two types.
  await returnLate(request, member.id, await createBookViaApi(request, `Overdue Atlas ${member.username}`), 2);
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/books/fines');

  await page.getByRole('button', { name: 'Add a charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a charge' });
  await dialog.getByRole('button', { name: 'Add charge' }).click();
  await expect(dialog.getByText('Choose a member.')).toBeVisible();
  await expect(dialog.getByText('Say what the charge is for.')).toBeVisible();
  await dialog.getByLabel('Member').fill(member.username);
  await dialog.getByRole('option', { name: new RegExp(member.username) }).click();
  await dialog.getByLabel('Type').selectOption({ label: 'Other charge' });
  await dialog.getByLabel('Amount (Rs.)').fill('75');
  await dialog.getByLabel('Note').fill('Replacement library card');
  await dialog.getByRole('button', { name: 'Add charge' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Other charge of Rs\. 75\.00 charged to/)).toBeVisible();

  await page.getByLabel('Search fines').fill(member.username);
  const table = page.getByRole('table', { name: 'Pending fines' });
  const manual = table.getByRole('row').filter({ hasText: 'Replacement library card' });
  await expect(manual).toContainText('Other charge');
  await expect(table.getByRole('row').filter({ hasText: `Overdue Atlas ${member.username}` })).toContainText('Overdue fine');
  await shots(page, 'fines-typed-charges');

  // Opened again, the dialog starts empty.
  await page.getByRole('button', { name: 'Add a charge' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a charge' }).getByLabel('Note')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add a charge' })).toBeHidden();

  await manual.getByRole('button', { name: /^Cancel charge/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel charge' });
  await cancel.getByRole('button', { name: 'Cancel charge' }).click();
  await expect(cancel.getByText('Give a reason.')).toBeVisible();
  await cancel.getByLabel('Reason').fill('Card found by the member');
  await cancel.getByRole('button', { name: 'Cancel charge' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText('Charge cancelled (Rs. 75.00)')).toBeVisible();
  await expect(manual).toContainText('Cancelled');
  await expect(manual).toContainText('Card found by the member');
  await expect(manual.getByRole('button', { name: /^Cancel charge/ })).toHaveCount(0);
  await shots(page, 'fines-cancelled-charge');
  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'fines-cancelled-charge');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The Financial Report adds the charges up by fee type: the cancelled Rs. 75.00 under Other charge.
  await page.goto('/dashboard/reports/financial?section=fee-types&range=last-7');
  await expect(page.getByRole('tab', { name: 'By fee type' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: 'Other charge' }).first()).toContainText('Rs. 75.00');
  await shots(page, 'financial-by-fee-type');
});

test("a plan's overdue fine cap per loan is refused when negative, kept, shown in the table and cleared", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/members/plan');
  const name = `Capped ${unique()}`;
  await page.getByRole('button', { name: 'Add plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add plan' });
  await dialog.getByLabel('Plan name').fill(name);
  await dialog.getByLabel('Overdue fine cap per loan (Rs.)').fill('-5');
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(dialog.getByText('Overdue fine cap cannot be negative.')).toBeVisible();
  await expect(dialog.getByLabel('Plan name')).toHaveValue(name);
  await dialog.getByLabel('Overdue fine cap per loan (Rs.)').fill('100');
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}$`) }) });
  await expect(row).toContainText('Rs. 100.00');

  await page.reload();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit plan “${name}”` });
  await expect(edit.getByLabel('Overdue fine cap per loan (Rs.)')).toHaveValue('100.00');
  await edit.getByLabel('Overdue fine cap per loan (Rs.)').fill('');
  await edit.getByRole('button', { name: 'Save plan' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('None');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete plan' }).click();
  await expect(row).toHaveCount(0);
});

/**
 * Member settings against the real API: a membership plan goes through add / edit / delete, a plan
 * in use and the default plan cannot be deleted (the server's reason is shown), the member picker
 * finds a member by name and by e-mail and moves them between plans, an academic session goes
 * through add / rename / delete in Book Settings, and a page whose permissions cannot be re-read
 * says 'Error Fetching User Permissions'. Screenshots of the plan page and the sessions panel
 * (dark and light, 1280 and 390 px) go to screenshots/member-settings/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { unique, signInAs, shotPath } from './support/helpers';

async function openPlans(page: Page): Promise<void> {
  await page.goto('/dashboard/members/plan');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Standard' })).toBeVisible();
}

async function screenshots(page: Page, name: string, target?: Locator): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const path = shotPath('member-settings', `${name}-${theme}-${width}.png`);
      if (target) await target.screenshot({ path });
      else await page.screenshot({ path, fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

const planRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}( Default)?$`) }) });

test('the admin adds, edits and deletes a membership plan', async ({ page }) => {
  await signInAs(page, 'admin');
  await openPlans(page);
  const name = `Student ${unique()}`;

  await page.getByRole('button', { name: 'Add plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add plan' });
  await dialog.getByLabel('Plan name').fill(name);
  await dialog.getByLabel('Loan limit (books)').fill('0');
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(dialog.getByText('Loan limit must be at least 1.')).toBeVisible();
  await page.screenshot({ path: shotPath('member-settings', 'plan-form-invalid-dark-1280.png') });
  await dialog.getByLabel('Loan limit (books)').fill('4');
  await dialog.getByLabel('Fine per day (Rs.)').fill('7.5');
  await dialog.getByLabel('Fee (Rs.)').fill('1,250');
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByText(`Plan “${name}” added`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = planRow(page, name);
  await expect(row).toContainText('4 books');
  await expect(row).toContainText('Rs. 7.50');
  await expect(row).toContainText('Rs. 1,250.00');
  await expect(row).toContainText('Book settings');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit plan “${name}”` });
  await expect(edit.getByLabel('Fee (Rs.)')).toHaveValue('1250.00');
  await edit.getByLabel('Loan limit (books)').fill('6');
  await edit.getByLabel('Loan period (days)').fill('21');
  await edit.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText(`Plan “${name}” updated`)).toBeVisible();
  await expect(planRow(page, name)).toContainText('6 books');
  await expect(planRow(page, name)).toContainText('21 days');
  await page.reload();
  await expect(planRow(page, name)).toContainText('6 books');

  await planRow(page, name).getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete plan' }).click();
  await expect(page.getByText(`Plan “${name}” deleted`)).toBeVisible();
  await expect(planRow(page, name)).toHaveCount(0);
});

test('a plan members are on and the default plan cannot be deleted; the server says why', async ({ page }) => {
  await signInAs(page, 'admin');
  await openPlans(page);
  await screenshots(page, 'plans');

  await planRow(page, 'Faculty').getByRole('button', { name: 'Delete Faculty' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete plan' }).click();
  await expect(confirm.getByText(/^This plan is used by \d+ members?\.$/)).toBeVisible();
  await page.screenshot({ path: shotPath('member-settings', 'plan-delete-refused-dark-1280.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  await planRow(page, 'Standard').getByRole('button', { name: 'Delete Standard' }).click();
  await confirm.getByRole('button', { name: 'Delete plan' }).click();
  await expect(confirm.getByText('The default plan cannot be deleted; make another plan the default first.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(planRow(page, 'Faculty')).toBeVisible();
  await expect(planRow(page, 'Standard')).toBeVisible();
});

test('the member picker finds a member by name and by e-mail, and moves them to another plan', async ({ page }) => {
  await signInAs(page, 'admin');
  await openPlans(page);
  const picker = page.getByRole('combobox', { name: 'Member' });

  await picker.fill('Hamza');
  const hamza = page.getByRole('option', { name: /Hamza Malik \(hamza\.malik\)/ });
  await expect(hamza).toContainText('hamza.malik@example.com');
  await hamza.click();
  await expect(page.getByRole('status').filter({ hasText: 'Hamza Malik (hamza.malik) is on Standard.' })).toBeVisible();

  // By e-mail, chosen with the keyboard.
  await picker.fill('fatima.qureshi@example');
  await expect(page.getByRole('option', { name: /Fatima Qureshi \(fatima\.qureshi\)/ })).toBeVisible();
  await picker.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Fatima Qureshi (fatima.qureshi) is on Faculty.' })).toBeVisible();

  await picker.fill('nobody-matches-this');
  await expect(page.getByText('No members match “nobody-matches-this”.')).toBeVisible();
  await screenshots(page, 'member-picker-empty', page.locator('section').filter({ has: page.getByRole('heading', { name: "A member's plan" }) }));
  await picker.press('Escape');

  // Move Hamza to Faculty and back: the table's member count follows.
  await picker.fill('hamza.malik');
  await page.getByRole('option', { name: /hamza\.malik/ }).click();
  const faculty = planRow(page, 'Faculty');
  const before = Number((await faculty.getByRole('cell').nth(5).innerText()).replace(/,/g, ''));
  await page.getByLabel('Move hamza.malik to').selectOption({ label: 'Faculty' });
  await page.getByRole('button', { name: 'Move to plan' }).click();
  await expect(page.getByText('hamza.malik moved to Faculty')).toBeVisible();
  await expect(faculty.getByRole('cell').nth(5)).toHaveText(String(before + 1));
  await page.getByLabel('Move hamza.malik to').selectOption({ label: 'Standard' });
  await page.getByRole('button', { name: 'Move to plan' }).click();
  await expect(page.getByText('hamza.malik moved to Standard')).toBeVisible();
  await expect(faculty.getByRole('cell').nth(5)).toHaveText(String(before));
});

test('an academic session is added, renamed and deleted in Book Settings', async ({ page }) => {
  // Book Settings loads every settings panel at once; a loaded CI machine needs more than the default 30 s.
  test.setTimeout(60_000);
  await signInAs(page, 'admin');
  await page.goto('/dashboard/settings/books');
  const sessions = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: /^Sessions/ }) });
  await expect(sessions.getByRole('list')).toBeVisible();
  const year = 2100 + Math.floor(Math.random() * 800);
  const name = `${year}-${year + 4}`;
  const renamed = `${year}-${year + 5}`;

  await sessions.getByLabel('New session').fill(name);
  await sessions.getByRole('button', { name: 'Add session' }).click();
  await expect(page.getByText(`Session “${name}” added`)).toBeVisible();
  await expect(sessions.getByRole('listitem').filter({ hasText: name })).toBeVisible();

  await sessions.getByLabel('New session').fill(name);
  await sessions.getByRole('button', { name: 'Add session' }).click();
  await expect(sessions.getByText(`“${name}” already exists.`)).toBeVisible();
  await sessions.getByLabel('New session').fill('');
  await expect(page.getByText(`Session “${name}” added`)).toHaveCount(0);
  await screenshots(page, 'sessions', sessions);

  await sessions.getByRole('button', { name: `Rename ${name}` }).click();
  await sessions.getByLabel(`New name for ${name}`).fill(renamed);
  await sessions.getByLabel(`New name for ${name}`).press('Enter');
  await expect(page.getByText(`Session “${renamed}” updated`)).toBeVisible();

  await sessions.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('A session still used by members cannot be deleted.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Session “${renamed}” deleted`)).toBeVisible();
  await expect(sessions.getByRole('listitem').filter({ hasText: renamed })).toHaveCount(0);
});

test('a page whose user permissions cannot be re-read says so', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.route('**/users/*/permissions/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/dashboard/members/plan');
  await expect(page.getByText('Error Fetching User Permissions')).toBeVisible();
  // The stored permissions still apply: the page works.
  await expect(page.getByRole('row').filter({ hasText: 'Standard' })).toBeVisible();
});

/**
 * Invite Staff (settings/users/invite) against the real API: the form's errors in words, then an
 * invitation with a role that the mail catcher receives naming the role. Screenshots (dark and
 * light, 1280 and 390 px) go to screenshots/staff-invite/.
 */
import { expect, test } from '@playwright/test';
import { signInAs, shotPath, unique, waitForMail } from './support/helpers';
import { expectShotOf } from './support/screens';

test('inviting staff checks the form, then mails an invitation naming the role', async ({ page, request }) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/settings/users/invite');
  await expect(page.getByRole('heading', { level: 2, name: 'Invite Staff' })).toBeVisible();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Enter an e-mail address.')).toBeVisible();
  await expect(page.getByText('Choose the role the new staff member will have.')).toBeVisible();

  const email = `staff${unique()}@example.org`;
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role').selectOption({ label: 'Front Desk' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email} as Front Desk`)).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  const mail = await waitForMail(request, email, /invited/i);
  expect(mail.text).toContain('join its staff as Front Desk');

  // The same address again: the server's words under the field.
  await page.getByLabel('E-mail').fill('demo.admin@example.com');
  await page.getByLabel('Role').selectOption({ label: 'Front Desk' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('A user with that email already exists.')).toBeVisible();
});

test('screenshots of Invite Staff in both themes at 1280 and 390 px', async ({ page }) => {
  await signInAs(page, 'admin');
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/settings/users/invite');
      await expect(page.getByRole('option', { name: 'Front Desk' })).toBeAttached();
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.waitForTimeout(400);
      // The picture is the empty invitation form: its heading, both fields and the send button.
      await expect(page.getByRole('heading', { level: 2, name: 'Invite Staff' })).toBeVisible();
      await expect(page.getByLabel('E-mail')).toHaveValue('');
      await expect(page.getByLabel('Role')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
      await expectShotOf(page, theme);
      await page.screenshot({ path: shotPath('staff-invite', `invite-${theme}-${width}.png`), fullPage: true });
    }
  }
});

/**
 * Staff profile: changing the e-mail asks for the current password, the new address waits for the
 * link mailed to it, and opening the link replaces the old one. Real site, real server, real mail.
 */
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { siteLink, unique, waitForMail, shotPath, signInAs, apiSignIn } from './support/helpers';

test('an e-mail change needs the current password and waits for the confirmation link', async ({ page, request }) => {
  // A staff account of its own, so no other test sees its address change.
  const api = `http://localhost:${E2E.apiPort}`;
  const admin = await apiSignIn(request, 'admin');
  const name = `desk.${unique()}`;
  const password = 'Amber-Window-51';
  const created = await request.post(`${api}/auth/register/manager/`, {
    headers: { authorization: `Bearer ${admin.access}` },
    data: { username: name, email: `${name}@old.test`, password, password2: password, first_name: 'Desk', last_name: 'Tester' },
  });
  expect(created.status()).toBe(201);

  await signInAs(page, { username: name, password }, '/dashboard');
  await page.goto('/dashboard/staff/profile');
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveValue(`${name}@old.test`);
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(1); // the change-password form's own field
  await email.fill(`${name}@new.test`);
  const details = page.locator('form').first();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter your current password to change your username or e-mail.')).toBeVisible();

  const guard = details.getByLabel('Current password');
  await guard.fill('Not-my-password-1');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();

  await guard.fill(password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${name}@new.test.`)).toBeVisible();
  await expect(email).toHaveValue(`${name}@old.test`);

  // The profile with the pending notice and the current-password field, both themes, desktop and phone.
  await email.fill(`${name}@other.test`);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', JSON.stringify(value));
      document.documentElement.dataset.theme = value;
    }, theme);
    for (const [width, height, tag] of [[1280, 900, 'desktop'], [390, 844, 'mobile']] as const) {
      await page.setViewportSize({ width, height });
      await expect(details.getByLabel('Current password')).toBeVisible();
      await page.screenshot({ path: shotPath('account', `staff-profile-email-change-${theme}-${tag}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await email.fill(`${name}@old.test`);

  const mail = await waitForMail(request, `${name}@new.test`, /Confirm your new e-mail address/);
  await page.goto(siteLink(mail, '/auth/verify-email/'));
  await expect(page.getByText('Email address changed.')).toBeVisible();
  await page.goto('/dashboard/staff/profile');
  await expect(page.getByLabel('E-mail')).toHaveValue(`${name}@new.test`);
  await expect(page.getByText('We sent a confirmation link')).toHaveCount(0);
});

test('a member changing the e-mail is asked for the current password (screens in both themes)', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/dashboard/member/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const email = page.getByLabel('E-mail');
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await email.fill('someone.else@example.test');
  await expect(page.getByLabel('Current password')).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter your current password to change your username or e-mail.')).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', JSON.stringify(value));
      document.documentElement.dataset.theme = value;
    }, theme);
    for (const [width, height, tag] of [[1280, 900, 'desktop'], [390, 844, 'mobile']] as const) {
      await page.setViewportSize({ width, height });
      await page.getByLabel('Current password').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath('account', `member-profile-email-change-${theme}-${tag}.png`) });
    }
  }
  // Nothing was saved: the member keeps his address.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('someone.else@example.test')).toHaveCount(0);
});

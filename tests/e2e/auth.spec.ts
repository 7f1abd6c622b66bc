import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { DEMO, signIn, signOutThroughMenu, siteLink, unique, waitForMail } from './support/helpers';

test.describe('signing in', () => {
  for (const account of Object.values(DEMO)) {
    test(`a ${account.role} lands on ${account.home} and sees who is signed in`, async ({ page }) => {
      await page.goto('/');
      await signIn(page, account.username, account.password);
      await expect(page).toHaveURL(account.home);
      await expect(page.getByText(account.username).first()).toBeVisible();
      await expect(page.locator('#main').getByText(account.role, { exact: true })).toBeVisible();
    });
  }

  test('the sign-in page puts the cursor in the username field, so typing starts at once', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('textbox', { name: 'Username or e-mail' })).toBeFocused();
    await page.keyboard.type(DEMO.admin.username);
    await expect(page.getByRole('textbox', { name: 'Username or e-mail' })).toHaveValue(DEMO.admin.username);
  });

  test('a wrong password shows the server message and keeps the username', async ({ page }) => {
    await page.goto('/');
    await signIn(page, DEMO.admin.username, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('No active account found with the given credentials');
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.admin.username);
    await expect(page).toHaveURL('/');
  });

  test('a member awaiting approval is told so after a correct password', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'demo.pending', 'Pending-demo-2026');
    await expect(page.getByRole('alert')).toContainText('awaiting approval');
  });

  test('a signed-out visitor to the dashboard signs in and returns there', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/\?next=%2Fdashboard/);
    await signIn(page, DEMO.manager.username, DEMO.manager.password);
    await expect(page).toHaveURL('/dashboard');
  });

  test('a member opening the staff dashboard is sent to the member home', async ({ page }) => {
    await page.goto('/');
    await signIn(page, DEMO.member.username, DEMO.member.password);
    await expect(page).toHaveURL(DEMO.member.home);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(DEMO.member.home);
  });
});

test.describe('signing out', () => {
  test('logout removes userData and the dashboard asks to sign in again', async ({ page }) => {
    await page.goto('/');
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await expect(page).toHaveURL('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toContain('"access"');
    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/\?next=/);
  });

  test('another open tab follows the logout', async ({ context }) => {
    const first = await context.newPage();
    await first.goto('/');
    await signIn(first, DEMO.admin.username, DEMO.admin.password);
    await expect(first).toHaveURL('/dashboard');
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await signOutThroughMenu(first);
    await expect(second).toHaveURL(/\/(\?.*)?$/);
  });
});

test.describe('sessions', () => {
  test('with 2-second access tokens the page keeps working past expiry through one refresh', async ({ page }) => {
    await page.goto('/');
    await signIn(page, DEMO.manager.username, DEMO.manager.password);
    await expect(page).toHaveURL('/dashboard');
    await page.waitForTimeout(2_500);
    const refreshes: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/token/refresh/')) refreshes.push(res.status());
    });
    const permissionsCall = page.waitForResponse((res) => /\/users\/\d+\/permissions\/?$/.test(new URL(res.url()).pathname) && res.status() === 200);
    await page.reload();
    await permissionsCall;
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText(DEMO.manager.username).first()).toBeVisible();
    expect(refreshes).toEqual([200]);
  });
});

test.describe('registration and e-mail verification', () => {
  test('a new member registers, opens the mailed link and the verify page confirms', async ({ page, request }) => {
    const id = unique();
    const email = `reader.${id}@example.org`;
    await page.goto('/register');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Reader');
    await page.getByLabel('Username').fill(`reader${id}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Shelf-mark-2026');
    await page.getByLabel('Confirm password').fill('Shelf-mark-2026');
    await page.getByRole('button', { name: /register|create account/i }).click();
    await expect(page.getByText(email)).toBeVisible();

    const mail = await waitForMail(request, email, /verify/i);
    await page.goto(siteLink(mail, '/auth/verify-email/'));
    await expect(page.getByText(/e-mail (address )?(is )?verified/i)).toBeVisible();

    await page.goto('/');
    await signIn(page, `reader${id}`, 'Shelf-mark-2026');
    await expect(page.getByRole('alert')).toContainText('awaiting approval');
  });

  test('registration errors from the server show and nothing typed is lost', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('First name').fill('Dup');
    await page.getByLabel('Last name').fill('Licate');
    await page.getByLabel('Username').fill(DEMO.member.username);
    await page.getByLabel('E-mail').fill(`dup.${unique()}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill('Shelf-mark-2026');
    await page.getByLabel('Confirm password').fill('Shelf-mark-2026');
    await page.getByRole('button', { name: /register|create account/i }).click();
    await expect(page.getByRole('alert')).toContainText(/username/i);
    await expect(page.getByLabel('First name')).toHaveValue('Dup');
  });
});

test.describe('password reset', () => {
  test('forgot password mails a link that sets a new password once', async ({ page, request }) => {
    const id = unique();
    const username = `reset${id}`;
    const email = `reset.${id}@example.org`;
    // A fresh member through the public API, verified through the mailed link.
    const api = `http://127.0.0.1:${E2E.apiPort}`;
    const created = await request.post(`${api}/auth/register/member/`, {
      data: { first_name: 'Re', last_name: 'Set', username, email, password: 'Original-pass-2026', password2: 'Original-pass-2026' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/');
    await page.getByRole('link', { name: /forgot password/i }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel(/username or e-mail/i).fill(email);
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText(/if an account matches/i)).toBeVisible();

    const mail = await waitForMail(request, email, /password/i);
    const link = siteLink(mail, '/reset-password/');
    await page.goto(link);
    await expect(page).toHaveURL(link);
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-2026');
    await page.getByLabel('Confirm new password').fill('Brand-new-pass-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/\?reset=1/);

    // The new password is accepted (the account still awaits verification, so the status message shows).
    await signIn(page, username, 'Brand-new-pass-2026');
    await expect(page.getByRole('alert')).toContainText(/verify your email/i);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-2026');
    await page.getByLabel('Confirm new password').fill('Another-pass-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid or expired/i);
  });
});

test.describe('unknown paths and deep links', () => {
  test('an unknown path shows Page Not Found 404 in the served HTML', async ({ page, request }) => {
    const res = await request.get('/no/such/page');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('Page Not Found 404');
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found 404')).toBeVisible();
  });

  test('a reset-password deep link opens its page on the start server', async ({ page }) => {
    await page.goto('/reset-password/MQ/some-token');
    await expect(page).toHaveURL('/reset-password/MQ/some-token');
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  });

  test('a reset-password deep link opens its page under astro preview, keeping the URL', async ({ page }) => {
    const preview = `http://127.0.0.1:${E2E.previewPort}`;
    await page.goto(`${preview}/reset-password/MQ/some-token`);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${preview}/reset-password/MQ/some-token`);
  });

  test('an unknown path under astro preview shows Page Not Found 404', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${E2E.previewPort}/nothing/here`);
    await expect(page.getByText('Page Not Found 404')).toBeVisible();
  });
});

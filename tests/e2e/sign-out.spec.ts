/** Logout ends the sign-in on the server: the tokens the browser held stop working. */
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { signOutThroughMenu, signInAs } from './support/helpers';

test('after Logout the access and refresh tokens of that sign-in are refused by the server', async ({ page, request }) => {
  await signInAs(page, 'manager');
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? 'null') as { access: string; refresh: string; id: number };
  const api = `http://localhost:${E2E.apiPort}`;
  const permissions = () => request.get(`${api}/users/${session.id}/permissions/`, { headers: { authorization: `Bearer ${session.access}` } });
  expect((await permissions()).status()).toBe(200);

  await signOutThroughMenu(page);
  await expect(page).toHaveURL(/\/\?signedOut=1$/);
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
  await expect.poll(async () => (await permissions()).status()).toBe(401);
  const refreshed = await request.post(`${api}/api/token/refresh/`, { data: { refresh: session.refresh } });
  expect(refreshed.status()).toBe(401);
});

test('three tabs whose access token has expired reload at once and none is signed out', async ({ context, request }) => {
  const first = await context.newPage();
  await signInAs(first, 'manager');
  const tabs = [first, await context.newPage(), await context.newPage()];
  await Promise.all(tabs.slice(1).map((tab) => tab.goto('/dashboard')));
  for (const tab of tabs) await expect(tab.getByRole('button', { name: /Account menu/ })).toBeVisible();

  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (response.url().includes('/api/token/refresh/')) refreshes.push(response.status());
  });
  // The network holds refresh calls until three have been sent (or 1.5 s passed), so the tabs
  // really refresh at the same moment instead of one after the other as the pages happen to load.
  let sent = 0;
  let allSent: () => void = () => undefined;
  const together = new Promise<void>((resolve) => (allSent = resolve));
  await context.route('**/api/token/refresh/', async (route) => {
    if (route.request().method() === 'POST' && ++sent >= 3) allSent();
    await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 1_500))]);
    await route.continue();
  });
  // Every tab's stored access token is refused from here on (as an expired one is), so each
  // reload needs a refresh. Waiting for the stack's 2-second tokens to expire is not enough: a
  // tab's own call during the wait may refresh, leaving the reloads a token that still works.
  await first.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('userData') ?? '{}') as { access?: string };
    localStorage.setItem('userData', JSON.stringify({ ...stored, access: `${stored.access ?? ''}x` }));
  });
  await Promise.all(tabs.map((tab) => tab.reload()));

  for (const tab of tabs) {
    await expect(tab).toHaveURL('/dashboard');
    await expect(tab.getByRole('button', { name: /Account menu/ })).toBeVisible();
  }
  // The refresh is held until three are sent or 1.5 s passed (the tabs may share one refresh, so
  // fewer are sent); a sign-out would follow its answer within moments.
  await expect.poll(() => refreshes.length, { timeout: 5_000 }).toBeGreaterThan(0);
  await first.waitForTimeout(1_000);
  for (const tab of tabs) {
    await expect(tab).toHaveURL('/dashboard');
    expect(await tab.evaluate(() => localStorage.getItem('userData'))).toContain('"refresh"');
  }
  expect(refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  // The sign-in is still live on the server: the stored refresh token rotates once more.
  const session = JSON.parse((await first.evaluate(() => localStorage.getItem('userData'))) ?? 'null') as { refresh: string };
  const api = `http://localhost:${E2E.apiPort}`;
  expect((await request.post(`${api}/api/token/refresh/`, { data: { refresh: session.refresh } })).status()).toBe(200);
});

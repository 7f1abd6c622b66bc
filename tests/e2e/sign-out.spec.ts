/** Logout ends the sign-in on the server: the tokens the browser held stop working. */
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { DEMO, signIn, signOutThroughMenu } from './support/helpers';

test('after Logout the access and refresh tokens of that sign-in are refused by the server', async ({ page, request }) => {
  await page.goto('/');
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await expect(page).toHaveURL('/dashboard');
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

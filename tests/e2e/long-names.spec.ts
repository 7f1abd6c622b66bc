/**
 * Long names keep their meaning: a long library name set in General Settings is read whole in the
 * sidebar at 1280 px (the brand link's accessible name, and its text not clipped by an ellipsis),
 * and a long page title wraps in the top bar of a 390 px phone instead of losing its last words.
 * Screenshots of both in dark and light go to screenshots/long-names/ (gitignored).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pathFor } from '#shared/routes';
import { signInAs, shotPath } from './support/helpers';

const LONG_NAME = 'Riverside Public Library and Community Learning Centre';

/** Whether an element shows all of its text: nothing cut off to the side or below. */
const clipped = (element: Locator) => element.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);

/** A screenshot of the page as it is, in dark and then light. */
async function photograph(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await page.waitForTimeout(400);
    await page.screenshot({ path: shotPath('long-names', `${name}-${theme}.png`), clip });
  }
}

/** Sets the library's name through General Settings. */
async function nameLibrary(page: Page, name: string): Promise<void> {
  await page.goto(pathFor('settings-general'));
  const field = page.getByLabel('Library name');
  await expect(field).not.toHaveValue('');
  await field.fill(name);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
}

test("a long library name is read whole in the sidebar, by eye and by screen reader", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin');
  await page.goto(pathFor('settings-general'));
  const before = await page.getByLabel('Library name').inputValue();
  await nameLibrary(page, LONG_NAME);
  try {
    await page.goto('/dashboard');
    const brand = page.getByRole('complementary').getByRole('link', { name: LONG_NAME, exact: true });
    await expect(brand).toBeVisible();
    const name = page.getByTestId('sidebar-library-name');
    await expect(name).toHaveText(LONG_NAME);
    expect(await clipped(name), 'the name is cut off').toBe(false);
    // Inside the sidebar, not running under the top bar.
    const rail = await page.locator('[data-sidebar-rail]').boundingBox();
    const box = await name.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(rail!.x + rail!.width);
    await photograph(page, 'sidebar-1280', { x: 0, y: 0, width: 640, height: 400 });
  } finally {
    await nameLibrary(page, before);
  }
});

test('a long page title wraps in the top bar of a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto(pathFor('report-notifications'));
  const title = page.getByRole('heading', { level: 1, name: 'Notification History Panel' });
  await expect(title).toBeVisible();
  expect(await clipped(title), 'the title is cut off').toBe(false);
  const box = await title.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await photograph(page, 'title-390', { x: 0, y: 0, width: 390, height: 300 });
});

test('a long menu entry wraps in the sidebar instead of ending in an ellipsis', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin');
  await page.goto(pathFor('report-notifications'));
  const entry = page.getByRole('complementary').getByRole('link', { name: 'Notification History Panel', exact: true });
  await expect(entry).toBeVisible();
  const words = entry.getByText('Notification History Panel', { exact: true });
  expect(await clipped(words), 'the entry is cut off').toBe(false);
});

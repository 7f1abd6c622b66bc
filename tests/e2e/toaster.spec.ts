/**
 * A toast asked for while the toaster's code is still loading is queued and shown once the toaster
 * is ready, not lost at its mount. The toaster's chunk is held back on purpose so the toast is
 * surely asked for first (here: the toast a form leaves for the next page, shown at page load).
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './support/helpers';

test('a toast queued before the toaster has loaded still shows', async ({ page }) => {
  await signInAs(page, 'admin');
  // Leave the dashboard for the served 404 page, which runs no script: a toast on the dashboard
  // would already have loaded the toaster's code, and that request must not be the one held below.
  await page.goto('/no-such-page-before-the-toast');

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(/\/_astro\/ToasterView\.[^/]+\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.evaluate(() => sessionStorage.setItem('library.nextPageToast', JSON.stringify({ type: 'success', title: 'Queued while loading' })));
  await page.goto('/dashboard/settings/general');
  await expect.poll(() => requested).toBe(true);
  // The page is up and the toast is waiting in the queue while the toaster's code is held back.
  await expect(page.getByText('Queued while loading')).toHaveCount(0);
  release();
  await expect(page.getByText('Queued while loading')).toBeVisible();
});

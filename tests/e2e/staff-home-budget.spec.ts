/**
 * The staff home keeps the JavaScript budget with its charts drawn: every JavaScript file the
 * browser fetches from opening /dashboard until the network is idle with the charts on their
 * canvases (the lazily loaded chart code included, which the build's per-page count leaves out),
 * each gzip-compressed as a server would send it, adds up to at most 150 kB (the dashboard pages'
 * budget of scripts/bundle-budget.ts).
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signInAs } from './support/helpers';

const BUDGET_BYTES = 150 * 1024;

test('the staff home fetches at most 150 kB of JavaScript (gzip) before the network is idle, charts drawn', async ({ browser, page }) => {
  await signInAs(page, 'admin');
  // A second window with the same sign-in and an empty cache: a first visit fetches the shell's files too.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const home = await context.newPage();
  const files = new Map<string, number>();
  home.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return;
    files.set(url.pathname, gzipSync(await response.body()).length);
  });
  await home.goto('/dashboard');
  await expect(home.locator('figure canvas').first()).toBeVisible({ timeout: 15_000 });
  await home.waitForLoadState('networkidle');
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  const list = [...files].sort((a, b) => b[1] - a[1]).map(([path, size]) => `${path} ${(size / 1024).toFixed(1)} kB`);
  console.log(`The staff home fetched ${(total / 1024).toFixed(1)} kB of JavaScript (gzip) in ${files.size} files:\n  ${list.join('\n  ')}`);
  expect(total, list.join('\n')).toBeLessThanOrEqual(BUDGET_BYTES);
  await context.close();
});

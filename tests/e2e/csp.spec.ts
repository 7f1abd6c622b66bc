/**
 * The site under its Content-Security-Policy, served as a CDN would (the site server of `npm start`):
 * pages hydrate, call the API, show images, and the browser reports no violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/helpers';

/** Collects CSP violations the page reports (events and console errors). */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('pages work under the CSP with no violation, signed out and signed in', async ({ page }) => {
  const violations = watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto('/dashboard/books/catalogue');
  await expect(page.getByRole('link', { name: /A Tale of Two Cities/ })).toBeVisible();
  await page.goto('/dashboard/settings/general');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(violations).toEqual([]);
});

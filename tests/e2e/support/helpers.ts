/** Shared steps for browser tests: the real sign-in form and the captured mailbox. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E } from '../../../playwright.config';
import type { CapturedMail } from '../../support/mail-catcher';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO = {
  admin: { username: 'demo.admin', password: 'Admin-demo-2026', role: 'SUPER USER', home: '/dashboard' },
  manager: { username: 'demo.manager', password: 'Manager-demo-2026', role: 'MANAGER', home: '/dashboard' },
  member: { username: 'demo.member', password: 'Member-demo-2026', role: 'MEMBER', home: '/dashboard/member/home' },
} as const;

/** Fills and submits the login form at `/`. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** An account the browser tests sign in with; `home` is the page its sign-in must land on, when known. */
export interface Account {
  username: string;
  password: string;
  home?: string;
}

/**
 * Signs in through the real login form as a demo account (by its key in DEMO) or any account, and
 * waits for the dashboard: exactly `home` (or the account's own home) when known, else any dashboard
 * page. A page that has already been on the site forgets its last user first (on a file of the site
 * that runs no script), because the sign-in page sends a signed-in visitor on to the dashboard.
 */
export async function signInAs(page: Page, who: keyof typeof DEMO | Account, home?: string): Promise<void> {
  const account: Account = typeof who === 'string' ? DEMO[who] : who;
  if (page.url().startsWith('http')) {
    await page.goto('/config.json');
    await page.evaluate(() => localStorage.removeItem('userData'));
  }
  await page.goto('/');
  await signIn(page, account.username, account.password);
  const landing = home ?? account.home;
  if (landing) await expect(page).toHaveURL(landing);
  else await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
}

/** The login answer of an account through the API (fails the test on anything but 200). */
export async function apiSignIn(request: APIRequestContext, who: keyof typeof DEMO | Account): Promise<{ access: string; id: number; role: string; permissions: string[] }> {
  const account: Account = typeof who === 'string' ? DEMO[who] : who;
  const answer = await request.post(`http://127.0.0.1:${E2E.apiPort}/auth/login/`, { data: { username: account.username, password: account.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { access: string; id: number; role: string; permissions: string[] };
}

/** A fresh bearer header for an account (the test stack's access tokens live 2 s). */
export async function bearerOf(request: APIRequestContext, who: keyof typeof DEMO | Account): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${(await apiSignIn(request, who)).access}` };
}

/** The one folder every browser test writes its screenshots under (git-ignored), from the project's root. */
export const SHOTS_DIR = fileURLToPath(new URL('../../../screenshots/', import.meta.url));

/** The path of a screenshot in a screen group's folder under SHOTS_DIR. */
export const shotPath = (group: string, file: string): string => join(SHOTS_DIR, group, file);

/** Waits for a mail to this address whose subject matches, and returns it. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`http://127.0.0.1:${E2E.mailPort}/messages?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as CapturedMail[];
      found = mails.reverse().find((m) => subject.test(m.subject));
      return Boolean(found);
    }, { timeout: 10_000 })
    .toBe(true);
  return found!;
}

/** The first link in a mail that points at the site under this path prefix, as a site-relative path. */
export function siteLink(mail: CapturedMail, prefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(prefix));
  if (!link) throw new Error(`No ${prefix} link in mail "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A fresh unique suffix for usernames and e-mails. */
export const unique = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Logout through the top bar's account menu. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** Replaces the page's `window.print` with a counter (read with `printCount`), before any script runs. */
export async function stubPrint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
}

/** How often the page asked to print since `stubPrint`. */
export const printCount = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { printed: number }).printed);

/**
 * Presses a desk shortcut (Alt+`key`) until the page at `url` is reached: the top bar's listener
 * may hydrate a moment after the page draws.
 */
export async function pressDeskShortcut(page: Page, key: string, url: RegExp): Promise<void> {
  await expect(page.getByRole('button', { name: 'Shortcuts' })).toBeVisible();
  await expect(async () => {
    await page.keyboard.press(`Alt+Key${key}`);
    await expect(page).toHaveURL(url, { timeout: 1000 });
  }).toPass();
}

/**
 * Clicks `trigger` until `shown` is visible: a button drawn by the server's HTML may be clicked
 * before its island has hydrated on a loaded machine, and such a click does nothing.
 */
export async function clickUntilShown(trigger: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await trigger.click();
    await expect(shown).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
}

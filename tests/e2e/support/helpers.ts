/** Shared steps for browser tests: the real sign-in form and the captured mailbox. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../../playwright.config';
import type { CapturedMail } from '../../support/mail-catcher';

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

/**
 * Every page of the route table as the browser tests open it: the demo ids the dynamic routes are
 * opened with, the dashboard pages a signed-in user may open, and the wait until a page's island
 * has drawn and its calls have answered.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { guardDecision } from '../../../src/lib/guard';
import { ROUTES, pathFor, type RouteDef } from '#shared/routes';
import { API, adminHeaders } from './books';
import { apiSignIn } from './helpers';

/** The session facts the route guard decides on. */
export interface SignedIn {
  id: number;
  role: string;
  permissions: string[];
}

/** A page of the route table opened at a concrete path. */
export interface RoutePage {
  route: RouteDef;
  path: string;
}

/** The demo ids the dynamic routes are opened with: a book, the Front Desk role and demo.member. */
export async function demoParams(request: APIRequestContext): Promise<Record<string, number>> {
  const headers = await adminHeaders(request);
  const books = await request.get(`${API}/books/books/?page=1&page_size=1`, { headers });
  const roles = await request.get(`${API}/roles/`, { headers });
  const bookId = ((await books.json()) as { results: { id: number }[] }).results[0]!.id;
  const role = ((await roles.json()) as { id: number; name: string }[]).find((found) => found.name === 'Front Desk')!;
  const memberId = (await apiSignIn(request, 'member')).id;
  return { bookId, role_id: role.id, memberId };
}

/** The dashboard routes a user opens without a redirect or the no-access state, as paths. */
export function dashboardPagesOf(user: SignedIn, params: Record<string, number>): RoutePage[] {
  return ROUTES.filter((route) => route.pattern.startsWith('/dashboard') && guardDecision(route, user).kind === 'allow').map((route) => ({
    route,
    path: pathFor(route.id, params),
  }));
}

/** Waits until the page's island has drawn and its calls have answered. */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Panels load their rows on their own: a spinner still turning means the rows are not there yet.
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

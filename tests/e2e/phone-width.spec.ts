/**
 * Every dashboard page fits a 390 px phone: the super user, the demo's Front Desk and demo.member
 * open each dashboard route of the route table they may open (dynamic ones with a demo book, role
 * and demo.member's id) at 390×844, once each, and the page never scrolls sideways
 * (`document.documentElement.scrollWidth <= 390`) and nothing sticks out of a panel unless it
 * scrolls inside it; a few pages are also opened at 1280 px and then
 * narrowed to 390 px. Screenshots of the pages at 390 px in dark and light go to
 * screenshots/phone/ (gitignored).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { guardDecision } from '../../src/lib/guard';
import { ROUTES, pathFor, type RouteDef } from '#shared/routes';
import { API, adminHeaders } from './support/books';
import { DEMO, signInAs, shotPath, apiSignIn } from './support/helpers';

const PHONE = { width: 390, height: 844 };
const DESK = { username: 'demo.desk', password: 'Desk-demo-2026' } as const;

interface SignedIn {
  id: number;
  role: string;
  permissions: string[];
}

/** The demo ids the dynamic routes are opened with. */
async function demoParams(request: APIRequestContext): Promise<Record<string, number>> {
  const headers = await adminHeaders(request);
  const books = await request.get(`${API}/books/books/?page=1&page_size=1`, { headers });
  const roles = await request.get(`${API}/roles/`, { headers });
  const bookId = ((await books.json()) as { results: { id: number }[] }).results[0]!.id;
  const role = ((await roles.json()) as { id: number; name: string }[]).find((found) => found.name === 'Front Desk')!;
  const memberId = (await apiSignIn(request, 'member')).id;
  return { bookId, role_id: role.id, memberId };
}

/** The dashboard routes a user opens without a redirect or the no-access state, as paths. */
function pagesOf(user: SignedIn, params: Record<string, number>): { route: RouteDef; path: string }[] {
  const pages = ROUTES.filter((route) => route.pattern.startsWith('/dashboard') && guardDecision(route, user).kind === 'allow').map((route) => ({
    route,
    path: pathFor(route.id, params),
  }));
  // A long list's last page: the pagination's widest "Page 30 of 30".
  const record = pages.find((page) => page.route.id === 'book-record');
  return record ? [...pages, { route: record.route, path: `${record.path}?page_size=10&page=30` }] : pages;
}

/** Waits until the page's island has drawn and its calls have answered. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * How wide the page is, the outermost elements reaching past the screen's right edge, and what
 * spills out of a panel (`main section`) without a scroller of its own between them.
 */
async function widthOf(page: Page): Promise<{ width: number; culprits: string[]; spills: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')}`;
    const culprits: string[] = [];
    const spills: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.getBoundingClientRect().right <= limit + 0.5) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > limit + 0.5) continue;
      culprits.push(`${name(el)} → ${Math.round(el.getBoundingClientRect().right)} px`);
    }
    for (const panel of document.querySelectorAll('main section')) {
      const edge = panel.getBoundingClientRect().right;
      for (const el of panel.querySelectorAll('*')) {
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.right <= edge + 0.5) continue;
        let scrolled = false;
        for (let up = el.parentElement; up && up !== panel; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') scrolled = true;
        if (!scrolled) spills.push(`${name(el)} by ${Math.round(box.right - edge)} px`);
      }
    }
    return { width: document.documentElement.scrollWidth, culprits: culprits.slice(0, 5), spills: spills.slice(0, 5) };
  });
}

let params: Record<string, number>;

test.beforeAll(async ({ request }) => {
  params = await demoParams(request);
});

/** Pages photographed at 390 px in both themes (as `who-route`): the ones that used to scroll sideways. */
const PHOTOGRAPHED = new Set(['super-user-member-profile-view', 'super-user-member-list', 'front-desk-book-return', 'member-member-fines']);

/** A full-page screenshot of the page as it is, in dark and then light. */
async function photograph(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    // Buttons and icons ease into the theme's colours; the picture waits for them.
    await page.waitForTimeout(400);
    await page.screenshot({ path: shotPath('phone', `${name}-${theme}.png`), fullPage: true });
  }
}

for (const [who, slug, account] of [
  ['the super user', 'super-user', DEMO.admin],
  ['the Front Desk', 'front-desk', DESK],
  ['demo.member', 'member', DEMO.member],
] as const) {
  test(`every dashboard page ${who} may open fits a 390 px screen`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const pages = pagesOf(await apiSignIn(request, account), params);
    await page.setViewportSize(PHONE);
    await signInAs(page, account);
    for (const { route, path } of pages) {
      await page.goto(path);
      await settle(page);
      const { width, culprits, spills } = await widthOf(page);
      expect.soft(width, `${route.id} (${path}) is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
      expect.soft(spills, `${route.id} (${path}): out of a panel`).toEqual([]);
      if (PHOTOGRAPHED.has(`${slug}-${route.id}`)) await photograph(page, `${slug}-${route.id}`);
    }
  });
}

test('pages opened at 1280 px fit once the window narrows to 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 844 });
  await signInAs(page, DESK);
  for (const path of [pathFor('book-return'), pathFor('book-record'), pathFor('member-profile-view', params)]) {
    await page.setViewportSize({ width: 1280, height: 844 });
    await page.goto(path);
    await settle(page);
    await page.setViewportSize(PHONE);
    // Whatever the page redraws on a resize (observers, media queries) has happened by then.
    await page.waitForTimeout(300);
    const { width, culprits, spills } = await widthOf(page);
    expect.soft(width, `${path} after narrowing: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
    expect.soft(spills, `${path} after narrowing: out of a panel`).toEqual([]);
  }
});

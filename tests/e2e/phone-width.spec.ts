/**
 * Every dashboard page fits a 390 px phone: the super user, the demo's Front Desk and demo.member
 * open each dashboard route of the route table they may open (dynamic ones with a demo book, role
 * and demo.member's id: a member with loans out, fines owed and paid, and a held reservation, so
 * the pages show real rows) at 390×844, once each, after their data has loaded, and the page never
 * scrolls sideways (`document.documentElement.scrollWidth <= 390`), nothing sticks out of a panel
 * unless it scrolls inside it, and no content lies past the screen's right edge inside a box a
 * keyboard cannot scroll (a table's last columns hidden in an unnamed scroller are off screen for
 * most people: wide tables become cards, or scroll in a named region reachable by Tab); a few pages
 * are also opened at 1280 px and then narrowed to 390 px. Screenshots of the pages at 390 px in dark and light go to
 * screenshots/phone/ (gitignored).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROUTES, pathFor } from '#shared/routes';
import { API, adminHeaders } from './support/books';
import { DEMO, signInAs, shotPath, apiSignIn } from './support/helpers';
import { dashboardPagesOf, demoParams, settle, type RoutePage, type SignedIn } from './support/routes';

const PHONE = { width: 390, height: 844 };
const DESK = { username: 'demo.desk', password: 'Desk-demo-2026' } as const;

/** The demo ids, checking first that demo.member has rows in every table his pages show: loans, fines, payments, holds. */
async function demoParamsWithRows(request: APIRequestContext): Promise<Record<string, number>> {
  const params = await demoParams(request);
  const headers = await adminHeaders(request);
  const memberId = params['memberId']!;
  const loans = await request.get(`${API}/books/issued-books/?member=${memberId}`, { headers });
  const fines = await request.get(`${API}/fines/user/${memberId}/`, { headers });
  const receipts = await request.get(`${API}/fines/user/${memberId}/receipts/`, { headers });
  const holds = await request.get(`${API}/books/reservations/by-member/${memberId}/`, { headers });
  for (const [what, answer] of [['loans', loans], ['fines', fines], ['payments', receipts], ['reservations', holds]] as const) {
    expect(((await answer.json()) as unknown[]).length, `demo.member has ${what}`).toBeGreaterThan(0);
  }
  return params;
}

/** The dashboard pages a user opens, plus a long list's last page (the pagination's widest "Page 30 of 30"). */
function pagesOf(user: SignedIn, params: Record<string, number>): RoutePage[] {
  const pages = dashboardPagesOf(user, params);
  const record = pages.find((page) => page.route.id === 'book-record');
  return record ? [...pages, { route: record.route, path: `${record.path}?page_size=10&page=30` }] : pages;
}

/**
 * How wide the page is, the outermost elements reaching past the screen's right edge, and what
 * spills out of a panel (`main section`) without a scroller of its own between them.
 */
async function widthOf(page: Page): Promise<{ width: number; culprits: string[]; spills: string[]; hidden: string[] }> {
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
    // Content past the screen's edge inside a scroller nobody can reach by keyboard or name.
    const hidden = new Set<string>();
    const reachable = (box: Element) => box.getAttribute('tabindex') === '0' && Boolean(box.getAttribute('aria-label') || box.getAttribute('aria-labelledby'));
    for (const el of document.querySelectorAll('main *')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.right <= limit + 0.5 || el.closest('[hidden], [aria-hidden="true"]')) continue;
      for (let up = el.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'visible') continue;
        if (overflow !== 'clip' && up.getBoundingClientRect().width <= 1) break;
        // A control (a tab of a strip) comes into view when Tab reaches it; text does not.
        const control = el.closest('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
        const tabbed = control !== null && control !== up && up.contains(control);
        if (!tabbed && !reachable(up)) hidden.add(`${name(up)} holds ${up.scrollWidth} px in ${up.clientWidth} px`);
        break;
      }
    }
    return { width: document.documentElement.scrollWidth, culprits: culprits.slice(0, 5), spills: spills.slice(0, 5), hidden: [...hidden].slice(0, 5) };
  });
}

let params: Record<string, number>;

test.beforeAll(async ({ request }) => {
  params = await demoParamsWithRows(request);
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
      // A page that lost its sign-in would measure the sign-in form instead of itself.
      expect(new URL(page.url()).pathname, `${route.id} (${path}) is still open`).toMatch(/^\/dashboard/);
      const { width, culprits, spills, hidden } = await widthOf(page);
      expect.soft(width, `${route.id} (${path}) is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
      expect.soft(spills, `${route.id} (${path}): out of a panel`).toEqual([]);
      expect.soft(hidden, `${route.id} (${path}): off screen in a box no keyboard scrolls`).toEqual([]);
      // The page's title wraps rather than ending in an ellipsis.
      const title = await page.getByRole('heading', { level: 1 }).evaluate((h1) => (h1.scrollWidth > h1.clientWidth + 1 ? h1.textContent : null));
      expect.soft(title, `${route.id} (${path}): the title is cut off`).toBeNull();
      if (PHOTOGRAPHED.has(`${slug}-${route.id}`)) await photograph(page, `${slug}-${route.id}`);
    }
  });
}

test('every public page (sign in, register, passwords, e-mail check) fits a 390 px screen signed out', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const route of ROUTES.filter((one) => one.audience === 'public')) {
    const path = pathFor(route.id, { uid: 'MQ', token: 'not-a-token' });
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { width, culprits, hidden } = await widthOf(page);
    expect.soft(width, `${route.id} (${path}) is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
    expect.soft(hidden, `${route.id} (${path}): off screen in a box no keyboard scrolls`).toEqual([]);
  }
});

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
    const { width, culprits, spills, hidden } = await widthOf(page);
    expect.soft(width, `${path} after narrowing: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
    expect.soft(spills, `${path} after narrowing: out of a panel`).toEqual([]);
    expect.soft(hidden, `${path} after narrowing: off screen in a box no keyboard scrolls`).toEqual([]);
  }
});

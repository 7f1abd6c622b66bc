/**
 * Accessibility, measured: axe with the WCAG 2.2 A and AA rules finds no violation on any page of
 * the route table, in the dark and the light theme, once the page's data has loaded. Each page is
 * opened as the one it is for: public pages signed out (the e-mail links with an unknown token),
 * staff pages as the super user (who may open them all), member pages and the pages open to both
 * as demo.member too; one browser context per role. The Issue Book, Return Book, Collect fines
 * and Add Book dialogs are scanned open. A failure lists every violation with the elements it found.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ROUTES, pathFor } from '#shared/routes';
import { createBookViaApi, returnLate } from './support/fines';
import { DEMO, apiSignIn, shotPath, signInAs } from './support/helpers';
import { registerActiveMember } from './support/members';
import { expectShotOf } from './support/screens';
import { dashboardPagesOf, demoParams, settle, type RoutePage } from './support/routes';

/** The WCAG 2.0, 2.1 and 2.2 rules of levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const THEMES = ['dark', 'light'] as const;

/** Switches the page's theme in place and waits until colours have eased into it. */
async function applyTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.evaluate(async (chosen) => {
    document.documentElement.dataset.theme = chosen;
    await new Promise((done) => requestAnimationFrame(done));
    const easing = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(easing.map((animation) => animation.finished.catch(() => undefined)));
  }, theme);
}

/**
 * The rules whose outcome depends on colours; the theme changes nothing else, so the second theme
 * is scanned with these alone (half the time per page).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Every violation axe finds in the page (or in `within`), one line each with the elements it names;
 * `coloursOnly` runs the colour rules alone.
 */
async function violationsOf(page: Page, where: string, { within, coloursOnly = false }: { within?: string; coloursOnly?: boolean } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (coloursOnly) builder.withRules(COLOUR_RULES);
  else builder.withTags(WCAG_TAGS);
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  return violations.map((violation) => {
    const nodes = violation.nodes.map((node) => {
      const detail = node.any[0]?.message ?? '';
      return `${node.target.join(' ')}${detail ? ` (${detail})` : ''}`;
    });
    return `${where}: ${violation.id}: ${violation.help} → ${nodes.join(' | ')}`;
  });
}

/** Scans what is open in both themes: every rule in dark, the colour rules again in light. */
async function scanThemes(page: Page, where: string, within?: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await applyTheme(page, theme);
    found.push(...(await violationsOf(page, `${where} [${theme}]`, { within, coloursOnly: theme !== THEMES[0] })));
  }
  return found;
}

/** Opens each page, waits for its data, and scans it in both themes. */
async function scanPages(page: Page, pages: RoutePage[]): Promise<string[]> {
  const found: string[] = [];
  for (const { route, path } of pages) {
    await page.goto(path);
    await settle(page);
    found.push(...(await scanThemes(page, `${route.id} (${path})`)));
  }
  return found;
}

let params: Record<string, number>;

test.beforeAll(async ({ request }) => {
  params = await demoParams(request);
});

test('the public pages have no WCAG 2.2 A/AA violation in either theme', async ({ page }) => {
  const tokens = { uid: 'MQ', token: 'unknown-token' };
  const pages = ROUTES.filter((route) => route.audience === 'public').map((route) => ({ route, path: pathFor(route.id, tokens) }));
  expect(await scanPages(page, pages)).toEqual([]);
});

/** The staff pages in parts (by menu group) so that each test has time for its pages on a busy machine. */
interface Part {
  name: string;
  /** The menu groups of its pages (undefined: pages outside the menu); empty: every page. */
  groups: (string | undefined)[];
}
const STAFF_PARTS: Part[] = [
  { name: 'the staff home and the pages outside the menu', groups: [undefined] },
  { name: 'the Book pages', groups: ['books'] },
  { name: 'the Member and Reservations pages', groups: ['members', 'reservations'] },
  { name: 'the Reports pages', groups: ['reports'] },
  { name: 'the Settings pages', groups: ['settings'] },
];

const ROLES: { who: string; account: (typeof DEMO)['admin' | 'member']; parts: Part[] }[] = [
  { who: 'the super user', account: DEMO.admin, parts: STAFF_PARTS },
  { who: 'demo.member', account: DEMO.member, parts: [{ name: 'the pages', groups: [] }] },
];

for (const { who, account, parts } of ROLES) {
  test.describe(`${who}'s pages`, () => {
    // One browser context for the role, signed in once.
    let context: BrowserContext;
    let page: Page;
    let pages: RoutePage[];

    test.beforeAll(async ({ browser, request }) => {
      test.setTimeout(60_000);
      pages = dashboardPagesOf(await apiSignIn(request, account), params);
      context = await browser.newContext();
      page = await context.newPage();
      await signInAs(page, account);
    });

    test.afterAll(async () => {
      await context.close();
    });

    for (const part of parts) {
      test(`${part.name} ${who} opens have no WCAG 2.2 A/AA violation in either theme`, async () => {
        test.setTimeout(120_000);
        const mine = part.groups.length === 0 ? pages : pages.filter(({ route }) => part.groups.includes(route.group));
        expect(await scanPages(page, mine)).toEqual([]);
      });
    }
  });
}

test('the Issue Book, Return Book, Collect fines and Add Book dialogs have no WCAG 2.2 A/AA violation in either theme', async ({ page, request }) => {
  test.setTimeout(60_000);
  // A member who owes a fine, so that the fines page has someone to collect from.
  const member = await registerActiveMember(request, 'axe');
  await returnLate(request, member.id, await createBookViaApi(request, `Overdue Axe ${member.username}`), 4);
  await signInAs(page, DEMO.admin);
  const found: string[] = [];
  const scanDialog = async (name: string) => {
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.push(...(await scanThemes(page, `${name} dialog`, '[role="dialog"]')));
  };

  await page.goto(pathFor('book-issue'));
  await settle(page);
  await page.getByRole('button', { name: 'Issue Book' }).click();
  await scanDialog('Issue Book');

  await page.goto(`${pathFor('book-return')}?dialog=return`);
  await scanDialog('Return Book');

  await page.goto(pathFor('book-fines'));
  await settle(page);
  await page.getByLabel('Search fines').fill(member.username);
  const rows = page.getByRole('table', { name: 'Pending fines' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /Collect fines from/ }).click();
  await scanDialog('Collect fines');

  // The book form: its cover photos' and e-book's drop zones.
  await page.goto(pathFor('book-record'));
  await settle(page);
  await page.getByRole('button', { name: 'Add Book' }).click();
  await scanDialog('Add New Book');

  expect(found).toEqual([]);
});

test('at 390 px the staff home and the Financial Report have no WCAG 2.2 A/AA violation (tables that scroll are reachable)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.admin);
  const found: string[] = [];
  for (const id of ['home', 'report-financial']) {
    await page.goto(pathFor(id));
    await settle(page);
    found.push(...(await violationsOf(page, `${id} at 390 px`)));
  }
  expect(found).toEqual([]);
});

test('screenshots of the fixed screens in both themes (with AXE_SHOTS set)', async ({ page }) => {
  test.skip(!process.env.AXE_SHOTS, 'screenshots only on request');
  test.setTimeout(90_000);
  await signInAs(page, DEMO.admin);
  for (const id of ['settings-general', 'settings-books', 'reservation-queue', 'staff-profile', 'member-plan']) {
    await page.goto(pathFor(id));
    await settle(page);
    // The picture is of this page: a heading (the top bar's or the content's own) names it.
    await expect(page.getByRole('heading', { name: ROUTES.find((route) => route.id === id)!.title, exact: true }).first()).toBeVisible();
    for (const theme of THEMES) {
      await applyTheme(page, theme);
      await expectShotOf(page, theme);
      await page.screenshot({ path: shotPath('accessibility', `${id}-${theme}.png`), fullPage: true });
    }
  }
});

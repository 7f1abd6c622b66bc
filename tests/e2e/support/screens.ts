/**
 * What a screenshot shows, stated as assertions: a picture is only evidence when the test also says
 * which theme it is in and which layout it has. The theme is both the `<html data-theme>` choice and
 * the canvas colour the page really paints (dark: near black, light: near white); the phone layout
 * is the sidebar's icon rail with nothing wider than the screen.
 */
import { expect, type Page } from '@playwright/test';

/** The themes the screenshots are taken in. */
export type ShotTheme = 'dark' | 'light';

/** Windows narrower than this are phones: the sidebar starts as a rail (the sidebar store's rule). */
const PHONE_BELOW = 768;

/** The lightness (0 black … 1 white) of the body's painted background, whatever notation the CSS uses. */
function canvasLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return Number.NaN;
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255;
  });
}

/** The page is in this theme: the attribute says so and the background is painted dark or light. */
export async function expectTheme(page: Page, theme: ShotTheme): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const painted = expect.poll(() => canvasLightness(page), { message: `the page's background is painted ${theme}` });
  if (theme === 'dark') await painted.toBeLessThan(0.2);
  else await painted.toBeGreaterThan(0.8);
}

/** How far the page reaches past the window's width (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The dashboard's layout for the window's width: on a phone the sidebar is collapsed to its rail,
 * on a desktop it is not laid over the content; at either width nothing scrolls sideways.
 */
export async function expectDashboardLayout(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const html = page.locator('html');
  if (width < PHONE_BELOW) await expect(html).toHaveAttribute('data-sidebar', 'collapsed');
  else await expect(html).toHaveAttribute('data-sidebar', /^(expanded|collapsed)$/);
  await expect.poll(() => sidewaysOverflow(page), { message: `nothing is wider than the ${width} px window` }).toBeLessThanOrEqual(0);
}

/** The theme and the layout together: what every themed screenshot of a dashboard page shows. */
export async function expectShotOf(page: Page, theme: ShotTheme): Promise<void> {
  await expectTheme(page, theme);
  await expectDashboardLayout(page);
}

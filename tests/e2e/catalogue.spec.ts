/**
 * The Online Catalogue and the Book Profile against the real API: a member searches, opens a book
 * and adds it to the wish list (the top bar's dropdown shows it at once); staff filter by category
 * (kept in the URL across a reload); an unknown book id shows the not-found state; staff see the
 * empty loan history. Screenshots (dark and light, 1280 and 390 px) go to screenshots/catalogue/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { signInAs, shotPath, bearerOf } from './support/helpers';
import { PDF, PNG } from './support/books';
import { createLendableBook } from './support/circulation';

const api = `http://127.0.0.1:${E2E.apiPort}`;

interface BookRow {
  id: number;
  title: string;
  author: string;
}
interface BookPage {
  count: number;
  results: BookRow[];
}

async function books(request: APIRequestContext, headers: Record<string, string>, query: string): Promise<BookPage> {
  return (await (await request.get(`${api}/books/books/?page=1&ordering=title&${query}`, { headers })).json()) as BookPage;
}

/** Empties the demo member's wish list so each run starts the same. */
async function clearWishlist(request: APIRequestContext): Promise<void> {
  const headers = await bearerOf(request, 'member');
  const entries = (await (await request.get(`${api}/notifications/wishlist/`, { headers })).json()) as { id: number }[];
  for (const entry of entries) await request.delete(`${api}/notifications/wishlist/${entry.id}/`, { headers });
}

const grid = (page: Page) => page.getByRole('list', { name: 'Books' });

test('a member searches the catalogue, opens a book and adds it to the wish list', async ({ page, request }) => {
  await clearWishlist(request);
  const headers = await bearerOf(request, 'member');
  const [book] = (await books(request, headers, 'page_size=1')).results;
  expect(book).toBeDefined();
  const word = book!.title.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;
  const expected = await books(request, headers, `page_size=24&search=${encodeURIComponent(word)}`);

  await signInAs(page, 'member');
  await page.goto('/dashboard/books/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toHaveCount(1);
  await expect(grid(page).getByRole('link').first()).toBeVisible();

  await page.getByLabel('Search the catalogue').fill(word);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
  await expect(page.getByRole('status').filter({ hasText: /books?$/ })).toHaveText(`${expected.count} ${expected.count === 1 ? 'book' : 'books'}`);
  await expect(grid(page).getByRole('link')).toHaveCount(Math.min(expected.count, 24));

  await grid(page).getByRole('link', { name: new RegExp(book!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/books/record/profile/${book!.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: book!.title })).toBeVisible();
  await expect(page.getByText(`by ${book!.author}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loan history' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit book' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to wish list' }).click();
  await expect(page.getByText('Added to your wish list')).toBeVisible();
  await expect(page.getByRole('button', { name: 'In your wish list' })).toBeDisabled();

  await page.getByRole('button', { name: /^Wish list, 1 book/ }).click();
  await expect(page.getByRole('list', { name: 'Books in your wish list' }).getByRole('link')).toHaveText([book!.title]);
  await page.keyboard.press('Escape');

  // Back returns to the same search.
  await page.goBack();
  await expect(page.getByLabel('Search the catalogue')).toHaveValue(word);
});

test('staff filter the catalogue by category, and the filter survives a reload', async ({ page, request }) => {
  const headers = await bearerOf(request, 'admin');
  const categories = (await (await request.get(`${api}/categories/`, { headers })).json()) as { id: number; name: string }[];
  const all = await books(request, headers, 'page_size=24');
  let chosen: { id: number; name: string; page: BookPage } | undefined;
  for (const category of categories) {
    const found = await books(request, headers, `page_size=24&category=${category.id}`);
    if (found.count > 0 && found.count < all.count) {
      chosen = { ...category, page: found };
      break;
    }
  }
  expect(chosen, 'a category holding some but not all demo books').toBeDefined();

  await signInAs(page, 'admin');
  await page.goto('/dashboard/books/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Online Catalogue' })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /books?$/ })).toHaveText(`${all.count} books`);

  await page.getByLabel('Category').selectOption({ label: chosen!.name });
  await expect(page).toHaveURL(new RegExp(`category=${chosen!.id}`));
  const countText = `${chosen!.page.count} ${chosen!.page.count === 1 ? 'book' : 'books'}`;
  await expect(page.getByRole('status').filter({ hasText: /books?$/ })).toHaveText(countText);
  await expect(grid(page).getByRole('link')).toHaveCount(Math.min(chosen!.page.count, 24));
  await expect(grid(page).getByRole('link').first()).toContainText(chosen!.page.results[0]!.title);

  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue(String(chosen!.id));
  await expect(page.getByRole('status').filter({ hasText: /books?$/ })).toHaveText(countText);

  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page.getByRole('status').filter({ hasText: /books?$/ })).toHaveText(`${all.count} books`);
});

test('paging through the catalogue keeps the page in the URL, and Back returns', async ({ page, request }) => {
  const headers = await bearerOf(request, 'member');
  const all = await books(request, headers, 'page_size=24');
  const pages = Math.ceil(all.count / 24);
  test.skip(pages < 2, 'the demo library has fewer than 25 books');
  const second = await (await request.get(`${api}/books/books/?page=2&page_size=24&ordering=title`, { headers })).json() as BookPage;

  await signInAs(page, 'member');
  await page.goto('/dashboard/books/catalogue');
  const pager = page.getByRole('navigation', { name: 'Catalogue pages' });
  await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(grid(page).getByRole('link').first()).toContainText(second.results[0]!.title);

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Catalogue pages' }).getByText(`Page 2 of ${pages}`)).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('navigation', { name: 'Catalogue pages' }).getByText(`Page 1 of ${pages}`)).toBeVisible();

  // An old link past the last page shows the first page rather than an error.
  await page.goto('/dashboard/books/catalogue?page=9999');
  await expect(page.getByRole('navigation', { name: 'Catalogue pages' }).getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(page).not.toHaveURL(/page=9999/);
});

test('on a phone the filters fold behind a toggle and the grid has two columns', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, 'member');
  await page.goto('/dashboard/books/catalogue');
  await expect(page.getByLabel('Search the catalogue')).toBeVisible();
  await expect(page.getByLabel('Category')).toBeHidden();
  await page.getByRole('button', { name: 'Show filters' }).click();
  await expect(page.getByLabel('Category')).toBeVisible();
  await page.getByLabel('Available only').check();
  await expect(page).toHaveURL(/available=true/);
  await expect(page.getByRole('button', { name: 'Hide filters (1)' })).toHaveAttribute('aria-expanded', 'true');

  const cards = grid(page).getByRole('link');
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
  await context.close();
});

test('a search that matches nothing says so', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/dashboard/books/catalogue?search=zzqqxx-no-such-book');
  await expect(page.getByText('No books match your search.')).toBeVisible();
  await expect(page.getByLabel('Search the catalogue')).toHaveValue('zzqqxx-no-such-book');
});

test('a book id that does not exist shows the not-found state with a way back', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/dashboard/books/record/profile/987654321');
  await expect(page.getByText('This book does not exist or was removed.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the catalogue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/books\/catalogue$/);
});

test('staff see the book profile with an empty loan history and the edit button', async ({ page, request }) => {
  // A title just added (the demo's titles have a year of loans behind them).
  const book = await createLendableBook(request, `Never Lent ${Date.now().toString(36)}`);
  await signInAs(page, 'admin');
  await page.goto(`/dashboard/books/record/profile/${book!.id}`);
  await expect(page.getByRole('heading', { level: 2, name: book!.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loan history' })).toBeVisible();
  await expect(page.getByText('This book has not been issued yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to wish list' })).toHaveCount(0);
  // The one book form modal, hosted by the top bar, opens for this book.
  await page.getByRole('button', { name: 'Edit book' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Book' })).toBeVisible();
});

test('a book with two covers switches the large cover from its thumbnails, and its e-book opens in a new tab', async ({ page, request }) => {
  const headers = await bearerOf(request, 'admin');
  const book = (await books(request, headers, 'page_size=1&search=Animal')).results[0]!;
  for (const name of ['front.png', 'back.png']) {
    const answer = await request.patch(`${api}/books/books/${book.id}/`, { headers, multipart: { cover_photo: { name, mimeType: 'image/png', buffer: PNG } } });
    expect(answer.status()).toBe(200);
  }
  const withEbook = await request.patch(`${api}/books/books/${book.id}/`, { headers, multipart: { ebook_file: { name: 'book.pdf', mimeType: 'application/pdf', buffer: PDF } } });
  expect(withEbook.status()).toBe(200);
  const saved = (await withEbook.json()) as { cover_photos: string[] };
  const [, second] = saved.cover_photos.slice(-2);

  await signInAs(page, 'member');
  await page.goto(`/dashboard/books/record/profile/${book.id}`);
  const large = page.getByRole('img', { name: `Cover of ${book.title}` });
  await expect(large).toBeVisible();
  const thumbs = page.getByRole('list', { name: 'Covers' }).getByRole('button');
  await expect(thumbs).toHaveCount(saved.cover_photos.length);
  const last = thumbs.last();
  await expect(last).toHaveAttribute('aria-pressed', 'false');
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  await expect(large).toHaveAttribute('src', second!);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Read e-book' }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
});

test('screenshots of the catalogue and a profile in both themes, desktop and phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await bearerOf(request, 'admin');
  const withCover = (await books(request, headers, 'page_size=1&search=Tale')).results[0]!;
  for (const name of ['front.png', 'back.png']) {
    await request.patch(`${api}/books/books/${withCover.id}/`, { headers, multipart: { cover_photo: { name, mimeType: 'image/png', buffer: PNG } } });
  }
  for (const theme of ['dark', 'light'] as const) {
    for (const [width, height, tag] of [[1280, 900, 'desktop'], [390, 844, 'mobile']] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addInitScript((value) => localStorage.setItem('theme', JSON.stringify(value)), theme);
      const page = await context.newPage();
      await signInAs(page, 'member');
      await page.goto('/dashboard/books/catalogue');
      await expect(grid(page).getByRole('link').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath('catalogue', `catalogue-${theme}-${tag}.png`) });
      await page.goto(`/dashboard/books/record/profile/${withCover.id}`);
      await expect(page.getByRole('heading', { level: 2, name: withCover.title })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath('catalogue', `profile-${theme}-${tag}.png`), fullPage: true });
      await context.close();
    }
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 'admin');
  await page.goto(`/dashboard/books/record/profile/${withCover.id}`);
  await expect(page.getByRole('heading', { name: 'Loan history' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Loan history' }).or(page.getByText('This book has not been issued yet.')).first()).toBeVisible();
  await page.screenshot({ path: shotPath('catalogue', 'profile-staff-dark-desktop.png'), fullPage: true });
  await context.close();
});

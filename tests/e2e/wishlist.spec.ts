/** The member's wish-list dropdown in the top bar, against the real API. */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { bearerOf, clickUntilShown, shotPath, signInAs } from './support/helpers';
import { expectShotOf } from './support/screens';

const api = `http://127.0.0.1:${E2E.apiPort}`;

/** Signs the member in through the API and puts two catalogue books on his wish list; returns their titles. */
async function wishForTwoBooks(request: APIRequestContext): Promise<string[]> {
  const headers = await bearerOf(request, 'member');
  const existing = (await (await request.get(`${api}/notifications/wishlist/`, { headers })).json()) as { id: number }[];
  for (const entry of existing) await request.delete(`${api}/notifications/wishlist/${entry.id}/`, { headers });
  const page = (await (await request.get(`${api}/books/books/?page=1&page_size=2&ordering=title`, { headers })).json()) as {
    results: { id: number; title: string }[];
  };
  for (const book of page.results) {
    const added = await request.post(`${api}/notifications/wishlist/`, { headers, data: { book_id: book.id } });
    expect(added.status()).toBe(201);
  }
  return page.results.map((book) => book.title);
}

test('a member removes a book from the wish list after confirming, and the toast says so', async ({ page, request }) => {
  const [first, second] = await wishForTwoBooks(request);
  await signInAs(page, 'member');

  await page.getByRole('button', { name: /^Wish list, 2 books/ }).click();
  const list = page.getByRole('list', { name: 'Books in your wish list' });
  await expect(list.getByRole('link')).toHaveText([second!, first!]);
  await expect(list.getByRole('link', { name: first! })).toHaveAttribute('href', /^\/dashboard\/books\/record\/profile\/\d+$/);

  await list.getByRole('button', { name: `Remove ${first} from wish list` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to remove this book?' });
  await confirm.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Book removed successfully')).toBeVisible();

  await page.getByRole('button', { name: /^Wish list, 1 book/ }).click();
  await expect(page.getByRole('list', { name: 'Books in your wish list' }).getByRole('link')).toHaveText([second!]);

  // The removal reached the server: a reload shows the same single entry.
  await page.reload();
  await page.getByRole('button', { name: /^Wish list, 1 book/ }).click();
  await expect(page.getByRole('list', { name: 'Books in your wish list' }).getByRole('link')).toHaveText([second!]);
});

test('cancelling the confirmation keeps the book, and an empty list says so', async ({ page, request }) => {
  const titles = await wishForTwoBooks(request);
  await signInAs(page, 'member');
  await page.getByRole('button', { name: /^Wish list, 2 books/ }).click();
  await page.getByRole('button', { name: `Remove ${titles[0]} from wish list` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: /^Wish list, 2 books/ }).click();

  for (const title of titles) {
    await page.getByRole('button', { name: `Remove ${title} from wish list` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByRole('button', { name: /^Wish list/ }).click();
  }
  await expect(page.getByText('No Book in WishList')).toBeVisible();
});

test('screenshots of the open wish list in both themes, desktop and phone', async ({ browser, request }) => {
  const [first, second] = await wishForTwoBooks(request);
  for (const theme of ['dark', 'light'] as const) {
    for (const [width, height, tag] of [[1280, 800, 'desktop'], [390, 844, 'mobile']] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addInitScript((value) => localStorage.setItem('theme', JSON.stringify(value)), theme);
      const page = await context.newPage();
      await signInAs(page, 'member');
      await expectShotOf(page, theme);
      const list = page.getByRole('list', { name: 'Books in your wish list' });
      await clickUntilShown(page.getByRole('button', { name: /^Wish list, 2 books/ }), list);
      // The picture shows both wished books, newest first, each with its remove button, wholly on the screen.
      await expect(list.getByRole('link')).toHaveText([second!, first!]);
      await expect(list.getByRole('button', { name: /^Remove .* from wish list$/ })).toHaveCount(2);
      await expect(list).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: shotPath('wishlist', `wishlist-${theme}-${tag}.png`) });
      await context.close();
    }
  }
});

/**
 * The browser's own HTTP cache and the book list's ETag: reopening Book Record sends the tag back
 * (`If-None-Match`) on the cross-origin, signed-in list call, the API answers 304, and Chromium
 * shows the rows from its cache (CORS does not break the revalidation). A change of the catalogue
 * in between makes the same call answer 200 with the new rows.
 */
import { expect, test, type Page } from '@playwright/test';
import { API, randomIsbn13 } from './support/books';
import { signInAs, bearerOf } from './support/helpers';

/** Raw statuses of the list calls as they crossed the network (304s included), in order. */
async function recordListStatuses(page: Page): Promise<number[]> {
  const statuses: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const listCalls = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'GET' && new URL(event.request.url).pathname === '/books/books/') listCalls.add(event.requestId);
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (listCalls.has(event.requestId)) statuses.push(event.statusCode);
  });
  return statuses;
}

const firstTitle = (page: Page) => page.getByRole('table', { name: 'Books' }).getByRole('rowheader').first();

async function openRecord(page: Page): Promise<void> {
  await page.goto('/dashboard/books/record');
  await expect(page.getByText(/^Showing \d/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Books' })).not.toHaveAttribute('aria-busy', 'true');
}

test('reopening Book Record revalidates the list with a 304 and shows the same rows; a change shows at once', async ({ page, request }) => {
  await signInAs(page, 'admin');
  const statuses = await recordListStatuses(page);

  await openRecord(page);
  const shown = await firstTitle(page).textContent();
  expect(statuses).toContain(200);
  // The test stack's access tokens live 2 seconds: a reopening whose token has just expired gets a
  // 401, refreshes and repeats the call, and Chromium drops its cached copy on that 401 (the next
  // answer is a 200 again). A few reopenings make sure one of them carries a live token.
  for (let attempt = 0; attempt < 4 && !statuses.includes(304); attempt++) {
    await openRecord(page);
    await expect(firstTitle(page)).toHaveText(shown ?? '');
  }
  expect(statuses).toContain(304);

  // A book added elsewhere: the tag no longer matches; its title sorts first (digits before letters,
  // and a later run's number is smaller, so a repeated run's own book is the first row too).
  const headers = await bearerOf(request, 'admin');
  const first = async (path: string) => ((await (await request.get(`${API}${path}`, { headers })).json()) as { id: number }[])[0]!.id;
  const title = `0 Revalidated ${9_999_999_999_999 - Date.now()}`;
  const created = await request.post(`${API}/books/books/`, {
    headers,
    data: { title, author: 'Cache Author', isbn: randomIsbn13(), department: await first('/admin-departments/'), category: await first('/categories/'), language: await first('/language/'), publisher: 'Tag Press', total_copies: 1, rack_no: 'T-1' },
  });
  expect(created.status(), await created.text()).toBe(201);
  statuses.length = 0;
  await openRecord(page);
  await expect(firstTitle(page)).toHaveText(title);
  expect(statuses).toContain(200);
});

/**
 * Stock Verification against the real server: the test makes a title with three copies on a shelf
 * of its own and lends one, opens a verification of that shelf, scans by keyboard as a wedge
 * scanner types (the number, then Enter) a copy on the shelf, the lent copy, an unknown number and
 * the first copy again, closes the verification, reads the report (not seen, seen but away,
 * unexpected, by shelf, the CSV) and marks the unseen copy missing. Screenshots of the scan desk
 * and the report (dark and light, 1280 and 390 px) go to screenshots/stock/.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { createLendableBook } from './support/circulation';
import { DEMO, printCount, shotPath, signInAs, stubPrint, unique } from './support/helpers';
import { registerActiveMember } from './support/members';
import { registerStaffWith } from './support/staff';

interface TestCopy {
  id: number;
  accession_no: string;
  barcode: string;
  status: string;
}

/** The title's copies as the API lists them. */
async function copiesOf(request: APIRequestContext, bookId: number): Promise<TestCopy[]> {
  const answer = await request.get(`${API}/books/books/${bookId}/copies/`, { headers: await adminHeaders(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { results: TestCopy[] }).results;
}

/** Three copies on a shelf of their own (beside the title's first copy, elsewhere), the third lent by its barcode to a new member. */
async function shelfWithCopies(request: APIRequestContext, tag: string) {
  const shelf = `STK-${tag}`;
  const book = await createLendableBook(request, `Stock check ${tag}`, { copies: 1 });
  const added = await request.post(`${API}/books/books/${book.id}/copies/`, { headers: await adminHeaders(request), data: { count: 3, shelf_location: shelf } });
  expect(added.status(), await added.text()).toBe(201);
  const [first, second, third] = ((await added.json()) as { results: TestCopy[] }).results;
  const member = await registerActiveMember(request, `stk${tag}`);
  const issued = await request.post(`${API}/books/issued-books/`, { headers: await adminHeaders(request), data: { status: 'ISSUED', book: book.id, member: member.id, copy: third!.barcode } });
  expect(issued.status(), await issued.text()).toBe(201);
  const lent = (await copiesOf(request, book.id)).find((copy) => copy.id === third!.id);
  expect(lent?.status).toBe('ON_LOAN');
  return { shelf, book, lent: lent!, first: first!, second: second! };
}

const scanField = (page: Page) => page.getByRole('textbox', { name: 'Barcode or accession number' });
const cue = (page: Page) => page.getByRole('status').filter({ has: page.locator('[data-cue-word]') });
const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"] [data-figure-value]`);

/** Types a number as a wedge scanner does and waits for its answer's word. */
async function scan(page: Page, code: string, word: string): Promise<void> {
  await expect(scanField(page)).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(cue(page).locator('[data-cue-word]')).toHaveText(word);
  await expect(cue(page)).toContainText(code);
}

async function shots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', JSON.stringify(value)), theme);
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await ready();
      await page.screenshot({ path: shotPath('stock', `${name}-${theme}-${width}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a verification scanned by keyboard to its report, the unseen copy marked missing', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = unique();
  const { shelf, book, lent, first, second } = await shelfWithCopies(request, tag);
  await page.setViewportSize({ width: 1280, height: 900 });
  await stubPrint(page);
  await signInAs(page, DEMO.admin);

  await page.goto('/dashboard/books/stock');
  const form = page.getByRole('form', { name: 'New verification' });
  await form.getByRole('textbox', { name: 'Name' }).fill(`Shelf ${shelf}`);
  await form.getByRole('textbox', { name: 'Shelf' }).fill(shelf);
  await form.getByRole('button', { name: 'Open verification' }).click();
  await expect(page).toHaveURL(/\/dashboard\/books\/stock\/session\?id=\d+/);
  await expect(page.getByRole('heading', { name: `Shelf ${shelf}`, level: 2 })).toBeVisible();
  await expect(figure(page, 'expected')).toHaveText('3');

  await scan(page, first.barcode, 'Found');
  await scan(page, lent.barcode, 'On loan — should be away');
  await scan(page, `NOPE-${tag}`, 'Unknown');
  await scan(page, first.barcode, 'Already scanned');
  await expect(figure(page, 'seen')).toHaveText('2'); // the copy on the shelf and the lent one
  await expect(figure(page, 'not_seen')).toHaveText('1');

  // Two numbers typed back to back, faster than the answers: both are taken, in order.
  await page.keyboard.type(`FAST1-${tag}`);
  await page.keyboard.press('Enter');
  await page.keyboard.type(`FAST2-${tag}`);
  await page.keyboard.press('Enter');
  const latest = page.getByRole('list', { name: 'Latest scans, newest first' }).getByRole('listitem');
  await expect(latest.nth(0)).toContainText(`FAST2-${tag}`);
  await expect(latest.nth(0)).toContainText('Unknown');
  await expect(latest.nth(1)).toContainText(`FAST1-${tag}`);
  await expect(latest.nth(1)).toContainText('Unknown');
  await expect(latest.nth(2)).toContainText(first.barcode);
  await expect(latest.nth(2)).toContainText('Already scanned');

  await shots(page, 'desk', async () => {
    await expect(scanField(page)).toBeFocused();
    await expect(latest.first()).toBeVisible();
  });

  await page.getByRole('button', { name: 'Close verification' }).click();
  const closing = page.getByRole('alertdialog');
  await expect(closing).toContainText('No more scans are taken');
  await closing.getByRole('button', { name: 'Close verification' }).click();
  await expect(closing).toBeHidden();

  const notSeen = page.getByRole('region', { name: 'Not seen' });
  await expect(notSeen.getByRole('heading', { name: 'Not seen (1)' })).toBeVisible();
  await expect(notSeen.getByRole('table')).toContainText(second.accession_no);
  const seenAway = page.getByRole('region', { name: 'Seen but away' });
  await expect(seenAway.getByRole('heading', { name: 'Seen but away (1)' })).toBeVisible();
  await expect(seenAway.getByRole('table')).toContainText(lent.accession_no);
  await expect(page.getByRole('region', { name: 'Unexpected' }).getByRole('table')).toContainText(`NOPE-${tag}`);
  await expect(page.getByRole('region', { name: 'By shelf' }).getByRole('table')).toContainText(shelf);

  const download = page.waitForEvent('download');
  await notSeen.getByRole('button', { name: 'Export Not seen as CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toContain(second.accession_no);
  expect(csv).not.toContain(first.accession_no);

  await shots(page, 'report', async () => {
    await expect(notSeen.getByRole('table')).toContainText(second.accession_no);
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  });

  await page.getByRole('button', { name: 'Print report' }).click();
  await expect.poll(() => printCount(page)).toBe(1);
  const printed = page.locator('[data-report-print]');
  await expect(printed).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  await expect(page.locator('#main')).toBeHidden();
  await expect(printed.getByRole('heading', { name: `Stock verification: Shelf ${shelf}` })).toBeVisible();
  await expect(printed.getByRole('heading', { name: 'Not seen (1)' })).toBeVisible();
  await expect(printed).toContainText(second.accession_no);
  await page.screenshot({ path: shotPath('stock', 'report-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('button', { name: 'Mark 1 copy missing' }).click();
  const marking = page.getByRole('alertdialog', { name: 'Mark 1 copy missing?' });
  await marking.getByRole('button', { name: 'Mark 1 copy missing' }).click();
  await expect(marking).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Unseen copies marked missing' })).toContainText('1 copy was marked missing');
  await expect(page.getByRole('button', { name: /Mark \d+ cop(y|ies) missing/ })).toHaveCount(0);
  const after = await copiesOf(request, book.id);
  expect(after.find((copy) => copy.id === second.id)?.status).toBe('MISSING');
  expect(after.find((copy) => copy.id === first.id)?.status).toBe('AVAILABLE');
  await page.screenshot({ path: shotPath('stock', 'report-marked-1280.png'), fullPage: false });

  await page.goto('/dashboard/books/stock');
  await shots(page, 'list', async () => {
    await expect(page.getByRole('link', { name: `Shelf ${shelf}` })).toBeVisible();
  });
});

test('a reader without the scan and close permissions is offered neither the scan desk nor Mark missing', async ({ page, request }) => {
  const tag = unique();
  const { shelf } = await shelfWithCopies(request, tag);
  const open = async (name: string) => {
    const answer = await request.post(`${API}/stock-verifications/`, { headers: await adminHeaders(request), data: { name, shelf } });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { id: number }).id;
  };
  const openId = await open(`Open ${tag}`);
  const closedId = await open(`Closed ${tag}`);
  expect((await request.post(`${API}/stock-verifications/${closedId}/close/`, { headers: await adminHeaders(request), data: {} })).status()).toBe(200);
  const reader = await registerStaffWith(request, 'stockreader', ['view_stockverification']);
  await signInAs(page, reader);

  await page.goto('/dashboard/books/stock');
  await expect(page.getByRole('form', { name: 'New verification' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Open ${tag}` })).toBeVisible();

  await page.goto(`/dashboard/books/stock/session?id=${openId}`);
  await expect(page.getByRole('heading', { name: `Open ${tag}`, level: 2 })).toBeVisible();
  await expect(page.getByText('Scanning needs the')).toBeVisible();
  await expect(scanField(page)).toHaveCount(0);

  await page.goto(`/dashboard/books/stock/session?id=${closedId}`);
  await expect(page.getByRole('region', { name: 'Not seen' }).getByRole('heading', { name: 'Not seen (2)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print report' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark \d+ cop(y|ies) missing/ })).toHaveCount(0);
});

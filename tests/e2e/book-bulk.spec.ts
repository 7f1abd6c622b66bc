/**
 * Book Template and Bulk Upload on Book Record against the real API: the template downloads with
 * the template's header, uploading it unchanged imports its 6 books; a file with bad rows shows the
 * local errors first and the server's rejected rows after upload; a file without the template's
 * columns is blocked; a non-CSV is refused; on a phone the actions sit in a "Books" menu.
 * Screenshots of the dialog (preview and result; dark and light, 1280 and 390 px) go to
 * screenshots/book-bulk/.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { clickUntilShown, shotPath, signInAs } from './support/helpers';

const HEADER = 'title,author,publisher,isbn,total_copies,category,department,language,edition,rack_no,shelf_location,brief_description,accession_numbers';

async function openBookRecord(page: Page): Promise<void> {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/books/record');
  await expect(page.getByRole('button', { name: 'Bulk Upload' })).toBeVisible();
}

async function openBulkUpload(page: Page) {
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Books' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  return dialog;
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function screenshots(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: shotPath('book-bulk', `${name}-${theme}-${width}.png`) });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the downloaded Book Template uploads unchanged and imports its 6 books', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBookRecord(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Book Template' }).click()]);
  expect(download.suggestedFilename()).toBe('Book-Template.csv');
  const path = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const text = await readFile(path, 'utf8');
  expect(text.split(/\r?\n/)[0]).toBe(HEADER);

  const dialog = await openBulkUpload(page);
  await dialog.locator('input[type=file]').setInputFiles(path);
  await expect(dialog.getByText('6 data rows')).toBeVisible();
  await expect(dialog.getByText('No errors found')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'First rows of the file' }).getByRole('cell', { name: 'The Hobbit' })).toBeVisible();
  await screenshots(page, 'preview-template');

  // Hold the answer a moment to see the busy state: the dialog cannot be dismissed meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/books/bulk-upload/', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Uploading File...').first()).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Uploading File...' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.screenshot({ path: shotPath('book-bulk', 'uploading-dark-1280.png') });
  release();

  const result = dialog.getByRole('region', { name: 'Upload result' });
  await expect(result.getByText('6 books imported')).toBeVisible({ timeout: 15_000 });
  // The toast sits outside the modal (hidden from the accessibility tree while it is open).
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: /6 books uploaded|Successfull/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download rejected rows (CSV)' })).toHaveCount(0);
});

test('a file with bad rows lists the local errors, and after upload each rejected row with its reason', async ({ page }) => {
  // Many steps (sign-in, uploads, password checks, screenshots in two themes): three times the usual limit.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBookRecord(page);
  const dialog = await openBulkUpload(page);

  const rows = [
    'Good Book One,Ann Author,Press,9781000000009,2,Fiction,Mathematics,English,,R-1,,',
    'Bad Isbn Book,Ann Author,Press,9781000000003,2,Fiction,Mathematics,English,,R-1,,',
    ',Nameless Author,Press,9781000000016,2,Fiction,Mathematics,English,,R-1,,',
    '"Cookery, Vol. 1",Chef,Press,9781000000023,1,Cookery,Mathematics,English,,R-2,,',
  ];
  await dialog.locator('input[type=file]').setInputFiles(csvFile('bad-rows.csv', [HEADER, ...rows].join('\r\n')));

  await expect(dialog.getByText('4 data rows')).toBeVisible();
  const local = dialog.getByRole('list', { name: 'Errors found in the file' });
  await expect(local.getByRole('listitem').filter({ hasText: 'Row 2' })).toContainText('Enter a valid ISBN-10 or ISBN-13.');
  await expect(local.getByRole('listitem').filter({ hasText: 'Row 3' })).toContainText('title');
  await expect(local.getByRole('listitem').filter({ hasText: 'Row 3' })).toContainText('This field may not be blank.');
  await expect(dialog.getByRole('list', { name: 'Rows with unknown names' })).toContainText('Unknown category "Cookery".');
  await expect(dialog.getByLabel('Create missing categories, departments and languages')).not.toBeChecked();
  await screenshots(page, 'preview-errors');

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const result = dialog.getByRole('region', { name: 'Upload result' });
  await expect(result.getByText('1 book imported')).toBeVisible({ timeout: 15_000 });
  const rejected = result.getByRole('list', { name: 'Rejected rows' });
  await expect(rejected.getByRole('listitem').filter({ hasText: 'Row 2' })).toContainText(/isbn/i);
  await expect(rejected.getByRole('listitem').filter({ hasText: 'Row 3' })).toContainText(/title/i);
  await expect(rejected.getByRole('listitem').filter({ hasText: 'Row 4' })).toContainText(/Cookery/);
  await screenshots(page, 'result-errors');

  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download rejected rows (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('bad-rows-rejected.csv');
  const lines = (await readFile(await download.path(), 'utf8')).split(/\r?\n/);
  expect(lines[0]).toBe(`${HEADER},error`);
  expect(lines).toHaveLength(4);
  expect(lines[1]).toContain('Bad Isbn Book');
});

test('a file without the template columns is blocked, and a non-CSV is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBookRecord(page);
  const dialog = await openBulkUpload(page);

  await dialog.locator('input[type=file]').setInputFiles(csvFile('names.csv', 'name,writer\nDune,Frank Herbert\n'));
  await expect(dialog.getByText('Missing columns')).toBeVisible();
  await expect(dialog.getByText(/The file needs these columns: title, author, publisher, isbn/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  await dialog.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('not a csv') });
  await expect(dialog.getByText('“cover.png” is not a CSV file. Only .csv files can be uploaded.')).toBeVisible();

  // 12,000 rows preview in chunks: counts, the first 50 errors listed, the rest counted.
  const rows = Array.from({ length: 12_000 }, (_, i) => `Title ${i},Author,Press,${i % 3 === 0 ? 'bad-isbn' : ''},2,Fiction,Mathematics,English,,R,,`);
  await dialog.locator('input[type=file]').setInputFiles(csvFile('big.csv', [HEADER, ...rows].join('\n')));
  await expect(dialog.getByText('12,000 data rows')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('list', { name: 'Errors found in the file' }).getByRole('listitem')).toHaveCount(50);
  await expect(dialog.getByText('…and 11,950 more not listed.')).toBeVisible();
});

test('on a phone the book actions sit in a Books menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto('/dashboard/books/record');
  await expect(page.getByRole('button', { name: 'Bulk Upload' })).toBeHidden();
  await clickUntilShown(page.getByRole('button', { name: 'Books', exact: true }), page.getByRole('menuitem', { name: 'Add Book' }));
  await expect(page.getByRole('menuitem', { name: 'Book Template' })).toBeVisible();
  await page.screenshot({ path: shotPath('book-bulk', 'books-menu-dark-390.png') });
  await page.getByRole('menuitem', { name: 'Bulk Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Books' });
  await expect(dialog.getByRole('button', { name: 'Choose CSV file' })).toBeVisible();
  await page.screenshot({ path: shotPath('book-bulk', 'choose-dark-390.png') });
});

test('unknown names can be created by the upload, and a file the server refuses shows its reason', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBookRecord(page);
  const dialog = await openBulkUpload(page);

  const row = 'Ottolenghi Simple,Yotam Ottolenghi,Ebury,9781000000030,2,Cookery Test,Mathematics,English,,K-1,,';
  await dialog.locator('input[type=file]').setInputFiles(csvFile('cookery.csv', `${HEADER}\n${row}\n`));
  await expect(dialog.getByText('Categories: Cookery Test')).toBeVisible();
  await dialog.getByLabel('Create missing categories, departments and languages').check();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('region', { name: 'Upload result' }).getByText('1 book imported')).toBeVisible({ timeout: 15_000 });

  // Latin-1 bytes are not UTF-8: the browser still previews the file, the server refuses it whole.
  await dialog.getByRole('button', { name: 'Upload another file' }).click();
  const latin1 = Buffer.concat([Buffer.from(`${HEADER}\nCaf`), Buffer.from([0xe9]), Buffer.from(',A,P,9781000000047,1,Fiction,Mathematics,English,,R,,\n')]);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'latin1.csv', mimeType: 'text/csv', buffer: latin1 });
  await expect(dialog.getByText('1 data row')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'The file was not uploaded' })).toContainText('Upload a valid CSV file.');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
});

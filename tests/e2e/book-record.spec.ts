/**
 * Book Record against the real API and the demo catalogue: search narrows the rows and survives a
 * reload, sorting and paging change what is shown (and the URL), a category filter, deleting a
 * book with the wrong and then the right password, a front-desk manager without delete_book sees
 * no Delete, and the CSV export holds exactly the filtered rows. Screenshots of the table and the
 * delete dialog (dark and light, 1280 and 390 px) go to screenshots/book-record/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { API, fillSteady, pickOption, PNG, randomIsbn13 } from './support/books';
import { DEMO, unique, signInAs, shotPath, bearerOf } from './support/helpers';
import { expectShotOf, expectTheme } from './support/screens';

const DESK = { username: 'demo.desk', password: 'Desk-demo-2026' } as const;

/** The table's data rows (not the header row, not the skeleton). */
const bodyRows = (page: Page) => page.getByRole('table', { name: 'Books' }).locator('tbody tr');
const titles = (page: Page) => page.getByRole('table', { name: 'Books' }).getByRole('rowheader');

async function openRecord(page: Page, query = ''): Promise<void> {
  await page.goto(`/dashboard/books/record${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Record' })).toHaveCount(1);
  await expect(page.getByText(/^Showing \d/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Books' })).not.toHaveAttribute('aria-busy', 'true');
}

/** Creates a book through the API as the admin; answers its title. */
async function createBook(request: APIRequestContext, title: string): Promise<string> {
  const headers = await bearerOf(request, 'admin');
  const first = async (path: string) => ((await (await request.get(`${API}${path}`, { headers })).json()) as { id: number }[])[0]!.id;
  const created = await request.post(`${API}/books/books/`, {
    headers,
    data: {
      title,
      author: 'Test Author',
      isbn: randomIsbn13(),
      department: await first('/admin-departments/'),
      category: await first('/categories/'),
      language: await first('/language/'),
      publisher: 'Test Press',
      total_copies: 1,
      rack_no: 'T-1',
    },
  });
  expect(created.status()).toBe(201);
  return title;
}

test('a search narrows the rows and survives a reload', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openRecord(page);
  await page.getByLabel('Search books').fill('Austen');
  await expect(page).toHaveURL(/search=Austen/);
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();
  for (const row of await bodyRows(page).all()) await expect(row).toContainText('Jane Austen');

  await page.reload();
  await expect(page.getByLabel('Search books')).toHaveValue('Austen');
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(titles(page)).toHaveText(['Emma', 'Persuasion', 'Pride and Prejudice']);

  await page.getByLabel('Search books').fill('no such book zzz');
  await expect(page.getByText('No books match your search or filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByLabel('Search books')).toHaveValue('');
  await expect(page).not.toHaveURL(/search=/);
});

test('sorting by title descending changes the first row; paging and page size work', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openRecord(page);
  const firstAscending = await titles(page).first().textContent();
  const titleHeader = page.getByRole('columnheader', { name: 'Title' });

  await titleHeader.getByRole('button').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await titleHeader.getByRole('button').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/ordering=-title/);
  await expect(titles(page).first()).not.toHaveText(firstAscending ?? '');
  const descending = await titles(page).allTextContents();
  expect(descending.length).toBeGreaterThan(1);

  await page.getByLabel('Rows per page').selectOption('10');
  await expect(bodyRows(page)).toHaveCount(10);
  const total = Number((await page.getByText(/^Showing 1–10 of/).textContent())!.replace(/.* of /, '').replace(/,/g, ''));
  expect(total).toBeGreaterThan(20);
  await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();
  const pageOneFirst = await titles(page).first().textContent();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(`Showing 11–20 of ${total}`)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(titles(page).first()).not.toHaveText(pageOneFirst ?? '');

  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByText(`Page ${Math.ceil(total / 10)} of ${Math.ceil(total / 10)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // Columns hidden on narrower screens sort through the "Sort by" select.
  await page.getByLabel('Sort by').selectOption({ label: 'Copies, descending' });
  await expect(page).toHaveURL(/ordering=-total_copies/);
  await expect(page).not.toHaveURL(/page=/);
  await page.goBack();

  // Back restores the previous page of the same sort.
  await page.goBack();
  await expect(page.getByText(`Showing 11–20 of ${total}`)).toBeVisible();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
});

test('a category filter shows only that category and can be combined with Available only', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openRecord(page);
  const category = page.getByLabel('Category');
  await expect(category.locator('option', { hasText: 'Poetry' })).toHaveCount(1);
  await category.selectOption({ label: 'Poetry' });
  await expect(page).toHaveURL(/category=\d+/);
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  const count = await bodyRows(page).count();
  expect(count).toBeGreaterThan(0);
  for (const row of await bodyRows(page).all()) await expect(row.getByRole('cell', { name: 'Poetry', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue(/\d+/);
  await expect(bodyRows(page)).toHaveCount(count);
  await page.getByLabel('Available only').check();
  await expect(page).toHaveURL(/available=true/);
});

test('deleting a book asks for the password: a wrong one is refused, the right one removes the row', async ({ page, request }) => {
  const title = await createBook(request, `Delete me ${unique()}`);
  await signInAs(page, DEMO.admin);
  await openRecord(page, `?search=${encodeURIComponent(title)}`);
  await expect(bodyRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete book' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Delete book' }).click();
  await expect(dialog.getByText('Enter your password to delete this book.')).toBeVisible();

  await fillSteady(dialog.getByLabel('Your password'), 'not-my-password');
  await dialog.getByRole('button', { name: 'Delete book' }).click();
  await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
  // The table is hidden from the accessibility tree while the dialog is open: plain locator.
  await expect(page.locator('table tbody tr')).toHaveCount(1);

  // Enter in the password field confirms.
  await fillSteady(dialog.getByLabel('Your password'), DEMO.admin.password);
  await dialog.getByLabel('Your password').press('Enter');
  await expect(page.getByText('Book deleted successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No books match your search or filters.')).toBeVisible();
});

test('a book added through the modal with a cover is found by search, edited, and deleted with the password', async ({ page }) => {
  // Four screens' worth of steps (add with a cover, search, edit, delete): past 30 s on a loaded machine.
  test.slow();
  const title = `Lifecycle ${unique()}`;
  await signInAs(page, DEMO.admin);
  await openRecord(page);

  // Add, with a cover.
  await page.getByRole('button', { name: 'Add Book' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Book' });
  await expect(add.getByLabel('Title')).toBeVisible();
  await fillSteady(add.getByLabel('Title'), title);
  await fillSteady(add.getByLabel('Author'), 'Lena Lifecycle');
  await fillSteady(add.getByLabel('ISBN'), randomIsbn13());
  await pickOption(page, 'Department', 'math', 'Mathematics');
  await fillSteady(add.getByLabel('Publisher'), 'Cycle Press');
  await fillSteady(add.getByLabel('Total copies'), '3');
  await pickOption(page, 'Category', 'poe', 'Poetry');
  await fillSteady(add.getByLabel('Rack no.'), 'L-1');
  await pickOption(page, 'Language', 'eng', 'English');
  await page.locator('#book-cover-photos').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Book added successfully')).toBeVisible();
  await expect(add).toHaveCount(0);

  // Found by search, with its cover thumbnail and copies.
  await page.getByLabel('Search books').fill(title.slice(0, -2));
  await expect(titles(page)).toHaveText([title]);
  const row = bodyRows(page).first();
  await expect(row.locator('img')).toHaveAttribute('src', /\/media\/covers\//);
  await expect(row).toContainText('3 / 3');

  // Edit: the modal opens with the stored values; a new title is saved and shows in the row.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Update Book' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByRole('combobox', { name: 'Category' })).toHaveValue('Poetry');
  await fillSteady(edit.getByLabel('Title'), `${title} (2nd)`);
  await fillSteady(edit.getByLabel('Total copies'), '5');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Book updated successfully')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(titles(page)).toHaveText([`${title} (2nd)`]);
  await expect(bodyRows(page).first()).toContainText('5 / 5');

  // Delete with the password.
  await page.getByRole('button', { name: `Delete ${title} (2nd)` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete book' });
  await confirm.getByLabel('Your password').fill(DEMO.admin.password);
  await confirm.getByRole('button', { name: 'Delete book' }).click();
  await expect(page.getByText('Book deleted successfully.')).toBeVisible();
  await expect(page.getByText('No books match your search or filters.')).toBeVisible();
});

test('a front-desk manager without delete_book or change_book sees View but no Edit or Delete', async ({ page }) => {
  await signInAs(page, DESK);
  await openRecord(page, '?search=Emma');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'View Emma' })).toHaveAttribute('href', /\/dashboard\/books\/record\/profile\/\d+$/);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});

test('the CSV export downloads exactly the rows of the current filter', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openRecord(page, '?search=Austen&ordering=-title');
  await expect(bodyRows(page)).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^books-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,title,author,isbn,publisher,edition,category,department,language,total_copies,available_copies,status,status_reason,rack_no,shelf_location,date_of_entry,price');
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['Pride and Prejudice', 'Persuasion', 'Emma']);
  for (const line of lines.slice(1)) expect(line).toContain('Jane Austen');
  await expect(page.getByText('Exported 3 books')).toBeVisible();
});

test('a failed load shows the reason with Retry, and Retry loads the rows', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  let fail = true;
  await page.route(/\/books\/books\/\?/, (route) =>
    fail ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ status: ['Select a valid choice.'] }) }) : route.fallback(),
  );
  await page.goto('/dashboard/books/record');
  const alert = page.getByRole('alert').filter({ hasText: 'Books could not be loaded' });
  await expect(alert).toContainText('Select a valid choice.');
  await expect(page.getByText('No books to show.')).toBeVisible();
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeHidden();
  await expect(bodyRows(page)).toHaveCount(20);
});

test('screenshots of the table and the delete dialog', async ({ page, request }) => {
  // Many steps (sign-in, uploads, password checks, screenshots in two themes): three times the usual limit.
  test.slow();
  const title = await createBook(request, `Screenshot book ${unique()}`);
  await signInAs(page, DEMO.admin);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openRecord(page);
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await expectShotOf(page, theme);
      await page.screenshot({ path: shotPath('book-record', `table-${theme}-${width}.png`) });
      if (width === 390) {
        // Phones: the filters fold behind a button; rows are cards with labelled cells.
        await expect(page.getByLabel('Category')).toBeHidden();
        await page.getByRole('button', { name: 'Filters' }).click();
        await expect(page.getByLabel('Category')).toBeVisible();
        await page.screenshot({ path: shotPath('book-record', `filters-open-${theme}-${width}.png`) });
        await page.getByRole('navigation', { name: 'Books pages' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: shotPath('book-record', `table-bottom-${theme}-${width}.png`) });
      }
    }
  }
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openRecord(page, `?search=${encodeURIComponent(title)}`);
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete book' });
      await fillSteady(dialog.getByLabel('Your password'), 'wrong-password');
      await dialog.getByRole('button', { name: 'Delete book' }).click();
      await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
      // The dialog's picture: the refusal under the password field, which keeps what was typed, on screen.
      await expect(dialog.getByLabel('Your password')).toHaveValue('wrong-password');
      await expect(dialog).toBeInViewport();
      await expectTheme(page, theme);
      await page.screenshot({ path: shotPath('book-record', `delete-dialog-${theme}-${width}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  }
});

/**
 * The Add/Update Book modal against the real API: Add Book opens it, an empty submit marks every
 * required field, a PNG is refused as an e-book, the server's duplicate-ISBN answer shows under the
 * ISBN without losing what was typed, and a complete book with a cover (department, category and
 * language picked by typing) is added and exists. Update through the record table's Edit row
 * action: LOST without a reason is refused, with a reason it is saved together with removing the
 * existing covers and e-book. Screenshots of the modal
 * (add and update, dark and light, 1280 and 390 px) go to screenshots/book-form/.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminHeaders, API, fillSteady, PDF, pickOption, PNG, randomIsbn13 } from './support/books';
import { unique, signInAs, shotPath } from './support/helpers';
import { libraryDateFormatOf, typedDate } from './support/circulation';

interface BookAnswer {
  id: number;
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  total_copies: number;
  rack_no: string;
  edition: string | null;
  shelf_location: string | null;
  price: string;
  date_of_entry: string;
  detailed_description: string | null;
  status: string;
  status_reason: string | null;
  department: { name: string } | null;
  category: { name: string } | null;
  language: { name: string } | null;
  cover_photos: string[];
  ebook_file: string | null;
}

async function findBooks(page: Page, search: string): Promise<BookAnswer[]> {
  const answer = await page.request.get(`${API}/books/books/?search=${encodeURIComponent(search)}`, { headers: await adminHeaders(page.request) });
  expect(answer.ok(), `${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as BookAnswer[];
}

/** Creates a book through the API as the admin, with a cover and an e-book. */
async function createBook(request: APIRequestContext, title: string): Promise<void> {
  const headers = await adminHeaders(request);
  const first = async (path: string) => ((await (await request.get(`${API}${path}`, { headers })).json()) as { id: number }[])[0]!.id;
  const created = await request.post(`${API}/books/books/`, {
    headers,
    multipart: {
      title,
      author: 'Form Test Author',
      isbn: randomIsbn13(),
      department: String(await first('/admin-departments/')),
      category: String(await first('/categories/')),
      language: String(await first('/language/')),
      publisher: 'Form Test Press',
      total_copies: '2',
      rack_no: 'F-1',
      cover_photo: { name: 'old-cover.png', mimeType: 'image/png', buffer: PNG },
      ebook_file: { name: 'old-ebook.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

// Screenshots in four sizes and themes take a while on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** Screenshots in dark and light at 1280 and 390 px; `scrollTo` is brought into view after each resize. */
async function screenshots(page: Page, name: string, scrollTo?: Locator): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({ path: shotPath('book-form', `${name}-${theme}-${width}.png`) });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the admin adds a book with a cover through the modal', async ({ page, request }) => {
  const dates = await libraryDateFormatOf(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'admin');
  // A slow reference list keeps the form behind 'Loading...'. The lists live in one store per page, so
  // the form opens from a books page whose own island reads none of them (Issue Book), where the
  // modal is the first reader; on the Book Record the filters have loaded them already.
  const slowLanguages = async (route: import('@playwright/test').Route) => {
    // Short: the test stack's access tokens live 2 seconds, and a held request still carries its token.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  };
  await page.route('**/language/', slowLanguages);
  await page.goto('/dashboard/books/issue');
  await expect(page.getByRole('button', { name: 'Add Book' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Book' });
  await expect(dialog.getByText('Loading...')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveCount(0);
  await expect(dialog.getByLabel('Title')).toBeVisible();
  // New books have no status.
  await expect(dialog.getByLabel('Status')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(9);
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await screenshots(page, 'add-required');

  // An e-book must be a PDF.
  await page.locator('#book-ebook-file').setInputFiles({ name: 'not-a-book.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Upload a valid PDF file.')).toBeVisible();

  const title = `Form Test ${unique()}`;
  const isbn = randomIsbn13();
  const existing = (await findBooks(page, 'Austen'))[0]!;
  await fillSteady(dialog.getByLabel('Title'), title);
  await fillSteady(dialog.getByLabel('Author'), 'Ada Formwright');
  await fillSteady(dialog.getByLabel('ISBN'), '12345');
  const department = dialog.getByRole('combobox', { name: 'Department' });
  await department.click();
  await department.fill('mat');
  await expect(page.getByRole('option', { name: 'Mathematics' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Computer Science' })).toHaveCount(0);
  await page.screenshot({ path: shotPath('book-form', 'combobox-open-dark-1280.png') });
  await department.press('Escape');
  await expect(dialog).toBeVisible();
  await pickOption(page, 'Department', 'mathem', 'Mathematics');
  await fillSteady(dialog.getByLabel('Publisher'), 'Playwright Press');
  await fillSteady(dialog.getByLabel('Total copies'), 'two');
  await pickOption(page, 'Category', 'comp', 'Computing');
  await fillSteady(dialog.getByLabel('Rack no.'), 'R-42');
  // Keyboard only: typing highlights the first match and Enter chooses it.
  const language = dialog.getByRole('combobox', { name: 'Language' });
  await expect(async () => {
    await language.fill('');
    await language.pressSequentially('fren', { delay: 60 });
    await expect(language).toHaveValue('fren', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await language.press('Enter');
  await expect(language).toHaveValue('French');
  await expect(page.getByRole('listbox')).toBeHidden();
  await fillSteady(dialog.getByLabel('Edition (optional)'), '2nd');
  await expect(language).toHaveValue('French');
  await fillSteady(dialog.getByLabel('Shelf location (optional)'), 'Top shelf');
  await fillSteady(dialog.getByLabel('Price in Rs. (optional)'), '450.50');
  await fillSteady(dialog.getByLabel('Date of entry (optional)'), typedDate('2026-03-01', dates));
  await fillSteady(dialog.getByLabel('Detailed description (optional)'), 'A book written by a browser test.');
  await page.locator('#book-cover-photos').setInputFiles({ name: 'front-cover-final.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('front-co….png')).toBeVisible();
  await expect(dialog.getByText('front-co….png')).toHaveAttribute('title', 'front-cover-final.png');
  await expect(dialog.getByRole('img', { name: 'New cover front-cover-final.png' })).toBeVisible();
  await screenshots(page, 'add-files', dialog.getByText('Upload a valid PDF file.'));

  // Local checks: ISBN shape and checksum, whole number of copies.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Enter a valid ISBN-10 or ISBN-13.')).toBeVisible();
  await expect(dialog.getByText('Enter a whole number from 1 to 100,000.')).toBeVisible();
  await expect(dialog.getByLabel('ISBN')).toBeFocused();

  // The server refuses an ISBN already in the catalogue; its message shows under the field and nothing typed is lost.
  await fillSteady(dialog.getByLabel('ISBN'), existing.isbn);
  await fillSteady(dialog.getByLabel('Total copies'), '2');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('book with this isbn already exists.').first()).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue('French');
  await expect(dialog.getByText('front-co….png')).toBeVisible();
  await screenshots(page, 'add-server-error');

  await fillSteady(dialog.getByLabel('ISBN'), isbn);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Book added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const [book] = await findBooks(page, isbn);
  expect(book).toMatchObject({
    title,
    author: 'Ada Formwright',
    isbn,
    publisher: 'Playwright Press',
    total_copies: 2,
    rack_no: 'R-42',
    edition: '2nd',
    shelf_location: 'Top shelf',
    price: '450.50',
    date_of_entry: '2026-03-01',
    detailed_description: 'A book written by a browser test.',
    status: 'ACTIVE',
    department: { name: 'Mathematics' },
    category: { name: 'Computing' },
    language: { name: 'French' },
  });
  expect(book!.cover_photos).toHaveLength(1);
});

test('the admin marks a book LOST through Edit: a reason is required, then it is saved', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = `Form Edit ${unique()}`;
  await createBook(request, title);
  await signInAs(page, 'admin');
  await page.goto('/dashboard/books/record');
  await page.getByLabel('Search books').fill(title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Update Book' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Status')).toHaveValue('ACTIVE');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
  await screenshots(page, 'update');
  await expect(dialog.getByRole('img', { name: 'Current cover 1' })).toBeVisible();
  await dialog.getByLabel('Remove all existing covers').check();
  await dialog.getByRole('button', { name: 'Remove e-book' }).click();
  await expect(dialog.getByText('The current e-book will be removed on update.')).toBeVisible();
  await screenshots(page, 'update-files', dialog.getByText('PDF only, up to 50 MB.'));

  await dialog.getByLabel('Status').selectOption('LOST');
  await fillSteady(dialog.getByLabel('Publisher'), 'Revised Press');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText('Reason is required when changing status to LOST or WRITE_OFF.')).toBeVisible();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await screenshots(page, 'update-reason');

  await fillSteady(dialog.getByLabel('Reason'), 'Left on the night bus');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Book updated successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const [book] = await findBooks(page, title);
  expect(book).toMatchObject({ title, publisher: 'Revised Press', status: 'LOST', status_reason: 'Left on the night bus', ebook_file: null });
  expect(book!.cover_photos).toEqual([]);
});

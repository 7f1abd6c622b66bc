/**
 * The Issue Book page against the real server, each test with its own members and books: a loan
 * issued by keyboard alone (Alt+I, a scanned member number and ISBN, Enter to submit and to
 * confirm); scans at a person's pace across several openings (a closed dialog keeps nothing, the
 * fields show every scan, Submit issues what they show); the copies left asked afresh after an
 * issue; the defaulter confirmation with his due amount; each validation message; the member
 * sees his loan on books/issue and renews it. Screenshots of the list and the dialog (dark and
 * light, 1280 and 390 px) go to screenshots/issue/.
 */
import { expect, test, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { addDays } from '#shared/dates';
import { DEMO, signInAs, shotPath } from './support/helpers';
import { createLendableBook, issueSummaryOf, issueThroughApi, libraryDateFormatOf, libraryTodayOf, memberNumberOf, typedDate, openLoansOf, returnUnpaid, type TestBook } from './support/circulation';
import { registerActiveMember, type TestMember } from './support/members';

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Issue Book' });
const scanInput = (page: Page) => dialogOf(page).getByLabel('Scan');

/** Opens the Issue page and the dialog with Alt+I. */
async function openIssueDialog(page: Page): Promise<void> {
  await page.goto('/dashboard/books/issue');
  await expect(page.getByRole('heading', { level: 1, name: 'Issue Book' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue Book' })).toHaveAttribute('aria-keyshortcuts', 'Alt+I');
  // The shortcut's listener is the top bar's, which may hydrate a moment after this page's list.
  await expect(async () => {
    await page.keyboard.press('Alt+KeyI');
    await expect(dialogOf(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(scanInput(page)).toBeFocused();
}

/** Types a code as a scanner does (fast, then Enter) into the focused input. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** A person at the desk: a few hundred milliseconds between one barcode and the next. */
const PACE_MS = 400;

/** Scans a code, then waits as a person does before reaching for the next item. */
async function scanAtPace(page: Page, code: string): Promise<void> {
  await scan(page, code);
  await page.waitForTimeout(PACE_MS);
}

const bookField = (page: Page) => dialogOf(page).getByRole('combobox', { name: 'Book' });
const memberField = (page: Page) => dialogOf(page).getByRole('combobox', { name: 'Member' });
const shownBook = (book: TestBook): string => `${book.title} (${book.id})`;
const shownMember = (member: TestMember): string => `${member.name} (${member.username})`;

/** Opens the dialog again from the page's Issue Book button (focus starts in Scan). */
async function reopenIssueDialog(page: Page): Promise<void> {
  await expect(dialogOf(page)).toBeHidden();
  await page.getByRole('button', { name: 'Issue Book' }).click();
  await expect(scanInput(page)).toBeFocused();
}

test('a loan is issued by keyboard alone: scanned member number and ISBN, Enter, Enter', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerActiveMember(request, 'isskb');
  const number = await memberNumberOf(request, member.username);
  const book = await createLendableBook(request, `Keyboard Loan ${member.username}`);
  await signInAs(page, DEMO.admin);
  await openIssueDialog(page);

  // An unknown code: a clear message, focus stays.
  await scan(page, 'no-such-thing!');
  await expect(dialogOf(page)).toContainText('is not a member number, ISBN or book id');
  await expect(scanInput(page)).toBeFocused();
  await scanInput(page).fill('');

  await scan(page, number);
  await expect(dialogOf(page).getByLabel('Member')).toHaveValue(new RegExp(member.username));
  await expect(dialogOf(page).getByTestId('issued-count')).toContainText('0');
  await expect(scanInput(page)).toBeFocused();
  await scan(page, book.isbn);
  await expect(dialogOf(page).getByLabel('Book')).toHaveValue(`${book.title} (${book.id})`);
  await expect(dialogOf(page).getByTestId('available-copies')).toContainText('2');

  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to issue this book?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Issue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Book Issued Successfully')).toBeVisible();

  // Ready for the next loan; the list shows this one.
  await expect(dialogOf(page).getByLabel('Book')).toHaveValue('');
  await expect(scanInput(page)).toBeFocused();
  expect((await issueSummaryOf(request, member.id)).issued_count).toBe(1);
  await page.keyboard.press('Escape');
  await page.getByLabel('Search issued books').fill(member.username);
  await expect(page.getByRole('table', { name: 'Issued books' }).locator('tbody tr').filter({ hasText: book.title })).toHaveCount(1);
});

test('a member who owes a fine gets the defaulter confirmation with his due amount', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerActiveMember(request, 'issdef');
  const number = await memberNumberOf(request, member.username);
  const book = await createLendableBook(request, `Late Loan ${member.username}`);
  const today = await libraryTodayOf(request);
  const loan = await issueThroughApi(request, { book: book.id, member: member.id, issue_date: addDays(today, -20), due_date: addDays(today, -17) });
  await returnUnpaid(request, loan.id, today);
  const owed = await issueSummaryOf(request, member.id);
  expect(owed.member.isDefaulter).toBe(true);
  const amount = Number(owed.member.fine_amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  await signInAs(page, DEMO.admin);
  await openIssueDialog(page);
  await scan(page, number);
  await expect(dialogOf(page).getByTestId('member-fine')).toContainText('Defaulter');
  await scan(page, String(book.id));
  await expect(dialogOf(page).getByLabel('Book')).toHaveValue(`${book.title} (${book.id})`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: `The Member is Defaulter with due amount Rs.${amount}, Still Continue?` })).toBeVisible();
  // Cancel issues nothing and keeps the picks.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(dialogOf(page).getByLabel('Book')).toHaveValue(`${book.title} (${book.id})`);
  expect((await issueSummaryOf(request, member.id)).issued_count).toBe(0);
});

test('scans at a person\'s pace fill the Book and Member fields on every opening, and Submit issues to the member shown', async ({ page, request }) => {
  test.setTimeout(120_000);
  const first = await registerActiveMember(request, 'issopa');
  const second = await registerActiveMember(request, 'issopb');
  const firstNumber = await memberNumberOf(request, first.username);
  const secondNumber = await memberNumberOf(request, second.username);
  const bookA = await createLendableBook(request, `Opened Twice A ${first.username}`, { copies: 3 });
  const bookB = await createLendableBook(request, `Opened Twice B ${first.username}`, { copies: 3 });
  await signInAs(page, DEMO.admin);
  await openIssueDialog(page);

  // First opening: member, a pause, book; both fields say what was scanned. Cancel.
  await page.waitForTimeout(PACE_MS);
  await scanAtPace(page, firstNumber);
  await scanAtPace(page, bookA.isbn);
  await expect(memberField(page)).toHaveValue(shownMember(first));
  await expect(bookField(page)).toHaveValue(shownBook(bookA));
  await dialogOf(page).getByRole('button', { name: 'Cancel' }).click();

  // Second opening: nothing kept from the first; the new scans show. Escape.
  await reopenIssueDialog(page);
  await expect(memberField(page)).toHaveValue('');
  await expect(bookField(page)).toHaveValue('');
  await expect(dialogOf(page).getByTestId('available-copies')).toHaveCount(0);
  await expect(dialogOf(page).getByTestId('issued-count')).toHaveCount(0);
  await page.waitForTimeout(PACE_MS);
  await scanAtPace(page, secondNumber);
  await scanAtPace(page, bookB.isbn);
  await expect(memberField(page)).toHaveValue(shownMember(second));
  await expect(bookField(page)).toHaveValue(shownBook(bookB));
  await expect(scanInput(page)).toBeFocused();
  await page.keyboard.press('Escape');

  // Third opening: the first member again with book B; Submit issues exactly what the fields show.
  await reopenIssueDialog(page);
  await expect(memberField(page)).toHaveValue('');
  await page.waitForTimeout(PACE_MS);
  await scanAtPace(page, firstNumber);
  await scanAtPace(page, String(bookB.id));
  await expect(memberField(page)).toHaveValue(shownMember(first));
  await expect(bookField(page)).toHaveValue(shownBook(bookB));
  await expect(dialogOf(page).getByTestId('available-copies')).toHaveText('3');
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog', { name: 'Are you sure you want to issue this book?' }).getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Book Issued Successfully')).toBeVisible();

  expect((await openLoansOf(request, first.id)).map((loan) => loan.book.id)).toEqual([bookB.id]);
  expect(await openLoansOf(request, second.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByLabel('Search issued books').fill(first.username);
  await expect(page.getByRole('table', { name: 'Issued books' }).locator('tbody tr').filter({ hasText: bookB.title })).toHaveCount(1);
});

test('after an issue the same title searched again shows the copies left, asked of the server', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await registerActiveMember(request, 'issfresh');
  const number = await memberNumberOf(request, member.username);
  const book = await createLendableBook(request, `Fresh Count ${member.username}`, { copies: 3 });
  const offered = page.getByRole('option').filter({ hasText: shownBook(book) });
  const searchAsked = () => page.waitForRequest((sent) => sent.url().includes('/books/books/?') && new URL(sent.url()).searchParams.get('search') === book.title, { timeout: 5_000 });
  await signInAs(page, DEMO.admin);
  await openIssueDialog(page);

  await scanAtPace(page, number);
  await expect(dialogOf(page).getByTestId('issued-count')).toContainText('0 of');
  await bookField(page).click();
  await bookField(page).fill(book.title);
  await expect(offered).toContainText('3 available');
  await offered.click();
  await expect(dialogOf(page).getByTestId('available-copies')).toHaveText('3');
  await dialogOf(page).getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('alertdialog', { name: 'Are you sure you want to issue this book?' }).getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Book Issued Successfully')).toBeVisible();
  await expect(bookField(page)).toHaveValue('');

  // The same title in the still-open dialog: a new request, and the copy just lent is gone.
  let asked = searchAsked();
  await bookField(page).click();
  await bookField(page).fill(book.title);
  await asked;
  await expect(offered).toContainText('2 available');
  await offered.click();
  await expect(dialogOf(page).getByTestId('available-copies')).toHaveText('2');
  // Words typed over the choice are not a choice: leaving the box shows again the book Submit would send.
  await bookField(page).fill('no such title anywhere');
  await expect(page.getByText('No books match “no such title anywhere”.')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(bookField(page)).toHaveValue(shownBook(book));
  // The same member again: his issued count includes the loan just made.
  await scanInput(page).click();
  await scanAtPace(page, number);
  await expect(dialogOf(page).getByTestId('issued-count')).toContainText('1 of');

  // The next opening asks again too.
  await dialogOf(page).getByRole('button', { name: 'Cancel' }).click();
  await reopenIssueDialog(page);
  asked = searchAsked();
  await bookField(page).click();
  await bookField(page).fill(book.title);
  await asked;
  await expect(offered).toContainText('2 available');
});

test('each validation message shows under its field', async ({ page, request }) => {
  const dates = await libraryDateFormatOf(request);
  await signInAs(page, DEMO.admin);
  await openIssueDialog(page);
  await dialogOf(page).getByLabel('Issue Date').fill('');
  await dialogOf(page).getByLabel('Due Date').fill('');
  await dialogOf(page).getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Issue date is required', 'Due date is required', 'Book is required', 'Member is required']) {
    await expect(dialogOf(page).getByText(message, { exact: true })).toBeVisible();
  }
  await dialogOf(page).getByLabel('Issue Date').fill(typedDate('2026-03-10', dates));
  await dialogOf(page).getByLabel('Due Date').fill(typedDate('2026-03-01', dates));
  await dialogOf(page).getByRole('button', { name: 'Submit' }).click();
  await expect(dialogOf(page).getByText('Due date cannot be before the issue date.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('issue and due dates outside the loan window show the server\'s message under their field, and nothing is sent', async ({ page, request }) => {
  const today = await libraryTodayOf(request);
  const dates = await libraryDateFormatOf(request);
  await signInAs(page, DEMO.admin);
  await openIssueDialog(page);
  const sent: string[] = [];
  page.on('request', (asked) => {
    if (asked.method() === 'POST' && asked.url().includes('/books/issued-books/')) sent.push(asked.url());
  });
  const box = dialogOf(page);
  const cases: [string, string, string, string][] = [
    ['Issue Date', addDays(today, 1), addDays(today, 4), 'Issue date cannot be in the future.'],
    ['Issue Date', addDays(today, -366), addDays(today, -360), 'Issue date cannot be more than 365 days before today.'],
    ['Due Date', today, addDays(today, 366), 'Due date cannot be more than 365 days after the issue date.'],
  ];
  for (const [field, issueDate, dueDate, message] of cases) {
    await box.getByLabel('Issue Date').fill(typedDate(issueDate, dates));
    await box.getByLabel('Due Date').fill(typedDate(dueDate, dates));
    await box.getByRole('button', { name: 'Submit' }).click();
    await expect(box.getByLabel(field)).toHaveAccessibleDescription(message);
  }
  await box.getByLabel('Due Date').fill(typedDate(addDays(today, 365), dates));
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByLabel('Due Date')).not.toHaveAccessibleDescription(/365 days/);
  await expect(box.getByLabel('Issue Date')).not.toHaveAccessibleDescription(/./);
  expect(sent).toEqual([]);
});

test('Edit changes only the due date of a loan (Update)', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'issedit');
  const book = await createLendableBook(request, `Edited Loan ${member.username}`);
  const today = await libraryTodayOf(request);
  const dates = await libraryDateFormatOf(request);
  await issueThroughApi(request, { book: book.id, member: member.id, issue_date: today, due_date: addDays(today, 3) });
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/books/issue?search=${member.username}`);
  await page.getByRole('button', { name: new RegExp(`^Edit the loan of ${book.title} to `) }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Issued Book' });
  await expect(dialog.getByLabel('Issue Date')).toBeDisabled();
  await expect(dialog.getByLabel('Book')).toBeDisabled();
  await dialog.getByLabel('Due Date').fill(typedDate(addDays(today, 10), dates));
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`“${book.title}” is now due`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const loans = await request.get(`${API}/books/issued-books/?member=${member.id}`, { headers: await adminHeaders(request) });
  expect(((await loans.json()) as { due_date: string }[])[0]!.due_date.slice(0, 10)).toBe(addDays(today, 10));
});

test('the member sees his loan on books/issue and renews it', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'issren');
  const book = await createLendableBook(request, `Renewable ${member.username}`);
  const today = await libraryTodayOf(request);
  await issueThroughApi(request, { book: book.id, member: member.id, issue_date: today, due_date: addDays(today, 3) });
  await signInAs(page, member);
  await page.goto('/dashboard/books/issue');
  await expect(page.getByRole('heading', { level: 1, name: 'Issued Books' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Issued Books' }).locator('tbody tr').filter({ hasText: book.title });
  await expect(row).toContainText('3 days left');
  await page.getByRole('button', { name: `Renew ${book.title}` }).click();
  await expect(page.getByText(`“${book.title}” renewed, now due`)).toBeVisible();
  await expect(row).not.toContainText('3 days left');
});

test('screenshots of the list and the dialog', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await registerActiveMember(request, 'issshot');
  const book = await createLendableBook(request, `Shot Loan ${member.username}`);
  const today = await libraryTodayOf(request);
  await issueThroughApi(request, { book: book.id, member: member.id, issue_date: addDays(today, -9), due_date: addDays(today, -6) });
  await signInAs(page, DEMO.admin);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The overdue loans (the demo library's newest loans, on the first page otherwise, are not late yet).
      await page.goto('/dashboard/books/issue?overdue=true');
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await expect(page.locator('[data-overdue]').first()).toBeVisible();
      await page.screenshot({ path: shotPath('issue', `list-${theme}-${width}.png`) });
      await page.getByRole('button', { name: 'Issue Book' }).click();
      await expect(scanInput(page)).toBeFocused();
      await scanAtPace(page, await memberNumberOf(request, member.username));
      await scanAtPace(page, book.isbn);
      await expect(dialogOf(page).getByTestId('issued-count')).toBeVisible();
      await expect(memberField(page)).toHaveValue(shownMember(member));
      await expect(bookField(page)).toHaveValue(shownBook(book));
      await page.screenshot({ path: shotPath('issue', `dialog-${theme}-${width}.png`) });
      await page.keyboard.press('Escape');
    }
  }
});

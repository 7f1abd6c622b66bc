/**
 * The Return Book page and dialog against the real server, with members and loans each test makes
 * through the API (old issue dates make a loan overdue): a late return with Partial Payment and
 * Auto Discount, every displayed figure checked against the fine rules and against what the server
 * recorded; a lost book returned on time charges its price alone, after the server's refusal of
 * a return date before the issue date showed under the field (picked in Book mode); the returned loan leaves the
 * member's open loans, shows first in the returned history and on the member's Returned Books page.
 * A discount asks for its reason; a return date in the future is refused under the field. The
 * demo's Front Desk (no permission for money) is offered no money controls, is told the fine will
 * be recorded as owed, cannot backdate away a fine, and its return leaves the whole fine owed.
 * Screenshots (dark and light, 1280 and 390 px) go to screenshots/return/.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { addDays, formatDate } from '#shared/dates';
import { autoDiscountFor, computeFine } from '#shared/fines';
import { formatMoney, toDecimalString, toMinorUnits } from '#shared/money';
import { API } from './support/books';
import { createLendableBook, issueThroughApi, libraryDateFormatOf, libraryTodayOf, openLoansOf, typedDate } from './support/circulation';
import { DEMO, unique, signInAs, shotPath } from './support/helpers';
import { RETURN_MONEY_MESSAGES } from '#shared/fines';
import { registerActiveMember, type TestMember } from './support/members';

const FRONT_DESK = { username: 'demo.desk', password: 'Desk-demo-2026' } as const;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Return Book' });
const figure = (page: Page, name: string) => dialog(page).locator(`[data-figure="${name}"]`);
const fact = (page: Page, term: string) => dialog(page).getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** Picks the member in the dialog's member picker (an option reads his name, then his number and e-mail). */
async function pickMember(page: Page, member: TestMember): Promise<void> {
  const field = dialog(page).getByRole('combobox', { name: 'Member' });
  const label = `${member.name} (${member.username})`;
  const choice = page.getByRole('option', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
  await expect(async () => {
    await field.click();
    await field.fill(member.username);
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await choice.click();
  await expect(field).toHaveValue(label);
}

/** Picks the book in the open dialog's book picker (Book mode). */
async function pickBook(page: Page, book: { id: number; title: string }): Promise<void> {
  const field = dialog(page).getByRole('combobox', { name: 'Book', exact: true });
  const label = `${book.title} (${book.id})`;
  const choice = page.getByRole('option', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
  await expect(async () => {
    await field.click();
    await field.fill(book.title);
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await choice.click();
  await expect(field).toHaveValue(label);
}

/** Opens the dialog in Book mode and picks the book, then the member who holds it. */
async function pickLoanByBook(page: Page, book: { id: number; title: string }, member: TestMember): Promise<void> {
  await page.goto('/dashboard/books/return?dialog=return');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('radio', { name: 'Book' })).toBeChecked();
  await pickBook(page, book);
  const submit = dialog(page).getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await dialog(page).getByRole('combobox', { name: 'Issued to' }).selectOption({ label: `${member.name} (${member.username})` });
  await expect(submit).toBeEnabled();
}

/** Opens the dialog through `?dialog=return` and picks the member and his loan of `bookLabel`. */
async function pickLoan(page: Page, member: TestMember, bookLabel: string): Promise<void> {
  await page.goto('/dashboard/books/return?dialog=return');
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole('radio', { name: 'Member' }).check();
  const submit = dialog(page).getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await pickMember(page, member);
  await expect(submit).toBeDisabled();
  await dialog(page).getByRole('combobox', { name: 'Book', exact: true }).selectOption({ label: bookLabel });
  await expect(submit).toBeEnabled();
}

async function dateFormatOf(page: Page): Promise<string> {
  const answer = await page.request.get(`${API}/settings/library/`);
  return ((await answer.json()) as { date_format?: string }).date_format ?? 'DD/MM/YYYY';
}

test('a late return with Partial Payment and Auto Discount shows the rules’ figures and the server records them', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerActiveMember(request, 'rtlate');
  const book = await createLendableBook(request, `Late Return ${unique()}`, { copies: 1, price: '800.00' });
  const today = await libraryTodayOf(request);
  const loan = await issueThroughApi(request, { book: book.id, member: member.id, issue_date: addDays(today, -15), due_date: addDays(today, -10) });
  const rate = toMinorUnits(loan.fine_per_day)!;
  const fine = computeFine({ dueDate: loan.due_date, returnDate: today, finePerDay: rate, bookPrice: 80_000, lost: false });
  expect(fine.lateDays).toBe(10);
  const received = Math.min(2000, fine.total);
  const discount = autoDiscountFor(fine.total, received);

  await signInAs(page, DEMO.admin);
  const dates = await dateFormatOf(page);
  await pickLoan(page, member, `${book.title} (${book.id})`);
  const box = dialog(page);
  await expect(box.getByLabel('Issued On')).toHaveValue(formatDate(loan.issue_date, dates)!);
  await expect(box.getByLabel('Due Date')).toHaveValue(formatDate(loan.due_date, dates)!);
  await expect(box.getByLabel('Return Date')).toHaveValue(typedDate(today, dates));
  await expect(box.getByLabel('Fine', { exact: true })).toHaveValue(formatMoney(fine.total));
  await expect(figure(page, 'late-days')).toHaveText(`10 × ${formatMoney(rate)}`);

  await box.getByRole('checkbox', { name: 'Partial Payment' }).check();
  await expect(box.getByRole('checkbox', { name: 'Fine Collected' })).toBeDisabled();
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByLabel('Amount Received')).toHaveAccessibleDescription('Required');
  await expect(box.getByLabel('Discount', { exact: true })).toHaveAccessibleDescription('Required');
  await box.getByLabel('Amount Received').fill(toDecimalString(received));
  await box.getByRole('checkbox', { name: 'Auto Discount' }).check();
  await expect(box.getByLabel('Discount', { exact: true })).toHaveValue(toDecimalString(discount));
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByLabel('Discount Reason')).toHaveAccessibleDescription('Give a reason for the discount.');
  await box.getByLabel('Discount Reason').fill('First late return');
  await expect(figure(page, 'collected')).toHaveText(formatMoney(received));
  await expect(figure(page, 'discount')).toHaveText(formatMoney(discount));
  await expect(figure(page, 'remaining')).toHaveText(formatMoney(fine.total - received - discount));

  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.status() === 200 && response.url().includes(`/books/issued-books/${loan.id}/return/`));
  await box.getByRole('button', { name: 'Submit' }).click();
  const recorded = (await (await answered).json()) as { fine_details: Record<string, string | number>; receipt_no: string | null };
  await expect(page.getByText('Book returned Successfully')).toBeVisible();
  expect(recorded.fine_details).toMatchObject({
    late_days: 10,
    total_fine: toDecimalString(fine.total),
    fineCollectedAmount: toDecimalString(received),
    discount: toDecimalString(discount),
    remaining_fine: '0.00',
  });
  await expect(fact(page, 'Late days')).toHaveText('10');
  await expect(fact(page, 'Total fine')).toHaveText(formatMoney(fine.total));
  await expect(fact(page, 'Collected')).toHaveText(formatMoney(received));
  await expect(fact(page, 'Discount')).toHaveText(formatMoney(discount));
  await expect(fact(page, 'Remaining')).toHaveText(formatMoney(0));
  expect(recorded.receipt_no).toMatch(/^R-\d{8}-\d+$/);
  // The receipt opens from its number over the Return dialog, and Esc brings the result back.
  const receiptButton = fact(page, 'Receipt').getByRole('button', { name: `Receipt ${recorded.receipt_no}` });
  await receiptButton.click();
  const receipt = page.getByRole('dialog', { name: `Receipt ${recorded.receipt_no}` });
  await expect(receipt).toContainText(formatMoney(received));
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  await expect(page.getByTestId('return-result')).toBeVisible();

  expect((await openLoansOf(request, member.id)).map((open) => open.id)).not.toContain(loan.id);
  await box.getByRole('button', { name: 'Done' }).click();
  const history = page.getByRole('table', { name: 'Returned books' });
  await expect(history.getByRole('rowheader').first()).toContainText(book.title);

  await page.evaluate(() => localStorage.removeItem('userData'));
  await signInAs(page, member);
  await page.goto('/dashboard/member/retuned');
  const mine = page.getByRole('table', { name: 'Returned books' }).locator('tbody tr').filter({ hasText: book.title });
  await expect(mine).toContainText(formatMoney(fine.total));
  await expect(mine).toContainText(formatDate(today, dates)!);
});

test('a lost book returned on time charges its price alone; a return date before the issue is refused under the field', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerActiveMember(request, 'rtlost');
  const book = await createLendableBook(request, `Lost Book ${unique()}`, { copies: 1, price: '650.50' });
  const today = await libraryTodayOf(request);
  const dates = await libraryDateFormatOf(request);
  const loan = await issueThroughApi(request, { book: book.id, member: member.id, issue_date: addDays(today, -2), due_date: addDays(today, 5) });

  await signInAs(page, DEMO.admin);
  await pickLoanByBook(page, book, member);
  const box = dialog(page);
  await expect(box.getByLabel('Fine', { exact: true })).toHaveValue(formatMoney(0));
  await box.getByRole('checkbox', { name: 'Lost / Damage' }).check();
  await expect(box.getByLabel('Fine', { exact: true })).toHaveValue('Rs. 650.50');
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByLabel('Status')).toHaveAccessibleDescription('Required');
  await box.getByLabel('Status').selectOption('LOST');

  await box.getByLabel('Return Date').fill(typedDate(addDays(today, -3), dates));
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByLabel('Return Date')).toHaveAccessibleDescription('Return date cannot be before the issue date.');
  await expect(box.getByLabel('Status')).toHaveValue('LOST');
  await box.getByLabel('Return Date').fill(typedDate(addDays(today, 3650), dates));
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByLabel('Return Date')).toHaveAccessibleDescription('Return date cannot be in the future.');

  await box.getByLabel('Return Date').fill(typedDate(today, dates));
  await box.getByRole('checkbox', { name: 'Fine Collected' }).check();
  await expect(box.getByRole('checkbox', { name: 'Partial Payment' })).toBeDisabled();
  await expect(figure(page, 'book-price')).toHaveText('Rs. 650.50');
  await expect(figure(page, 'collected')).toHaveText('Rs. 650.50');
  await expect(figure(page, 'remaining')).toHaveText(formatMoney(0));
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Book returned Successfully')).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Lost');
  await expect(fact(page, 'Late days')).toHaveText('0');
  await expect(fact(page, 'Book price')).toHaveText('Rs. 650.50');
  await expect(fact(page, 'Total fine')).toHaveText('Rs. 650.50');
  await expect(fact(page, 'Remaining')).toHaveText(formatMoney(0));
  expect(await openLoansOf(request, member.id)).toHaveLength(0);
  expect(loan.id).toBeTruthy();
});

test('the Front Desk takes a late book back without money: the whole fine is owed, backdating it away is refused', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerActiveMember(request, 'rtdesk');
  const book = await createLendableBook(request, `Desk Return ${unique()}`, { copies: 1, price: '400.00' });
  const today = await libraryTodayOf(request);
  const dates = await libraryDateFormatOf(request);
  const loan = await issueThroughApi(request, { book: book.id, member: member.id, issue_date: addDays(today, -30), due_date: addDays(today, -22) });
  const rate = toMinorUnits(loan.fine_per_day)!;
  const fine = computeFine({ dueDate: loan.due_date, returnDate: today, finePerDay: rate, bookPrice: 40_000, lost: false });

  await signInAs(page, FRONT_DESK);
  await pickLoan(page, member, `${book.title} (${book.id})`);
  const box = dialog(page);
  await expect(box.getByLabel('Fine', { exact: true })).toHaveValue(formatMoney(fine.total));
  await expect(box.getByText(RETURN_MONEY_MESSAGES.recordedAsOwed)).toBeVisible();
  for (const control of ['Fine Collected', 'Partial Payment', 'Auto Discount']) await expect(box.getByRole('checkbox', { name: control })).toHaveCount(0);
  await expect(box.getByLabel('Amount Received')).toHaveCount(0);
  await expect(box.getByLabel('Discount', { exact: true })).toHaveCount(0);

  await box.getByLabel('Return Date').fill(typedDate(loan.due_date, dates));
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByLabel('Return Date')).toHaveAccessibleDescription(RETURN_MONEY_MESSAGES.backdating(formatMoney(fine.total)));
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.screenshot({ path: shotPath('return', `dialog-front-desk-${theme}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await box.getByLabel('Return Date').fill(typedDate(today, dates));
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes(`/books/issued-books/${loan.id}/return/`));
  await box.getByRole('button', { name: 'Submit' }).click();
  const sent = (await answered).request().postDataJSON() as Record<string, unknown>;
  expect(sent).toEqual({ returnDate: today, status: 'RETURNED' });
  await expect(page.getByText('Book returned Successfully')).toBeVisible();
  await expect(fact(page, 'Total fine')).toHaveText(formatMoney(fine.total));
  await expect(fact(page, 'Remaining')).toHaveText(formatMoney(fine.total));
});

test('a closed Return dialog keeps nothing: reopened, its fields are blank and Submit returns only the loan picked then', async ({ page, request }) => {
  test.setTimeout(90_000);
  const first = await registerActiveMember(request, 'rtkeepa');
  const second = await registerActiveMember(request, 'rtkeepb');
  const book = await createLendableBook(request, `Kept Nothing ${unique()}`, { copies: 2, price: '300.00' });
  const today = await libraryTodayOf(request);
  const dates = await libraryDateFormatOf(request);
  const firstLoan = await issueThroughApi(request, { book: book.id, member: first.id, issue_date: addDays(today, -6), due_date: addDays(today, -2) });
  const secondLoan = await issueThroughApi(request, { book: book.id, member: second.id, issue_date: addDays(today, -6), due_date: addDays(today, -2) });

  await signInAs(page, DEMO.admin);
  // First opening: the book, the first member's loan and a backdated return date; then Escape.
  await pickLoanByBook(page, book, first);
  const box = dialog(page);
  await box.getByLabel('Return Date').fill(typedDate(addDays(today, -1), dates));
  await box.getByRole('checkbox', { name: 'Fine Collected' }).check();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();

  // Second opening: nothing of the first shows, nothing of it is asked for, and nothing can be sent.
  const askedAbout: string[] = [];
  const watch = (asked: Request) => {
    if (asked.url().includes('/books/issued-books/')) askedAbout.push(asked.url());
  };
  page.on('request', watch);
  await page.getByRole('button', { name: 'Return a book' }).click();
  await expect(box).toBeVisible();
  await expect(box.getByRole('radio', { name: 'Book' })).toBeChecked();
  await expect(box.getByRole('combobox', { name: 'Book', exact: true })).toHaveValue('');
  await expect(box.getByRole('combobox', { name: 'Issued to' })).toHaveValue('');
  await expect(box.getByRole('combobox', { name: 'Issued to' })).toBeDisabled();
  await expect(box.getByLabel('Return Date')).toHaveValue(typedDate(today, dates));
  await expect(box.getByRole('checkbox', { name: 'Fine Collected' })).not.toBeChecked();
  await expect(box.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.waitForTimeout(300);
  page.off('request', watch);
  expect(askedAbout).toEqual([]);
  // Switch to Member mode and back: still nothing picked.
  await box.getByRole('radio', { name: 'Member' }).check();
  await expect(box.getByRole('combobox', { name: 'Member' })).toHaveValue('');
  await expect(box.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();

  // Third opening: the second member's loan is picked and returned, the first stays out.
  await page.getByRole('button', { name: 'Return a book' }).click();
  await expect(box.getByRole('radio', { name: 'Book' })).toBeChecked();
  await expect(box.getByRole('combobox', { name: 'Book', exact: true })).toHaveValue('');
  await pickBook(page, book);
  await box.getByRole('combobox', { name: 'Issued to' }).selectOption({ label: `${second.name} (${second.username})` });
  await expect(box.getByLabel('Return Date')).toHaveValue(typedDate(today, dates));
  await expect(box.getByRole('checkbox', { name: 'Fine Collected' })).not.toBeChecked();
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/return/'));
  await box.getByRole('button', { name: 'Submit' }).click();
  const sent = await answered;
  expect(sent.url()).toContain(`/books/issued-books/${secondLoan.id}/return/`);
  expect(sent.request().postDataJSON()).toMatchObject({ returnDate: today });
  await expect(page.getByText('Book returned Successfully')).toBeVisible();
  expect(await openLoansOf(request, second.id)).toHaveLength(0);
  expect((await openLoansOf(request, first.id)).map((open) => open.id)).toEqual([firstLoan.id]);
});

test('screenshots of the page and the dialog in both modes', async ({ page, request }) => {
  test.setTimeout(240_000);
  const member = await registerActiveMember(request, 'rtshot');
  const book = await createLendableBook(request, `Shot Book ${unique()}`, { copies: 1, price: '500.00' });
  const today = await libraryTodayOf(request);
  await issueThroughApi(request, { book: book.id, member: member.id, issue_date: addDays(today, -9), due_date: addDays(today, -4) });
  await signInAs(page, DEMO.admin);
  // Alt+R (the top bar's shortcut, once it has loaded) opens the dialog through `?dialog=return`, which the page drops.
  await page.goto('/dashboard/books/return');
  await expect(page.getByRole('button', { name: 'Return a book' })).toHaveAttribute('aria-keyshortcuts', 'Alt+R');
  await expect(async () => {
    await page.keyboard.press('Alt+KeyR');
    await expect(dialog(page)).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/books/return');
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await expect(page.getByRole('table', { name: 'Returned books' })).not.toHaveAttribute('aria-busy', 'true');
      await page.screenshot({ path: shotPath('return', `page-${theme}-${width}.png`) });
      await page.getByRole('button', { name: 'Return a book' }).click();
      await expect(dialog(page)).toBeVisible();
      await page.screenshot({ path: shotPath('return', `dialog-book-${theme}-${width}.png`) });
      await dialog(page).getByRole('radio', { name: 'Member' }).check();
      await pickMember(page, member);
      await dialog(page).getByRole('combobox', { name: 'Book', exact: true }).selectOption({ label: `${book.title} (${book.id})` });
      await dialog(page).getByRole('checkbox', { name: 'Partial Payment' }).check();
      await dialog(page).getByLabel('Amount Received').fill('10');
      await dialog(page).getByRole('checkbox', { name: 'Auto Discount' }).check();
      await dialog(page).getByRole('button', { name: 'Submit' }).click();
      await expect(dialog(page).getByLabel('Discount Reason')).toHaveAccessibleDescription('Give a reason for the discount.');
      await page.screenshot({ path: shotPath('return', `dialog-member-${theme}-${width}.png`), fullPage: true });
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    }
  }
});

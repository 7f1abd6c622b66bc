/**
 * The checkout session on the Issue Book page, against the real server: Alt+C from the staff home
 * focuses its field; a whole session of five copies by keyboard only (the member number and Enter,
 * five barcodes and Enter each, Esc for Done), the slip shown and printed (only the slip in print);
 * and a member over the fines limit: the panel shows the block in words, the scanned copy is
 * refused with it, and "Override…" with a reason issues it. Screenshots of the session (member
 * panel with loans and a block) in dark and light and at 390 px go to screenshots/checkout/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { createLendableBook, issueThroughApi, memberNumberOf, openLoansOf } from './support/circulation';
import { returnLate } from './support/fines';
import { pressDeskShortcut, printCount, shotPath, signInAs, stubPrint, unique } from './support/helpers';
import { registerActiveMember } from './support/members';

/** The first copy's barcode (or accession number) of a title. */
async function barcodeOf(request: APIRequestContext, bookId: number): Promise<{ accession_no: string; code: string }> {
  const answer = await request.get(`${API}/books/books/${bookId}/copies/`, { headers: await adminHeaders(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  const first = ((await answer.json()) as { results: { accession_no: string; barcode: string | null }[] }).results[0]!;
  return { accession_no: first.accession_no, code: first.barcode ?? first.accession_no };
}

/** Changes Book Settings as the super user (the loan rules kept unless given); answers what they were. */
async function changeBookSettings(request: APIRequestContext, change: Record<string, unknown>): Promise<Record<string, unknown>> {
  const headers = await adminHeaders(request);
  const now = (await (await request.get(`${API}/settings/Books_settings/`, { headers })).json()) as Record<string, unknown>;
  const rules = { max_books_per_member: now.max_books_per_member, max_issue_duration: now.max_issue_duration, fine_per_day: now.fine_per_day };
  const answer = await request.post(`${API}/settings/Books_settings/`, { headers, data: { ...rules, ...change } });
  expect(answer.status(), await answer.text()).toBe(200);
  return now;
}

/** Types a code as a scanner does (fast, then Enter), then waits a moment as a person does. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(250);
}

const session = (page: Page) => page.getByRole('region', { name: 'Check out session' });
const rows = (page: Page) => page.getByRole('table', { name: 'Checked out in this session' }).locator('tbody tr');
const issuedRows = (page: Page) => page.getByRole('table', { name: 'Checked out in this session' }).locator('tbody tr[data-state="issued"]');

test('a whole checkout session of five copies by keyboard, then the slip printed', async ({ page, request }) => {
  const tag = unique();
  const member = await registerActiveMember(request, 'co');
  const number = await memberNumberOf(request, member.username);
  const books = [];
  for (let i = 1; i <= 5; i++) {
    const book = await createLendableBook(request, `Checkout ${tag} ${i}`, { copies: 1 });
    books.push({ ...book, ...(await barcodeOf(request, book.id)) });
  }
  // Five loans at once: the library's loan limit raised for this test.
  const before = await changeBookSettings(request, { max_books_per_member: 10 });
  try {
    await sessionOfFive(page, request, member, number, books);
  } finally {
    await changeBookSettings(request, { max_books_per_member: before.max_books_per_member });
  }
});

async function sessionOfFive(page: Page, request: APIRequestContext, member: { id: number; name: string }, number: string, books: { id: number; title: string; accession_no: string; code: string }[]): Promise<void> {
  await stubPrint(page);
  await signInAs(page, 'admin');
  // Alt+C from the staff home: the Issue Book page with the session's field focused.
  await pressDeskShortcut(page, 'C', /\/dashboard\/books\/issue/);
  await expect(page.getByLabel('Member card, number or name')).toBeFocused();

  await scan(page, number);
  await expect(session(page).getByRole('heading', { name: `Check out to ${member.name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Member ${member.name}` })).toContainText(number);
  await expect(page.getByLabel('Scan a copy')).toBeFocused();

  for (const book of books) await scan(page, book.code);
  await expect(rows(page)).toHaveCount(5);
  await expect(issuedRows(page)).toHaveCount(5);
  for (const book of books) await expect(issuedRows(page).filter({ hasText: book.title })).toContainText(book.accession_no);
  await expect(page.getByLabel('Scan a copy')).toBeFocused();
  await expect(page.getByLabel('Scan a copy')).toHaveValue('');
  expect((await openLoansOf(request, member.id)).map((loan) => loan.book.title).sort()).toEqual(books.map((b) => b.title).sort());
  // The page's issued list below heard of each loan without a reload.
  const issuedList = page.getByRole('table', { name: 'Issued books' });
  for (const book of books) await expect(issuedList.locator('tbody tr').filter({ hasText: book.title })).toHaveCount(1);

  // Esc is Done: the slip of the session's five loans, oldest first; Print has focus.
  await page.keyboard.press('Escape');
  const ended = page.getByRole('region', { name: 'Session ended' });
  await expect(ended.getByRole('heading', { name: 'Session ended: 5 loans' })).toBeVisible();
  const slip = ended.getByRole('article', { name: 'Loan slip' });
  await expect(slip.locator('tbody tr')).toHaveCount(5);
  await expect(slip.locator('tbody tr').first()).toContainText(books[0]!.title);
  await expect(ended.getByRole('button', { name: 'Print slip' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => printCount(page)).toBe(1);
  const printed = page.locator('[data-slip-print]');
  await expect(printed).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  await expect(page.locator('#main')).toBeHidden();
  await expect(printed).toContainText(books[4]!.title);
  await page.screenshot({ path: shotPath('checkout', 'slip-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.screenshot({ path: shotPath('checkout', 'slip-dark-1280.png'), fullPage: true });
}

test('a member over the fines limit is blocked, and the block overridden with a reason', async ({ page, request }) => {
  const tag = unique();
  const member = await registerActiveMember(request, 'cb');
  const number = await memberNumberOf(request, member.username);
  const onLoan = await createLendableBook(request, `Block loan ${tag}`, { copies: 1 });
  await issueThroughApi(request, { book: onLoan.id, member: member.id });
  const late = await createLendableBook(request, `Block fine ${tag}`, { copies: 1 });
  await returnLate(request, member.id, late.id, 3);
  const wanted = await createLendableBook(request, `Block wanted ${tag}`, { copies: 1 });
  const copy = await barcodeOf(request, wanted.id);
  await changeBookSettings(request, { block_fines_over: '1.00' });
  try {
    await signInAs(page, 'admin');
    await page.goto('/dashboard/books/issue');
    await expect(page.getByRole('button', { name: 'Shortcuts' })).toBeVisible();
    // Alt+C on the Issue Book page itself focuses the field without leaving the page.
    await expect(async () => {
      await page.keyboard.press('Alt+KeyC');
      await expect(page.getByLabel('Member card, number or name')).toBeFocused({ timeout: 1000 });
    }).toPass();
    await scan(page, number);
    const panel = page.getByRole('region', { name: `Member ${member.name}` });
    await expect(panel.getByRole('alert')).toContainText('over the Rs. 1.00 limit');
    await expect(panel).toContainText(onLoan.title);

    await scan(page, copy.code);
    const row = rows(page).filter({ hasText: copy.code });
    await expect(row).toContainText('Not issued: this member is blocked.');
    await expect(row).toContainText('over the Rs. 1.00 limit');

    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
      for (const [width, height] of [[1280, 900], [390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: shotPath('checkout', `session-blocked-${theme}-${width}.png`), fullPage: width > 400 });
        if (width < 400) await panel.screenshot({ path: shotPath('checkout', `member-panel-${theme}-${width}.png`) });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await row.getByRole('button', { name: `Override the blocks for ${copy.code}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Override the blocks' });
    await dialog.getByRole('button', { name: 'Override and issue' }).click();
    await expect(dialog.getByText('Give a reason for the override.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Exam week: the head librarian agreed');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Issued (override)');
    await expect(row).toContainText(copy.accession_no);
    expect((await openLoansOf(request, member.id)).map((loan) => loan.book.title)).toContain(wanted.title);
  } finally {
    await changeBookSettings(request, { block_fines_over: '0.00' });
  }
});

test("the member panel's actions: renew membership, place a hold, mark a loan lost; another member's card ends the session, whose slip is mailed", async ({ page, request }) => {
  const tag = unique();
  const member = await registerActiveMember(request, 'cp');
  const next = await registerActiveMember(request, 'cn');
  const [number, nextNumber] = [await memberNumberOf(request, member.username), await memberNumberOf(request, next.username)];
  const lostBook = await createLendableBook(request, `Panel lost ${tag}`, { copies: 1, price: '400' });
  await issueThroughApi(request, { book: lostBook.id, member: member.id });
  const heldBook = await createLendableBook(request, `Panel hold ${tag}`, { copies: 1 });
  await issueThroughApi(request, { book: heldBook.id, member: next.id });
  const scanned = await createLendableBook(request, `Panel scan ${tag}`, { copies: 1 });
  const copy = await barcodeOf(request, scanned.id);

  await signInAs(page, 'admin');
  await page.goto('/dashboard/books/issue?dialog=checkout');
  await expect(page.getByLabel('Member card, number or name')).toBeFocused();
  await scan(page, number);
  const panel = page.getByRole('region', { name: `Member ${member.name}` });
  await expect(panel).toContainText(lostBook.title);

  await panel.getByRole('button', { name: 'Renew membership' }).click();
  const renewing = page.getByRole('alertdialog', { name: 'Renew membership' });
  await expect(renewing).toContainText('until');
  await renewing.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByText(/^Membership renewed until /)).toBeVisible();

  await panel.getByRole('button', { name: 'Place a hold' }).click();
  const holding = page.getByRole('alertdialog', { name: 'Place a hold' });
  const picker = holding.getByRole('combobox', { name: 'Book' });
  const choice = page.getByRole('option', { name: new RegExp(`^${heldBook.title} \\(${heldBook.id}\\)`) });
  await expect(async () => {
    await picker.fill(heldBook.title);
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await choice.click();
  await holding.getByRole('button', { name: 'Place hold' }).click();
  await expect(page.getByText(`“${heldBook.title}” reserved for ${member.name}`)).toBeVisible();

  await panel.getByRole('button', { name: `Mark ${lostBook.title} lost` }).click();
  const losing = page.getByRole('alertdialog', { name: 'Mark lost' });
  await expect(losing).toContainText('price Rs. 400.00');
  await losing.getByRole('button', { name: 'Mark lost' }).click();
  await expect(page.getByText(new RegExp(`“${lostBook.title}” marked lost`))).toBeVisible();
  await expect(panel).not.toContainText(lostBook.title);

  await page.getByLabel('Scan a copy').focus();
  await scan(page, copy.code);
  await expect(issuedRows(page)).toHaveCount(1);
  // Another member's card: the session (which issued a copy) ends with its slip; he is served after it.
  await scan(page, nextNumber);
  const ended = page.getByRole('region', { name: 'Session ended' });
  await expect(ended.getByRole('heading', { name: 'Session ended: 1 loan' })).toBeVisible();
  await ended.getByRole('button', { name: 'Mail slip' }).click();
  await expect(page.getByText(`Loan slip mailed to ${member.name}`)).toBeVisible();
  await ended.getByRole('button', { name: `Serve ${next.name}` }).click();
  await expect(session(page).getByRole('heading', { name: `Check out to ${next.name}` })).toBeVisible();
});

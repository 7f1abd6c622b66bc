/**
 * The copies on a book profile against the real server (no mocks): the desk adds copies (a bad
 * price refused under its field, nothing typed lost), edits one, marks one damaged (a reason
 * asked) then repaired, withdraws one and reads a copy's history; the title's counts above follow
 * each change. Esc closes a dialog, which opens again empty, and focus returns to the row's button.
 * Screenshots (dark and light, 1280 and 390 px) go to screenshots/book-copies/ (not committed).
 */
import { expect, test, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { addDays } from '#shared/dates';
import { createLendableBook, issueThroughApi, libraryTodayOf } from './support/circulation';
import { DEMO, shotPath, signInAs, unique } from './support/helpers';
import { registerActiveMember } from './support/members';

async function accessionNumbersOf(page: Page, bookId: number): Promise<string[]> {
  const answer = await page.request.get(`${API}/books/books/${bookId}/copies/`, { headers: await adminHeaders(page.request) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { results: { accession_no: string }[] }).results.map((copy) => copy.accession_no);
}

const counts = (page: Page, text: string) => page.getByText(text, { exact: true });
const copyRow = (page: Page, accession: string) => page.getByRole('row').filter({ has: page.getByText(accession, { exact: true }) });

async function changeStatus(page: Page, accession: string, action: string, reason?: string) {
  await page.getByRole('button', { name: `Change the status of copy ${accession}` }).click();
  const dialog = page.getByRole('dialog', {
    name: `Change the status of copy ${accession}`,
  });
  await dialog.getByRole('radio', { name: action }).check();
  if (reason !== undefined) await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the desk adds copies, edits one, marks one damaged then repaired, withdraws one and reads its history; the counts follow', async ({ page }) => {
  test.setTimeout(120_000);
  const book = await createLendableBook(page.request, `Copies Title ${unique()}`, { copies: 1 });
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/books/record/profile/${book.id}`);
  const copies = page.getByRole('table', { name: 'Copies' });
  await expect(copies.getByRole('row')).toHaveCount(2);
  await expect(counts(page, '1 / 1')).toBeVisible();

  // Add two copies: a bad price is refused under its field and nothing typed is lost.
  await page.getByRole('button', { name: 'Add copies' }).click();
  const add = page.getByRole('dialog', { name: 'Add copies' });
  await add.getByRole('textbox', { name: 'Number of copies' }).fill('2');
  await add.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Donation' });
  await add.getByRole('textbox', { name: 'Price (Rs.)' }).fill('12.345');
  await add.getByRole('button', { name: 'Add copies' }).click();
  await expect(add.getByText('Ensure that there are no more than 2 decimal places.')).toBeVisible();
  await expect(add.getByRole('textbox', { name: 'Number of copies' })).toHaveValue('2');
  await expect(add.getByRole('textbox', { name: 'Price (Rs.)' })).toBeFocused();
  await add.getByRole('textbox', { name: 'Price (Rs.)' }).fill('120');
  await add.getByRole('button', { name: 'Add copies' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('2 copies added')).toBeVisible();
  await expect(counts(page, '3 / 3')).toBeVisible();
  const [, second, third] = await accessionNumbersOf(page, book.id);
  await expect(copyRow(page, second!)).toContainText('Donation');
  await expect(copyRow(page, second!)).toContainText('Rs. 120.00');

  // Edit one: its call number shows in its row, and focus is back on its Edit button.
  const edit = page.getByRole('button', { name: `Edit copy ${second}` });
  await edit.click();
  const editDialog = page.getByRole('dialog', { name: `Edit copy ${second}` });
  await editDialog.getByRole('textbox', { name: 'Call number' }).fill('823 AUS');
  await editDialog.getByRole('button', { name: 'Save copy' }).click();
  await expect(editDialog).toBeHidden();
  await expect(copyRow(page, second!)).toContainText('823 AUS');
  await expect(edit).toBeFocused();

  // Mark it damaged: the reason is asked for first.
  await page.getByRole('button', { name: `Change the status of copy ${second}` }).click();
  const status = page.getByRole('dialog', {
    name: `Change the status of copy ${second}`,
  });
  await status.getByRole('radio', { name: 'Mark damaged' }).check();
  await status.getByRole('button', { name: 'Mark damaged', exact: true }).click();
  await expect(status.getByText('Give a reason for this change.')).toBeVisible();
  await status.getByRole('textbox', { name: 'Reason' }).fill('Spine broken');
  await status.getByRole('button', { name: 'Mark damaged', exact: true }).click();
  await expect(status).toBeHidden();
  await expect(copyRow(page, second!)).toContainText('Damaged / in repair');
  await expect(copyRow(page, second!)).toContainText('Spine broken');
  await expect(counts(page, '2 / 3')).toBeVisible();

  // Esc closes the dialog; it opens again with nothing chosen, and offers what a damaged copy allows.
  const statusButton = page.getByRole('button', {
    name: `Change the status of copy ${second}`,
  });
  await statusButton.click();
  await status.getByRole('radio', { name: 'Mark repaired' }).check();
  await page.keyboard.press('Escape');
  await expect(status).toBeHidden();
  await expect(statusButton).toBeFocused();
  await statusButton.click();
  await expect(status.getByRole('radio', { name: 'Mark repaired' })).not.toBeChecked();
  await expect(status.getByRole('radio', { name: 'Mark damaged' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await changeStatus(page, second!, 'Mark repaired');
  await expect(copyRow(page, second!)).toContainText('Available');
  await expect(counts(page, '3 / 3')).toBeVisible();

  // Withdraw another: it leaves the stock.
  await changeStatus(page, third!, 'Withdraw', 'Worn out');
  await expect(copyRow(page, third!)).toContainText('Withdrawn');
  await expect(counts(page, '2 / 2')).toBeVisible();
  // A withdrawn copy offers only its way back to the shelf.
  await page.getByRole('button', { name: `Change the status of copy ${third}` }).click();
  const withdrawn = page.getByRole('dialog', { name: `Change the status of copy ${third}` });
  await expect(withdrawn.getByRole('radio')).toHaveCount(1);
  await expect(withdrawn.getByRole('radio', { name: 'Reinstate' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(withdrawn).toBeHidden();

  // Accession numbers given one per line: one already used is refused under the field, nothing typed is lost.
  const own = `OLD-${unique()}`;
  await page.getByRole('button', { name: 'Add copies' }).click();
  await add.getByRole('radio', { name: 'Accession numbers I give' }).check();
  const numbers = add.getByRole('textbox', { name: 'Accession numbers' });
  await numbers.fill(`${own}\n${second}`);
  await add.getByRole('textbox', { name: 'Shelf' }).fill('Shelf C2');
  await add.getByRole('button', { name: 'Add copies' }).click();
  await expect(add.getByText('This accession number is already used by another copy.')).toBeVisible();
  await expect(add.getByRole('textbox', { name: 'Shelf' })).toHaveValue('Shelf C2');
  await numbers.fill(own);
  await add.getByRole('button', { name: 'Add copies' }).click();
  await expect(add).toBeHidden();
  await expect(copyRow(page, own)).toContainText('Shelf C2');
  await expect(counts(page, '3 / 3')).toBeVisible();

  // The history of the repaired copy: both changes, newest first.
  await page.getByRole('button', { name: `History of copy ${second}` }).click();
  const history = page.getByRole('dialog', {
    name: `History of copy ${second}`,
  });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Available');
  await expect(rows.nth(1)).toContainText('Was damaged / in repair');
  await expect(rows.nth(2)).toContainText('Damaged / in repair');
  await expect(rows.nth(2)).toContainText('reason: Spine broken');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
});

test('screenshots of the copies on a book profile', async ({ page }) => {
  test.setTimeout(120_000);
  const book = await createLendableBook(page.request, `Copies Shot ${unique()}`, { copies: 3 });
  const headers = await adminHeaders(page.request);
  const listed = await page.request.get(`${API}/books/books/${book.id}/copies/`, { headers });
  const [first, second, third] = ((await listed.json()) as { results: { id: number; accession_no: string }[] }).results;
  await page.request.patch(`${API}/books/copies/${first!.id}/`, {
    headers,
    data: {
      status: 'DAMAGED',
      reason: 'Water damage on the cover',
      call_number: '823 AUS',
    },
  });
  await page.request.patch(`${API}/books/copies/${second!.id}/`, {
    headers,
    data: {
      barcode: 'BC-OLD-7731',
      call_number: '823 AUS',
      condition_note: 'Spine repaired',
    },
  });
  await page.request.patch(`${API}/books/copies/${third!.id}/`, {
    headers,
    data: { source: 'DONATION', price: '120', acquired_on: '2026-01-05' },
  });
  // One copy out and overdue: the borrower and the overdue mark show.
  const member = await registerActiveMember(page.request, 'copyshot');
  const today = await libraryTodayOf(page.request);
  await issueThroughApi(page.request, {
    book: book.id,
    member: member.id,
    issue_date: addDays(today, -20),
    due_date: addDays(today, -6),
  });
  await signInAs(page, DEMO.admin);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/dashboard/books/record/profile/${book.id}`);
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      const copies = page.getByRole('table', { name: 'Copies' });
      await expect(copies.getByText('Damaged / in repair')).toBeVisible();
      const section = page.locator('section').filter({
        has: page.getByRole('heading', { name: 'Copies', exact: true }),
      });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: shotPath('book-copies', `copies-${theme}-${width}.png`),
      });
      await page.getByRole('button', { name: 'Add copies' }).click();
      const add = page.getByRole('dialog', { name: 'Add copies' });
      await expect(add.getByRole('textbox', { name: 'Number of copies' })).toBeFocused();
      await page.screenshot({
        path: shotPath('book-copies', `add-${theme}-${width}.png`),
      });
      await page.keyboard.press('Escape');
      await expect(add).toBeHidden();
      await page.getByRole('button', { name: `History of copy ${first!.accession_no}` }).click();
      const history = page.getByRole('dialog', {
        name: `History of copy ${first!.accession_no}`,
      });
      await expect(history.getByText('Damaged / in repair')).toBeVisible();
      await page.screenshot({
        path: shotPath('book-copies', `history-${theme}-${width}.png`),
      });
      await page.keyboard.press('Escape');
      await expect(history).toBeHidden();
    }
  }
});

test('a member sees the counts on a book profile but no copy list', async ({ page }) => {
  const book = await createLendableBook(page.request, `Copies Member ${unique()}`, { copies: 2 });
  await signInAs(page, DEMO.member);
  await page.goto(`/dashboard/books/record/profile/${book.id}`);
  await expect(counts(page, '2 / 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Copies', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add copies' })).toHaveCount(0);
});

test('a fine collector charges the borrower for a damaged copy from its row: refused without an amount, then charged and the copy marked damaged', async ({ page }) => {
  test.setTimeout(120_000);
  const book = await createLendableBook(page.request, `Damaged Title ${unique()}`, { copies: 1 });
  const reader = await registerActiveMember(page.request, 'damage');
  await issueThroughApi(page.request, { book: book.id, member: reader.id });
  const [accession] = await accessionNumbersOf(page, book.id);
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/books/record/profile/${book.id}`);

  await page.getByRole('button', { name: `Charge for damage to copy ${accession}` }).click();
  const dialog = page.getByRole('dialog', { name: `Charge for damage to copy ${accession}` });
  await dialog.getByRole('textbox', { name: 'What is damaged' }).fill('Torn cover');
  await dialog.getByRole('button', { name: 'Charge', exact: true }).click();
  await expect(dialog.getByText('Enter an amount greater than 0.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'What is damaged' })).toHaveValue('Torn cover');
  await dialog.getByRole('textbox', { name: 'Amount (Rs.)' }).fill('150');
  await expect(dialog.getByRole('checkbox', { name: /Mark the copy damaged/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Charge', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Damage of Rs\. 150\.00 charged to/)).toBeVisible();
  await expect(copyRow(page, accession!)).toContainText('Damaged');

  const fines = await page.request.get(`${API}/fines/user/${reader.id}/`, { headers: await adminHeaders(page.request) });
  const list = (await fines.json()) as { fee_type: string; amount: string; note: string | null; copy: { accession_no: string } | null }[];
  expect(list.filter((row) => row.fee_type === 'damage').map((row) => [row.amount, row.note, row.copy?.accession_no])).toEqual([['150.00', 'Torn cover', accession]]);
});

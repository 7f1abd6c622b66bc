/**
 * Check-in by scan on the Return Book page, against the real server: a copy a member waits for is
 * set aside with its hold slip offered and printed (only the slip in print); a late copy shows its
 * late days and fine; Undo (asked first) opens the loan again; and Holds to Pull lists a title with
 * a waiting hold and a copy on the shelf. Screenshots in dark and light and at 390 px go to
 * screenshots/checkin/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays } from '#shared/dates';
import { API, adminHeaders } from './support/books';
import { createLendableBook, issueThroughApi, libraryTodayOf, memberNumberOf, openLoansOf, returnUnpaid } from './support/circulation';
import { pressDeskShortcut, printCount, shotPath, signInAs, stubPrint, unique } from './support/helpers';
import { registerActiveMember } from './support/members';
import { reserveForMember } from './support/reservations';

/** The copies of a title: accession number and the code a scanner reads. */
async function copiesOf(request: APIRequestContext, bookId: number): Promise<{ accession_no: string; code: string }[]> {
  const answer = await request.get(`${API}/books/books/${bookId}/copies/`, { headers: await adminHeaders(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { results: { accession_no: string; barcode: string | null }[] }).results.map((copy) => ({ accession_no: copy.accession_no, code: copy.barcode ?? copy.accession_no }));
}

/** Types a code as a scanner does (fast, then Enter), then waits a moment as a person does. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(250);
}

const list = (page: Page) => page.getByRole('list', { name: 'Check-ins of this session, newest first' });

/** Photographs the page in both themes, at 390 px (where the test opened it: the shell lays a phone out on load) and 1280 px. */
async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    for (const [width, height] of [[390, 844], [1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: shotPath('checkin', `${name}-${theme}-${width}.png`), fullPage: true });
    }
  }
}

test('check-in by scan: a held copy with its hold slip, a late copy with its fine, and undo', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = unique();
  const borrower = await registerActiveMember(request, 'ci');
  const waiting = await registerActiveMember(request, 'cw');
  const waitingNumber = await memberNumberOf(request, waiting.username);
  const held = await createLendableBook(request, `Check-in held ${tag}`, { copies: 1 });
  const [heldCopy] = await copiesOf(request, held.id);
  await issueThroughApi(request, { book: held.id, member: borrower.id });
  await reserveForMember(request, held.id, waiting.id);
  const today = await libraryTodayOf(request);
  const late = await createLendableBook(request, `Check-in late ${tag}`, { copies: 1 });
  const [lateCopy] = await copiesOf(request, late.id);
  await issueThroughApi(request, { book: late.id, member: borrower.id, issue_date: addDays(today, -8), due_date: addDays(today, -3) });
  const payer = await registerActiveMember(request, 'cc');
  const paid = await createLendableBook(request, `Check-in paid ${tag}`, { copies: 1 });
  const [paidCopy] = await copiesOf(request, paid.id);
  await issueThroughApi(request, { book: paid.id, member: payer.id, issue_date: addDays(today, -6), due_date: addDays(today, -1) });

  await page.setViewportSize({ width: 390, height: 844 });
  await stubPrint(page);
  await signInAs(page, 'admin');
  // Alt+K from the staff home: the Return Book page with the check-in field focused.
  await pressDeskShortcut(page, 'K', /\/dashboard\/books\/return/);
  const field = page.getByLabel('Barcode or accession number');
  await expect(field).toBeFocused();

  await scan(page, heldCopy!.code);
  const heldRow = list(page).getByRole('listitem').filter({ hasText: held.title });
  await expect(heldRow).toContainText('Returned');
  await expect(heldRow).toContainText(heldCopy!.accession_no);
  await expect(heldRow).toContainText(`Hold for ${waiting.name} (${waitingNumber}) until`);
  const offer = page.getByRole('status').filter({ hasText: 'Set aside for a hold' });
  await expect(offer).toContainText(waiting.name);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');

  await scan(page, lateCopy!.code);
  const lateRow = list(page).getByRole('listitem').filter({ hasText: late.title });
  await expect(lateRow).toContainText(`${borrower.name}`);
  await expect(lateRow).toContainText(/3 days late · fine Rs\. [\d,.]+ · Rs\. [\d,.]+ owed/);
  await expect(lateRow.getByRole('button', { name: 'Collect now' })).toBeVisible();
  await expect(list(page).getByRole('listitem').first()).toContainText(late.title);
  await shots(page, 'checkin-list');

  // The hold slip, offered at once: only the slip prints.
  await offer.getByRole('button', { name: 'Print hold slip' }).click();
  await expect.poll(() => printCount(page)).toBe(1);
  const printed = page.locator('[data-report-print]');
  await expect(printed).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  await expect(page.locator('#main')).toBeHidden();
  await expect(printed).toContainText(waiting.name);
  await expect(printed).toContainText(waitingNumber);
  await expect(printed).toContainText(heldCopy!.accession_no);
  await page.screenshot({ path: shotPath('checkin', 'hold-slip-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Undo the late copy's check-in: asked first, then the loan is open again.
  await lateRow.getByRole('button', { name: `Undo the check-in of ${late.title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Undo this check-in?' });
  await expect(dialog).toContainText(borrower.name);
  await dialog.getByRole('button', { name: 'Undo check-in' }).click();
  await expect(dialog).toBeHidden();
  await expect(lateRow).toContainText('Check-in undone');
  await expect(lateRow.getByRole('button', { name: /Undo/ })).toHaveCount(0);
  expect((await openLoansOf(request, borrower.id)).map((loan) => loan.book.title)).toEqual([late.title]);

  // A late fine collected now: the member's Collect fines, then the row names the receipt and offers no Undo.
  await field.focus();
  await scan(page, paidCopy!.code);
  const paidRow = list(page).getByRole('listitem').filter({ hasText: paid.title });
  await expect(paidRow).toContainText('1 day late');
  await paidRow.getByRole('button', { name: 'Collect now' }).click();
  const collect = page.getByRole('dialog', { name: 'Collect fines' });
  await collect.getByRole('button', { name: 'Collect', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Collect fines?' }).getByRole('button', { name: 'Yes, collect' }).click();
  await expect(collect).toBeHidden();
  await expect(paidRow).toContainText(/Fines collected \(receipt R-/);
  await expect(paidRow).toContainText('A payment was taken for this return');
  await expect(paidRow.getByRole('button', { name: /Undo|Collect now/ })).toHaveCount(0);

  // The held copy scanned again is not on loan: said in words on its row.
  await field.focus();
  await scan(page, heldCopy!.code);
  await expect(list(page).getByRole('listitem').first()).toContainText('Not on loan');
  await expect(list(page).getByRole('listitem').first()).toContainText(`${heldCopy!.accession_no} is not on loan`);
});

test('staff place a hold for a member from the book profile, told his place in line', async ({ page, request }) => {
  const tag = unique();
  const book = await createLendableBook(request, `Staff hold ${tag}`, { copies: 1 });
  const borrower = await registerActiveMember(request, 'sb');
  await issueThroughApi(request, { book: book.id, member: borrower.id });
  const first = await registerActiveMember(request, 'sf');
  await reserveForMember(request, book.id, first.id);
  const member = await registerActiveMember(request, 'sh');

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/books/record/profile/${book.id}`);
  await page.getByRole('button', { name: 'Place a hold for a member' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Place a hold for a member' });
  const picker = dialog.getByRole('combobox', { name: 'Member' });
  await expect(picker).toBeFocused();
  const option = page.getByRole('option', { name: new RegExp(member.username) });
  await expect(async () => {
    await picker.fill(member.username);
    await expect(option).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await option.click();
  await dialog.getByRole('button', { name: 'Place hold' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`“${book.title}” reserved for ${member.name} (${member.username}) — number 2 in line`)).toBeVisible();
});

test('holds to pull lists a title with a waiting hold and a copy on the shelf', async ({ page, request }) => {
  const tag = unique();
  const member = await registerActiveMember(request, 'cp');
  const onLoan = await createLendableBook(request, `Pull wanted ${tag}`, { copies: 2 });
  const copies = await copiesOf(request, onLoan.id);
  const other = await registerActiveMember(request, 'co');
  await issueThroughApi(request, { book: onLoan.id, member: other.id });
  await reserveForMember(request, onLoan.id, member.id);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto('/dashboard/reservations/pull');
  const row = page.getByRole('row').filter({ hasText: onLoan.title });
  await expect(row).toHaveCount(1);
  // The copy still on the shelf, whichever of the two was lent.
  await expect(row).toContainText(new RegExp(copies.map((copy) => copy.accession_no.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')));
  await expect(row).toContainText('1');
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await shots(page, 'holds-to-pull');
  // In print only the list shows, compact, on A4.
  const printed = page.locator('[data-report-print]');
  await expect(printed).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  await expect(page.locator('#main')).toBeHidden();
  await expect(printed.getByRole('row').filter({ hasText: onLoan.title })).toHaveCount(1);
  await page.screenshot({ path: shotPath('checkin', 'holds-to-pull-print.png'), fullPage: true });
});

test('a return made today through the Return dialog is undone from the returned books: the loan is open again', async ({ page, request }) => {
  test.setTimeout(90_000);
  const book = await createLendableBook(request, `Undo from list ${unique()}`, { copies: 1 });
  const reader = await registerActiveMember(request, 'undolist');
  const today = await libraryTodayOf(request);
  const loan = await issueThroughApi(request, { book: book.id, member: reader.id, issue_date: addDays(today, -3), due_date: addDays(today, 5) });
  await returnUnpaid(request, loan.id, today);
  await signInAs(page, 'admin');
  await page.goto('/dashboard/books/return');

  await page.getByRole('button', { name: `Undo the return of ${book.title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Undo this return?' });
  await confirm.getByRole('button', { name: 'Undo return' }).click();
  await expect(page.getByText('Return undone: the loan is open again and the return’s charges removed.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Returned books' }).locator('tbody tr').filter({ hasText: book.title })).toHaveCount(0);
  expect((await openLoansOf(request, reader.id)).map((open) => open.id)).toEqual([loan.id]);
});

/**
 * A copy's barcode wherever a person scans, against the real server: the issue dialog lends the
 * exact copy scanned (and refuses one not on the shelf at once), the return dialog finds a scanned
 * copy's loan and picks its borrower and book (a copy not on loan says so), the top bar's search
 * finds a copy by its barcode and a member by name and opens them by keyboard, and the online
 * catalogue says how many copies of a title are on the shelf. Screenshots of the top bar search
 * (dark and light, 1280 and 390 px) go to screenshots/scan-copies/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { DEMO, signInAs, shotPath } from './support/helpers';
import { expectShotOf } from './support/screens';
import { createLendableBook, issueThroughApi, memberNumberOf, openLoansOf } from './support/circulation';
import { registerActiveMember } from './support/members';

interface CopyRow {
  id: number;
  copy_no: number;
  accession_no: string;
  barcode: string | null;
}

/** A title's copies in copy order, through the API. */
async function copiesOf(request: APIRequestContext, bookId: number): Promise<CopyRow[]> {
  const answer = await request.get(`${API}/books/books/${bookId}/copies/`, { headers: await adminHeaders(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { results: CopyRow[] }).results;
}

const issueDialog = (page: Page) => page.getByRole('dialog', { name: 'Issue Book' });
const returnDialog = (page: Page) => page.getByRole('dialog', { name: 'Return Book' });

/** Types a code as a scanner does (fast, then Enter), then waits as a person does. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(400);
}

/** Opens the top bar search with its shortcut, once the top bar has hydrated. */
async function openSearch(page: Page, keys = '/'): Promise<void> {
  const box = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(async () => {
    await page.keyboard.press(keys);
    await expect(box).toBeFocused({ timeout: 1_500 });
  }).toPass({ timeout: 10_000 });
}

test('a copy is issued by scanning its barcode and returned by scanning it again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await registerActiveMember(request, 'scancopy');
  const other = await registerActiveMember(request, 'scanother');
  const number = await memberNumberOf(request, member.username);
  const book = await createLendableBook(request, `Scanned Copy ${member.username}`, { copies: 2 });
  const [, second] = await copiesOf(request, book.id);
  const barcode = second!.barcode ?? second!.accession_no;
  await signInAs(page, DEMO.admin);

  // Issue: the member number, then the second copy's barcode; that exact copy is lent.
  await page.goto('/dashboard/books/issue?dialog=issue');
  await expect(issueDialog(page).getByLabel('Scan')).toBeFocused();
  await scan(page, number);
  await expect(issueDialog(page).getByRole('combobox', { name: 'Member' })).toHaveValue(new RegExp(member.username));
  await scan(page, barcode);
  await expect(issueDialog(page).getByTestId('picked-copy')).toHaveText(`Copy ${second!.accession_no}`);
  await expect(issueDialog(page).getByRole('combobox', { name: 'Book' })).toHaveValue(`${book.title} (${book.id})`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Book Issued Successfully: copy ${second!.accession_no}`)).toBeVisible();
  const [loan] = await openLoansOf(request, member.id);
  expect((loan as { copy?: { accession_no: string } | null }).copy?.accession_no).toBe(second!.accession_no);

  // The same copy scanned for another member: refused at once, naming the copy and its borrower.
  await expect(issueDialog(page).getByLabel('Scan')).toBeFocused();
  await scan(page, await memberNumberOf(request, other.username));
  await scan(page, barcode);
  await expect(issueDialog(page)).toContainText(`This copy is not on the shelf. Copy ${second!.accession_no} is on loan to`);
  await page.keyboard.press('Escape');

  // Return: the barcode picks the borrower and the book, nobody chooses them.
  await page.goto('/dashboard/books/return?dialog=return');
  await expect(returnDialog(page).getByLabel('Scan copy')).toBeFocused();
  await scan(page, barcode);
  await expect(returnDialog(page).getByRole('textbox', { name: 'Member' })).toHaveValue(new RegExp(member.username));
  await expect(returnDialog(page).getByRole('combobox', { name: 'Book' })).toContainText(book.title);
  await returnDialog(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Book returned Successfully')).toBeVisible();
  await expect(returnDialog(page).getByTestId('return-result')).toContainText(`copy ${second!.accession_no}`);
  await returnDialog(page).getByRole('button', { name: /another/i }).click();

  // Scanned again, the copy is on the shelf: not on loan, and the dialog says so.
  await returnDialog(page).getByLabel('Scan copy').focus();
  await scan(page, barcode);
  await expect(returnDialog(page)).toContainText(`Copy ${second!.accession_no} of “${book.title}” is not on loan: it is available.`);
  expect(await openLoansOf(request, member.id)).toHaveLength(0);
});

test('the top bar search finds a copy by its barcode and a member by name, and opens them by keyboard', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await registerActiveMember(request, 'scanfind');
  const book = await createLendableBook(request, `Found Copy ${member.username}`, { copies: 1 });
  const [only] = await copiesOf(request, book.id);
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard');

  await openSearch(page);
  const search = page.getByRole('dialog', { name: 'Search' });
  await expect(search).toContainText('Type at least 2 characters');
  await page.keyboard.type(only!.accession_no);
  const copyOption = search.getByRole('option', { name: new RegExp(`${only!.accession_no} · ${book.title}`) });
  await expect(copyOption).toHaveAttribute('aria-selected', 'true');
  await expect(search.getByRole('group', { name: 'Copies' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/books/record/profile/${book.id}`));

  await openSearch(page, 'Control+k');
  // The member search matches his last name (the card shows "Pat Member…").
  await page.keyboard.type(member.name.split(' ')[1]!);
  const memberOption = search.getByRole('option', { name: new RegExp(member.name) });
  await expect(search.getByRole('group', { name: 'Members' })).toBeVisible();
  await expect(memberOption).toBeVisible();
  // Arrow keys reach the member (the first result may be another group's).
  while ((await memberOption.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/member/profile-view/${member.id}`));

  await openSearch(page);
  await page.keyboard.type('zzqq-nothing-here');
  await expect(search).toContainText('Nothing found for “zzqq-nothing-here”.');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
});

test('the online catalogue says how many copies of a title are on the shelf', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'scancat');
  const three = await createLendableBook(request, `Counted Copies ${member.username}`, { copies: 3 });
  await issueThroughApi(request, { book: three.id, member: member.id });
  const one = await createLendableBook(request, `Counted Single ${member.username}`, { copies: 1 });
  await issueThroughApi(request, { book: one.id, member: member.id });
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/books/catalogue?search=${encodeURIComponent(`Counted Copies ${member.username}`)}`);
  await expect(page.getByRole('link', { name: new RegExp(three.title) })).toContainText('2 of 3 copies available');
  await page.goto(`/dashboard/books/catalogue?search=${encodeURIComponent(`Counted Single ${member.username}`)}`);
  await expect(page.getByRole('link', { name: new RegExp(one.title) })).toContainText('None of 1 copy available');
});

test('screenshots of the top bar search', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await registerActiveMember(request, 'scanshot');
  const book = await createLendableBook(request, `Shot Search ${member.username}`, { copies: 2 });
  await issueThroughApi(request, { book: book.id, member: member.id });
  const [first] = await copiesOf(request, book.id);
  await signInAs(page, DEMO.admin);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      // The top bar's picture: its search button, in the theme and the width's layout.
      await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
      await expectShotOf(page, theme);
      await page.screenshot({ path: shotPath('scan-copies', `top-bar-${theme}-${width}.png`) });
      if (width < 768) await page.getByRole('button', { name: 'Search' }).click();
      else await openSearch(page);
      const search = page.getByRole('dialog', { name: 'Search' });
      await search.getByRole('combobox').fill(first!.accession_no.slice(0, -1));
      await expect(search.getByRole('option').first()).toBeVisible();
      // The search's picture: the start of an accession number typed, only copies whose number starts so offered, on screen.
      const typed = first!.accession_no.slice(0, -1);
      await expect(search.getByRole('combobox')).toHaveValue(typed);
      await expect(search.getByRole('status')).toHaveText(/^\d+ results?: /);
      await expect(search.getByRole('group', { name: 'Copies' }).getByRole('option').first()).toHaveText(new RegExp(`^${typed}\\d · `));
      await expect(search.getByRole('option').filter({ hasNotText: new RegExp(`^${typed}`) })).toHaveCount(0);
      await expect(search).toBeInViewport();
      await page.screenshot({ path: shotPath('scan-copies', `search-${theme}-${width}.png`) });
      await page.keyboard.press('Escape');
    }
  }
});

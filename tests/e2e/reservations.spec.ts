/**
 * Reservations against the real server (no mocks), with members, books and loans each test makes
 * through the API: a member reserves a title that is out from its profile and sees his place on
 * the catalogue card and on Reserved Books; the desk's Return dialog says whom the copy will be
 * held for and the return holds it; the member then reads "Ready — pick up by …"; the desk issues
 * the held copy from the queue. Also: a member cancels a reservation; the desk moves a member in a
 * queue (a reason is required); the Book Reservation List filters and searches.
 * Screenshots (dark and light, 1280 and 390 px) go to screenshots/reservations/ (not committed).
 */
import { expect, test, type Page } from '@playwright/test';
import { addDays, formatDate } from '#shared/dates';
import { API } from './support/books';
import { createLendableBook, issueThroughApi, libraryTodayOf, memberNumberOf, openLoansOf } from './support/circulation';
import { DEMO, unique, signInAs, shotPath } from './support/helpers';
import { expectShotOf } from './support/screens';
import { registerActiveMember, type TestMember } from './support/members';
import { unreadCountOf } from './support/notices';
import { reservationsOf, reserveForMember } from './support/reservations';

async function dateFormatOf(page: Page): Promise<string> {
  const answer = await page.request.get(`${API}/settings/library/`);
  return ((await answer.json()) as { date_format?: string }).date_format ?? 'DD/MM/YYYY';
}

const returnDialog = (page: Page) => page.getByRole('dialog', { name: 'Return Book' });
const queueCard = (page: Page, title: string) => page.getByRole('region', { name: title });

test('a member reserves a title that is out; the return holds the copy for him and the desk issues it from the queue', async ({ page, request }) => {
  test.setTimeout(120_000);
  const holder = await registerActiveMember(request, 'rsvhold');
  const reserver = await registerActiveMember(request, 'rsvwait');
  const reserverNumber = await memberNumberOf(request, reserver.username);
  const book = await createLendableBook(request, `Reserved Title ${unique()}`, { copies: 1 });
  const today = await libraryTodayOf(request);
  await issueThroughApi(request, { book: book.id, member: holder.id, issue_date: today, due_date: addDays(today, 7) });

  // The member reserves from the book profile; the answer says where he stands.
  await signInAs(page, reserver);
  await page.goto(`/dashboard/books/record/profile/${book.id}`);
  await page.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(page.getByText('Reserved — position 1', { exact: true })).toBeVisible();
  // A second try is not offered: the catalogue card reads the same standing.
  await page.goto(`/dashboard/books/catalogue?search=${encodeURIComponent(book.title)}`);
  await expect(page.getByRole('listitem').filter({ hasText: book.title }).getByText('Reserved — position 1')).toBeVisible();
  await expect(page.getByRole('button', { name: `Reserve ${book.title}` })).toHaveCount(0);

  await page.goto('/dashboard/member/reserved');
  const row = page.getByRole('row').filter({ hasText: book.title });
  await expect(row.getByText('Waiting', { exact: true })).toBeVisible();
  await expect(row.getByText('Position 1 of 1')).toBeVisible();

  // The desk returns the loan: the dialog says whom the copy will be held for, and the return holds it.
  const unreadBefore = await unreadCountOf(request, reserver);
  await signInAs(page, DEMO.admin);
  // Opened from the borrower's profile, the Return dialog says it too.
  await page.goto(`/dashboard/member/profile-view/${holder.id}`);
  await page.getByRole('button', { name: `Return ${book.title}` }).click();
  await expect(returnDialog(page).getByText(`This copy will be held for ${reserver.name} (${reserverNumber}).`)).toBeVisible();
  await returnDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(returnDialog(page)).toHaveCount(0);
  await page.goto('/dashboard/books/return?dialog=return');
  await expect(returnDialog(page)).toBeVisible();
  const bookField = returnDialog(page).getByRole('combobox', { name: 'Book', exact: true });
  const choice = page.getByRole('option', { name: new RegExp(`^${`${book.title} (${book.id})`.replace(/[()]/g, '\\$&')}`) });
  await expect(async () => {
    await bookField.click();
    await bookField.fill(book.title);
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await choice.click();
  await returnDialog(page).getByRole('combobox', { name: 'Issued to' }).selectOption({ label: `${holder.name} (${holder.username})` });
  await expect(returnDialog(page).getByText(`This copy will be held for ${reserver.name} (${reserverNumber}).`)).toBeVisible();
  await returnDialog(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(new RegExp(`Book returned Successfully — held for ${reserver.name}`))).toBeVisible();
  expect(await openLoansOf(request, holder.id)).toHaveLength(0);

  // The member now reads his pickup deadline in the library's date format.
  const [held] = await reservationsOf(request, reserver.id);
  expect(held?.status).toBe('FULFILLED');
  await signInAs(page, reserver);
  const format = await dateFormatOf(page);
  await page.goto('/dashboard/member/reserved');
  await expect(page.getByRole('row').filter({ hasText: book.title }).getByText(`Ready — pick up by ${formatDate(held!.hold_until, format)}`)).toBeVisible();
  // The hold's notice reached him: the bell counts one more, and its list says when to pick up by.
  const bell = page.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(unreadBefore + 1));
  await bell.click();
  const notices = page.getByRole('list', { name: 'Your notifications' });
  await expect(notices).toContainText(`"${book.title}", which you reserved, is waiting for you at the desk. Please pick it up by ${formatDate(held!.hold_until, format)}`);
  await page.keyboard.press('Escape');

  // The desk issues the held copy from the queue, with the issue dialog's dates.
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/reservations/queue?search=${encodeURIComponent(book.title)}`);
  const card = queueCard(page, book.title);
  await expect(card.getByText(`Pick up by ${formatDate(held!.hold_until, format)}`)).toBeVisible();
  await card.getByRole('button', { name: `Issue ${book.title} to ${reserver.name}` }).click();
  const issue = page.getByRole('dialog', { name: 'Issue reserved book' });
  await expect(issue.getByLabel('Issue Date')).toHaveValue(formatDate(today, format)!);
  await expect(issue.getByLabel('Due Date')).not.toHaveValue('');
  await issue.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(page.getByText('Reservation successfully issued.')).toBeVisible();
  await expect(card).toHaveCount(0);
  const loans = await openLoansOf(request, reserver.id);
  expect(loans.map((loan) => loan.book.id)).toEqual([book.id]);
  expect((await reservationsOf(request, reserver.id))[0]?.status).toBe('ISSUED');
});

test('a member cancels his reservation after confirming', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'rsvcanc');
  const book = await createLendableBook(request, `Cancelled Title ${unique()}`, { copies: 1 });
  await reserveForMember(request, book.id, member.id);
  await signInAs(page, member);
  await page.goto('/dashboard/member/reserved');
  const row = page.getByRole('row').filter({ hasText: book.title });
  await row.getByRole('button', { name: `Cancel the reservation of ${book.title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Cancel the reservation of “${book.title}”?`);
  await confirm.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(page.getByText(`Reservation of “${book.title}” cancelled`)).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Cancel the reservation/ })).toHaveCount(0);
  expect((await reservationsOf(request, member.id))[0]?.status).toBe('CANCELLED');
});

test('the desk moves a member up the queue, and only with a reason', async ({ page, request }) => {
  test.setTimeout(90_000);
  const holder = await registerActiveMember(request, 'rsvmvh');
  const members: TestMember[] = [];
  for (const tag of ['rsvmva', 'rsvmvb', 'rsvmvc']) members.push(await registerActiveMember(request, tag));
  const book = await createLendableBook(request, `Queued Title ${unique()}`, { copies: 1 });
  const today = await libraryTodayOf(request);
  await issueThroughApi(request, { book: book.id, member: holder.id, issue_date: today, due_date: addDays(today, 7) });
  for (const member of members) await reserveForMember(request, book.id, member.id);

  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/reservations/queue?search=${encodeURIComponent(book.title)}`);
  const card = queueCard(page, book.title);
  const waiting = card.getByRole('list', { name: `Members waiting for ${book.title}` }).getByRole('listitem');
  await expect(waiting).toHaveCount(3);
  await expect(waiting.nth(2)).toContainText(members[2]!.name);
  // Nothing on the shelf: nobody can be fulfilled yet.
  await expect(card.getByRole('button', { name: /^Fulfil/ })).toHaveCount(0);

  await card.getByRole('button', { name: `Move ${members[2]!.name} in the queue` }).click();
  const move = page.getByRole('dialog', { name: 'Move in the queue' });
  await move.getByLabel('New position').fill('1');
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(move.getByText('Give a reason for changing the queue.')).toBeVisible();
  await expect(move.getByLabel('Reason')).toBeFocused();
  await move.getByLabel('Reason').fill('Needs it for an exam tomorrow');
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Moved to position 1.')).toBeVisible();
  await expect(move).toHaveCount(0);
  await expect(waiting.nth(0)).toContainText(members[2]!.name);
  await expect(waiting.nth(1)).toContainText(members[0]!.name);
  const [moved] = await reservationsOf(request, members[2]!.id);
  expect(moved?.position).toBe(1);

  // The list shows the same queue under "Waiting", searched by title.
  await page.goto(`/dashboard/reservations/list?status=waiting&search=${encodeURIComponent(book.title)}`);
  const table = page.getByRole('table', { name: 'Reservations' });
  await expect(table.getByRole('row').filter({ hasText: members[2]!.name })).toContainText('Position 1 of 3');
  await expect(table.getByRole('row').filter({ hasText: members[1]!.name })).toContainText('Position 3 of 3');
  await page.getByLabel('Status').selectOption({ label: 'Issued' });
  await expect(page.getByText('No reservations match your search.')).toBeVisible();
});

test('screenshots of the list, the queue and the member page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await registerActiveMember(request, 'rsvshot');
  const book = await createLendableBook(request, `Shot Title ${unique()}`, { copies: 1 });
  await reserveForMember(request, book.id, member.id);
  const shots: { who: { username: string; password: string }; path: string; name: string; ready: (page: Page) => Promise<void> }[] = [
    { who: DEMO.admin, path: '/dashboard/reservations/list', name: 'list', ready: (p) => expect(p.getByRole('table', { name: 'Reservations' })).not.toHaveAttribute('aria-busy', 'true') },
    { who: DEMO.admin, path: '/dashboard/reservations/queue', name: 'queue', ready: (p) => expect(p.getByRole('region').first()).toBeVisible() },
    { who: member, path: '/dashboard/member/reserved', name: 'member', ready: (p) => expect(p.getByRole('row').filter({ hasText: book.title })).toBeVisible() },
  ];
  for (const shot of shots) {
    await signInAs(page, shot.who);
    for (const theme of ['dark', 'light'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(shot.path);
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        await shot.ready(page);
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('reservations', `${shot.name}-${theme}-${width}.png`), fullPage: width === 390 });
      }
    }
  }
});

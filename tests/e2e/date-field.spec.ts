/**
 * The one date field, in the Edit loan dialog of the Issue Book page: it shows and takes the
 * library's date format (DD/MM/YYYY here) like the table beside it, keeps a typed 11/01 as 11
 * January, opens its calendar from the keyboard and picks a day with it, and a date that is no
 * date shows why and sends nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { addDays } from '#shared/dates';
import { API, adminHeaders } from './support/books';
import { createLendableBook, issueThroughApi, libraryDateFormatOf, libraryTodayOf } from './support/circulation';
import { DEMO, shotPath, signInAs } from './support/helpers';
import { registerActiveMember } from './support/members';
import { expectShotOf } from './support/screens';

/** The next 3 December on or after a date (a due date inside the loan window whatever the day). */
function nextThirdOfDecember(today: string): string {
  const thisYear = `${today.slice(0, 4)}-12-03`;
  return thisYear >= today ? thisYear : `${Number(today.slice(0, 4)) + 1}-12-03`;
}

/** The last 11 January on or before a date. */
function lastEleventhOfJanuary(today: string): string {
  const thisYear = `${today.slice(0, 4)}-01-11`;
  return thisYear <= today ? thisYear : `${Number(today.slice(0, 4)) - 1}-01-11`;
}

const shown = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function openEditLoan(page: Page, username: string, title: string, dueShown?: string) {
  await page.goto(`/dashboard/books/issue?search=${username}`);
  // The table as the page shows it (a dialog hides the page from the accessibility tree).
  if (dueShown) await expect(page.getByRole('row').filter({ hasText: title })).toContainText(dueShown);
  await page.getByRole('button', { name: new RegExp(`^Edit the loan of ${title} to `) }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Issued Book' });
  await expect(dialog.getByLabel('Due Date')).toBeEnabled();
  return dialog;
}

async function dueDateOf(request: Parameters<typeof adminHeaders>[0], member: number): Promise<string> {
  const loans = await request.get(`${API}/books/issued-books/?member=${member}`, { headers: await adminHeaders(request) });
  return ((await loans.json()) as { due_date: string }[])[0]!.due_date.slice(0, 10);
}

test('Edit loan shows 3 December as 03/12 like the table, keeps a typed 11/01 as 11 January, picks a day by keyboard and sends no nonsense', async ({ page, request }) => {
  test.setTimeout(120_000);
  expect(await libraryDateFormatOf(request)).toBe('DD/MM/YYYY');
  const today = await libraryTodayOf(request);
  const january = lastEleventhOfJanuary(today);
  const december = nextThirdOfDecember(today);
  const member = await registerActiveMember(request, 'datefield');
  const book = await createLendableBook(request, `Date Field ${member.username}`);
  // Issued the day before 11 January, due on 3 December: both dates inside the loan window.
  await issueThroughApi(request, { book: book.id, member: member.id, issue_date: addDays(january, -1), due_date: december });
  await signInAs(page, DEMO.admin);
  let dialog = await openEditLoan(page, member.username, book.title, shown(december));
  const due = dialog.getByLabel('Due Date');
  await expect(due).toHaveValue(shown(december));

  // Typed in the library's format: 11/01 is 11 January, not 1 November.
  await due.fill(shown(january));
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  expect(await dueDateOf(request, member.id)).toBe(january);
  await expect(page.getByRole('row').filter({ hasText: book.title })).toContainText(shown(january));

  // The calendar by keyboard: Alt+ArrowDown opens it on the field's day, arrows move, Enter picks, focus comes back.
  dialog = await openEditLoan(page, member.username, book.title);
  await dialog.getByLabel('Due Date').focus();
  await page.keyboard.press('Alt+ArrowDown');
  const calendar = dialog.getByRole('group', { name: 'Calendar' });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('grid')).toBeVisible();
  await expect(calendar.locator('[data-part="table-cell-trigger"]:focus')).toHaveText('11');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(calendar.locator('[data-part="table-cell-trigger"]:focus')).toHaveText('19');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(dialog.getByLabel('Due Date')).toHaveValue(shown(addDays(january, 8)));
  await expect(dialog.getByLabel('Due Date')).toBeFocused();

  // Esc closes only the calendar (the dialog stays) and focus goes back to the button that opened it.
  await dialog.getByRole('button', { name: 'Choose date' }).last().click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose date' }).last()).toBeFocused();

  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  expect(await dueDateOf(request, member.id)).toBe(addDays(january, 8));

  // A date that is no date says why under the field, and nothing is sent.
  dialog = await openEditLoan(page, member.username, book.title);
  const sent: string[] = [];
  page.on('request', (asked) => {
    if (asked.method() === 'PATCH' && asked.url().includes('/books/issued-books/')) sent.push(asked.url());
  });
  await dialog.getByLabel('Due Date').fill('31/02/2027');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByLabel('Due Date')).toHaveAccessibleDescription('There is no day 31/02/2027 in the calendar');
  await expect(dialog.getByLabel('Due Date')).toBeFocused();
  await dialog.getByLabel('Due Date').fill('tomorrow');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByLabel('Due Date')).toHaveAccessibleDescription('Enter the date as DD/MM/YYYY');
  await expect(dialog).toBeVisible();
  expect(sent).toEqual([]);
  expect(await dueDateOf(request, member.id)).toBe(addDays(january, 8));
});

test('screenshots of the date field with its calendar open in both themes and at 390 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const today = await libraryTodayOf(request);
  const member = await registerActiveMember(request, 'dateshot');
  const book = await createLendableBook(request, `Calendar Shot ${member.username}`);
  await issueThroughApi(request, { book: book.id, member: member.id, issue_date: today, due_date: addDays(today, 7) });
  await signInAs(page, DEMO.admin);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const dialog = await openEditLoan(page, member.username, book.title);
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await expectShotOf(page, theme);
      await dialog.getByRole('button', { name: 'Choose date' }).last().click();
      await expect(dialog.getByRole('group', { name: 'Calendar' }).getByRole('grid')).toBeVisible();
      // The picture is the loan's due date in the library's format with its calendar open on that day, wholly on screen.
      const calendar = dialog.getByRole('group', { name: 'Calendar' });
      await expect(dialog.getByLabel('Due Date')).toHaveValue(shown(addDays(today, 7)));
      await expect(calendar.getByRole('gridcell', { selected: true })).toHaveText(String(Number(addDays(today, 7).slice(8, 10))));
      await expect(calendar).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: shotPath('date-field', `calendar-${theme}-${width}.png`) });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
});

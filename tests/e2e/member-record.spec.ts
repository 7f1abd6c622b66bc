/**
 * The member's record as staff see it (member/profile-view/{id}) against the real API: his ready
 * holds, and the actions staff take there — Issue opens the checkout session on him, Place a hold
 * and Renew membership through the checkout panel's dialogs. Screenshots of the record (dark and
 * light, 1280 and 390 px) go to screenshots/member-record/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { createLendableBook } from './support/circulation';
import { signInAs, shotPath } from './support/helpers';
import { expectShotOf } from './support/screens';
import { registerActiveMember, type TestMember } from './support/members';
import { reserveForMember } from './support/reservations';

/** The demo's front-desk manager: issues and returns, reads members and reservations. */
const DESK = { username: 'demo.desk', password: 'Desk-demo-2026', home: '/dashboard' };

const panel = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
const recordOf = (member: TestMember) => `/dashboard/member/profile-view/${member.id}`;

/** A member with two holds ready for pickup (reserved and fulfilled through the API). */
async function memberWithTwoReadyHolds(request: APIRequestContext): Promise<{ member: TestMember; titles: string[] }> {
  const member = await registerActiveMember(request, 'record');
  const titles = [`Ready Hold One ${member.id}`, `Ready Hold Two ${member.id}`];
  for (const title of titles) {
    const book = await createLendableBook(request, title, { copies: 1 });
    const reservation = await reserveForMember(request, book.id, member.id);
    const fulfilled = await request.post(`${API}/books/reservations/${reservation.id}/fulfill/`, { headers: await adminHeaders(request), data: {} });
    expect(fulfilled.status(), await fulfilled.text()).toBe(200);
  }
  return { member, titles };
}

test('a member with two ready holds shows them on his staff record', async ({ page, request }) => {
  const { member, titles } = await memberWithTwoReadyHolds(request);
  await signInAs(page, DESK);
  await page.goto(recordOf(member));
  const holds = panel(page, 'Reservations');
  for (const title of titles) await expect(holds.getByRole('row').filter({ hasText: title })).toContainText('Ready');
  await expect(holds).not.toContainText('No open reservations');
});

test('Issue on his record opens the checkout session on him', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'recissue');
  await signInAs(page, 'admin');
  await page.goto(recordOf(member));
  await page.getByRole('group', { name: 'Actions on this member' }).getByRole('link', { name: 'Issue' }).click();
  await expect(page).toHaveURL('/dashboard/books/issue');
  await expect(page.getByRole('heading', { level: 2, name: `Check out to ${member.name}` })).toBeVisible();
  await expect(page.getByLabel('Scan a copy')).toBeFocused();
});

test('Place a hold and Renew membership from his record', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'recacts');
  const book = await createLendableBook(request, `Record Hold ${member.id}`, { copies: 1 });
  await request.post(`${API}/books/issued-books/`, { headers: await adminHeaders(request), data: { book: book.id, member: (await registerActiveMember(request, 'recother')).id } });
  await signInAs(page, 'admin');
  await page.goto(recordOf(member));
  const actions = page.getByRole('group', { name: 'Actions on this member' });

  await actions.getByRole('button', { name: 'Place a hold' }).click();
  const holding = page.getByRole('alertdialog', { name: 'Place a hold' });
  const choice = page.getByRole('option', { name: new RegExp(`^${book.title} \\(${book.id}\\)`) });
  await expect(async () => {
    await holding.getByRole('combobox', { name: 'Book' }).fill(book.title);
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await choice.click();
  await holding.getByRole('button', { name: 'Place hold' }).click();
  await expect(page.getByText(`“${book.title}” reserved for ${member.name}`)).toBeVisible();
  await expect(panel(page, 'Reservations').getByRole('row').filter({ hasText: book.title })).toContainText('Waiting');

  // His membership's validity reads in the library's date format among the facts, and moves on when renewed.
  const validity = page.getByText(/^Valid until \d{2}\/\d{2}\/\d{4}$/);
  await expect(validity).toBeVisible();
  const before = await validity.textContent();
  await actions.getByRole('button', { name: 'Renew membership' }).click();
  const renewing = page.getByRole('alertdialog', { name: 'Renew membership' });
  await expect(renewing).toContainText(`Renew ${member.name}'s membership until`);
  await renewing.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByText(/^Membership renewed until /)).toBeVisible();
  await expect(renewing).toBeHidden();
  await page.reload();
  await expect(validity).toBeVisible();
  expect(await validity.textContent()).not.toBe(before);
});

test('the plan field of the member forms links to Membership Plans', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'recplan');
  await signInAs(page, 'admin');
  await page.goto('/dashboard/members/add/form');
  await expect(page.getByLabel('Membership plan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage plans' })).toHaveAttribute('href', '/dashboard/members/plan');

  await page.goto(recordOf(member));
  await page.getByRole('group', { name: 'Actions on this member' }).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit member' });
  await expect(form.getByLabel('Membership plan')).not.toHaveValue('');
  await form.getByRole('link', { name: 'Manage plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Membership Plans' })).toBeVisible();
});

test('screenshots of the member record in both themes at 1280 and 390 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { member, titles } = await memberWithTwoReadyHolds(request);
  await signInAs(page, 'admin');
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(recordOf(member));
      await expect(panel(page, 'Reservations').getByRole('row').filter({ hasText: 'Ready Hold One' })).toBeVisible();
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.waitForTimeout(400);
      // The picture is his record: both holds ready, and the desk's actions on him.
      for (const title of titles) await expect(panel(page, 'Reservations').getByRole('row').filter({ hasText: title })).toContainText('Ready');
      const actions = page.getByRole('group', { name: 'Actions on this member' });
      await expect(actions.getByRole('link', { name: 'Issue' })).toBeVisible();
      await expect(actions.getByRole('button', { name: 'Renew membership' })).toBeVisible();
      await expectShotOf(page, theme);
      await page.screenshot({ path: shotPath('member-record', `record-${theme}-${width}.png`), fullPage: true });
    }
  }
});

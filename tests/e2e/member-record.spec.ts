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

/**
 * A member's profile page (member/profile-view/{id}) against the real API, with a member each test
 * registers itself: the profile answers `department` and `session` as ids (the original contract)
 * with their names beside them, and the page shows the names, starts the member's edit form on his
 * department and session, and shows a new department by name after a save; staff see the names in
 * the member summary; at 390 px the profile's panels fit the screen. Screenshots (dark and light, 1280 and 390 px) go to screenshots/profile/.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { createBookViaApi, returnLate } from './support/fines';
import { DEMO, unique, signInAs, shotPath } from './support/helpers';
import { expectShotOf } from './support/screens';
import { registerActiveMember, type TestMember } from './support/members';

/** The id of the library's department or session of that name, read as staff. */
async function referenceId(request: APIRequestContext, path: 'admin-departments' | 'admin-sessions', name: string): Promise<number> {
  const answer = await request.get(`${API}/${path}/`, { headers: await adminHeaders(request) });
  const items = (await answer.json()) as { id: number; name?: string; session_range?: string }[];
  const item = items.find((entry) => (entry.name ?? entry.session_range) === name);
  if (!item) throw new Error(`No ${path} entry named ${name}`);
  return item.id;
}

/** A new active member in Mathematics, session 2024-2028 (set by staff through the API). */
async function memberInMathematics(request: APIRequestContext, tag: string): Promise<TestMember> {
  const member = await registerActiveMember(request, tag);
  const department = await referenceId(request, 'admin-departments', 'Mathematics');
  const session = await referenceId(request, 'admin-sessions', '2024-2028');
  const edited = await request.patch(`${API}/users/profile/update/`, { headers: await adminHeaders(request), data: { user_id: member.id, department, session } });
  expect(edited.status()).toBe(200);
  expect(await edited.json()).toMatchObject({ department, session, department_name: 'Mathematics', session_name: '2024-2028' });
  return member;
}

const panel = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
/** The value a panel's facts give for a term. */
const fact = (scope: Locator, term: string) => scope.locator('dl > div').filter({ has: scope.page().getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');

test('a member sees his department and session by name, edits from them and sees the new department by name', async ({ page, request }) => {
  const member = await memberInMathematics(request, 'mpown');
  await signInAs(page, member);
  await page.goto(`/dashboard/member/profile-view/${member.id}`);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  const academic = panel(page, 'Academic');
  await expect(fact(academic, 'Department')).toHaveText('Mathematics');
  await expect(fact(academic, 'Session')).toHaveText('2024-2028');

  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Department').locator('option:checked')).toHaveText('Mathematics');
  await expect(form.getByLabel('Session').locator('option:checked')).toHaveText('2024-2028');
  await form.getByLabel('Department').selectOption({ label: 'English Literature' });
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(fact(panel(page, 'Academic'), 'Department')).toHaveText('English Literature');
  await expect(fact(panel(page, 'Academic'), 'Session')).toHaveText('2024-2028');
});

test('staff see a member’s department and session by name in the summary and the details', async ({ page, request }) => {
  const member = await memberInMathematics(request, 'mpstaff');
  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/member/profile-view/${member.id}`);
  await expect(page.getByRole('heading', { level: 2, name: member.name })).toBeVisible();
  const summary = panel(page, 'Member');
  await expect(fact(summary, 'Department')).toHaveText('Mathematics');
  await expect(fact(summary, 'Session')).toHaveText('2024-2028');
  await expect(fact(panel(page, 'Academic'), 'Department')).toHaveText('Mathematics');
});

test('at 390 px the staff view’s panels fit the screen when he owes a fine: the fines table scrolls inside its panel', async ({ page, request }) => {
  const member = await memberInMathematics(request, 'mpnarrow');
  await returnLate(request, member.id, await createBookViaApi(request, `Narrow Fine ${unique()}`), 4);
  await signInAs(page, DEMO.admin);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/dashboard/member/profile-view/${member.id}`);
  await expect(panel(page, 'Fines').getByRole('table')).toBeVisible();
  await expect(panel(page, 'Fines')).toContainText('Rs. 40.00');
  // The panels of the profile's own grids end within the screen (the loan panels have their own grid).
  for (const title of ['Member', 'Fines', 'Payments', 'Reservations', 'Personal', 'Library']) {
    const box = await panel(page, title).boundingBox();
    expect(box!.x + box!.width, title).toBeLessThanOrEqual(390);
  }
});

test('screenshots of the member profile, the member’s and staff’s, in both themes at 1280 and 390 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await memberInMathematics(request, 'mpshot');
  await returnLate(request, member.id, await createBookViaApi(request, `Shot Fine ${unique()}`), 3);
  for (const [who, viewer, heading] of [
    ['own', member, 'Your profile'],
    ['staff', DEMO.admin, member.name],
  ] as const) {
    await signInAs(page, viewer);
    for (const theme of ['dark', 'light'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/dashboard/member/profile-view/${member.id}`);
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(fact(panel(page, 'Academic'), 'Department')).toHaveText('Mathematics');
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        // Buttons and icons ease into the theme's colours; the picture waits for them.
        await page.waitForTimeout(400);
        // The picture shows his own panels, and to staff also his fine of three late days; in the theme and the width's layout.
        for (const title of ['Personal', 'Academic', 'Library']) await expect(panel(page, title)).toBeVisible();
        if (who === 'staff') await expect(panel(page, 'Fines')).toContainText('Rs. 30.00');
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('profile', `${who}-${theme}-${width}.png`), fullPage: true });
      }
    }
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
});

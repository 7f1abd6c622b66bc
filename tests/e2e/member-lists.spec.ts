/**
 * The staff member lists against the real API, each test with members it registers itself (so
 * reruns work): approve a pending member, who can then sign in; decline one, who appears in
 * Rejected Approvals and can be approved again; disable and re-enable; bulk approve two; delete
 * refused with the server's reason, then allowed; a front-desk manager without delete_members
 * sees no Delete; the staff profile view. Screenshots of each list and the profile view (dark and
 * light, 1280 and 390 px) go to screenshots/member-lists/.
 */
import { expect, test, type Page } from '@playwright/test';
import { API, adminHeaders } from './support/books';
import { DEMO, signInAs, shotPath } from './support/helpers';
import { apiSignIn, registerActiveMember, registerPendingMember, type TestMember } from './support/members';

const DESK = { username: 'demo.desk', password: 'Desk-demo-2026' } as const;

const table = (page: Page) => page.getByRole('table', { name: 'Members' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, member: TestMember) => bodyRows(page).filter({ hasText: `@${member.username}` });

/** Opens a member list screen searched for `search`, and waits for its rows. */
async function openList(page: Page, path: string, heading: string, search = ''): Promise<void> {
  await page.goto(`/dashboard/members/${path}${search ? `${path.includes('?') ? '&' : '?'}search=${encodeURIComponent(search)}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(1);
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
}

/** Clicks a row's action and confirms it in the dialog. */
async function confirmRowAction(page: Page, member: TestMember, action: string, title: string): Promise<void> {
  await page.getByRole('button', { name: `${action} ${member.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toContainText(member.name);
  await dialog.getByRole('button', { name: action === 'Delete' ? 'Delete member' : action }).click();
  await expect(dialog).toBeHidden();
}

test('approving a pending member (with a confirm) lets him sign in', async ({ page, request, browser, baseURL }) => {
  const member = await registerPendingMember(request, 'mlapp');
  expect((await apiSignIn(request, member)).text).toContain('awaiting approval');
  await signInAs(page, DEMO.admin);
  await openList(page, 'pending', 'Pending Approvals', member.username);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(rowOf(page, member)).toContainText('Pending');

  // Cancel changes nothing.
  await page.getByRole('button', { name: `Approve ${member.name}` }).click();
  await page.getByRole('alertdialog', { name: 'Approve member' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, member)).toHaveCount(1);

  await confirmRowAction(page, member, 'Approve', 'Approve member');
  await expect(page.getByText('User approved and notified via email.')).toBeVisible();
  await expect(page.getByText('No members match your search.')).toBeVisible();

  // He signs in through the real sign-in page.
  const context = await browser.newContext({ baseURL });
  const memberPage = await context.newPage();
  await signInAs(memberPage, member);
  await expect(memberPage).toHaveURL(/\/dashboard\/member\/home/);
  await context.close();

  // And he is on the Member List now.
  await openList(page, 'add', 'Member List', member.username);
  await expect(rowOf(page, member)).toContainText('Active');
});

test('a declined member appears in Rejected Approvals and can be approved again', async ({ page, request }) => {
  const member = await registerPendingMember(request, 'mldec');
  await signInAs(page, DEMO.admin);
  await openList(page, 'pending', 'Pending Approvals', member.username);
  await confirmRowAction(page, member, 'Decline', 'Decline member');
  await expect(page.getByText('User has been declined and notified via email.')).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: member.username })).toHaveCount(0);
  expect((await apiSignIn(request, member)).text).toContain('declined');

  await openList(page, 'rejected', 'Rejected Approvals', member.username);
  await expect(rowOf(page, member)).toContainText('Rejected');
  await confirmRowAction(page, member, 'Approve', 'Approve member');
  await expect(page.getByText('User approved and notified via email.')).toBeVisible();
  expect((await apiSignIn(request, member)).status).toBe(200);
});

test('Disable Member disables and re-enables a member, each with a confirm', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'mldis');
  await signInAs(page, DEMO.admin);
  await openList(page, 'disable', 'Disable Member', member.username);
  await expect(rowOf(page, member)).toContainText('Active');
  await confirmRowAction(page, member, 'Disable', 'Disable member');
  await expect(page.getByText(`Member '${member.username}' has been disabled.`)).toBeVisible();
  await expect(page.getByText('No members match your search.')).toBeVisible();
  expect((await apiSignIn(request, member)).text).toContain('disabled');

  await page.getByLabel('Show').selectOption('disabled');
  await expect(page).toHaveURL(/show=disabled/);
  await expect(rowOf(page, member)).toContainText('Disabled');
  await confirmRowAction(page, member, 'Enable', 'Enable member');
  await expect(page.getByText(`Member '${member.username}' has been enabled.`)).toBeVisible();
  expect((await apiSignIn(request, member)).status).toBe(200);
});

test('bulk approve: two selected members approved with one summary, selection cleared', async ({ page, request }) => {
  const first = await registerPendingMember(request, 'mlbulk');
  const second = await registerPendingMember(request, 'mlbulk');
  await signInAs(page, DEMO.admin);
  await openList(page, 'pending', 'Pending Approvals', 'mlbulk');
  await page.getByRole('checkbox', { name: `Select ${first.username}` }).check();
  await page.getByRole('checkbox', { name: `Select ${second.username}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Approve 2 members' });
  await expect(dialog.getByRole('list', { name: 'Selected members' })).toContainText(first.username);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('2 members approved.')).toBeVisible();
  await expect(page.getByText(/\d+ selected/)).toBeHidden();
  await expect(rowOf(page, first)).toHaveCount(0);
  await expect(rowOf(page, second)).toHaveCount(0);
  for (const member of [first, second]) expect((await apiSignIn(request, member)).status).toBe(200);
});

test('delete: the server’s refusal stays in the danger confirm; an allowed delete removes the member', async ({ page, request }) => {
  // A real refusal: the member is deleted elsewhere (another desk) while this confirm is open.
  // (Books out and fines owed refuse a delete too; they come with circulation.)
  const gone = await registerActiveMember(request, 'mlgone');
  const member = await registerActiveMember(request, 'mldel');
  await signInAs(page, DEMO.admin);
  await openList(page, 'add', 'Member List');
  await page.getByRole('button', { name: `Delete ${gone.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete member' });
  const headers = await adminHeaders(request);
  expect((await request.delete(`${API}/users/delete/${gone.id}/`, { headers })).status()).toBe(200);
  const again = await request.delete(`${API}/users/delete/${gone.id}/`, { headers });
  expect(again.status()).toBeGreaterThanOrEqual(400);
  const reason = ((await again.json()) as { detail: string }).detail;
  await dialog.getByRole('button', { name: 'Delete member' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(reason);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await confirmRowAction(page, member, 'Delete', 'Delete member');
  await expect(page.getByText('User deleted.')).toBeVisible();
  await expect(rowOf(page, member)).toHaveCount(0);
  expect((await apiSignIn(request, member)).status).toBe(401);
});

test('a front-desk manager without delete_members sees the list and profiles but no Delete', async ({ page, request }) => {
  const member = await registerActiveMember(request, 'mldesk');
  await signInAs(page, DESK);
  await openList(page, 'add', 'Member List', member.username);
  await expect(rowOf(page, member)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await rowOf(page, member).getByRole('link', { name: member.name }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/member/profile-view/${member.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: member.name })).toBeVisible();
  const summary = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Member', exact: true }) });
  await expect(summary).toContainText(member.username);
  await expect(summary).toContainText('Active');
  await expect(summary).toContainText('Rs. 0.00');
  for (const panel of ['Current loans', 'Loan history', 'Reservations']) {
    await expect(page.getByRole('heading', { level: 2, name: panel })).toBeVisible();
  }
  // A new member: the loan panels load after the profile and say he has nothing yet. The front
  // desk issues and returns books but holds no view_fine, so the fines panel is not offered.
  await expect(page.getByText('No books out.', { exact: true })).toBeVisible();
  await expect(page.getByText('No books returned yet.', { exact: true })).toBeVisible();
  await expect(page.getByText('No open reservations.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Fines' })).toHaveCount(0);
});

test('screenshots of each list and the profile view', async ({ page, request }) => {
  // Five screens in two themes at two widths on a shared 2-core machine.
  test.setTimeout(300_000);
  const waiting = await registerPendingMember(request, 'mlshot');
  // One registration whose e-mail link was never opened: the list says so beside its state.
  const unverified = `mlshotu${Date.now().toString(36)}`;
  const registered = await request.post(`${API}/auth/register/member/`, {
    data: { first_name: 'Una', last_name: 'Verified', username: unverified, email: `${unverified}@example.org`, password: 'Shelf-mark-2026', password2: 'Shelf-mark-2026' },
  });
  expect(registered.status()).toBe(201);
  const declined = await registerPendingMember(request, 'mlshot');
  expect((await request.post(`${API}/auth/decline/${declined.id}/`, { headers: await adminHeaders(request) })).status()).toBe(200);
  const active = await registerActiveMember(request, 'mlshot');
  await signInAs(page, DEMO.admin);
  const screens = [
    ['add', 'Member List', 'member-list'],
    ['pending', 'Pending Approvals', 'pending'],
    ['rejected', 'Rejected Approvals', 'rejected'],
    ['disable', 'Disable Member', 'disable'],
  ] as const;
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading, name] of screens) {
        await openList(page, path, heading);
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        if (path === 'pending') {
          await page.getByRole('checkbox', { name: `Select ${waiting.username}` }).check();
          await expect(bodyRows(page).filter({ hasText: `@${unverified}` })).toContainText('E-mail not verified');
          await expect(bodyRows(page).filter({ hasText: `@${waiting.username}` })).not.toContainText('E-mail not verified');
        }
        await page.screenshot({ path: shotPath('member-lists', `${name}-${theme}-${width}.png`) });
      }
      await openList(page, 'add', 'Member List', active.username);
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.getByRole('button', { name: `Delete ${active.name}` }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete member' })).toBeVisible();
      await page.screenshot({ path: shotPath('member-lists', `delete-dialog-${theme}-${width}.png`) });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.goto(`/dashboard/member/profile-view/${active.id}`);
      await expect(page.getByRole('heading', { level: 2, name: active.name })).toBeVisible();
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.screenshot({ path: shotPath('member-lists', `profile-view-${theme}-${width}.png`), fullPage: true });
    }
  }
});

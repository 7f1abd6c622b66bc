/**
 * Notices in the browser against the real server: Notification Settings (a switch, a template
 * with its live preview, a refused placeholder), the member's notifications bell (count, list,
 * mark as read) and the Notification History Panel (status filter, resending a failed e-mail; the
 * test stack's mail capture refuses mail for a moment so a delivery really fails).
 */
import { expect, test } from '@playwright/test';
import { createLendableBook, issueThroughApi } from './support/circulation';
import { DEMO, unique, signInAs, shotPath } from './support/helpers';
import { expectShotOf } from './support/screens';
import { registerActiveMember } from './support/members';
import { emailLogOf, refuseMail, restoreNoticeDefaults, unreadCountOf } from './support/notices';

test.afterAll(async ({ request }) => {
  await refuseMail(request, false);
  await restoreNoticeDefaults(request);
});

test.describe('Notification Settings', () => {
  test('an admin turns a notice off and edits a template; the preview shows the sample values; both survive a reload', async ({ page }) => {
    await signInAs(page, DEMO.admin, '/dashboard');
    await page.goto('/dashboard/settings/notifications');
    const dueSoon = page.getByRole('checkbox', { name: /Due soon/ });
    await expect(dueSoon).toBeChecked();
    await dueSoon.click({ force: true });
    await expect(dueSoon).not.toBeChecked();

    await page.getByRole('button', { name: 'Edit the Due today wording' }).click();
    const subject = page.getByLabel('Due today: subject');
    await subject.fill('Today: ');
    await page.getByRole('button', { name: 'Insert {book_title}' }).first().click();
    await expect(subject).toHaveValue('Today: {book_title}');
    const preview = page.getByRole('region', { name: 'Due today preview' });
    await expect(preview).toContainText('Today: The Old Man and the Sea');
    await expect(preview).toContainText('Dear Ayesha Khan');

    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings updated successfully')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Due soon/ })).not.toBeChecked();
    await page.getByRole('button', { name: 'Edit the Due today wording' }).click();
    await expect(page.getByLabel('Due today: subject')).toHaveValue('Today: {book_title}');

    // Reset to default puts the shared wording back.
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await expect(page.getByLabel('Due today: subject')).toHaveValue('Due today: {book_title}');
  });

  test('a template with an unknown placeholder is refused under its field and nothing typed is lost', async ({ page }) => {
    await signInAs(page, DEMO.admin, '/dashboard');
    await page.goto('/dashboard/settings/notifications');
    await page.getByRole('button', { name: 'Edit the Overdue wording' }).click();
    const body = page.getByLabel('Overdue: message');
    await body.fill('You owe {amount} for {nonsense}.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(body).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Unknown placeholder {nonsense}.')).toBeVisible();
    await expect(body).toHaveValue('You owe {amount} for {nonsense}.');
    await expect(page.getByText('Settings updated successfully')).toHaveCount(0);

    // A refusal in a closed notice opens it and goes to the field.
    await page.getByRole('button', { name: 'Close the Overdue wording' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Overdue: message')).toBeFocused();
    await expect(page.getByLabel('Overdue: message')).toHaveValue('You owe {amount} for {nonsense}.');
  });
});

test.describe('the notifications bell', () => {
  test('a member with unread notices sees the count, opens the list, marks one read and the count drops', async ({ page, request }) => {
    const member = await registerActiveMember(request, 'bell');
    const book = await createLendableBook(request, `Bell Book ${unique()}`);
    await issueThroughApi(request, { book: book.id, member: member.id });
    await expect.poll(() => unreadCountOf(request, member)).toBeGreaterThanOrEqual(1);
    const unread = await unreadCountOf(request, member);

    await signInAs(page, member, '/dashboard/member/home');
    const bell = page.getByRole('button', { name: `Notifications, ${unread} unread` });
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).toHaveText(String(unread));
    await bell.click();
    const list = page.getByRole('list', { name: 'Your notifications' });
    await expect(list).toContainText(book.title);
    await list.getByRole('button', { name: /^Mark as read/ }).first().click();
    await expect(page.getByRole('button', { name: `Notifications, ${unread - 1} unread` })).toBeVisible();
    expect(await unreadCountOf(request, member)).toBe(unread - 1);
  });
});

test.describe('the Notification History Panel', () => {
  test('filters by status and sends a failed e-mail again', async ({ page, request }) => {
    const member = await registerActiveMember(request, 'hist');
    const book = await createLendableBook(request, `History Book ${unique()}`);
    await refuseMail(request, true);
    try {
      await issueThroughApi(request, { book: book.id, member: member.id });
      await expect.poll(async () => (await emailLogOf(request, member.id, 'book_issued'))[0]?.status, { timeout: 15_000 }).toBe('FAILED');
    } finally {
      await refuseMail(request, false);
    }

    await signInAs(page, DEMO.admin, '/dashboard');
    await page.goto('/dashboard/reports/notifications');
    await page.getByLabel('Status').selectOption('FAILED');
    await expect(page).toHaveURL(/status=FAILED/);
    const row = page.getByRole('row').filter({ hasText: member.username }).filter({ hasText: 'Book issued' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Failed');
    await expect(page.getByRole('row').filter({ hasText: 'Sent' })).toHaveCount(0);

    await row.getByRole('button', { name: /^Resend the e-mail/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send this e-mail again?' });
    await confirm.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText(/will be sent again/)).toBeVisible();
    await expect.poll(async () => (await emailLogOf(request, member.id, 'book_issued')).map((r) => r.status)).toEqual(['SENT', 'FAILED']);

    await page.getByLabel('Status').selectOption('SENT');
    const sent = page.getByRole('row').filter({ hasText: member.username }).filter({ hasText: 'Book issued' }).filter({ hasText: 'E-mail' });
    await expect(sent).toContainText('Sent');

    // The row opens its message.
    await sent.getByRole('button', { name: /^Open the message/ }).click();
    await expect(page.getByRole('dialog')).toContainText(book.title);
  });
});

test.describe('without change_notificationsettings', () => {
  test('a manager sees the notification settings read-only and no Resend in the history', async ({ page }) => {
    await signInAs(page, DEMO.manager, '/dashboard');
    await page.goto('/dashboard/settings/notifications');
    await expect(page.getByText('Read only')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Due today/ })).toBeDisabled();
    await expect(page.getByLabel('Due-soon reminder (days before due)')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit the Overdue wording' }).click();
    await expect(page.getByLabel('Overdue: message')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset to default' })).toHaveCount(0);

    await page.goto('/dashboard/reports/notifications?status=FAILED');
    await expect(page.getByLabel('Status')).toHaveValue('FAILED');
    // The history test before this one left a failed e-mail.
    await expect(page.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  });
});

test.describe('screenshots', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      test(`settings, bell and history in ${theme} at ${width} px`, async ({ page, request }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), theme);
        await signInAs(page, DEMO.admin, '/dashboard');
        await page.goto('/dashboard/settings/notifications');
        await page.getByRole('button', { name: 'Edit the Overdue wording' }).click();
        await expect(page.getByRole('region', { name: 'Overdue preview' })).toBeVisible();
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('notices', `settings-${theme}-${width}.png`), fullPage: true });
        await page.goto('/dashboard/reports/notifications');
        await expect(page.getByRole('row').nth(1)).toBeVisible();
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('notices', `history-${theme}-${width}.png`), fullPage: true });

        const member = await registerActiveMember(request, 'shot');
        await issueThroughApi(request, { book: (await createLendableBook(request, `Shot Book ${unique()}`)).id, member: member.id });
        await page.context().clearCookies();
        await page.evaluate(() => localStorage.removeItem('userData'));
        await signInAs(page, member, '/dashboard/member/home');
        await expectShotOf(page, theme);
        await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
        await expect(page.getByRole('list', { name: 'Your notifications' })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Your notifications' })).toBeInViewport();
        await page.screenshot({ path: shotPath('notices', `bell-${theme}-${width}.png`) });
      });
    }
  }
});

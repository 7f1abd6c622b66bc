/**
 * Settings, profiles and user management against the real API: the library name reaches the page
 * title, settings are read-only without the change permission, a new role's permissions reach its
 * user on his next page load, a member edits his profile, and a wrong old password is refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, unique, signInAs, shotPath } from './support/helpers';
import { expectShotOf } from './support/screens';

const storedUserId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id?: number }).id);

test('changing the library name in settings changes the page title and sidebar header, in other tabs too', async ({ page, context }) => {
  await signInAs(page, 'admin');
  const otherTab = await context.newPage();
  await otherTab.goto('/dashboard');
  await expect(otherTab.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto('/dashboard/settings/general');
  const name = `Lakeside Library ${unique()}`;
  const field = page.getByLabel('Library name');
  await expect(field).not.toHaveValue('');
  await field.fill(name);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(name));
  await expect(page.getByTestId('sidebar-library-name')).toHaveText(name);
  // The tab that was already open follows without a reload.
  await expect(otherTab).toHaveTitle(new RegExp(name));
  await expect(otherTab.getByTestId('sidebar-library-name')).toHaveText(name);
  await page.reload();
  await expect(page).toHaveTitle(new RegExp(name));
  await expect(page.getByLabel('Library name')).toHaveValue(name);
});

test("the logo and favicon drop zones are named by their button's words and their field", async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/settings/general');
  for (const field of ['Logo', 'Favicon']) {
    // A group around the button, not a button itself: no interactive control inside another.
    const zone = page.getByRole('group', { name: new RegExp(`^(Choose|Change) image \\(${field}\\), or drop one here$`) });
    await expect(zone).toBeVisible();
    await expect(zone).not.toHaveAttribute('tabindex');
    // The name starts with the words of the button inside (no "dropzone" of the library's own).
    const words = await zone.getByRole('button', { name: /^(Choose|Change) image$/ }).innerText();
    await expect(zone).toHaveAccessibleName(`${words} (${field}), or drop one here`);
  }
});

test('a manager sees general settings read-only and cannot save', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/dashboard/settings/general');
  await expect(page.getByText('Read only')).toBeVisible();
  await expect(page.getByLabel('Library name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
});

test('a new role with permissions, assigned to a manager, reaches him on his next page load', async ({ page, browser }) => {
  // The manager is already signed in and has no Audit Trail entry.
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signInAs(manager, 'manager');
  await manager.goto('/dashboard/staff/profile');
  const auditEntry = manager.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Trail', includeHidden: true });
  await expect(manager.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(auditEntry).toHaveCount(0);

  await signInAs(page, 'admin');
  await page.goto('/dashboard/settings/users');
  const roleName = `Auditors ${unique()}`;
  await page.getByRole('button', { name: 'Create role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  await dialog.getByLabel('Role name').fill(roleName);
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText(`Role ${roleName} created`)).toBeVisible();

  // Assign the manager through the picker (the new role is expanded after creation).
  const region = page.getByRole('region', { name: `Users with role ${roleName}` });
  await region.getByLabel(`Assign users to ${roleName}`).fill(DEMO.manager.username);
  await region.getByRole('option', { name: DEMO.manager.username }).click();
  await region.getByRole('button', { name: `Assign ${DEMO.manager.username} to ${roleName}` }).click();
  await expect(region.getByRole('list', { name: `Users with role ${roleName}` })).toContainText(DEMO.manager.username);

  // Give the role the whole Reports group.
  await page.getByRole('link', { name: `Edit permissions of ${roleName}` }).click();
  await expect(page.getByRole('heading', { name: `Edit role: ${roleName}` })).toBeVisible();
  await page.getByText(/^Select all Reports/).click();
  await expect(page.getByText('view_auditlog')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Role ${roleName} saved`)).toBeVisible();

  // The manager's next page load sees the new permission and the new menu entry.
  await manager.reload();
  await expect(auditEntry).toBeAttached();
  await expect
    .poll(async () => manager.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { permissions?: string[] }).permissions ?? []))
    .toContain('view_auditlog');
  await context.close();
});

test('a closed Register manager or Create role dialog keeps nothing: reopened, its fields are blank', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/settings/users');
  await page.getByRole('button', { name: 'Register manager' }).click();
  const register = page.getByRole('dialog', { name: 'Register manager' });
  await register.getByLabel('Username').fill('half.typed');
  await register.getByLabel('Password', { exact: true }).fill('Secret-typed-1');
  // A refused check shows under a field; it must not survive the close either.
  await register.getByRole('button', { name: 'Register manager' }).click();
  await expect(register.getByLabel('E-mail')).not.toHaveAccessibleDescription('');
  await register.getByRole('button', { name: 'Cancel' }).click();
  await expect(register).toBeHidden();
  await page.getByRole('button', { name: 'Register manager' }).click();
  await expect(register.getByLabel('Username')).toHaveValue('');
  await expect(register.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(register.getByLabel('E-mail')).toHaveAccessibleDescription('');
  await page.keyboard.press('Escape');
  await expect(register).toBeHidden();

  await page.getByRole('button', { name: 'Create role' }).click();
  const create = page.getByRole('dialog', { name: 'Create role' });
  await create.getByLabel('Role name').fill('Half typed');
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(create.getByLabel('Role name')).toHaveValue('');
});

test('a member edits his profile and sees the saved values', async ({ page }) => {
  await signInAs(page, 'member');
  const id = await storedUserId(page);
  await page.goto(`/dashboard/member/profile-view/${id}`);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const mobile = `0300${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText(mobile)).toBeVisible();
});

test('a staff password change with a wrong old password shows the error', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/dashboard/staff/profile');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('Another-pass-2026');
  await form.getByLabel('Confirm new password').fill('Another-pass-2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert').or(form.locator('[data-part=error-text]')).first()).toBeVisible();
  await expect(page.getByText('Password changed successfully')).toHaveCount(0);
});

test('screenshots of the settings, profile and role screens in both themes, desktop and phone', async ({ browser }) => {
  // Four sign-ins and sixteen full-page screenshots: three times the usual limit.
  test.slow();
  for (const theme of ['dark', 'light'] as const) {
    for (const [width, height, tag] of [[1280, 900, 'desktop'], [390, 844, 'mobile']] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addInitScript((value) => localStorage.setItem('theme', JSON.stringify(value)), theme);
      const page = await context.newPage();
      await signInAs(page, 'admin');
      const shots: [string, string, RegExp][] = [
        ['settings-general', '/dashboard/settings/general', /General settings/i],
        ['settings-users', '/dashboard/settings/users', /User management|Roles/i],
        ['staff-profile', '/dashboard/staff/profile', /Profile/i],
      ];
      // Wait for the island's own content, not only the top bar's title.
      const ready: Record<string, RegExp> = { 'settings-general': /Save settings/i, 'settings-users': /Create role/i, 'staff-profile': /Save profile/i };
      for (const [name, path, heading] of shots) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
        await expect(page.getByRole('button', { name: ready[name] }).first()).toBeVisible();
        // The picture is in the chosen theme and the width's layout (a phone's sidebar rail, nothing wider than it).
        await expectShotOf(page, theme);
        await page.screenshot({ path: shotPath('screens', `${name}-${theme}-${tag}.png`), fullPage: true });
      }
      await context.close();
    }
  }
});

/**
 * Adding members against the real API: the staff top bar's member actions on member paths; the
 * Member Template downloads with the 21 columns and uploads unchanged through the one bulk upload
 * dialog (its 5 members then exist, or, on a rerun against the same data, each row is refused as a
 * duplicate); a file with bad rows shows the local problems first and the server's rejected rows
 * after upload; the Add Member form registers a member with a photo on the default plan; a taken
 * username shows the server's message under the field and keeps what was typed. Screenshots (dark
 * and light, 1280 and 390 px) go to screenshots/member-form/.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, PNG, adminHeaders } from './support/books';
import { DEMO, unique, shotPath, signInAs } from './support/helpers';

const HEADER =
  'username,email,password,first_name,last_name,middle_name,father_first_name,father_last_name,class_name,section,mobile_number,cnic,department,session,registration_id,roll_no,shift,security_fee,home_address,emergency_contact,library_membership_id';
const SAMPLE_USERNAMES = ['sana.sheikh', 'bilal.ahmed', 'hira.nadeem', 'omar.farooq', 'noor.fatima'];

const toast = (page: Page, text: string | RegExp) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function openMemberList(page: Page, action = 'Bulk Upload'): Promise<void> {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/members/add');
  await expect(page.getByRole('button', { name: action, exact: true })).toBeVisible();
}

async function openBulkUpload(page: Page) {
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Members' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  return dialog;
}

/** Active members whose username, e-mail or name matches, through the API. */
async function activeMembers(request: APIRequestContext, search: string): Promise<{ username: string; profile_photo: string | null; plan: { name: string } | null }[]> {
  const res = await request.get(`${API}/users/all-members/?search=${encodeURIComponent(search)}`, { headers: await adminHeaders(request) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { username: string; profile_photo: string | null; plan: { name: string } | null }[];
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: shotPath('member-form', `${name}-${theme}-${width}.png`) });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the downloaded Member Template uploads unchanged and its 5 members exist', async ({ page, request }, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMemberList(page);
  await expect(page.getByRole('link', { name: 'Add Member' })).toHaveAttribute('href', '/dashboard/members/add/form');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Member Template' }).click()]);
  expect(download.suggestedFilename()).toBe('members-template.csv');
  const path = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const lines = (await readFile(path, 'utf8')).split(/\r?\n/).filter(Boolean);
  expect(lines[0]).toBe(HEADER);
  expect(lines).toHaveLength(6);

  const dialog = await openBulkUpload(page);
  await dialog.locator('input[type=file]').setInputFiles(path);
  await expect(dialog.getByText('5 data rows')).toBeVisible();
  await expect(dialog.getByText('No errors found')).toBeVisible();
  const firstRows = dialog.getByRole('region', { name: 'First rows of the file' });
  await expect(firstRows.getByRole('cell', { name: 'sana.sheikh', exact: true })).toBeVisible();
  // The preview does not show the file's passwords.
  await expect(firstRows.getByText('Quill-Harbor-2718')).toHaveCount(0);
  await screenshots(page, 'bulk-preview-template');

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const result = dialog.getByRole('region', { name: 'Upload result' });
  await expect(result.getByText(/members? imported/)).toBeVisible({ timeout: 20_000 });
  const title = (await result.getByText(/members? imported/).textContent()) ?? '';
  if (title.startsWith('5 members imported')) {
    await expect(toast(page, /5 members created successfully|Upload successful!/)).toBeVisible();
  } else {
    // A rerun against the same data: every row is refused as a duplicate, none imported twice.
    expect(title).toContain('0 members imported');
    const rejected = result.getByRole('list', { name: 'Rejected rows' });
    for (const row of [1, 2, 3, 4, 5]) {
      await expect(rejected.getByRole('listitem').filter({ hasText: `Row ${row}` }).first()).toContainText(/already exists/);
    }
  }
  for (const username of SAMPLE_USERNAMES) {
    expect((await activeMembers(request, username)).map((m) => m.username)).toContain(username);
  }
});

test('a member file with bad rows lists the local problems, and after upload each rejected row with its reason', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMemberList(page);
  const dialog = await openBulkUpload(page);

  const id = unique();
  const good = `good.${id},good.${id}@example.com,Walnut-Comet-8080,Good,Reader,,,,,,,,Mathematics,2023-2027,,,DAY,,,,`;
  const rows = [
    good,
    `bad.${id},bad.${id}@example.com,Walnut-Comet-8080,Bad,Cnic,,,,,,,1234,,,,,NIGHT,,,,`,
    `good.${id},other.${id}@example.com,Walnut-Comet-8080,Twice,Named,,,,,,,,,,,,DAY,,,,`,
    `dept.${id},dept.${id}@example.com,Walnut-Comet-8080,Far,Away,,,,,,,,Astronomy,,,,EVENING,,,,`,
  ];
  await dialog.locator('input[type=file]').setInputFiles(csvFile('members-bad.csv', [HEADER, ...rows].join('\r\n')));

  await expect(dialog.getByText('4 data rows')).toBeVisible();
  const local = dialog.getByRole('list', { name: 'Errors found in the file' });
  await expect(local.getByRole('listitem').filter({ hasText: 'Row 2' })).toContainText('Enter a valid CNIC');
  await expect(local.getByRole('listitem').filter({ hasText: 'Row 3' })).toContainText('Duplicate username in this file (first on row 1).');
  await expect(local.getByRole('listitem').filter({ hasText: 'Row 4' })).toContainText('"EVENING" is not a valid choice.');
  await expect(dialog.getByRole('list', { name: 'Rows with unknown names' })).toContainText('Unknown department "Astronomy".');
  await screenshots(page, 'bulk-preview-problems');

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const result = dialog.getByRole('region', { name: 'Upload result' });
  await expect(result.getByText('1 member imported')).toBeVisible({ timeout: 20_000 });
  const rejected = result.getByRole('list', { name: 'Rejected rows' });
  await expect(rejected.getByRole('listitem').filter({ hasText: 'Row 2' })).toContainText(/CNIC/);
  await expect(rejected.getByRole('listitem').filter({ hasText: 'Row 3' })).toContainText(/Duplicate username/);
  await expect(rejected.getByRole('listitem').filter({ hasText: 'Row 4' }).first()).toContainText(/Astronomy|EVENING/);
  await screenshots(page, 'bulk-result-problems');

  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download rejected rows (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('members-bad-rejected.csv');
});

test('the Add Member form registers a member with a photo on the default plan, then the Member List opens', async ({ page, request }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMemberList(page);
  await page.getByRole('link', { name: 'Add Member' }).click();
  await page.waitForURL('**/dashboard/members/add/form');
  const form = page.getByRole('form', { name: 'Add Member' });
  await expect(form.getByLabel('Membership plan')).toHaveValue(/\d+/);
  await expect(form.getByLabel('Membership plan').locator('option:checked')).toHaveText(/\(default\)/);

  const username = `added.${unique()}`;
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('E-mail').fill(`${username}@example.com`);
  await form.getByLabel('First name', { exact: true }).fill('Added');
  await form.getByLabel('Last name', { exact: true }).fill('Reader');
  await form.getByLabel('CNIC').fill('3520299887766');
  await form.getByLabel('Mobile number').fill('0300-5556667');
  await form.getByLabel('Shift').selectOption('NIGHT');
  await form.getByLabel('Department').selectOption({ label: 'Mathematics' });
  await form.getByLabel('Session').selectOption({ label: '2024-2028' });
  await form.getByLabel('Security fee (Rs.)').fill('250.00');
  await form.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img')).toBeVisible();
  await screenshots(page, 'form-filled-top');
  await form.getByRole('button', { name: 'Submit' }).scrollIntoViewIfNeeded();
  await screenshots(page, 'form-filled-bottom');

  await form.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/dashboard/members/add', { timeout: 15_000 });
  await expect(toast(page, `Member ${username} added successfully`)).toBeVisible();
  const [member] = await activeMembers(request, username);
  expect(member?.username).toBe(username);
  expect(member?.profile_photo).toBeTruthy();
  expect(member?.plan?.name).toBeTruthy();
});

test('a taken username shows the server’s message under the field and keeps what was typed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMemberList(page);
  await page.goto('/dashboard/members/add/form');
  const form = page.getByRole('form', { name: 'Add Member' });
  await form.getByLabel('Username').fill(DEMO.member.username);
  await form.getByLabel('E-mail').fill(`someone.${unique()}@example.com`);
  await form.getByLabel('First name', { exact: true }).fill('Some');
  await form.getByLabel('Last name', { exact: true }).fill('One');
  await form.getByLabel('Roll no.').fill('77');
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(form.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('A user with that username already exists.').first()).toBeVisible();
  await expect(form.getByRole('alert').first()).toContainText('A user with that username already exists.');
  await expect(form.getByLabel('First name', { exact: true })).toHaveValue('Some');
  await expect(form.getByLabel('Roll no.')).toHaveValue('77');
  await expect(page).toHaveURL(/\/dashboard\/members\/add\/form$/);
  await screenshots(page, 'form-taken-username');
});

test('on a phone the member actions sit in a Members menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openMemberList(page, 'Members');
  await page.getByRole('button', { name: 'Members', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Member Template' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Bulk Upload' }).click();
  await expect(page.getByRole('dialog', { name: 'Bulk Upload Members' })).toBeVisible();
});

/**
 * Book Settings against the real API: the loan period survives a reload, a language goes through
 * add / rename / delete, a category still used by books cannot be deleted (the server's reason is
 * shown), a category with an image shows its thumbnail, a manager sees the loan rules and the
 * accession settings read-only, and the accession numbers' settings and label sheet survive a reload.
 * Screenshots of the page (dark and light, 1280 and 390 px) go to screenshots/book-settings/.
 */
import { expect, test, type Page } from '@playwright/test';
import { unique, signInAs, shotPath } from './support/helpers';
import { PNG } from './support/books';

async function openBookSettings(page: Page): Promise<void> {
  await page.goto('/dashboard/settings/books');
  await expect(page.getByRole('heading', { level: 2, name: 'Book Settings' })).toBeVisible();
}

const panel = (page: Page, title: RegExp) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });

test('the admin changes the loan period and sees it after a reload', async ({ page }) => {
  await signInAs(page, 'admin');
  await openBookSettings(page);
  const period = page.getByLabel('Loan period (days)');
  await expect(period).not.toHaveValue('');
  const original = await period.inputValue();
  const next = String(original === '21' ? 22 : 21);

  await period.fill('0');
  await page.getByRole('button', { name: 'Save loan rules' }).click();
  await expect(page.getByText('Loan period must be at least 1.')).toBeVisible();
  await expect(period).toHaveValue('0');

  await period.fill(next);
  await page.getByRole('button', { name: 'Save loan rules' }).click();
  await expect(page.getByText('Library settings updated successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Loan period (days)')).toHaveValue(next);
  // The general settings edit the same row.
  await page.goto('/dashboard/settings/general');
  await expect(page.getByLabel('Loan period (days)')).toHaveValue(next);

  await openBookSettings(page);
  await page.getByLabel('Loan period (days)').fill(original);
  await page.getByRole('button', { name: 'Save loan rules' }).click();
  await expect(page.getByText('Library settings updated successfully.').first()).toBeVisible();
});

test('the admin adds a language, renames it (Enter saves, Escape cancels) and deletes it', async ({ page }) => {
  await signInAs(page, 'admin');
  await openBookSettings(page);
  const languages = panel(page, /^Languages/);
  const name = `Esperanto ${unique()}`;
  await languages.getByLabel('New language').fill(name);
  await languages.getByRole('button', { name: 'Add language' }).click();
  await expect(page.getByText(`Language “${name}” added`)).toBeVisible();
  await expect(languages.getByRole('listitem').filter({ hasText: name })).toBeVisible();

  // A duplicate is refused before anything is sent.
  await languages.getByLabel('New language').fill(name.toUpperCase());
  await languages.getByRole('button', { name: 'Add language' }).click();
  await expect(languages.getByText(`“${name}” already exists.`)).toBeVisible();
  await languages.getByLabel('New language').fill('');

  await languages.getByRole('button', { name: `Rename ${name}` }).click();
  const field = languages.getByLabel(`New name for ${name}`);
  await expect(field).toBeFocused();
  await languages.screenshot({ path: shotPath('book-settings', 'language-edit-dark-1280.png') });
  await field.fill('Discarded');
  await field.press('Escape');
  await expect(languages.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(languages.getByRole('button', { name: `Rename ${name}` })).toBeFocused();

  const renamed = `${name} Renamed`;
  await languages.getByRole('button', { name: `Rename ${name}` }).click();
  await languages.getByLabel(`New name for ${name}`).fill(renamed);
  await languages.getByLabel(`New name for ${name}`).press('Enter');
  await expect(page.getByText(`Language “${renamed}” updated`)).toBeVisible();
  await page.reload();
  await expect(panel(page, /^Languages/).getByRole('listitem').filter({ hasText: renamed })).toBeVisible();

  await panel(page, /^Languages/).getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Delete language “${renamed}”?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Language “${renamed}” deleted`)).toBeVisible();
  await expect(panel(page, /^Languages/).getByRole('listitem').filter({ hasText: renamed })).toHaveCount(0);
  await page.reload();
  await expect(panel(page, /^Languages/).getByRole('listitem').first()).toBeVisible();
  await expect(panel(page, /^Languages/).getByRole('listitem').filter({ hasText: renamed })).toHaveCount(0);
});

test('deleting a category used by books shows the refusal and keeps it', async ({ page }) => {
  await signInAs(page, 'admin');
  await openBookSettings(page);
  const categories = panel(page, /^Categories/);
  await categories.getByRole('button', { name: 'Delete Fiction', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText(/^This category is used by \d+ books?\.$/)).toBeVisible();
  await page.screenshot({ path: shotPath('book-settings', 'delete-refused-dark-1280.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(categories.getByRole('button', { name: 'Delete Fiction', exact: true })).toBeFocused();
  await page.reload();
  await expect(panel(page, /^Categories/).getByRole('listitem').filter({ has: page.getByText('Fiction', { exact: true }) })).toBeVisible();
});

test('a category added with an image shows its thumbnail', async ({ page }) => {
  await signInAs(page, 'admin');
  await openBookSettings(page);
  const categories = panel(page, /^Categories/);
  const name = `Atlases ${unique()}`;
  await categories.getByLabel('New category').fill(name);
  await categories.locator('input[type="file"]').setInputFiles({ name: 'atlas-cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(categories.getByAltText('Category image (optional) preview')).toBeVisible();
  await categories.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`Category “${name}” added`)).toBeVisible();
  await page.reload();
  const thumbnail = panel(page, /^Categories/).getByRole('img', { name: `${name} image` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

  await page.setViewportSize({ width: 1280, height: 900 });
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: shotPath('book-settings', `book-settings-${theme}-${width}.png`), fullPage: true });
      await panel(page, /^Categories/).screenshot({ path: shotPath('book-settings', `categories-${theme}-${width}.png`) });
    }
  }

  await panel(page, /^Categories/).getByRole('button', { name: `Rename ${name}` }).click();
  await expect(panel(page, /^Categories/).getByLabel(`New name for ${name}`)).toBeFocused();
  await panel(page, /^Categories/).screenshot({ path: shotPath('book-settings', 'category-edit-light-390.png') });
  await page.keyboard.press('Escape');
  await panel(page, /^Categories/).getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Category “${name}” deleted`)).toBeVisible();
});

test('a manager sees the loan rules and the accession settings read-only', async ({ page }) => {
  await signInAs(page, 'manager');
  await openBookSettings(page);
  await expect(panel(page, /^Loan rules/).getByText('Read only')).toBeVisible();
  await expect(page.getByLabel('Loan period (days)')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save loan rules' })).toHaveCount(0);
  await expect(panel(page, /^Accession numbers and labels/).getByText('Read only')).toBeVisible();
  await expect(page.getByLabel('Next accession number')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save accession settings' })).toHaveCount(0);
});

test('the admin sets the accession numbers and the label sheet, previewed and kept after a reload', async ({ page }) => {
  await signInAs(page, 'admin');
  await openBookSettings(page);
  const accession = panel(page, /^Accession numbers and labels/);
  const prefix = accession.getByLabel('Accession number prefix');
  const digits = accession.getByLabel('Digits');
  const next = accession.getByLabel('Next accession number');
  const sheet = accession.getByLabel('Label sheet');
  await expect(next).not.toHaveValue('');
  const original = { prefix: await prefix.inputValue(), digits: await digits.inputValue(), next: await next.inputValue(), sheet: await sheet.inputValue() };

  await prefix.fill('LIB 1');
  await accession.getByRole('button', { name: 'Save accession settings' }).click();
  await expect(accession.getByText('Use letters, digits and . / _ - only (no spaces).')).toBeVisible();

  await prefix.fill('LIB/');
  await digits.fill('6');
  await next.fill('1200');
  await expect(accession.getByText('The next new copy will be LIB/001200.', { exact: false })).toBeVisible();
  await sheet.selectOption('4x10');
  await accession.getByRole('button', { name: 'Save accession settings' }).click();
  await expect(page.getByText('Library settings updated successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Next accession number')).toHaveValue('1200');
  await expect(page.getByLabel('Label sheet')).toHaveValue('4x10');
  // The loan rules were sent as they were and are unchanged.
  await expect(page.getByLabel('Loan period (days)')).not.toHaveValue('');
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await panel(page, /^Accession numbers and labels/).screenshot({ path: shotPath('book-settings', `accession-${theme}-1280.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await panel(page, /^Accession numbers and labels/).screenshot({ path: shotPath('book-settings', 'accession-light-390.png') });

  await page.getByLabel('Accession number prefix').fill(original.prefix);
  await page.getByLabel('Digits').fill(original.digits);
  await page.getByLabel('Next accession number').fill(original.next);
  await page.getByLabel('Label sheet').selectOption(original.sheet);
  await page.getByRole('button', { name: 'Save accession settings' }).click();
  await expect(page.getByText('Library settings updated successfully.').first()).toBeVisible();
});

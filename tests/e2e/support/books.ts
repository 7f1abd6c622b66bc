/** Catalogue fixtures shared by the browser tests: tiny valid files, ISBNs, API access, combobox picks. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E } from '../../../playwright.config';
import { bearerOf } from './helpers';

/** The API of the test stack, for checks and set-up through the real server. */
export const API = `http://127.0.0.1:${E2E.apiPort}`;

/** A 2×2 PNG (the server checks images by their content). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** The smallest PDF the server's content check accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A valid ISBN-13 from random digits after `prefix` (979 by default: outside the demo's 978 range). */
export function randomIsbn13(prefix = '979'): string {
  const digits = [...prefix].map(Number);
  while (digits.length < 12) digits.push(Math.floor(Math.random() * 10));
  const sum = digits.reduce((total, d, i) => total + d * (i % 2 === 0 ? 1 : 3), 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/** A fresh admin bearer header for checks through the API (the test stack's access tokens live 2 s). */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return bearerOf(request, 'admin');
}

/**
 * Fills a field until it holds the text. Ark's combobox hands focus back to its input a frame after
 * it closes; on a slow machine keys typed by a test in that instant land in the combobox instead.
 */
export async function fillSteady(field: Locator, text: string): Promise<void> {
  await expect(async () => {
    await field.fill(text);
    await expect(field).toHaveValue(text, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

/** Picks an option of a dialog's combobox by typing part of its name. */
export async function pickOption(page: Page, label: string, typed: string, option: string): Promise<void> {
  const field = page.getByRole('dialog').getByRole('combobox', { name: label });
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    await field.click();
    await field.fill(typed);
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await choice.click();
  await expect(field).toHaveValue(option);
  await expect(page.getByRole('listbox')).toBeHidden();
}

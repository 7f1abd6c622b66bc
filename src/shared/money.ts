/**
 * Money, one implementation for the site and the server (the server imports it under these names):
 * amounts are integer minor units (paisa) everywhere in code, decimal strings ("1250.00") on the
 * wire, and "Rs. 1,250.00" on screen. Parsing is exact (no floating point): "0.1" + "0.2" is 30.
 */

import { formatCount } from './numbers.js';

export const CURRENCY = 'Rs.';
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A decimal amount ("12", "12.5", "12.50", 12.5) in minor units (1250), or null when it is not an
 * amount with at most two decimals. Surrounding spaces and thousands commas are accepted.
 */
export function toMinorUnits(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim().replace(/,/g, '');
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return minus && minor !== 0 ? -minor : minor;
}

/**
 * The refusals of an amount a person entered, the same words from the site's forms and the
 * server's answers: one for anything that is not an amount of 0 or more, DRF's for more than two
 * decimals (the original's words), and the fine ledger's for a negative payment or discount.
 */
export const AMOUNT_MESSAGES = {
  invalid: 'Enter an amount of 0 or more, with at most 2 decimals.',
  decimals: 'Ensure that there are no more than 2 decimal places.',
  negative: 'Cannot be negative',
  /** An amount that must be more than nothing (a charge). */
  positive: 'Enter an amount greater than 0.',
} as const;

const ENTERED = /^(-)?(\d+)(?:\.(\d+))?$/;

/** An amount with thousands separators: groups of three digits after the first. */
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * An amount a person entered (a form field, a JSON number or string) in minor units, or why it is
 * refused: more than two decimals is refused, never rounded ("10.005" is not Rs. 10.01), and a
 * JSON number is read as written (10.005 stays 10.005). Thousands commas and surrounding spaces
 * are accepted; a negative amount is read, and left to the caller's rule.
 */
export function readAmount(value: string | number): { ok: true; minor: number } | { ok: false; message: string } {
  const raw = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  // Commas only as thousands separators ("1,250.50"): "1,5" is not fifteen.
  if (raw.includes(',') && !GROUPED.test(raw)) return { ok: false, message: AMOUNT_MESSAGES.invalid };
  const text = raw.replace(/,/g, '');
  const match = ENTERED.exec(text);
  if (!match) return { ok: false, message: AMOUNT_MESSAGES.invalid };
  const [, minus, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, message: AMOUNT_MESSAGES.decimals };
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return { ok: false, message: AMOUNT_MESSAGES.invalid };
  return { ok: true, minor: minus && minor !== 0 ? -minor : minor };
}

/**
 * Why a form's amount of 0 or more is refused, or null when it is one (a blank field is the
 * form's own rule). Typed as a form sends it: plain digits and a point; thousands commas only with
 * `grouped`, for forms that send the amount they read rather than the text.
 */
export function amountProblem(text: string, { grouped = false }: { grouped?: boolean } = {}): string | null {
  if (!grouped && text.includes(',')) return AMOUNT_MESSAGES.invalid;
  const amount = readAmount(text);
  if (!amount.ok) return amount.message;
  return amount.minor < 0 ? AMOUNT_MESSAGES.invalid : null;
}

/** Minor units as the wire's decimal string: 125000 → "1250.00"; -250 → "-2.50". */
export function toDecimalString(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minorUnits));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units for people: 125000 → "Rs. 1,250.00"; -250 → "-Rs. 2.50". */
export function formatMoney(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minorUnits));
  return `${sign}${CURRENCY} ${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal amount from the wire for people ("1250" → "Rs. 1,250.00"); null when empty, as is when not an amount. */
export function formatAmount(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const minor = toMinorUnits(value);
  return minor === null ? String(value) : formatMoney(minor);
}

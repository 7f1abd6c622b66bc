/**
 * Money, one implementation for the site and the server (server/src/lib/money.ts re-exports it):
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

/**
 * Numbers for people, one implementation for the site and the server: thousands grouped with
 * commas and a point for decimals ("1,234", "1,234.5"), the way the original shows them.
 *
 * Written out rather than through `Intl.NumberFormat`: the first `Intl` object a page makes loads
 * the browser's locale data, about 20 ms of main thread on a desktop and four times that on a
 * phone, on the way to every list's first draw ("Showing 1–20 of 1,234"). The wording never
 * follows the reader's locale, so nothing is lost.
 */

/**
 * `value` with grouped thousands and at most `maxFractionDigits` decimals (trailing zeros
 * dropped), rounded half away from zero: 1234567 → "1,234,567"; 1234.5678 → "1,234.568";
 * (2.5, 0) → "3"; -0.0001 → "0". Not-finite values come back as `String(value)`.
 */
export function formatCount(value: number, maxFractionDigits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.max(0, Math.min(20, Math.trunc(maxFractionDigits)));
  // Half away from zero on the shortest decimal form of the number (what people read), not on its
  // binary value: 1.005 with two decimals is "1.01", as Intl gives it.
  const [whole = '0', fraction = ''] = roundDecimal(Math.abs(value), digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction.replace(/0+$/, '');
  const text = trimmed ? `${grouped}.${trimmed}` : grouped;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A non-negative number rounded half up to `digits` decimals, as plain decimal text (no exponent). */
function roundDecimal(value: number, digits: number): string {
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const allDigits = mantissa.replace('.', '');
  // The number is 0.allDigits × 10^(exponent + 1): `point` digits stand before the decimal point.
  const point = exponent + 1;
  const padded = point > 0 ? allDigits.padEnd(point, '0') : '0'.repeat(1 - point) + allDigits;
  const intLength = Math.max(point, 1);
  const keep = padded.slice(0, intLength + digits).padEnd(intLength + digits, '0');
  const roundUp = Number(padded.charAt(intLength + digits) || '0') >= 5;
  const rounded = roundUp ? addOne(keep) : keep;
  const intPart = rounded.slice(0, rounded.length - digits).replace(/^0+(?=\d)/, '') || '0';
  return digits ? `${intPart}.${rounded.slice(rounded.length - digits)}` : intPart;
}

/** "0999" + 1 → "1000"; "999" + 1 → "1000" (a string of decimal digits plus one in its last place). */
function addOne(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return `1${chars.join('')}`;
}

/**
 * The refusals of a whole number a person entered. The API answers a body field that is not a
 * whole number in DRF's words (the original's); a labelled form field says which field and its
 * bounds; a field with one message for every refusal names the range.
 */
export const WHOLE_NUMBER_MESSAGES = {
  invalid: 'A valid integer is required.',
  notWhole: (label: string): string => `${label} must be a whole number.`,
  atLeast: (label: string, min: number): string => `${label} must be at least ${formatCount(min)}.`,
  atMost: (label: string, max: number): string => `${label} must be at most ${formatCount(max)}.`,
  range: (min: number, max: number): string => `Enter a whole number from ${formatCount(min)} to ${formatCount(max)}.`,
} as const;

/** The API's words (DRF's, the original's) for a number or an amount outside its bounds; the bound is written plainly. */
export const BOUND_MESSAGES = {
  atLeast: (min: number): string => `Ensure this value is greater than or equal to ${min}.`,
  atMost: (max: number): string => `Ensure this value is less than or equal to ${max}.`,
} as const;

/** A whole number of 0 or more typed as plain digits (surrounding spaces allowed), or null. */
export function readWholeNumber(text: string): number | null {
  const plain = text.trim();
  if (!/^\d+$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isSafeInteger(value) ? value : null;
}

/** Why a labelled form field is not a whole number within `min`–`max`, or undefined (a blank field is the form's own rule). */
export function wholeNumberProblem(text: string, label: string, { min, max }: { min: number; max: number }): string | undefined {
  if (text.trim() === '') return undefined;
  const value = readWholeNumber(text);
  if (value === null) return WHOLE_NUMBER_MESSAGES.notWhole(label);
  if (value < min) return WHOLE_NUMBER_MESSAGES.atLeast(label, min);
  return value > max ? WHOLE_NUMBER_MESSAGES.atMost(label, max) : undefined;
}

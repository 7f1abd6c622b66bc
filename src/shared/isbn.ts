/**
 * ISBN-10 and ISBN-13: accepted with or without hyphens and spaces, the check digit verified,
 * stored normalised (digits, and a final 'X' for an ISBN-10 check digit of 10). Pure functions
 * with no imports: the site checks forms and CSV previews with them and the server's book
 * schemas, import and search decide with the same code.
 */

export const ISBN_MESSAGE = 'Enter a valid ISBN-10 or ISBN-13.';

/** Removes hyphens and spaces and upper-cases a final 'x'; does not validate. */
export function stripIsbn(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

function validIsbn10(value: string): boolean {
  if (!/^\d{9}[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = value[i] === 'X' ? 10 : Number(value[i]);
    sum += digit * (10 - i);
  }
  return sum % 11 === 0;
}

function validIsbn13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(value[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/**
 * The normalised ISBN, or undefined when the text is not a valid ISBN-10 or ISBN-13. Hyphens
 * and spaces may stand only between digits (not leading, trailing or doubled).
 */
export function normaliseIsbn(raw: string): string | undefined {
  const text = raw.trim();
  if (!/^[0-9Xx]+(?:[ -][0-9Xx]+)*$/.test(text)) return undefined;
  const value = stripIsbn(text);
  if (value.length === 10) return validIsbn10(value) ? value : undefined;
  if (value.length === 13) return validIsbn13(value) ? value : undefined;
  return undefined;
}

export const isValidIsbn = (raw: string): boolean => normaliseIsbn(raw) !== undefined;

/** The check digit that completes the first 9 (ISBN-10) or 12 (ISBN-13) digits. */
export function isbnCheckDigit(body: string): string {
  if (/^\d{9}$/.test(body)) {
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
    const check = (11 - (sum % 11)) % 11;
    return check === 10 ? 'X' : String(check);
  }
  if (/^\d{12}$/.test(body)) {
    let sum = 0;
    for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
    return String((10 - (sum % 10)) % 10);
  }
  throw new Error('isbnCheckDigit needs 9 or 12 digits.');
}

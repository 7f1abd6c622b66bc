/**
 * ISBN-10 and ISBN-13 in the browser, the same rules as the server (server/src/modules/books/isbn.ts):
 * hyphens and spaces allowed only between digits, the check digit verified, normalised to digits
 * (and a final 'X' for an ISBN-10 check digit of 10).
 */

/** The server's message for an ISBN that fails the checksum or the format. */
export const ISBN_MESSAGE = 'Enter a valid ISBN-10 or ISBN-13.';

function validIsbn10(value: string): boolean {
  if (!/^\d{9}[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (value[i] === 'X' ? 10 : Number(value[i])) * (10 - i);
  return sum % 11 === 0;
}

function validIsbn13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(value[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** The normalised ISBN, or undefined when the text is not a valid ISBN-10 or ISBN-13. */
export function normaliseIsbn(raw: string): string | undefined {
  const text = raw.trim();
  if (!/^[0-9Xx]+(?:[ -][0-9Xx]+)*$/.test(text)) return undefined;
  const value = text.replace(/[\s-]/g, '').toUpperCase();
  if (value.length === 10) return validIsbn10(value) ? value : undefined;
  if (value.length === 13) return validIsbn13(value) ? value : undefined;
  return undefined;
}

/** Whether the text is a valid ISBN-10 or ISBN-13 (with or without hyphens). */
export const isValidIsbn = (raw: string): boolean => normaliseIsbn(raw) !== undefined;

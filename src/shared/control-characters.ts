/**
 * Control characters in text people type. A single-line field (a name, a title, a search term)
 * refuses every C0 control character (U+0000–U+001F) and DEL (U+007F), tab and line breaks
 * included. A field that allows several lines (a description, an address, a note, a reason, a
 * notice's wording) lets tab, newline and a CRLF pair through and refuses the rest. Such characters
 * were stored and reached the CSV export, and PostgreSQL refuses NUL outright. The site's forms and
 * the server run this one rule (server/tsconfig.json compiles this file), so a form shows the
 * server's message under the field.
 */

/** The message of a field holding a control character. */
export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed.';

/** Whether a field is one line of text or may hold several. */
export type TextLines = 'single' | 'multi';

const SINGLE_LINE = /[\u0000-\u001f\u007f]/;
// Tab (09) and newline (0A) are allowed; CR (0D) only right before a newline.
const MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\r(?!\n)/;

/** Whether `value` holds a control character a field of that kind refuses. */
export function hasControlCharacters(value: string, lines: TextLines = 'single'): boolean {
  return (lines === 'multi' ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** The field's error for `value`, or undefined when it holds no refused control character. */
export function controlCharactersError(value: string, lines: TextLines = 'single'): string | undefined {
  return hasControlCharacters(value, lines) ? CONTROL_CHARACTERS_MESSAGE : undefined;
}

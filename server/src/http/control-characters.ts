/**
 * The safety net under the field readers: no request value carries a control character into a
 * service, whether or not a schema reads its key. Bodies (JSON, multipart fields) are held to the
 * rule of fields that allow several lines (tab, newline and CRLF pass; each field's reader then
 * refuses them where it is one line); query strings to the one-line rule. Either answers 400 with
 * the shared message under the top-level name that carried it (`non_field_errors` for a bad key).
 */
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, type TextLines } from '#shared/control-characters';
import { ValidationError, type FieldErrors } from '../errors.js';

function holdsControlCharacters(value: unknown, lines: TextLines): boolean {
  if (typeof value === 'string') return hasControlCharacters(value, lines);
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacters(item, lines));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => hasControlCharacters(key, 'single') || holdsControlCharacters(item, lines));
  }
  return false;
}

/** The field errors of every top-level entry holding a control character, or undefined when there is none. */
function controlCharacterErrors(value: unknown, lines: TextLines): FieldErrors | undefined {
  const errors: FieldErrors = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (holdsControlCharacters(value, lines)) errors['non_field_errors'] = [CONTROL_CHARACTERS_MESSAGE];
  } else {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key, 'single')) errors['non_field_errors'] = [CONTROL_CHARACTERS_MESSAGE];
      else if (holdsControlCharacters(item, lines)) errors[key] = [CONTROL_CHARACTERS_MESSAGE];
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Throws the 400 when a request body (parsed JSON or multipart fields) holds a control character other than tab, newline or CRLF. */
export function refuseControlCharactersInBody(body: unknown): void {
  const errors = controlCharacterErrors(body, 'multi');
  if (errors) throw new ValidationError(errors);
}

/** Throws the 400 when a query string value holds any control character. */
export function refuseControlCharactersInQuery(query: Record<string, unknown>): void {
  const errors = controlCharacterErrors(query, 'single');
  if (errors) throw new ValidationError(errors);
}

/**
 * Whether JSON text may hold a control character once parsed (an escape of one, or DEL as it is):
 * the walk runs only then, so ordinary bodies cost one scan of their text.
 */
export const mayHoldControlCharacters = (json: string): boolean => /\\u00[01]|\\u007f|\\[bfr]|\u007f/i.test(json);

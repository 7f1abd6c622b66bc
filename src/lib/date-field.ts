/**
 * The flow of one date field: the person types (or picks) a date in the library's date format and
 * the form holds ISO (`YYYY-MM-DD`), `''` while the text is not a whole date. The field's own
 * problem (not a date, a day that does not exist, outside its bounds) shows once the person has
 * left the field or tried to send the form; the form's own error wins, except over text that is
 * not a date at all (the form then sees no value, and its "enter a date" would mislead).
 */
import { dateBoundsProblem, formatDate, parseDate, readTypedDate } from '#shared/dates';

/** The library's date format and the field's bounds (`YYYY-MM-DD`, blank for none). */
export interface DateFieldRules {
  format: string | null | undefined;
  min?: string | undefined;
  max?: string | undefined;
}

/** What the typed text means: the date the form holds (`''` for none) and why the field refuses it. */
export interface DateFieldReading {
  date: string;
  problem: string | null;
}

/** The text a field shows for a form's value: the date in the library's format, blank for none. */
export function dateFieldText(value: string, format: string | null | undefined): string {
  const date = parseDate(value);
  return date ? (formatDate(date, format) ?? '') : '';
}

/** Reads typed text; blank text is no date and no problem (whether the date is required is the form's rule). */
export function readDateField(text: string, rules: DateFieldRules): DateFieldReading {
  if (text.trim() === '') return { date: '', problem: null };
  const typed = readTypedDate(text, rules.format);
  if (!typed.ok) return { date: '', problem: typed.message };
  return { date: typed.date, problem: dateBoundsProblem(typed.date, rules, rules.format) };
}

/**
 * Whether the field's own problem shows yet: text that is no date once the person has left the
 * field; a date outside the bounds only once the form was tried (shown on leaving, it would push the
 * form's buttons down under the pointer between press and release, and the click would be lost).
 */
export const problemShown = ({ left, tried, date }: { left: boolean; tried: boolean; date: string }): boolean => tried || (left && date === '');

/** Which error the field shows: the form's, else its own once shown; its own "not a date" over a form error about a missing value. */
export function shownDateError({ formError, problem, shown, value }: { formError: string | undefined; problem: string | null; shown: boolean; value: string }): string | undefined {
  if (problem && value === '' && (shown || formError)) return problem;
  if (formError) return formError;
  return shown && problem ? problem : undefined;
}

/**
 * The text to show once the form's value has changed: what the person typed while it still means
 * that value or is not a date yet (he is typing; a form may put its default in place of "no date"),
 * else the value in the library's format.
 */
export function syncedText(text: string, value: string, format: string | null | undefined): string {
  const typed = readDateField(text, { format }).date;
  return typed === value || (typed === '' && text.trim() !== '') ? text : dateFieldText(value, format);
}

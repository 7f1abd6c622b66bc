/**
 * The accession settings of Book Settings as pure data: the accession numbers' prefix and digits,
 * the next number of the sequence and the label sheet (values from the server's answer, client
 * checks with the shared bounds, a preview of the next number, and the JSON body). The server's
 * `POST /settings/Books_settings/` needs the loan rules too: the body carries the ones just read.
 */
import type { FieldErrors } from './forms';
import { ACCESSION_LIMITS, ACCESSION_PATTERN, DEFAULT_LABEL_SHEET, formatAccession, LABEL_SHEETS } from '#shared/copies';
import { wholeNumberProblem } from '#shared/numbers';

/** The accession settings as typed. */
export interface AccessionValues {
  accession_prefix: string;
  accession_digits: string;
  next_accession_number: string;
  label_sheet: string;
}

export type AccessionField = keyof AccessionValues;

export const ACCESSION_FIELDS: readonly AccessionField[] = ['accession_prefix', 'accession_digits', 'next_accession_number', 'label_sheet'];

/** The largest next number the server takes. */
export const NEXT_ACCESSION_MAX = 999_999_999;

/** The label sheets as select options. */
export const LABEL_SHEET_OPTIONS = LABEL_SHEETS.map((sheet) => ({ value: sheet.id, label: sheet.name }));

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The form's values from the server's answer (the migration's defaults where a value is missing). */
export function accessionToValues(settings: Partial<Record<AccessionField, unknown>> | null): AccessionValues {
  return {
    accession_prefix: settings?.accession_prefix === undefined || settings.accession_prefix === null ? 'ACC-' : asText(settings.accession_prefix),
    accession_digits: asText(settings?.accession_digits ?? 5),
    next_accession_number: asText(settings?.next_accession_number ?? 1),
    label_sheet: typeof settings?.label_sheet === 'string' && LABEL_SHEETS.some((sheet) => sheet.id === settings.label_sheet) ? settings.label_sheet : DEFAULT_LABEL_SHEET,
  };
}

/** Client checks with the server's bounds; a blank prefix is allowed (numbers without one). */
export function validateAccession(values: AccessionValues): FieldErrors<AccessionField> {
  const errors: FieldErrors<AccessionField> = {};
  const prefix = values.accession_prefix.trim();
  if (prefix.length > ACCESSION_LIMITS.prefixMax) errors.accession_prefix = `Use at most ${ACCESSION_LIMITS.prefixMax} characters.`;
  else if (prefix !== '' && !ACCESSION_PATTERN.test(prefix)) errors.accession_prefix = 'Use letters, digits and . / _ - only (no spaces).';
  const digits = values.accession_digits.trim()
    ? wholeNumberProblem(values.accession_digits, 'Digits', { min: ACCESSION_LIMITS.digitsMin, max: ACCESSION_LIMITS.digitsMax })
    : 'Digits are required.';
  if (digits) errors.accession_digits = digits;
  const next = values.next_accession_number.trim()
    ? wholeNumberProblem(values.next_accession_number, 'Next number', { min: 1, max: NEXT_ACCESSION_MAX })
    : 'Next number is required.';
  if (next) errors.next_accession_number = next;
  if (!LABEL_SHEETS.some((sheet) => sheet.id === values.label_sheet)) errors.label_sheet = 'Choose a label sheet.';
  return errors;
}

/** The next accession number as the settings would form it, or null while they do not read. */
export function nextAccessionPreview(values: AccessionValues): string | null {
  if (Object.keys(validateAccession(values)).length > 0) return null;
  return formatAccession(values.accession_prefix.trim(), Number(values.next_accession_number.trim()), Number(values.accession_digits.trim()));
}

/** The loan rules a save must repeat, as the server answered them. */
export interface LoanRulesAnswer {
  max_books_per_member: string | number;
  max_issue_duration: string | number;
  fine_per_day: string | number;
}

/** The JSON body of `POST /settings/Books_settings/`: the loan rules as read, and the accession settings (after validateAccession passed). */
export function accessionBody(values: AccessionValues, rules: LoanRulesAnswer) {
  return {
    max_books_per_member: Number(rules.max_books_per_member),
    max_issue_duration: Number(rules.max_issue_duration),
    fine_per_day: String(rules.fine_per_day),
    accession_prefix: values.accession_prefix.trim(),
    accession_digits: Number(values.accession_digits.trim()),
    next_accession_number: Number(values.next_accession_number.trim()),
    label_sheet: values.label_sheet,
  };
}

/** Whether the form differs from what the server has. */
export const accessionChanged = (values: AccessionValues, saved: AccessionValues): boolean =>
  ACCESSION_FIELDS.some((field) => values[field].trim() !== saved[field].trim());

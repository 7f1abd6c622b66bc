/**
 * The general-settings form as pure data: values from the server's record, client checks, and
 * the multipart body of `PUT /settings/library/`. Defaults follow the business constants (fine 10 Rs. a day,
 * loan period 3 days, date format DD/MM/YYYY, dark theme).
 */
import { buildFormData, withControlCharacterErrors, type FieldErrors, type FileChange } from './forms';
import type { GeneralSettings } from './schemas/general-settings';

import { DATE_FORMATS, LOAN_RULE_LIMITS, THEMES, TIME_FORMATS } from '#shared/settings-rules';
import { GENERAL_SETTINGS_LIMITS } from '#shared/field-limits';
import { amountProblem } from '#shared/money';
import { wholeNumberProblem } from '#shared/numbers';

export { DATE_FORMATS, THEMES, TIME_FORMATS };

/** The text fields of the form, as typed. */
export interface GeneralSettingsValues {
  library_name: string;
  theme: string;
  fine_per_day: string;
  timezone: string;
  date_format: string;
  time_format: string;
  max_books_per_member: string;
  max_issue_duration: string;
  low_stock_threshold: string;
}

export type GeneralSettingsField = keyof GeneralSettingsValues;

/** Every text field, in form order (also the server's field names). */
export const GENERAL_SETTINGS_FIELDS: readonly GeneralSettingsField[] = [
  'library_name',
  'theme',
  'fine_per_day',
  'timezone',
  'date_format',
  'time_format',
  'max_books_per_member',
  'max_issue_duration',
  'low_stock_threshold',
];

const asText = (value: string | number | null | undefined, fallback: string): string =>
  value === null || value === undefined || value === '' ? fallback : String(value);

const oneOf = <T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The form's starting values from the server's record (defaults where a field is missing). */
export function settingsToValues(settings: GeneralSettings | null, defaultTimeZone = 'UTC'): GeneralSettingsValues {
  return {
    library_name: asText(settings?.library_name, ''),
    theme: oneOf(settings?.theme, THEMES, 'dark'),
    fine_per_day: asText(settings?.fine_per_day, '10.00'),
    timezone: asText(settings?.timezone, defaultTimeZone),
    date_format: oneOf(settings?.date_format, DATE_FORMATS, 'DD/MM/YYYY'),
    time_format: oneOf(settings?.time_format, TIME_FORMATS, '12hr'),
    max_books_per_member: asText(settings?.max_books_per_member, ''),
    max_issue_duration: asText(settings?.max_issue_duration, '3'),
    low_stock_threshold: asText(settings?.low_stock_threshold, ''),
  };
}

/** Client checks; the server repeats them and may add its own. */
export function validateGeneralSettings(values: GeneralSettingsValues): FieldErrors<GeneralSettingsField> {
  const errors: FieldErrors<GeneralSettingsField> = {};
  if (!values.library_name.trim()) errors.library_name = 'Library name is required.';
  else if (values.library_name.trim().length > GENERAL_SETTINGS_LIMITS.library_name) errors.library_name = `Use at most ${GENERAL_SETTINGS_LIMITS.library_name} characters.`;
  const fine = values.fine_per_day.trim();
  const fineProblem = fine ? amountProblem(fine) : 'Fine per day is required.';
  if (fineProblem) errors.fine_per_day = fineProblem;
  else if (Number(fine) > LOAN_RULE_LIMITS.fine_per_day.max) errors.fine_per_day = `Fine per day must be at most ${LOAN_RULE_LIMITS.fine_per_day.max}.`;
  if (!values.timezone.trim()) errors.timezone = 'Time zone is required.';
  const books = wholeNumberProblem(values.max_books_per_member, 'Max books per member', LOAN_RULE_LIMITS.max_books_per_member);
  if (books) errors.max_books_per_member = books;
  const loan = wholeNumberProblem(values.max_issue_duration, 'Loan period', LOAN_RULE_LIMITS.max_issue_duration);
  if (loan) errors.max_issue_duration = loan;
  const stock = wholeNumberProblem(values.low_stock_threshold, 'Low-stock threshold', GENERAL_SETTINGS_LIMITS.low_stock_threshold);
  if (stock) errors.low_stock_threshold = stock;
  return withControlCharacterErrors(errors, values);
}

/** The multipart body of `PUT /settings/library/`; empty optional numbers are left out. */
export function generalSettingsFormData(
  values: GeneralSettingsValues,
  files: { logo: FileChange; favicon: FileChange },
): FormData {
  const fields: Record<string, string | undefined> = {};
  for (const field of GENERAL_SETTINGS_FIELDS) {
    const text = values[field].trim();
    fields[field] = text === '' && field !== 'library_name' ? undefined : text;
  }
  return buildFormData(fields, files);
}

/** IANA time zones the browser knows, with the chosen one kept even when it is not listed. */
export function timeZoneOptions(current: string, supported: () => string[] = supportedTimeZones): string[] {
  const zones = supported();
  const list = zones.includes('UTC') ? zones : ['UTC', ...zones];
  return current && !list.includes(current) ? [current, ...list] : list;
}

function supportedTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
  } catch {
    return ['UTC'];
  }
}

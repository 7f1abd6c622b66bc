/**
 * Request bodies of the settings calls. The general settings arrive as multipart (logo, favicon)
 * or JSON; the book settings are JSON. Both are read with the field structs (DRF wording).
 */
import type { Updateable } from 'kysely';
import type { LibrarySettingsTable } from '../../db/schema.js';
import { nonFieldError } from '../../errors.js';
import { readFields } from '../../http/validation.js';
import { field, formChoice, formFlag, formInteger, formMoney, formText, givenDate, Refusal, required } from '../../http/fields.js';
import type { FormBody } from '../../http/multipart.js';
import type { MediaStore } from '../../storage/service.js';
import { DATE_FORMATS, LOAN_RULE_LIMITS as LIMITS, THEMES, TIME_FORMATS } from '#shared/settings-rules';
import { GENERAL_SETTINGS_LIMITS as GENERAL } from '#shared/field-limits';
import { ACCESSION_LIMITS, ACCESSION_PATTERN, LABEL_SHEETS } from '#shared/copies';
import { FEE_LIMITS, LOST_FOUND_ACTIONS, type LostFoundAction } from '#shared/fee-types';

export type SettingsFile = 'logo' | 'favicon';
export const SETTINGS_FILES: readonly SettingsFile[] = ['logo', 'favicon'];

/** A validated partial update of the general settings. */
export interface SettingsUpdate {
  changes: Updateable<LibrarySettingsTable>;
  /** New files, already checked (type by magic bytes, size). */
  uploads: { field: SettingsFile; buffer: Buffer; type: Parameters<MediaStore['save']>[2] }[];
  /** Files to remove (`logo_clear`/`favicon_clear` without a new file). */
  cleared: SettingsFile[];
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const GENERAL_FORM = {
  library_name: formText({ max: GENERAL.library_name }),
  theme: formChoice(THEMES),
  timezone: formText({ max: GENERAL.timezone }),
  date_format: formChoice(DATE_FORMATS),
  time_format: formChoice(TIME_FORMATS),
  fine_per_day: formMoney(LIMITS.fine_per_day.max),
  max_books_per_member: formInteger(LIMITS.max_books_per_member.min, LIMITS.max_books_per_member.max),
  max_issue_duration: formInteger(LIMITS.max_issue_duration.min, LIMITS.max_issue_duration.max),
  low_stock_threshold: formInteger(GENERAL.low_stock_threshold.min, GENERAL.low_stock_threshold.max),
  rack_number_format: formText({ max: GENERAL.rack_number_format }),
  member_id_format: formText({ max: GENERAL.member_id_format }),
  logo_clear: formFlag(),
  favicon_clear: formFlag(),
};

/** Validates every field given (partial update); throws every field error at once. */
export function parseSettingsForm(form: FormBody, media: Pick<MediaStore, 'check'>): SettingsUpdate {
  const { values, errors } = readFields(GENERAL_FORM, form.fields);
  const { logo_clear, favicon_clear, timezone, ...fields } = values;
  const changes: Updateable<LibrarySettingsTable> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (timezone !== undefined && !validTimeZone(timezone)) errors.add('timezone', `"${timezone}" is not a valid choice.`);
  else if (timezone !== undefined) changes.timezone = timezone;
  const clear = { logo: logo_clear ?? false, favicon: favicon_clear ?? false };

  const uploads: SettingsUpdate['uploads'] = [];
  const cleared: SettingsFile[] = [];
  for (const field of SETTINGS_FILES) {
    const file = form.files[field];
    if (!file) {
      if (clear[field]) cleared.push(field);
      continue;
    }
    const checked = media.check(field, file.buffer, file.truncated);
    if ('error' in checked) errors.add(field, checked.error);
    else uploads.push({ field, buffer: file.buffer, type: checked.type });
  }
  errors.throwIfAny();
  return { changes, uploads, cleared };
}

export const BOOK_SETTINGS_FIELDS = ['max_books_per_member', 'max_issue_duration', 'fine_per_day'] as const;

/** The book settings: all three loan rules, each required (fine in minor units), and the accession settings when given. */
export interface BookSettingsInput {
  max_books_per_member: number;
  max_issue_duration: number;
  fine_per_day: number;
  accession_prefix?: string;
  accession_digits?: number;
  next_accession_number?: number;
  label_sheet?: string;
  /** The desk's rules, each only when given (money in minor units; null = no block). */
  block_fines_over?: number;
  block_overdue_count?: number | null;
  block_overdue_days?: number | null;
  block_membership_expired?: boolean;
  lost_processing_fee?: number;
  lost_found_action?: LostFoundAction;
  /** Weekdays the library is closed, 0 = Sunday, each once, sorted. */
  closed_weekdays?: number[];
  fines_count_closed_days?: boolean;
}

const BOOK_SETTINGS_BODY = {
  max_books_per_member: required(formInteger(LIMITS.max_books_per_member.min, LIMITS.max_books_per_member.max)),
  max_issue_duration: required(formInteger(LIMITS.max_issue_duration.min, LIMITS.max_issue_duration.max)),
  fine_per_day: required(formMoney(LIMITS.fine_per_day.max)),
};

/** The accession settings, each optional: a prefix may be blank (numbers without one). */
const ACCESSION_BODY = {
  accession_prefix: formText({ min: 0, max: ACCESSION_LIMITS.prefixMax }),
  accession_digits: formInteger(ACCESSION_LIMITS.digitsMin, ACCESSION_LIMITS.digitsMax),
  next_accession_number: formInteger(1, 999_999_999),
  label_sheet: formChoice(LABEL_SHEETS.map((sheet) => sheet.id)),
};

/** The bounds of the desk's settings: a block on more overdue loans than a count, or on a loan late by more days than a number. */
export const DESK_SETTING_LIMITS = {
  blockOverdueCount: { min: 0, max: 1000 },
  blockOverdueDays: { min: 0, max: 3650 },
  /** Whole units, as the other money of the settings. */
  amountMaxWhole: FEE_LIMITS.amountMax / 100,
} as const;

export const WEEKDAY_MESSAGES = {
  notAList: (raw: unknown) => `Expected a list of items but got type "${typeof raw === 'string' ? 'str' : typeof raw}".`,
  tooMany: 'Ensure this field has no more than 7 elements.',
  notAWeekday: 'Each weekday must be a whole number from 0 (Sunday) to 6 (Saturday).',
  twice: 'Each weekday may be given once.',
} as const;

/** The weekly closing days: a list of distinct weekdays 0..6 (numbers or digits), answered sorted. */
function closedWeekdaysField() {
  return field('closedWeekdays', (raw): number[] | Refusal => {
    if (!Array.isArray(raw)) return new Refusal(WEEKDAY_MESSAGES.notAList(raw));
    if (raw.length > 7) return new Refusal(WEEKDAY_MESSAGES.tooMany);
    const days = raw.map((day) => (typeof day === 'string' && /^\s*\d\s*$/.test(day) ? Number(day) : day));
    if (!days.every((day): day is number => Number.isInteger(day) && day >= 0 && day <= 6)) return new Refusal(WEEKDAY_MESSAGES.notAWeekday);
    if (new Set(days).size !== days.length) return new Refusal(WEEKDAY_MESSAGES.twice);
    return [...days].sort((a, b) => a - b);
  });
}

/** A sent-but-blank (or null) number of the block conditions: no block. */
const noBlock = field('noBlock', () => null);

/** The desk's settings, each optional. */
const deskBody = (input: Record<string, unknown>) => ({
  block_fines_over: formMoney(DESK_SETTING_LIMITS.amountMaxWhole),
  block_overdue_count: blank(input['block_overdue_count']) ? noBlock : formInteger(DESK_SETTING_LIMITS.blockOverdueCount.min, DESK_SETTING_LIMITS.blockOverdueCount.max),
  block_overdue_days: blank(input['block_overdue_days']) ? noBlock : formInteger(DESK_SETTING_LIMITS.blockOverdueDays.min, DESK_SETTING_LIMITS.blockOverdueDays.max),
  block_membership_expired: formFlag(),
  lost_processing_fee: formMoney(DESK_SETTING_LIMITS.amountMaxWhole),
  lost_found_action: formChoice(LOST_FOUND_ACTIONS),
  closed_weekdays: closedWeekdaysField(),
  fines_count_closed_days: formFlag(),
});

const PREFIX_MESSAGE = 'Use letters, digits and . / _ - only (no spaces).';

/** Reads the three loan rules, each required (null or blank too), and the accession settings given. */
export function parseBookSettings(body: unknown): BookSettingsInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw nonFieldError('Invalid data format.');
  const input = body as Record<string, unknown>;
  const given = Object.fromEntries(BOOK_SETTINGS_FIELDS.map((name) => [name, blank(input[name]) ? undefined : input[name]]));
  const { values, errors } = readFields(BOOK_SETTINGS_BODY, given);
  const accession = readFields(ACCESSION_BODY, input, errors).values;
  const desk = readFields(deskBody(input), input, errors).values;
  const prefix = accession.accession_prefix;
  if (prefix !== undefined && prefix !== '' && !ACCESSION_PATTERN.test(prefix)) errors.add('accession_prefix', PREFIX_MESSAGE);
  errors.throwIfAny();
  return {
    max_books_per_member: values.max_books_per_member!,
    max_issue_duration: values.max_issue_duration!,
    fine_per_day: values.fine_per_day!,
    ...Object.fromEntries(Object.entries({ ...accession, ...desk }).filter(([, value]) => value !== undefined)),
  };
}

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A holiday as sent: a date and a name (one line, 1..100 characters). */
export interface HolidayInput {
  date: string;
  name: string;
}

/** The longest holiday name. */
export const HOLIDAY_NAME_MAX = 100;

const HOLIDAY_BODY = {
  date: required(givenDate()),
  name: required(formText({ max: HOLIDAY_NAME_MAX })),
};

/** Reads a holiday; throws every field error at once. */
export function parseHoliday(body: unknown): HolidayInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw nonFieldError('Invalid data format.');
  const { values, errors } = readFields(HOLIDAY_BODY, body as Record<string, unknown>);
  errors.throwIfAny();
  return { date: values.date!, name: values.name! };
}

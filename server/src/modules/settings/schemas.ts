/**
 * Request bodies of the settings calls. The general settings arrive as multipart (logo, favicon)
 * or JSON and are read with the form readers (DRF wording); the book settings are JSON.
 */
import type { Updateable } from 'kysely';
import type { LibrarySettingsTable } from '../../db/schema.js';
import { MESSAGES, nonFieldError } from '../../errors.js';
import { FormReader } from '../../http/form.js';
import type { FormBody } from '../../http/multipart.js';
import type { MediaStore } from '../../storage/service.js';
import { DATE_FORMATS, LOAN_RULE_LIMITS as LIMITS, THEMES, TIME_FORMATS } from '#shared/settings-rules';
import { GENERAL_SETTINGS_LIMITS as GENERAL } from '#shared/field-limits';

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

/** Validates every field given (partial update); throws every field error at once. */
export function parseSettingsForm(form: FormBody, media: Pick<MediaStore, 'check'>): SettingsUpdate {
  const f = new FormReader(form.fields);
  const changes: Updateable<LibrarySettingsTable> = {};
  const set = <K extends keyof Updateable<LibrarySettingsTable>>(key: K, value: Updateable<LibrarySettingsTable>[K] | undefined): void => {
    if (value !== undefined) changes[key] = value;
  };
  set('library_name', f.text('library_name', { max: GENERAL.library_name }));
  set('theme', f.choice('theme', THEMES));
  const timezone = f.text('timezone', { max: GENERAL.timezone });
  if (timezone !== undefined && !validTimeZone(timezone)) f.errors.add('timezone', `"${timezone}" is not a valid choice.`);
  else set('timezone', timezone);
  set('date_format', f.choice('date_format', DATE_FORMATS));
  set('time_format', f.choice('time_format', TIME_FORMATS));
  set('fine_per_day', f.money('fine_per_day', LIMITS.fine_per_day.max));
  set('max_books_per_member', f.integer('max_books_per_member', LIMITS.max_books_per_member.min, LIMITS.max_books_per_member.max));
  set('max_issue_duration', f.integer('max_issue_duration', LIMITS.max_issue_duration.min, LIMITS.max_issue_duration.max));
  set('low_stock_threshold', f.integer('low_stock_threshold', GENERAL.low_stock_threshold.min, GENERAL.low_stock_threshold.max));
  set('rack_number_format', f.text('rack_number_format', { max: GENERAL.rack_number_format }));
  set('member_id_format', f.text('member_id_format', { max: GENERAL.member_id_format }));

  const uploads: SettingsUpdate['uploads'] = [];
  const cleared: SettingsFile[] = [];
  for (const field of SETTINGS_FILES) {
    const file = form.files[field];
    if (!file) {
      if (f.flag(`${field}_clear`)) cleared.push(field);
      continue;
    }
    const checked = media.check(field, file.buffer, file.truncated);
    if ('error' in checked) f.errors.add(field, checked.error);
    else uploads.push({ field, buffer: file.buffer, type: checked.type });
  }
  f.errors.throwIfAny();
  return { changes, uploads, cleared };
}

export const BOOK_SETTINGS_FIELDS = ['max_books_per_member', 'max_issue_duration', 'fine_per_day'] as const;

/** The book settings: all three loan rules, each required (fine in minor units). */
export interface BookSettingsInput {
  max_books_per_member: number;
  max_issue_duration: number;
  fine_per_day: number;
}

export function parseBookSettings(body: unknown): BookSettingsInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw nonFieldError('Invalid data format.');
  const f = new FormReader(body as Record<string, unknown>);
  for (const field of BOOK_SETTINGS_FIELDS) {
    const value = f.fields[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) f.errors.add(field, MESSAGES.required);
  }
  const books = f.has('max_books_per_member') && !f.errors.has('max_books_per_member') ? f.integer('max_books_per_member', LIMITS.max_books_per_member.min, LIMITS.max_books_per_member.max) : undefined;
  const days = f.has('max_issue_duration') && !f.errors.has('max_issue_duration') ? f.integer('max_issue_duration', LIMITS.max_issue_duration.min, LIMITS.max_issue_duration.max) : undefined;
  const fine = f.has('fine_per_day') && !f.errors.has('fine_per_day') ? f.money('fine_per_day', LIMITS.fine_per_day.max) : undefined;
  f.errors.throwIfAny();
  if (books === undefined || days === undefined || fine === undefined) throw nonFieldError('Invalid data format.');
  return { max_books_per_member: books, max_issue_duration: days, fine_per_day: fine };
}

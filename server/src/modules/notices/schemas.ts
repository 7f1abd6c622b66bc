/**
 * Request input of the notices module: the notification settings' PUT body and the notification
 * log's query string. Every failure is a 400 with the contract's wording (docs/API.md, "Reservations
 * and notices"), so the services only ever see typed input.
 */
import { FieldErrorList, ValidationError } from '../../errors.js';
import { readPage, readSearch, type PageRequest } from '../../http/paging.js';
import { isRowId, MAX_ID } from '../../http/validation.js';
import { parseDate } from '#shared/dates';
import { NOTICE_TYPES, TEMPLATE_LIMITS, unknownPlaceholders, type NoticeType } from '#shared/notice-templates';
import { LOG_CHANNELS, LOG_STATUSES } from '#shared/notification-log';
import { controlCharactersError, type TextLines } from '#shared/control-characters';
import { MEMBERSHIP_NOTICE_LIMITS, SCHEDULE_LIMITS } from '#shared/field-limits';
import { WHOLE_NUMBER_MESSAGES } from '#shared/numbers';

/** The numbers of the settings with their ranges (inclusive). */
export const NUMBER_FIELDS = { ...SCHEDULE_LIMITS, membership_notice_days: MEMBERSHIP_NOTICE_LIMITS } as const;
export type NumberField = keyof typeof NUMBER_FIELDS;

/** The original contract's toggles and the notice each one turns on or off. */
export const TOGGLES = {
  on_book_issue: 'book_issued',
  on_due_date: 'due_today',
  on_reservation_request: 'reservation_ready',
  on_fine_imposition: 'fine_imposed',
  on_fine_collection: 'fine_collected',
} as const satisfies Record<string, NoticeType>;
export type Toggle = keyof typeof TOGGLES;

export const SETTINGS_MESSAGES = {
  number: WHOLE_NUMBER_MESSAGES.range,
  time: 'Enter a time as HH:MM.',
  unknownType: (type: string) => `Unknown notice type "${type}".`,
  unknownPlaceholder: (name: string) => `Unknown placeholder {${name}}.`,
  blank: 'This field may not be blank.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  boolean: 'Must be a valid boolean.',
  list: 'Expected a list of items.',
  listTooLong: (max: number) => `Ensure this list has no more than ${max} elements.`,
  string: 'Not a valid string.',
} as const;

/** One notice's change as sent. */
export interface NoticeChange {
  type: NoticeType;
  enabled?: boolean;
  subject?: string;
  body?: string;
}

/** A validated partial update of the notification settings. */
export interface NoticeSettingsUpdate {
  numbers: Partial<Record<NumberField, number>>;
  jobsRunAt?: string;
  notices: NoticeChange[];
  toggles: Partial<Record<Toggle, boolean>>;
}

/** The most notice entries one PUT may carry (every type a few times over; more is hostile). */
export const MAX_NOTICE_CHANGES = 50;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readNumber(errors: FieldErrorList, field: NumberField, value: unknown): number | undefined {
  const { min, max } = NUMBER_FIELDS[field];
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) return void errors.add(field, SETTINGS_MESSAGES.number(min, max));
  return n;
}

/** A template field: trimmed, not blank, within its limit, no control characters (the body may hold several lines), naming only known placeholders. */
function readTemplate(errors: FieldErrorList, key: string, value: unknown, max: number, lines: TextLines): string | undefined {
  if (typeof value !== 'string') return void errors.add(key, SETTINGS_MESSAGES.string);
  const text = value.trim();
  if (text === '') return void errors.add(key, SETTINGS_MESSAGES.blank);
  if (text.length > max) return void errors.add(key, SETTINGS_MESSAGES.tooLong(max));
  const refused = controlCharactersError(text, lines);
  if (refused) return void errors.add(key, refused);
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) {
    for (const name of unknown) errors.add(key, SETTINGS_MESSAGES.unknownPlaceholder(name));
    return undefined;
  }
  return text;
}

function readNotices(errors: FieldErrorList, value: unknown): NoticeChange[] {
  if (!Array.isArray(value)) {
    errors.add('notices', SETTINGS_MESSAGES.list);
    return [];
  }
  if (value.length > MAX_NOTICE_CHANGES) {
    errors.add('notices', SETTINGS_MESSAGES.listTooLong(MAX_NOTICE_CHANGES));
    return [];
  }
  const changes: NoticeChange[] = [];
  for (const entry of value) {
    const type = isObject(entry) ? entry['type'] : undefined;
    if (typeof type !== 'string' || !(NOTICE_TYPES as readonly string[]).includes(type)) {
      errors.add('notices', SETTINGS_MESSAGES.unknownType(typeof type === 'string' ? type.slice(0, 50) : String(type)));
      continue;
    }
    const fields = entry as Record<string, unknown>;
    const change: NoticeChange = { type: type as NoticeType };
    if (fields['enabled'] !== undefined) {
      if (typeof fields['enabled'] === 'boolean') change.enabled = fields['enabled'];
      else errors.add(`notices.${type}.enabled`, SETTINGS_MESSAGES.boolean);
    }
    if (fields['subject'] !== undefined) {
      const subject = readTemplate(errors, `notices.${type}.subject`, fields['subject'], TEMPLATE_LIMITS.subject, 'single');
      if (subject !== undefined) change.subject = subject;
    }
    if (fields['body'] !== undefined) {
      const body = readTemplate(errors, `notices.${type}.body`, fields['body'], TEMPLATE_LIMITS.body, 'multi');
      if (body !== undefined) change.body = body;
    }
    changes.push(change);
  }
  return changes;
}

/** Reads `PUT /settings/notifications/` (any subset); throws every field error at once. */
export function parseNoticeSettings(body: unknown): NoticeSettingsUpdate {
  if (!isObject(body)) throw new ValidationError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  const errors = new FieldErrorList();
  const numbers: NoticeSettingsUpdate['numbers'] = {};
  for (const field of Object.keys(NUMBER_FIELDS) as NumberField[]) {
    if (body[field] === undefined) continue;
    const n = readNumber(errors, field, body[field]);
    if (n !== undefined) numbers[field] = n;
  }
  let jobsRunAt: string | undefined;
  if (body['jobs_run_at'] !== undefined) {
    const raw = typeof body['jobs_run_at'] === 'string' ? body['jobs_run_at'].trim() : '';
    if (HH_MM.test(raw)) jobsRunAt = raw;
    else errors.add('jobs_run_at', SETTINGS_MESSAGES.time);
  }
  const notices = body['notices'] === undefined ? [] : readNotices(errors, body['notices']);
  const toggles: NoticeSettingsUpdate['toggles'] = {};
  for (const toggle of Object.keys(TOGGLES) as Toggle[]) {
    const value = body[toggle];
    if (value === undefined) continue;
    if (typeof value === 'boolean') toggles[toggle] = value;
    else errors.add(toggle, SETTINGS_MESSAGES.boolean);
  }
  errors.throwIfAny();
  return { numbers, ...(jobsRunAt !== undefined ? { jobsRunAt } : {}), notices, toggles };
}

export { LOG_CHANNELS, LOG_STATUSES };

/** The notification log's query, read. */
export interface LogQuery {
  page: PageRequest;
  term: string;
  member: number | undefined;
  /** A notice type, or `account` for the account mails (no notice type). */
  type: NoticeType | 'account' | undefined;
  status: (typeof LOG_STATUSES)[number] | undefined;
  channel: (typeof LOG_CHANNELS)[number] | undefined;
  dateFrom: string | undefined;
  dateTo: string | undefined;
  /** `csv`: the whole filtered log as a CSV file (bounded like the reports' exports). */
  format: 'json' | 'csv';
}

/** A query parameter as a string (repeats are refused before any route runs). */
const param = (query: Record<string, unknown>, name: string): string => (typeof query[name] === 'string' ? (query[name] as string).trim() : '');

function choiceParam<T extends string>(errors: FieldErrorList, query: Record<string, unknown>, name: string, values: readonly T[]): T | undefined {
  const raw = param(query, name);
  if (raw === '') return undefined;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  errors.add(name, `Select a valid choice. ${raw.slice(0, 50)} is not one of the available choices.`);
  return undefined;
}

function dateParam(errors: FieldErrorList, query: Record<string, unknown>, name: string): string | undefined {
  const raw = param(query, name);
  if (raw === '') return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? parseDate(raw) : null;
  if (date === null) return void errors.add(name, 'Enter a valid date.');
  return date;
}

/** Reads `search`, `member`, `type`, `status`, `channel`, `date_from`, `date_to`, `format`, `page`, `page_size` of the log. */
export function parseLogQuery(query: Record<string, unknown>): LogQuery {
  const errors = new FieldErrorList();
  const memberRaw = param(query, 'member');
  let member: number | undefined;
  if (memberRaw !== '') {
    if (/^\d{1,10}$/.test(memberRaw) && isRowId(Number(memberRaw))) member = Number(memberRaw);
    else errors.add('member', WHOLE_NUMBER_MESSAGES.range(1, MAX_ID));
  }
  const type = choiceParam(errors, query, 'type', [...NOTICE_TYPES, 'account'] as const);
  const status = choiceParam(errors, query, 'status', LOG_STATUSES);
  const channel = choiceParam(errors, query, 'channel', LOG_CHANNELS);
  const dateFrom = dateParam(errors, query, 'date_from');
  const dateTo = dateParam(errors, query, 'date_to');
  const format = choiceParam(errors, query, 'format', ['json', 'csv'] as const) ?? 'json';
  errors.throwIfAny();
  const page = readPage({ page: param(query, 'page') || '1', page_size: param(query, 'page_size') })!;
  return { page, term: readSearch(query['search']), member, type, status, channel, dateFrom, dateTo, format };
}

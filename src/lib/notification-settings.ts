/**
 * The Notification Settings form as pure data. Its values are one flat record of text, so the one
 * form hook runs it: the scheduled numbers under their API names, and per notice
 * `notices.<type>.enabled` ('true' / 'false'), `.subject` and `.body`, the same keys the server
 * names in its field errors (`{"notices.due_soon.subject": [...]}`), so a refusal lands under its
 * field. Checks before sending: blank, length (`TEMPLATE_LIMITS`), unknown placeholders
 * (`unknownPlaceholders`, as the server checks), numbers in range and the time of day.
 */
import type { NotificationSettingsBody } from './api/settings';
import { FORM_MESSAGES, tooLongMessage, unknownPlaceholderMessage, type FieldErrors } from './forms';
import { readWholeNumber, WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { controlCharactersError } from '#shared/control-characters';
import { NOTICE_DEFINITIONS, NOTICE_TYPES, TEMPLATE_LIMITS, unknownPlaceholders, type NoticeType } from '#shared/notice-templates';
import { SCHEDULE_LIMITS } from '#shared/field-limits';
import type { NotificationSettings } from './schemas/notification-settings';

/** The scheduled numbers; their ranges live in field-limits.ts (`SCHEDULE_LIMITS`), shared with the server. */
export type ScheduleField = keyof typeof SCHEDULE_LIMITS;

const SCHEDULE_FIELDS = Object.keys(SCHEDULE_LIMITS) as ScheduleField[];

/** One notice's fields. */
export type NoticeField = `notices.${NoticeType}.${'enabled' | 'subject' | 'body'}`;

/** One template text of a notice. */
export type TemplatePart = 'subject' | 'body';

export type NotificationSettingsField = ScheduleField | 'jobs_run_at' | NoticeField;

export type NotificationSettingsValues = Record<NotificationSettingsField, string>;

/** A notice's field name. */
export const noticeField = <P extends 'enabled' | TemplatePart>(type: NoticeType, part: P): `notices.${NoticeType}.${P}` => `notices.${type}.${part}`;

/** Every field of the form, in screen order (also the server's error keys). */
export const NOTIFICATION_SETTINGS_FIELDS: readonly NotificationSettingsField[] = [
  ...SCHEDULE_FIELDS,
  'jobs_run_at',
  ...NOTICE_TYPES.flatMap((type) => [noticeField(type, 'enabled'), noticeField(type, 'subject'), noticeField(type, 'body')]),
];

/** A notice's default wording: the server's when it sends one, else the shared module's. */
export function defaultWording(settings: NotificationSettings | null, type: NoticeType): { subject: string; body: string } {
  const served = settings?.notices.find((notice) => notice.type === type);
  const own = NOTICE_DEFINITIONS[type];
  return { subject: served?.default_subject ?? own.subject, body: served?.default_body ?? own.body };
}

/** The form's values from the server's settings; a notice the server leaves out starts on, with its default wording. */
export function notificationSettingsToValues(settings: NotificationSettings): NotificationSettingsValues {
  const values = {
    due_soon_days: String(settings.due_soon_days),
    overdue_every_days: String(settings.overdue_every_days),
    overdue_max_times: String(settings.overdue_max_times),
    hold_pickup_days: String(settings.hold_pickup_days),
    jobs_run_at: settings.jobs_run_at,
  } as NotificationSettingsValues;
  for (const type of NOTICE_TYPES) {
    const served = settings.notices.find((notice) => notice.type === type);
    const fallback = defaultWording(settings, type);
    values[noticeField(type, 'enabled')] = String(served?.enabled ?? true);
    values[noticeField(type, 'subject')] = served?.subject ?? fallback.subject;
    values[noticeField(type, 'body')] = served?.body ?? fallback.body;
  }
  return values;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The message for one template text, or undefined when it may be saved. */
export function templateProblem(text: string, part: TemplatePart): string | undefined {
  if (!text.trim()) return FORM_MESSAGES.notBlank;
  if (text.length > TEMPLATE_LIMITS[part]) return tooLongMessage(TEMPLATE_LIMITS[part]);
  const refused = controlCharactersError(text.trim(), part === 'body' ? 'multi' : 'single');
  if (refused) return refused;
  const unknown = unknownPlaceholders(text);
  return unknown.length ? unknownPlaceholderMessage(unknown) : undefined;
}

/** Client checks, with the server's words; the server checks again. */
export function validateNotificationSettings(values: NotificationSettingsValues): FieldErrors<NotificationSettingsField> {
  const errors: FieldErrors<NotificationSettingsField> = {};
  for (const field of SCHEDULE_FIELDS) {
    const { min, max } = SCHEDULE_LIMITS[field];
    const value = readWholeNumber(values[field]);
    if (value === null || value < min || value > max) errors[field] = WHOLE_NUMBER_MESSAGES.range(min, max);
  }
  if (!TIME.test(values.jobs_run_at.trim())) errors.jobs_run_at = FORM_MESSAGES.timeOfDay;
  for (const type of NOTICE_TYPES) {
    for (const part of ['subject', 'body'] as const) {
      const problem = templateProblem(values[noticeField(type, part)], part);
      if (problem) errors[noticeField(type, part)] = problem;
    }
  }
  return errors;
}

/** The JSON body of `PUT /settings/notifications/`: every number and every notice (templates as typed). */
export function notificationSettingsBody(values: NotificationSettingsValues): NotificationSettingsBody {
  return {
    due_soon_days: Number(values.due_soon_days.trim()),
    overdue_every_days: Number(values.overdue_every_days.trim()),
    overdue_max_times: Number(values.overdue_max_times.trim()),
    hold_pickup_days: Number(values.hold_pickup_days.trim()),
    jobs_run_at: values.jobs_run_at.trim(),
    notices: NOTICE_TYPES.map((type) => ({
      type,
      enabled: values[noticeField(type, 'enabled')] === 'true',
      subject: values[noticeField(type, 'subject')],
      body: values[noticeField(type, 'body')],
    })),
  };
}

/** The notices with a field error, so the screen can open their editors. */
export function noticesWithErrors(errors: FieldErrors<NotificationSettingsField>): NoticeType[] {
  return NOTICE_TYPES.filter((type) => (['enabled', 'subject', 'body'] as const).some((part) => errors[noticeField(type, part)]));
}

/** A template with `{name}` put in at the caret (`start`–`end` replaced); answers the text and the new caret. */
export function insertPlaceholder(text: string, name: string, start: number, end: number): { text: string; caret: number } {
  const token = `{${name}}`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

import { describe, expect, test } from 'vitest';
import { failedSubmission } from '../../../src/lib/forms';
import { fieldErrors } from '../../../src/lib/errors';
import { NOTICE_DEFINITIONS, NOTICE_TYPES } from '#shared/notice-templates';
import {
  NOTIFICATION_SETTINGS_FIELDS,
  insertPlaceholder,
  notificationSettingsBody,
  notificationSettingsToValues,
  noticesWithErrors,
  templateProblem,
  validateNotificationSettings,
  type NotificationSettingsField,
  type NotificationSettingsValues,
} from '../../../src/lib/notification-settings';
import type { NotificationSettings } from '../../../src/lib/schemas/notification-settings';

const served: NotificationSettings = {
  due_soon_days: 2,
  overdue_every_days: 3,
  overdue_max_times: 3,
  hold_pickup_days: 3,
  jobs_run_at: '08:00',
  notices: NOTICE_TYPES.filter((type) => type !== 'hold_expired').map((type) => ({
    type,
    enabled: type !== 'overdue',
    subject: NOTICE_DEFINITIONS[type].subject,
    body: NOTICE_DEFINITIONS[type].body,
    default_subject: NOTICE_DEFINITIONS[type].subject,
    default_body: NOTICE_DEFINITIONS[type].body,
  })),
};

const valid = (): NotificationSettingsValues => notificationSettingsToValues(served);

describe('notificationSettingsToValues', () => {
  test('reads the numbers as text and each notice under its field', () => {
    const values = valid();
    expect(values.due_soon_days).toBe('2');
    expect(values.jobs_run_at).toBe('08:00');
    expect(values['notices.overdue.enabled']).toBe('false');
    expect(values['notices.book_issued.enabled']).toBe('true');
    expect(values['notices.due_soon.subject']).toBe('Due soon: {book_title}');
  });

  test('starts a notice the server leaves out as on, with its default wording', () => {
    const values = valid();
    expect(values['notices.hold_expired.enabled']).toBe('true');
    expect(values['notices.hold_expired.body']).toBe(NOTICE_DEFINITIONS.hold_expired.body);
  });
});

describe('templateProblem', () => {
  test.each([
    ['a known placeholder', 'Due: {due_date}', 'subject', undefined],
    ['a blank subject', '   ', 'subject', 'This field may not be blank.'],
    ['an unknown placeholder', 'Hello {nonsense}', 'body', 'Unknown placeholder {nonsense}.'],
    ['two unknown placeholders', '{due} and {who}', 'body', 'Unknown placeholder {due}, {who}.'],
    ['a subject of 201 characters', 'x'.repeat(201), 'subject', 'Ensure this field has no more than 200 characters.'],
    ['a subject of 200 characters', 'x'.repeat(200), 'subject', undefined],
    ['a body of 4,001 characters', 'x'.repeat(4001), 'body', 'Ensure this field has no more than 4000 characters.'],
  ] as const)('%s', (_, text, part, expected) => {
    expect(templateProblem(text, part)).toBe(expected);
  });
});

describe('validateNotificationSettings', () => {
  test.each<[string, NotificationSettingsField, string, string | undefined]>([
    ['accepts the served settings', 'due_soon_days', '2', undefined],
    ['refuses 0 due-soon days', 'due_soon_days', '0', 'Enter a whole number from 1 to 30.'],
    ['refuses 31 pickup days', 'hold_pickup_days', '31', 'Enter a whole number from 1 to 30.'],
    ['accepts 0 overdue notices', 'overdue_max_times', '0', undefined],
    ['refuses 21 overdue notices', 'overdue_max_times', '21', 'Enter a whole number from 0 to 20.'],
    ['refuses a fraction', 'overdue_every_days', '1.5', 'Enter a whole number from 1 to 30.'],
    ['refuses a blank number', 'overdue_every_days', '', 'Enter a whole number from 1 to 30.'],
    ['refuses 24:00', 'jobs_run_at', '24:00', 'Enter a time as HH:MM.'],
    ['refuses 8:00', 'jobs_run_at', '8:00', 'Enter a time as HH:MM.'],
    ['accepts 23:59', 'jobs_run_at', '23:59', undefined],
    ['refuses an unknown placeholder in a body', 'notices.overdue.body', 'Late by {nonsense}', 'Unknown placeholder {nonsense}.'],
    ['refuses a blank subject', 'notices.book_issued.subject', '', 'This field may not be blank.'],
  ])('%s', (_, field, value, expected) => {
    const errors = validateNotificationSettings({ ...valid(), [field]: value });
    expect(errors[field]).toBe(expected);
    expect(Object.keys(errors)).toEqual(expected ? [field] : []);
  });
});

describe('notificationSettingsBody', () => {
  test('sends numbers as numbers and every notice in order, templates as typed', () => {
    const body = notificationSettingsBody({ ...valid(), due_soon_days: ' 5 ', 'notices.due_soon.subject': ' Soon {book_title}' });
    expect(body.due_soon_days).toBe(5);
    expect(body.notices?.map((notice) => notice.type)).toEqual([...NOTICE_TYPES]);
    expect(body.notices?.find((notice) => notice.type === 'overdue')?.enabled).toBe(false);
    expect(body.notices?.find((notice) => notice.type === 'due_soon')?.subject).toBe(' Soon {book_title}');
  });
});

describe('noticesWithErrors', () => {
  test('names the notices whose fields are refused', () => {
    expect(noticesWithErrors({ due_soon_days: 'x', 'notices.overdue.body': 'y', 'notices.fine_imposed.subject': 'z' })).toEqual(['overdue', 'fine_imposed']);
  });
});

describe('insertPlaceholder', () => {
  test.each([
    ['at the caret', 'Due ', 4, 4, 'Due {due_date}', 14],
    ['over a selection', 'Due DATE now', 4, 8, 'Due {due_date} now', 14],
    ['at the start', 'x', 0, 0, '{due_date}x', 10],
    ['past the end, clamped', 'ab', 9, 9, 'ab{due_date}', 12],
  ])('%s', (_, text, start, end, expected, caret) => {
    expect(insertPlaceholder(text, 'due_date', start, end)).toEqual({ text: expected, caret });
  });
});

describe('the server refusals of a save', () => {
  test('land under the field the server names, with no summary beside them', () => {
    const refusal = { status: 400, data: { 'notices.due_soon.subject': ['Unknown placeholder {due}.'], jobs_run_at: ['Enter a time as HH:MM.'] } };
    const shown = failedSubmission(fieldErrors(refusal), NOTIFICATION_SETTINGS_FIELDS, () => null);
    expect(shown.errors).toEqual({ 'notices.due_soon.subject': 'Unknown placeholder {due}.', jobs_run_at: 'Enter a time as HH:MM.' });
    expect(noticesWithErrors(shown.errors)).toEqual(['due_soon']);
  });

  test('a refusal of no field of the form is left to the summary', () => {
    const refusal = { status: 400, data: { notices: ['Unknown notice type "x".'] } };
    expect(failedSubmission(fieldErrors(refusal), NOTIFICATION_SETTINGS_FIELDS, () => 'summary').errors).toEqual({});
  });
});

import { describe, expect, test } from 'vitest';
import { KEEP_FILE } from '../../../src/lib/forms';
import { generalSettingsFormData, settingsToValues, timeZoneOptions, validateGeneralSettings } from '../../../src/lib/general-settings';

const valid = settingsToValues({ library_name: 'City Library', fine_per_day: '10.00', timezone: 'Asia/Karachi' });

describe('settingsToValues', () => {
  test('uses the specification defaults when the server sends nothing', () => {
    expect(settingsToValues(null, 'Europe/Paris')).toEqual({
      library_name: '',
      theme: 'dark',
      fine_per_day: '10.00',
      timezone: 'Europe/Paris',
      date_format: 'DD/MM/YYYY',
      time_format: '12hr',
      max_books_per_member: '',
      max_issue_duration: '3',
      low_stock_threshold: '',
    });
  });
  test('keeps the server values and replaces unknown choices by defaults', () => {
    const values = settingsToValues({ theme: 'light', date_format: 'YYYY-MM-DD', time_format: 'weird', max_books_per_member: 5 });
    expect([values.theme, values.date_format, values.time_format, values.max_books_per_member]).toEqual(['light', 'YYYY-MM-DD', '12hr', '5']);
  });
});

describe('validateGeneralSettings', () => {
  test('accepts complete values', () => {
    expect(validateGeneralSettings(valid)).toEqual({});
  });
  test.each([
    ['library_name', '  ', 'Library name is required.'],
    ['fine_per_day', '-1', 'Enter an amount of 0 or more, with at most 2 decimals.'],
    ['fine_per_day', '1.234', 'Ensure that there are no more than 2 decimal places.'],
    ['fine_per_day', '', 'Fine per day is required.'],
    ['max_issue_duration', '0', 'Loan period must be at least 1.'],
    ['max_books_per_member', '2.5', 'Max books per member must be a whole number.'],
  ] as const)('%s = %j: %s', (field, value, message) => {
    expect(validateGeneralSettings({ ...valid, [field]: value })[field]).toBe(message);
  });
  test('a fine of 0 is allowed', () => {
    expect(validateGeneralSettings({ ...valid, fine_per_day: '0' })).toEqual({});
  });
});

test('the PUT body carries every filled field and leaves empty optional numbers out', () => {
  const body = generalSettingsFormData({ ...valid, low_stock_threshold: '' }, { logo: { kind: 'clear' }, favicon: KEEP_FILE });
  const sent = Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)]));
  expect(sent).toEqual({
    library_name: 'City Library',
    theme: 'dark',
    fine_per_day: '10.00',
    timezone: 'Asia/Karachi',
    date_format: 'DD/MM/YYYY',
    time_format: '12hr',
    max_issue_duration: '3',
    logo_clear: 'true',
  });
});

test('timeZoneOptions keeps UTC and an unlisted current zone', () => {
  expect(timeZoneOptions('Mars/Olympus', () => ['Asia/Karachi'])).toEqual(['Mars/Olympus', 'UTC', 'Asia/Karachi']);
});

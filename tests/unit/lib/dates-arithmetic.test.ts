/**
 * parseDate and daysBetween do plain calendar arithmetic (lists compute thousands of late days):
 * they must agree with dayjs's UTC calendar on every day of several years, leap days included.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, test } from 'vitest';
import { daysBetween, parseDate } from '#shared/dates';

dayjs.extend(utc);

describe('calendar arithmetic agrees with dayjs', () => {
  test('every day from 1899 to 1901 and 1999 to 2001 and 2023 to 2025, against a fixed origin', () => {
    for (const [from, to] of [['1899-01-01', '1901-12-31'], ['1999-01-01', '2001-12-31'], ['2023-01-01', '2025-12-31']] as const) {
      for (let d = dayjs.utc(from); !d.isAfter(dayjs.utc(to)); d = d.add(1, 'day')) {
        const text = d.format('YYYY-MM-DD');
        expect(parseDate(text)).toBe(text);
        expect(daysBetween('2000-02-29', text)).toBe(d.diff(dayjs.utc('2000-02-29'), 'day'));
      }
    }
  });

  test.each([
    ['1900-02-29', null],
    ['2000-02-29', '2000-02-29'],
    ['2024-02-29', '2024-02-29'],
    ['2025-02-29', null],
    ['2025-04-31', null],
    ['2025-13-01', null],
    ['2025-00-10', null],
    ['2025-01-00', null],
    ['2025-12-31T23:59:00Z', '2025-12-31'],
  ])('parseDate(%s) → %s', (text, expected) => {
    expect(parseDate(text)).toBe(expected);
  });
});

import { describe, expect, test } from 'vitest';
import { addDays, dateBoundsProblem, daysBetween, formatDate, isCalendarDate, isTimeZone, parseDate, readTypedDate, todayIn } from '#shared/dates';

describe('dates', () => {
  test.each([
    ['2026-03-09', '2026-03-09'],
    ['2026-03-09T23:10:00Z', '2026-03-09'],
    ['2024-02-29', '2024-02-29'],
    ['2025-02-29', null],
    ['0001-01-01', '0001-01-01'],
    ['10000-01-03', '10000-01-03'],
    ['2026-13-01', null],
    ['09/03/2026', null],
    ['', null],
    [null, null],
  ])('%o parses as %o', (value, date) => {
    expect(parseDate(value)).toBe(date);
  });

  test.each([
    ['2026-03-09', 'DD/MM/YYYY', '09/03/2026'],
    ['2026-03-09', 'MM/DD/YYYY', '03/09/2026'],
    ['2026-03-09', 'YYYY-MM-DD', '2026-03-09'],
    ['2026-03-09T10:00:00Z', null, '09/03/2026'],
    ['2026-03-09', 'unknown', '09/03/2026'],
    ['yesterday', 'DD/MM/YYYY', 'yesterday'],
    [null, 'DD/MM/YYYY', null],
  ])('%o in %o reads %o', (value, format, text) => {
    expect(formatDate(value, format)).toBe(text);
  });

  test.each([
    ['2026-03-09', 3, '2026-03-12'],
    ['2026-12-30', 3, '2027-01-02'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-03-28', 2, '2026-03-30'], // a daylight-saving weekend in Europe: still two days
    ['2026-03-09', -9, '2026-02-28'],
    // Stored dates at the edges still count: years below 100 are not taken for 19xx, and 9999 runs into 10000.
    ['0001-01-01', 1, '0001-01-02'],
    ['0099-12-31', 1, '0100-01-01'],
    ['9999-12-31', 3, '10000-01-03'],
    ['10000-01-03', -3, '9999-12-31'],
  ])('%o plus %o days is %o', (date, days, result) => {
    expect(addDays(date, days)).toBe(result);
  });

  test.each([
    ['2026-03-09', '2026-03-09', 0],
    ['2026-03-09', '2026-03-10', 1],
    ['2026-03-10', '2026-03-09', -1],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-02-28', '2025-03-01', 1],
    ['2026-03-09T23:59:00Z', '2026-03-10T00:01:00Z', 1],
    ['2025-12-31', '2026-12-31', 365],
    ['9999-12-31', '10000-01-03', 3],
    ['0001-01-01', '0002-01-01', 365],
  ])('from %o to %o is %o whole days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  test('refuses to count with something that is not a date', () => {
    expect(() => daysBetween('2026-03-09', 'soon')).toThrow(RangeError);
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
  });

  test.each([
    // 19:30 UTC is already tomorrow in Karachi (UTC+5) and still today in New York.
    ['2026-03-09T19:30:00Z', 'Asia/Karachi', '2026-03-10'],
    ['2026-03-09T19:30:00Z', 'America/New_York', '2026-03-09'],
    ['2026-03-09T23:59:59Z', 'UTC', '2026-03-09'],
    ['2026-03-10T00:00:00Z', 'UTC', '2026-03-10'],
    ['2026-03-09T19:30:00Z', 'Not/AZone', '2026-03-09'],
  ])('at %o the library in %o is on %o', (instant, zone, date) => {
    expect(todayIn(zone, new Date(instant))).toBe(date);
  });

  test('knows time zones', () => {
    expect(isTimeZone('Asia/Karachi')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('a date a person typed', () => {
  test.each([
    ['2026-11-26', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2026-13-01', false],
    ['2026-11-26T10:00:00Z', false],
    ['12026-11-26', false],
    ['2026-1-26', false],
    [' 2026-11-26', false],
    ['', false],
  ])('%o is a calendar date: %o', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('a date typed in the library format', () => {
  test.each([
    ['03/12/2026', 'DD/MM/YYYY', '2026-12-03'],
    ['11/01/2026', 'DD/MM/YYYY', '2026-01-11'],
    ['3/12/2026', 'DD/MM/YYYY', '2026-12-03'],
    ['3.1.2026', 'DD/MM/YYYY', '2026-01-03'],
    ['03-12-2026', 'DD/MM/YYYY', '2026-12-03'],
    [' 03/12/2026 ', 'DD/MM/YYYY', '2026-12-03'],
    ['12/03/2026', 'MM/DD/YYYY', '2026-12-03'],
    ['1/2/2026', 'MM/DD/YYYY', '2026-01-02'],
    ['2026-12-03', 'YYYY-MM-DD', '2026-12-03'],
    ['2026/1/9', 'YYYY-MM-DD', '2026-01-09'],
    ['2026-12-03', 'DD/MM/YYYY', '2026-12-03'],
    ['2026-12-03', 'MM/DD/YYYY', '2026-12-03'],
    ['29/02/2024', 'DD/MM/YYYY', '2024-02-29'],
    ['03/12/2026', null, '2026-12-03'],
  ])('%o in %o is %o', (text, format, date) => {
    expect(readTypedDate(text, format)).toEqual({ ok: true, date });
  });

  test.each([
    ['', 'DD/MM/YYYY', 'Enter the date as DD/MM/YYYY'],
    ['tomorrow', 'DD/MM/YYYY', 'Enter the date as DD/MM/YYYY'],
    ['03/12/26', 'DD/MM/YYYY', 'Enter the date as DD/MM/YYYY'],
    ['03/12-2026', 'DD/MM/YYYY', 'Enter the date as DD/MM/YYYY'],
    ['031/2/2026', 'DD/MM/YYYY', 'Enter the date as DD/MM/YYYY'],
    ['03/12/2026', 'YYYY-MM-DD', 'Enter the date as YYYY-MM-DD'],
    ['31/02/2026', 'DD/MM/YYYY', 'There is no day 31/02/2026 in the calendar'],
    ['29/02/2025', 'DD/MM/YYYY', 'There is no day 29/02/2025 in the calendar'],
    ['13/13/2026', 'MM/DD/YYYY', 'There is no day 13/13/2026 in the calendar'],
    ['00/01/2026', 'DD/MM/YYYY', 'There is no day 00/01/2026 in the calendar'],
    ['01/01/1899', 'DD/MM/YYYY', 'Enter a year from 1900 to 2200'],
    ['01/01/2201', 'DD/MM/YYYY', 'Enter a year from 1900 to 2200'],
    ['0001-01-01', 'YYYY-MM-DD', 'Enter a year from 1900 to 2200'],
  ])('%o in %o is refused: %o', (text, format, message) => {
    expect(readTypedDate(text, format)).toEqual({ ok: false, message });
  });

  test.each([
    ['2026-12-01', { min: '2026-12-01' }, 'DD/MM/YYYY', null],
    ['2026-11-30', { min: '2026-12-01' }, 'DD/MM/YYYY', 'Enter a date on or after 01/12/2026'],
    ['2026-11-30', { min: '2026-12-01' }, 'MM/DD/YYYY', 'Enter a date on or after 12/01/2026'],
    ['2026-12-02', { max: '2026-12-01' }, 'DD/MM/YYYY', 'Enter a date on or before 01/12/2026'],
    ['2026-12-02', { min: '', max: undefined }, 'DD/MM/YYYY', null],
    ['2026-12-02', { min: '2026-01-01', max: '2026-12-31' }, 'YYYY-MM-DD', null],
  ])('%o within %o (%o): %o', (date, bounds, format, message) => {
    expect(dateBoundsProblem(date, bounds, format)).toBe(message);
  });
});

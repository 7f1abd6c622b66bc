import { describe, expect, test } from 'vitest';
import { dateFieldText, problemShown, readDateField, shownDateError, syncedText } from '../../../src/lib/date-field';

describe('a date field', () => {
  test.each([
    ['2026-12-03', 'DD/MM/YYYY', '03/12/2026'],
    ['2026-12-03', 'MM/DD/YYYY', '12/03/2026'],
    ['2026-12-03', 'YYYY-MM-DD', '2026-12-03'],
    ['2026-12-03', undefined, '03/12/2026'],
    ['', 'DD/MM/YYYY', ''],
    ['not a date', 'DD/MM/YYYY', ''],
  ])('shows %o in %o as %o', (value, format, text) => {
    expect(dateFieldText(value, format)).toBe(text);
  });

  test.each([
    ['', {}, { date: '', problem: null }],
    ['   ', {}, { date: '', problem: null }],
    ['11/01/2026', {}, { date: '2026-01-11', problem: null }],
    ['11/1/2026', {}, { date: '2026-01-11', problem: null }],
    ['31/31/2026', {}, { date: '', problem: 'There is no day 31/31/2026 in the calendar' }],
    ['banana', {}, { date: '', problem: 'Enter the date as DD/MM/YYYY' }],
    ['30/11/2026', { min: '2026-12-01' }, { date: '2026-11-30', problem: 'Enter a date on or after 01/12/2026' }],
    ['02/12/2026', { max: '2026-12-01' }, { date: '2026-12-02', problem: 'Enter a date on or before 01/12/2026' }],
  ])('reads %o within %o as %o', (text, bounds, read) => {
    expect(readDateField(text, { format: 'DD/MM/YYYY', ...bounds })).toEqual(read);
  });

  test('reads in the library format it is given', () => {
    expect(readDateField('01/11/2026', { format: 'MM/DD/YYYY' })).toEqual({ date: '2026-01-11', problem: null });
  });

  test.each([
    // [form error, own problem, problem shown yet (left the field or tried to send), value sent, shown]
    [undefined, null, false, '', undefined],
    [undefined, 'Enter the date as DD/MM/YYYY', false, '', undefined],
    [undefined, 'Enter the date as DD/MM/YYYY', true, '', 'Enter the date as DD/MM/YYYY'],
    ['Enter the issue date', 'Enter the date as DD/MM/YYYY', false, '', 'Enter the date as DD/MM/YYYY'],
    ['Enter the issue date', null, false, '', 'Enter the issue date'],
    ['The due date may not precede the issue date', 'Enter a date on or after 01/12/2026', true, '2026-11-30', 'The due date may not precede the issue date'],
    [undefined, 'Enter a date on or after 01/12/2026', true, '2026-11-30', 'Enter a date on or after 01/12/2026'],
  ])('with the form saying %o and the field %o (shown: %o, value %o) it shows %o', (formError, problem, shown, value, message) => {
    expect(shownDateError({ formError, problem, shown, value })).toBe(message);
  });

  test.each([
    ['11/01/2026', '2026-01-11', '11/01/2026'],
    ['11/1/2026', '2026-01-11', '11/1/2026'],
    ['11/0', '', '11/0'],
    ['11/0', '2026-02-01', '11/0'],
    ['banana', '', 'banana'],
    ['11/01/2026', '', ''],
    ['11/01/2026', '2026-02-01', '01/02/2026'],
    ['', '2026-02-01', '01/02/2026'],
  ])('when the value changes, keeps the typed %o while it means %o or is no date yet, else shows the value: %o', (text, value, shown) => {
    expect(syncedText(text, value, 'DD/MM/YYYY')).toBe(shown);
  });

  test.each([
    // [left the field, tried to send, the date read, shown]
    [false, false, '', false],
    [true, false, '', true],
    [true, false, '2026-11-30', false],
    [false, true, '2026-11-30', true],
    [true, true, '', true],
  ])('left %o, tried %o, reading %o: its own problem shows: %o', (left, tried, date, shown) => {
    expect(problemShown({ left, tried, date })).toBe(shown);
  });
});

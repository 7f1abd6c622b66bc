import { describe, expect, test } from 'vitest';
import { NOTIFICATION_LOG_SPEC, canResend, logExportQuery, logFiltersInWords, logQueryFromState, noticeLabel, statusBadge } from '../../../src/lib/notification-log';
import { notificationLogFileName } from '#shared/notification-log';
import { momentText } from '#shared/dates';
import { parseTableState } from '../../../src/lib/table-query';

describe('the history panel URL', () => {
  test('keeps valid filters and drops the rest', () => {
    const state = parseTableState(NOTIFICATION_LOG_SPEC, new URLSearchParams('status=failed&channel=sms&type=overdue&member=7&date_from=2026-02-30&date_to=2026-11-25'));
    expect(state.filters).toEqual({ member: '7', type: 'overdue', status: 'FAILED', channel: '', date_from: '', date_to: '2026-11-25' });
    expect(logQueryFromState(state)).toMatchObject({ status: 'FAILED', type: 'overdue', member: '7', date_to: '2026-11-25', page: 1, page_size: 20 });
  });

  test('accepts account mails as a type', () => {
    expect(parseTableState(NOTIFICATION_LOG_SPEC, new URLSearchParams('type=account')).filters.type).toBe('account');
  });
});

describe('statusBadge and noticeLabel', () => {
  test.each([
    ['SENT', 'Sent', 'success'],
    ['FAILED', 'Failed', 'danger'],
    ['PENDING', 'Pending', 'warning'],
    ['ODD', 'ODD', 'neutral'],
  ])('%s reads %s', (status, label, tone) => {
    expect(statusBadge(status)).toEqual({ label, tone });
  });

  test.each([
    ['due_soon', null, 'Due soon'],
    ['account', null, 'Account mail'],
    [null, 'password_reset', 'Account mail'],
    ['something_new', null, 'Something new'],
    ['fine', null, 'Fine'],
    ['constructor', null, 'Constructor'],
  ])('%s / %s reads %s', (type, kind, label) => {
    expect(noticeLabel(type, kind)).toBe(label);
  });
});

describe('canResend', () => {
  test.each([
    [{ status: 'FAILED', channel: 'email' }, true, true],
    [{ status: 'FAILED', channel: 'email' }, false, false],
    [{ status: 'FAILED', channel: 'in_app' }, true, false],
    [{ status: 'SENT', channel: 'email' }, true, false],
  ])('%o with permission %s: %s', (row, may, expected) => {
    expect(canResend(row, may)).toBe(expected);
  });
});

describe('momentText', () => {
  test.each([
    ['2026-11-25T09:30:00Z', { timezone: 'Asia/Karachi', date_format: 'DD/MM/YYYY', time_format: '12hr' }, '25/11/2026 2:30 PM'],
    ['2026-11-25T21:30:00Z', { timezone: 'Asia/Karachi', date_format: 'YYYY-MM-DD', time_format: '24hr' }, '2026-11-26 02:30'],
    ['2026-11-25T09:05:00Z', {}, '25/11/2026 9:05 AM'],
    ['2026-11-25T09:05:00Z', { timezone: 'Not/AZone' }, '25/11/2026 9:05 AM'],
    ['not a time', {}, '—'],
    [null, {}, '—'],
  ])('%s in %o reads %s', (iso, format, expected) => {
    expect(momentText(iso, format)).toBe(expected);
  });
});

describe('the history\'s CSV and print', () => {
  const state = parseTableState(NOTIFICATION_LOG_SPEC, new URLSearchParams('status=FAILED&channel=email&member=7&date_from=2026-01-11&date_to=2026-01-31&search=%20ada%20&page=3'));

  test('the export asks for the whole filtered log as CSV: every filter, no paging', () => {
    expect(logExportQuery(state)).toEqual({ search: 'ada', member: '7', type: '', status: 'FAILED', channel: 'email', date_from: '2026-01-11', date_to: '2026-01-31', format: 'csv' });
  });

  test('the print names the filters in words and dates in the library\'s format', () => {
    expect(logFiltersInWords(state, 'DD/MM/YYYY', () => 'Ada Reader')).toEqual([
      'Dates: 11/01/2026 to 31/01/2026',
      'Search: “ada”',
      'Member: Ada Reader',
      'Status: Failed',
      'Channel: E-mail',
    ]);
    expect(logFiltersInWords(parseTableState(NOTIFICATION_LOG_SPEC, new URLSearchParams('type=account&date_to=2026-01-31')), null, () => null)).toEqual(['Dates: up to 31/01/2026', 'Notice: Account mail']);
    expect(logFiltersInWords(parseTableState(NOTIFICATION_LOG_SPEC, new URLSearchParams('member=9')), null, () => null)).toEqual(['Dates: all', 'Member: user 9']);
  });

  test('the CSV file is named by its dates', () => {
    expect(notificationLogFileName('2026-01-11', '2026-01-31')).toBe('notifications-2026-01-11-2026-01-31.csv');
    expect(notificationLogFileName(undefined, undefined)).toBe('notifications-all.csv');
  });
});

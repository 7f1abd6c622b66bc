import { describe, expect, test } from 'vitest';
import { NOTIFICATION_LOG_SPEC, canResend, logQueryFromState, noticeLabel, statusBadge } from '../../../src/lib/notification-log';
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

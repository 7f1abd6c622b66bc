import { describe, expect, test } from 'vitest';
import { membershipEnd, membershipStanding, membershipText, renewalStart, MEMBERSHIP_MESSAGES } from '#shared/membership';

describe('membershipEnd', () => {
  test.each([
    ['2026-01-01', 12, '2026-12-31'],
    ['2026-03-15', 1, '2026-04-14'],
    ['2026-01-31', 1, '2026-02-27'],
    ['2024-02-29', 12, '2025-02-27'],
    ['2026-12-01', 6, '2027-05-31'],
    ['2026-05-10', 0, '2026-06-09'],
    ['2026-05-10', 2.9, '2026-07-09'],
  ])('a membership starting %s for %d months ends on %s', (start, months, end) => {
    expect(membershipEnd(start, months)).toBe(end);
  });
});

describe('renewalStart', () => {
  test.each<[string | null, string, string, string]>([
    ['2026-12-31', '2026-11-27', '2027-01-01', 'the day after the expiry while it still runs'],
    ['2026-11-27', '2026-11-27', '2026-11-28', 'the day after when it expires today'],
    ['2026-11-26', '2026-11-27', '2026-11-27', 'today once it has expired'],
    [null, '2026-11-27', '2026-11-27', 'today when there was none'],
  ])('expires %s, today %s → %s (%s)', (expires, today, start) => {
    expect(renewalStart(expires, today)).toBe(start);
  });
});

describe('membershipStanding', () => {
  test.each([
    [null, 14, 'none'],
    [undefined, 14, 'none'],
    ['2026-11-26', 14, 'expired'],
    ['2026-11-27', 14, 'expiring'],
    ['2026-12-11', 14, 'expiring'],
    ['2026-12-12', 14, 'active'],
    ['2026-12-12', 30, 'expiring'],
  ] as const)('expires %s with %d warning days → %s on 2026-11-27', (expires, warnDays, standing) => {
    expect(membershipStanding(expires, '2026-11-27', warnDays)).toBe(standing);
  });
});

describe('membershipText', () => {
  test('says when a membership runs until, or when it expired, in the library date format', () => {
    expect(membershipText('2026-12-31', '2026-11-27', 'DD/MM/YYYY')).toBe('Valid until 31/12/2026');
    expect(membershipText('2026-11-01', '2026-11-27', 'DD/MM/YYYY')).toBe('Expired on 01/11/2026');
    expect(membershipText(null, '2026-11-27')).toBe('No membership yet');
    expect(MEMBERSHIP_MESSAGES.renewed('31/12/2027')).toBe('Membership renewed until 31/12/2027.');
  });
});

/**
 * Calendar periods, one implementation for the staff home's charts and the reports: a date's
 * label (a day `2026-11-26`, an ISO week `2026-W48`, Monday-based, a month `2026-11`), every label
 * between two dates, and the last N periods ending on a day as ranges of library dates (the staff
 * home shows 30 days, 12 weeks or 12 months).
 */
import { describe, expect, test } from 'vitest';
import { mondayOf, periodLabel, periodLabelsBetween, trailingPeriods } from '#shared/dates';

describe('a date’s period label', () => {
  test.each([
    ['2026-11-26', 'day', '2026-11-26'],
    ['2026-11-26', 'week', '2026-W48'],
    ['2026-11-26', 'month', '2026-11'],
    ['2027-01-01', 'week', '2026-W53'],
    ['2024-12-30', 'week', '2025-W01'],
    ['2021-01-03', 'week', '2020-W53'],
    ['2026-11-23', 'week', '2026-W48'],
    ['2026-11-22', 'week', '2026-W47'],
    ['2026-01-01', 'week', '2026-W01'],
    ['2027-01-03', 'week', '2026-W53'],
  ] as const)('%s by %s is %s', (date, period, label) => {
    expect(periodLabel(date, period)).toBe(label);
  });

  test.each([
    ['2026-11-29', '2026-11-23'],
    ['2026-11-23', '2026-11-23'],
    ['2026-03-01', '2026-02-23'],
  ])('the week of %s starts on Monday %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });
});

describe('every period between two dates', () => {
  test.each([
    ['2026-11-28', '2026-12-02', 'day', ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']],
    ['2026-11-20', '2026-12-08', 'week', ['2026-W47', '2026-W48', '2026-W49', '2026-W50']],
    ['2026-10-31', '2027-01-01', 'month', ['2026-10', '2026-11', '2026-12', '2027-01']],
    ['2026-11-26', '2026-11-26', 'month', ['2026-11']],
    ['2026-11-27', '2026-11-26', 'day', []],
  ] as const)('%s to %s by %s, empty ones too', (from, to, period, labels) => {
    expect(periodLabelsBetween(from, to, period)).toEqual(labels);
  });
});

describe('the last periods ending on a day', () => {
  test.each([
    { period: 'day', today: '2026-03-01', count: 30, first: '2026-01-31', last: '2026-03-01', end: '2026-03-02', labels: ['2026-01-31', '2026-03-01'] },
    { period: 'week', today: '2026-11-26', count: 12, first: '2026-09-07', last: '2026-11-23', end: '2026-11-30', labels: ['2026-W37', '2026-W48'] },
    { period: 'month', today: '2026-02-15', count: 12, first: '2025-03-01', last: '2026-02-01', end: '2026-03-01', labels: ['2025-03', '2026-02'] },
    { period: 'month', today: '2026-12-31', count: 2, first: '2026-11-01', last: '2026-12-01', end: '2027-01-01', labels: ['2026-11', '2026-12'] },
  ] as const)('$count by $period ending $today, oldest first, each a range up to the next', ({ period, today, count, first, last, end, labels }) => {
    const periods = trailingPeriods(period, today, count);
    expect(periods.labels).toHaveLength(count);
    expect(periods.starts).toHaveLength(count);
    expect([periods.starts[0], periods.starts.at(-1), periods.end]).toEqual([first, last, end]);
    expect([periods.labels[0], periods.labels.at(-1)]).toEqual(labels);
  });
});

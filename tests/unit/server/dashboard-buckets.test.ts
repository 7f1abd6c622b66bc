import { describe, expect, test } from 'vitest';
import { bucketsOf, isoWeekLabel, mondayOf, offsetMinutes } from '../../../server/src/modules/dashboards/buckets.js';

describe('the staff home chart buckets', () => {
  test.each([
    ['2026-11-26', '2026-W48'],
    ['2026-11-23', '2026-W48'],
    ['2026-11-22', '2026-W47'],
    ['2021-01-03', '2020-W53'],
    ['2024-12-30', '2025-W01'],
    ['2026-01-01', '2026-W01'],
    ['2027-01-03', '2026-W53'],
  ])('names the ISO week of %s %s', (date, label) => {
    expect(isoWeekLabel(date)).toBe(label);
  });

  test('weeks start on Monday', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });

  test('30 days, 12 weeks or 12 months ending today, oldest first', () => {
    const days = bucketsOf('day', '2026-03-01');
    expect(days.keys).toHaveLength(30);
    expect([days.keys[0], days.keys.at(-1), days.from]).toEqual(['2026-01-31', '2026-03-01', '2026-01-31']);
    const weeks = bucketsOf('week', '2026-11-26');
    expect([weeks.keys[0], weeks.keys.at(-1), weeks.labels[0], weeks.labels.at(-1)]).toEqual(['2026-09-07', '2026-11-23', '2026-W37', '2026-W48']);
    const months = bucketsOf('month', '2026-02-15');
    expect(months.keys).toEqual(['2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
    expect(months.from).toBe('2025-03-01');
  });

  test("a zone's offset as the library's day begins", () => {
    expect(offsetMinutes('Asia/Karachi', '2026-11-26')).toBe(300);
    expect(offsetMinutes('America/New_York', '2026-07-01')).toBe(-240);
    expect(offsetMinutes('America/New_York', '2026-12-01')).toBe(-300);
    expect(offsetMinutes('Not/AZone', '2026-11-26')).toBe(0);
  });
});

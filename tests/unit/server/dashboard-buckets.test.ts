import { describe, expect, test } from 'vitest';
import { BUCKET_COUNT } from '../../../server/src/modules/dashboards/buckets.js';
import { trailingPeriods, type CalendarPeriod } from '#shared/dates';

const staffHomePeriods = (period: CalendarPeriod, today: string) => trailingPeriods(period, today, BUCKET_COUNT[period]);

describe('the staff home chart buckets', () => {
  test('30 days, 12 weeks or 12 months ending today, oldest first, each a range up to the next', () => {
    const days = staffHomePeriods('day', '2026-03-01');
    expect(days.labels).toHaveLength(30);
    expect([days.starts[0], days.labels[0], days.starts.at(-1), days.end]).toEqual(['2026-01-31', '2026-01-31', '2026-03-01', '2026-03-02']);
    const weeks = staffHomePeriods('week', '2026-11-26');
    expect([weeks.starts[0], weeks.starts.at(-1), weeks.end, weeks.labels[0], weeks.labels.at(-1)]).toEqual(['2026-09-07', '2026-11-23', '2026-11-30', '2026-W37', '2026-W48']);
    const months = staffHomePeriods('month', '2026-02-15');
    expect(months.labels).toEqual(['2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
    expect([months.starts[0], months.starts.at(-1), months.end]).toEqual(['2025-03-01', '2026-02-01', '2026-03-01']);
  });
});

/**
 * The time buckets of the staff home's charts: the last 30 days (`day`), the last 12 ISO weeks
 * (`week`, Monday-based, labelled `2026-W47`) or the last 12 months (`month`, `2026-11`), ending
 * at the library's today. Each bucket is a half-open range of library dates; the database groups
 * rows by joining them to these ranges (`bucketRanges`), so every bucket is one index range, the
 * same SQL on SQLite and PostgreSQL, and empty buckets are known here (they answer 0).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '#shared/report-catalogue';
import { addDays, isoWeekOf, mondayOf } from '#shared/dates';

/** How many buckets each period shows. */
export const BUCKET_COUNT: Readonly<Record<ReportPeriod, number>> = { day: 30, week: 12, month: 12 };

/** A period's buckets, oldest first. */
export interface Buckets {
  labels: string[];
  /** The library date each bucket starts on (YYYY-MM-DD). */
  starts: string[];
  /** The day after the last bucket (its range's end, excluded). */
  end: string;
}

/** The first day of the month `months` away from a date's month. */
function monthStart(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The buckets of a period ending at `today` (the library's). */
export function bucketsOf(period: ReportPeriod, today: string): Buckets {
  const count = BUCKET_COUNT[period];
  const steps = Array.from({ length: count + 1 }, (_, k) => k - count + 1);
  if (period === 'day') {
    const bounds = steps.map((k) => addDays(today, k));
    return { labels: bounds.slice(0, -1), starts: bounds.slice(0, -1), end: bounds.at(-1)! };
  }
  if (period === 'week') {
    const monday = mondayOf(today);
    const bounds = steps.map((k) => addDays(monday, 7 * k));
    return { labels: bounds.slice(0, -1).map(isoWeekOf), starts: bounds.slice(0, -1), end: bounds.at(-1)! };
  }
  const bounds = steps.map((k) => monthStart(today, k));
  return { labels: bounds.slice(0, -1).map((d) => d.slice(0, 7)), starts: bounds.slice(0, -1), end: bounds.at(-1)! };
}

/**
 * The buckets as a table to join, `b(bucket, since, until)`: the bucket's index and its range
 * `[since, until)`, in library dates, or, with `at`, in the instants those dates begin (for
 * timestamp columns).
 */
export function bucketRanges(buckets: Buckets, at: (date: string) => string = (date) => date): RawBuilder<unknown> {
  const bounds = [...buckets.starts, buckets.end].map(at);
  const rows = buckets.starts.map((_, i) => sql`(${i}, ${bounds[i]!}, ${bounds[i + 1]!})`);
  return sql`b(bucket, since, until) as (values ${sql.join(rows)})`;
}

/**
 * The time buckets of the staff home's charts: the last 30 days (`day`), the last 12 ISO weeks
 * (`week`, Monday-based, labelled `2026-W47`) or the last 12 months (`month`, `2026-11`), ending
 * at the library's today (`trailingPeriods` in `#shared/dates` draws them). Each bucket is a
 * half-open range of library dates; the database groups rows by joining them to these ranges
 * (`bucketRanges`), so every bucket is one index range, the same SQL on SQLite and PostgreSQL,
 * and empty buckets are known here (they answer 0).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '#shared/report-catalogue';
import type { PeriodRanges } from '#shared/dates';

/** How many buckets each period shows. */
export const BUCKET_COUNT: Readonly<Record<ReportPeriod, number>> = { day: 30, week: 12, month: 12 };

/**
 * The buckets as a table to join, `b(bucket, since, until)`: the bucket's index and its range
 * `[since, until)`, in library dates, or, with `at`, in the instants those dates begin (for
 * timestamp columns).
 */
export function bucketRanges(buckets: PeriodRanges, at: (date: string) => string = (date) => date): RawBuilder<unknown> {
  const bounds = [...buckets.starts, buckets.end].map(at);
  const rows = buckets.starts.map((_, i) => sql`(${i}, ${bounds[i]!}, ${bounds[i + 1]!})`);
  return sql`b(bucket, since, until) as (values ${sql.join(rows)})`;
}

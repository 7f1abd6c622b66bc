/**
 * The date range of a report and the library's calendar in SQL. Loans carry library dates
 * (YYYY-MM-DD); fines, receipts, members and audit entries carry UTC moments, so a range of
 * library dates becomes the instants its first day begins and the day after its last begins, and
 * a moment's library date is the moment shifted by the zone's offset. The offset is taken per
 * library day over the range (a DST change applies from the next midnight: at most the hour
 * before a midnight, once a year, lands on the wrong day), so SQLite and PostgreSQL bucket alike.
 *
 * A report's period is a day `2026-11-26` when the range is at most 31 days, an ISO week
 * `2026-W48` when at most 26 weeks, else a month `2026-11`; the labels are `#shared/dates`'s.
 */
import { sql, type RawBuilder } from 'kysely';
import { dialectOfDb } from '../../db/connection.js';
import type { Db } from '../../db/schema.js';
import { addDays, daysBetween, endOfLibraryDay, startOfLibraryDay, zoneOffsetMinutes } from '#shared/dates';
import type { ReportPeriod } from '#shared/report-catalogue';

/** A report's range: library dates (inclusive), the instants bounding them, and today. */
export interface ReportRange {
  from: string;
  to: string;
  /** The instant `from` begins in the library's zone (ISO, UTC). */
  fromInstant: string;
  /** The instant the day after `to` begins (exclusive). */
  toInstant: string;
  today: string;
  timezone: string;
}

/** The range of two library dates in a zone. */
export function rangeOf(from: string, to: string, today: string, timezone: string): ReportRange {
  return { from, to, today, timezone, fromInstant: startOfLibraryDay(from, timezone), toInstant: endOfLibraryDay(to, timezone) };
}

/** The bucket of a range: day up to 31 days, week up to 26 weeks, else month. */
export function periodOf(range: Pick<ReportRange, 'from' | 'to'>): ReportPeriod {
  const days = daysBetween(range.from, range.to) + 1;
  if (days <= 31) return 'day';
  if (days <= 26 * 7) return 'week';
  return 'month';
}

/** Where the zone's offset changes over the range: the instant (ISO) a library day begins and the offset from then on. */
function offsetSegments(range: ReportRange): { startsAt: string; minutes: number }[] {
  const segments: { startsAt: string; minutes: number }[] = [];
  for (let day = addDays(range.from, -1); day <= addDays(range.to, 1); day = addDays(day, 1)) {
    const midnight = Date.parse(`${day}T00:00:00.000Z`);
    const minutes = zoneOffsetMinutes(range.timezone, midnight + 12 * 3_600_000);
    if (segments.length === 0 || segments[segments.length - 1]!.minutes !== minutes) {
      segments.push({ startsAt: new Date(midnight - minutes * 60_000).toISOString(), minutes });
    }
  }
  return segments;
}

/** A moment column shifted by whole minutes, as a YYYY-MM-DD date (both dialects). */
function shiftedDate(db: Db, column: RawBuilder<unknown>, minutes: number): RawBuilder<string> {
  const lit = sql.lit(Math.trunc(minutes));
  if (dialectOfDb(db) === 'postgres') return sql<string>`to_char(cast(${column} as timestamp) + ${lit} * interval '1 minute', 'YYYY-MM-DD')`;
  return sql<string>`date(${column}, ${`${minutes >= 0 ? '+' : ''}${Math.trunc(minutes)} minutes`})`;
}

/** The library date (YYYY-MM-DD) of a stored UTC moment, for moments within the range. */
export function libraryDateSql(db: Db, column: string, range: ReportRange): RawBuilder<string> {
  const ref = sql`${sql.ref(column)}`;
  const segments = offsetSegments(range);
  if (segments.length === 1) return shiftedDate(db, ref, segments[0]!.minutes);
  const [first, ...rest] = segments;
  const whens = rest.reverse().map((s) => sql`when ${ref} >= ${s.startsAt} then ${shiftedDate(db, ref, s.minutes)}`);
  return sql<string>`(case ${sql.join(whens, sql` `)} else ${shiftedDate(db, ref, first!.minutes)} end)`;
}

/** The bucket label of a library date expression (both dialects). */
export function bucketSql(db: Db, date: RawBuilder<string>, period: ReportPeriod): RawBuilder<string> {
  if (period === 'day') return date;
  if (period === 'month') return sql<string>`substr(${date}, 1, 7)`;
  if (dialectOfDb(db) === 'postgres') return sql<string>`to_char(cast(${date} as date), 'IYYY-"W"IW')`;
  return sql<string>`strftime('%G-W%V', ${date})`;
}

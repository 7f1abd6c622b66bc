/**
 * The time buckets of the staff home's charts: the last 30 days (`day`), the last 12 ISO weeks
 * (`week`, Monday-based, labelled `2026-W47`) or the last 12 months (`month`, `2026-11`), ending
 * at the library's today. The keys are made here (so empty buckets are there with 0); the database
 * groups rows by the same keys with `bucketOf`, written per dialect: a day is `YYYY-MM-DD`, a week
 * is keyed by its Monday's date, a month by `YYYY-MM`. Timestamps (ISO text in UTC) are first read
 * as the library's calendar day: PostgreSQL by the zone's name, SQLite by the zone's offset today
 * (a daylight-saving change inside the chart's range shifts that hour of the older days).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { ReportPeriod } from '../../../../src/lib/report-catalogue.js';
import { addDays, daysBetween, todayIn } from '../../../../src/lib/dates.js';
import { startOfLibraryDay } from '../notices/library-time.js';

/** How many buckets each period shows. */
export const BUCKET_COUNT: Readonly<Record<ReportPeriod, number>> = { day: 30, week: 12, month: 12 };

/** A period's buckets, oldest first: each key (as `bucketOf` computes it) with its label. */
export interface Buckets {
  keys: string[];
  labels: string[];
  /** The first day of the first bucket (YYYY-MM-DD): rows before it are not read. */
  from: string;
}

/** The ISO week label of a date: `2026-W47` (the week's Thursday names its year). */
export function isoWeekLabel(date: string): string {
  const monday = mondayOf(date);
  const thursday = addDays(monday, 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday of a date's week. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** `YYYY-MM` moved by whole months. */
function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The buckets of a period ending at `today` (the library's). */
export function bucketsOf(period: ReportPeriod, today: string): Buckets {
  const count = BUCKET_COUNT[period];
  const steps = Array.from({ length: count }, (_, k) => k - count + 1);
  if (period === 'day') {
    const keys = steps.map((k) => addDays(today, k));
    return { keys, labels: keys, from: keys[0]! };
  }
  if (period === 'week') {
    const monday = mondayOf(today);
    const keys = steps.map((k) => addDays(monday, 7 * k));
    return { keys, labels: keys.map(isoWeekLabel), from: keys[0]! };
  }
  const keys = steps.map((k) => addMonths(today.slice(0, 7), k));
  return { keys, labels: keys, from: `${keys[0]!}-01` };
}

/** The zone's offset from UTC in minutes as `day` begins (Asia/Karachi: 300), from the library's clock. */
export function offsetMinutes(timeZone: string, day: string = todayIn(timeZone)): number {
  return Math.round((Date.parse(`${day}T00:00:00.000Z`) - Date.parse(startOfLibraryDay(day, timeZone))) / 60000);
}

/** How the database reads the library's day and buckets, per dialect. */
export interface BucketSql {
  dialect: Dialect;
  timeZone: string;
}

/** The library's calendar day (YYYY-MM-DD) of a timestamp column's value. */
export function dayOfMoment(on: BucketSql, column: RawBuilder<unknown>): RawBuilder<string> {
  if (on.dialect === 'postgres') return sql<string>`to_char(${column}::timestamptz at time zone ${on.timeZone}, 'YYYY-MM-DD')`;
  const offset = offsetMinutes(on.timeZone);
  // Stored moments are UTC ISO text: in UTC the day is their first ten characters.
  if (offset === 0) return sql<string>`substr(${column}, 1, 10)`;
  return sql<string>`date(${column}, ${`${offset > 0 ? '+' : ''}${offset} minutes`})`;
}

/** A day's (YYYY-MM-DD text) bucket key for a period. */
export function bucketOf(on: BucketSql, period: ReportPeriod, day: RawBuilder<unknown>): RawBuilder<string> {
  if (period === 'day') return sql<string>`${day}`;
  if (period === 'month') return sql<string>`substr(${day}, 1, 7)`;
  if (on.dialect === 'postgres') return sql<string>`to_char(date_trunc('week', ${day}::date), 'YYYY-MM-DD')`;
  return sql<string>`date(${day}, 'weekday 0', '-6 days')`;
}

/**
 * The reports' calendar: period buckets and their labels (the dashboard's), and a stored UTC
 * moment's library date in SQL, across a daylight-saving change, run on an in-memory SQLite.
 */
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import type { Database } from '../../../server/src/db/schema.js';
import { libraryDateSql, periodOf, rangeOf } from '../../../server/src/modules/reports/range.js';
import { isoWeekOf, periodLabelsBetween } from '#shared/dates';

const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
afterAll(() => db.destroy());

describe('report periods', () => {
  test.each([
    ['2026-11-01', '2026-11-30', 'day'],
    ['2026-11-01', '2026-12-01', 'day'],
    ['2026-11-01', '2026-12-02', 'week'],
    ['2026-01-01', '2026-07-01', 'week'],
    ['2026-01-01', '2026-07-02', 'month'],
  ] as const)('%s to %s is bucketed by %s', (from, to, period) => {
    expect(periodOf({ from, to })).toBe(period);
  });

  test.each([
    ['2026-11-26', '2026-W48'],
    ['2026-01-01', '2026-W01'],
    ['2027-01-01', '2026-W53'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
  ])('ISO week of %s is %s', (date, week) => {
    expect(isoWeekOf(date)).toBe(week);
  });

  test('every bucket of a range in order, empty ones too', () => {
    expect(periodLabelsBetween('2026-11-28', '2026-12-02', 'day')).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(periodLabelsBetween('2026-11-20', '2026-12-08', 'week')).toEqual(['2026-W47', '2026-W48', '2026-W49', '2026-W50']);
    expect(periodLabelsBetween('2026-10-31', '2027-01-01', 'month')).toEqual(['2026-10', '2026-11', '2026-12', '2027-01']);
  });
});

describe('a moment\'s library date in SQL', () => {
  const dateOf = async (moment: string, timezone: string, from: string, to: string): Promise<string> => {
    const expression = libraryDateSql(db, 'm.at', rangeOf(from, to, to, timezone));
    const { rows } = await sql<{ d: string }>`select ${expression} as d from (select ${moment} as at) as m`.execute(db);
    return rows[0]!.d;
  };

  test.each([
    ['2026-03-12T20:00:00.000Z', 'Asia/Karachi', '2026-03-13'],
    ['2026-03-12T18:59:59.999Z', 'Asia/Karachi', '2026-03-12'],
    ['2026-03-13T03:00:00.000Z', 'America/New_York', '2026-03-12'],
    // Summer time in London from 29 March 2026: 23:30 UTC is 00:30 the next day.
    ['2026-03-20T23:30:00.000Z', 'Europe/London', '2026-03-20'],
    ['2026-04-10T23:30:00.000Z', 'Europe/London', '2026-04-11'],
    ['2026-04-10T23:30:00.000Z', 'Not/AZone', '2026-04-10'],
  ])('%s in %s falls on %s', async (moment, timezone, date) => {
    expect(await dateOf(moment, timezone, '2026-03-01', '2026-04-30')).toBe(date);
  });
});

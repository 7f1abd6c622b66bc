/**
 * The reports' calendar: a range's period (its labels are `#shared/dates`'s, tested there), and a
 * stored UTC moment's library date in SQL, across a daylight-saving change, on an in-memory SQLite.
 */
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import type { Database } from '../../../server/src/db/schema.js';
import { libraryDateSql, periodOf, rangeOf } from '../../../server/src/modules/reports/range.js';

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

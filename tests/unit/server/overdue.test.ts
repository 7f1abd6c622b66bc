import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { isOverdue } from '#shared/overdue';
import { overdueCountSql, overdueSql } from '../../../server/src/db/overdue.js';

const today = '2026-03-10';

/** [due date, returned at, overdue on `today`] */
const LOANS: [string, string | null, boolean][] = [
  ['2026-03-09', null, true],
  ['2026-02-28', null, true],
  ['2025-12-31', null, true],
  ['2026-03-10', null, false],
  ['2026-03-11', null, false],
  ['2026-04-01', null, false],
  ['2026-03-01', '2026-03-05T10:00:00.000Z', false],
  ['2026-03-01', '2026-03-09T10:00:00.000Z', false],
  ['2026-03-12', '2026-03-09T10:00:00.000Z', false],
];

describe('a loan is overdue while it is out and its due date is before today', () => {
  test.each(LOANS)('due %s, returned %s: overdue %s', (due_date, returned_at, overdue) => {
    expect(isOverdue({ due_date, returned_at }, today)).toBe(overdue);
  });

  test.each([
    [{ due_date: '2026-03-09' }, true],
    [{ due_date: '2026-03-10' }, false],
    [{ due_date: 'not a date' }, false],
    [{ due_date: '2026-03-09T00:00:00Z' }, true],
  ])('an open loan given without its return (%j) is judged by its due date alone: %s', (loan, overdue) => {
    expect(isOverdue(loan, today)).toBe(overdue);
  });

  test('a today that is not a date makes nothing overdue', () => {
    expect(isOverdue({ due_date: '2026-03-09' }, '')).toBe(false);
  });
});

describe('the SQL form of overdue agrees with the rule', () => {
  const db = new Kysely<{ loans: { id: number; due_date: string; returned_at: string | null } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  afterAll(() => db.destroy());

  async function seeded() {
    await sql`create table if not exists loans (id integer primary key, due_date text not null, returned_at text)`.execute(db);
    if ((await db.selectFrom('loans').select('id').execute()).length === 0) {
      await db.insertInto('loans').values(LOANS.map(([due_date, returned_at], i) => ({ id: i + 1, due_date, returned_at }))).execute();
    }
  }

  test('picks exactly the loans the rule calls overdue, with a table alias or without', async () => {
    await seeded();
    const expected = LOANS.flatMap(([, , overdue], i) => (overdue ? [i + 1] : []));
    const aliased = await db.selectFrom('loans as l').select('l.id').where(overdueSql(today, 'l')).orderBy('l.id').execute();
    const bare = await db.selectFrom('loans').select('id').where(overdueSql(today)).orderBy('id').execute();
    expect(aliased.map((r) => r.id)).toEqual(expected);
    expect(bare.map((r) => r.id)).toEqual(expected);
  });

  test('counts the overdue loans, and 0 (not null) when there are none', async () => {
    await seeded();
    const all = await db.selectFrom('loans as l').select(overdueCountSql(today, 'l').as('n')).executeTakeFirstOrThrow();
    const none = await db.selectFrom('loans as l').select(overdueCountSql(today, 'l').as('n')).where('l.id', '<', 0).executeTakeFirstOrThrow();
    expect(Number(all.n)).toBe(LOANS.filter(([, , overdue]) => overdue).length);
    expect(Number(none.n)).toBe(0);
  });
});

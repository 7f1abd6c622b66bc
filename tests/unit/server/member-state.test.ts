import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isMemberState, MEMBER_STATES, memberStateOf, type MemberState } from '#shared/member-state';
import { inMemberState, memberStateSql } from '../../../server/src/db/member-state.js';

const APPROVED = '2026-01-05T09:00:00.000Z';

/** Every combination of the flags: [is_active, is_declined, approved_at, state]. */
const FLAGS: [number, number, string | null, MemberState][] = [
  [1, 0, APPROVED, 'active'],
  [1, 0, null, 'active'],
  [0, 0, null, 'pending'],
  [0, 0, APPROVED, 'disabled'],
  [0, 1, null, 'rejected'],
  [0, 1, APPROVED, 'rejected'],
  // Declined wins over active, as it does at sign-in (no desk writes this pair; a repair could).
  [1, 1, null, 'rejected'],
  [1, 1, APPROVED, 'rejected'],
];

describe("a member's state from his account flags", () => {
  test.each(FLAGS)('active %i, declined %i, approved %s: %s', (is_active, is_declined, approved_at, state) => {
    expect(memberStateOf({ is_active, is_declined, approved_at })).toBe(state);
  });

  test('reads booleans as the stored 0/1 flags', () => {
    expect(memberStateOf({ is_active: true, is_declined: false, approved_at: null })).toBe('active');
    expect(memberStateOf({ is_active: false, is_declined: true, approved_at: null })).toBe('rejected');
  });

  test.each([
    ['active', true],
    ['disabled', true],
    ['deleted', false],
    ['', false],
    [undefined, false],
  ])('%j names a state: %s', (value, named) => expect(isMemberState(value)).toBe(named));
});

describe('the SQL forms of the state agree with the rule', () => {
  const db = new Kysely<{ users: { id: number; is_active: number; is_declined: number; approved_at: string | null } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  beforeAll(async () => {
    await sql`create table users (id integer primary key, is_active integer not null, is_declined integer not null, approved_at text)`.execute(db);
    await db.insertInto('users').values(FLAGS.map(([is_active, is_declined, approved_at], i) => ({ id: i + 1, is_active, is_declined, approved_at }))).execute();
  });
  afterAll(() => db.destroy());

  test('the state column names each member as the rule does', async () => {
    const rows = await db.selectFrom('users as u').select(['u.id', memberStateSql('u').as('state')]).orderBy('u.id').execute();
    expect(rows.map((r) => r.state)).toEqual(FLAGS.map(([, , , state]) => state));
  });

  test.each(MEMBER_STATES.map((state) => [state]))('the %s filter picks exactly the members in that state, each in one list', async (state) => {
    const rows = await db.selectFrom('users as u').select('u.id').where(inMemberState(state, 'u')).orderBy('u.id').execute();
    expect(rows.map((r) => r.id)).toEqual(FLAGS.flatMap(([, , , s], i) => (s === state ? [i + 1] : [])));
  });
});

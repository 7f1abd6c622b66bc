import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { containsPattern, escapeLike, like, matchesAny, startsWithPattern } from '../../../server/src/db/like.js';

describe('escaping a search term for LIKE', () => {
  test.each([
    ['plain', 'plain'],
    ['100%', '100\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
    ['50%_off\\now', '50\\%\\_off\\\\now'],
    ['', ''],
  ])('escapes %j as %j', (term, escaped) => {
    expect(escapeLike(term)).toBe(escaped);
  });

  test('wraps the escaped term for "contains" and "begins with"', () => {
    expect(containsPattern('a_%')).toBe('%a\\_\\%%');
    expect(startsWithPattern('a_%')).toBe('a\\_\\%%');
  });
});

describe('a LIKE built here matches the term literally', () => {
  const db = new Kysely<{ t: { v: string } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  afterAll(() => db.destroy());
  const values = ['100% cotton', '1000 cotton', 'a_b', 'axb', 'c:\\dir', 'c:/dir', 'Mixed_%\\Case', 'mixedxx\\case'];

  async function matches(term: string, pattern: (t: string) => string): Promise<string[]> {
    await sql`create table if not exists t (v text)`.execute(db);
    if ((await db.selectFrom('t').select('v').execute()).length === 0) await db.insertInto('t').values(values.map((v) => ({ v }))).execute();
    const rows = await db.selectFrom('t').select('v').where(like(sql.ref('v'), pattern(term))).orderBy('v').execute();
    return rows.map((r) => r.v);
  }

  test.each([
    ['%', ['100% cotton', 'Mixed_%\\Case']],
    ['_', ['Mixed_%\\Case', 'a_b']],
    ['\\', ['Mixed_%\\Case', 'c:\\dir', 'mixedxx\\case']],
    ['d_%\\', ['Mixed_%\\Case']],
  ])('"contains %s" finds only values holding those characters', async (term, expected) => {
    expect(await matches(term, containsPattern)).toEqual(expected);
  });

  test('"begins with" takes the term literally', async () => {
    expect(await matches('100%', startsWithPattern)).toEqual(['100% cotton']);
  });

  test('matchesAny ignores case and tries every expression', async () => {
    const rows = await db.selectFrom('t').select('v').where(matchesAny('D_%\\c', [sql.ref('v'), sql`'none'`])).execute();
    expect(rows.map((r) => r.v)).toEqual(['Mixed_%\\Case']);
  });
});

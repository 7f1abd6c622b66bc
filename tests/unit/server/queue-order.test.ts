import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { firstInLineSql, inQueueOrder, placeAt, placeOf, queueAheadSql } from '../../../server/src/db/queue-order.js';

interface Row {
  id: number;
  book_id: number;
  status: string;
  queue_rank: number;
}

/**
 * Two titles' reservations. Title 1's queue: rank 1 (id 4), then rank 2 twice (ids 2 and 6: the
 * older first), then rank 3 (id 1); id 3 and id 5 wait no more. Title 2's queue: id 8, then id 7.
 */
const ROWS: Row[] = [
  { id: 1, book_id: 1, status: 'PENDING', queue_rank: 3 },
  { id: 2, book_id: 1, status: 'PENDING', queue_rank: 2 },
  { id: 3, book_id: 1, status: 'FULFILLED', queue_rank: 1 },
  { id: 4, book_id: 1, status: 'PENDING', queue_rank: 1 },
  { id: 5, book_id: 1, status: 'CANCELLED', queue_rank: 0 },
  { id: 6, book_id: 1, status: 'PENDING', queue_rank: 2 },
  { id: 7, book_id: 2, status: 'PENDING', queue_rank: 5 },
  { id: 8, book_id: 2, status: 'PENDING', queue_rank: 4 },
];

const QUEUES: [book: number, order: number[]][] = [
  [1, [4, 2, 6, 1]],
  [2, [8, 7]],
];

const db = new Kysely<{ reservations: Row; books: { id: number } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
beforeAll(async () => {
  await sql`create table reservations (id integer primary key, book_id integer not null, status text not null, queue_rank integer not null)`.execute(db);
  await sql`create table books (id integer primary key)`.execute(db);
  await db.insertInto('reservations').values(ROWS).execute();
  await db.insertInto('books').values([{ id: 1 }, { id: 2 }, { id: 3 }]).execute();
});
afterAll(() => db.destroy());

const waiting = (book: number) => db.selectFrom('reservations as r').select('r.id').where('r.book_id', '=', book).where('r.status', '=', 'PENDING');

describe("a title's queue: its PENDING reservations by rank, then the older (lower id) first", () => {
  test.each(QUEUES)('title %i waits in the order %j, with an alias or without', async (book, order) => {
    expect((await inQueueOrder(waiting(book), 'r').execute()).map((r) => r.id)).toEqual(order);
    const bare = db.selectFrom('reservations').select('id').where('book_id', '=', book).where('status', '=', 'PENDING');
    expect((await inQueueOrder(bare).execute()).map((r) => r.id)).toEqual(order);
  });

  test.each([...QUEUES, [3, []] as [number, number[]]])('the first in line of title %i is the head of %j (none for an empty queue)', async (book, order) => {
    const row = await db.selectFrom('books as b').select(firstInLineSql(sql.ref('b.id')).as('first')).where('b.id', '=', book).executeTakeFirstOrThrow();
    expect(row.first).toBe(order[0] ?? null);
  });

  test.each(QUEUES.flatMap(([book, order]) => order.map((id, index) => [book, id, index] as const)))(
    'title %i: reservation %i has %i ahead of it, and that plus itself is its place',
    async (book, id, ahead) => {
      const me = ROWS.find((r) => r.id === id)!;
      const strictly = await waiting(book).where(queueAheadSql(placeOf('r'), placeAt(me))).execute();
      expect(strictly.length).toBe(ahead);
      const place = await db
        .selectFrom('reservations as r')
        .select(sql<number>`(select count(*) from reservations q where q.book_id = r.book_id and q.status = 'PENDING' and ${queueAheadSql(placeOf('q'), placeOf('r'), true)})`.as('place'))
        .where('r.id', '=', id)
        .executeTakeFirstOrThrow();
      expect(place.place).toBe(ahead + 1);
    },
  );
});

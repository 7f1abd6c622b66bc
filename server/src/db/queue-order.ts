/**
 * A title's reservation queue, the one order: its PENDING reservations by `queue_rank`, then by id
 * (of two with the same rank, the older waits ahead). Every read of a queue (who is first, a
 * reservation's place, the waiting list, a move) orders or compares here, in the shape the
 * partial index `reservations_queue (book_id, queue_rank, id) where status = 'PENDING'` serves.
 */
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** A place in a queue: a rank and an id, as columns or as values. */
export interface QueuePlace {
  rank: Expression<unknown>;
  id: Expression<unknown>;
}

const column = (alias: string | undefined, name: 'queue_rank' | 'id') => sql.ref(alias ? `${alias}.${name}` : name);

/** `rank, id` of the reservations `alias`, for an `order by` written in SQL. */
const queueOrderSql = (alias?: string): RawBuilder<unknown> => sql`${column(alias, 'queue_rank')}, ${column(alias, 'id')}`;

/** The place of the reservations `alias` (the bare table without one). */
export const placeOf = (alias?: string): QueuePlace => ({ rank: column(alias, 'queue_rank'), id: column(alias, 'id') });

/** The place of a reservation already read. */
export const placeAt = (row: { queue_rank: number; id: number }): QueuePlace => ({ rank: sql`${row.queue_rank}`, id: sql`${row.id}` });

/** Orders a query over the reservations `alias` in queue order. */
export function inQueueOrder<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, alias?: string): SelectQueryBuilder<DB, TB, O> {
  return q.orderBy(column(alias, 'queue_rank')).orderBy(column(alias, 'id'));
}

/** `a` stands ahead of `b` in their title's queue (or is `b`, with `orSame`). */
export function queueAheadSql(a: QueuePlace, b: QueuePlace, orSame = false): RawBuilder<boolean> {
  return sql<boolean>`(${a.rank} < ${b.rank} or (${a.rank} = ${b.rank} and ${a.id} ${sql.raw(orSame ? '<=' : '<')} ${b.id}))`;
}

/** The id of the first PENDING reservation of the title `bookId`, or null: a subquery probed on `reservations_queue`. */
export const firstInLineSql = (bookId: Expression<unknown>): RawBuilder<number | null> =>
  sql<number | null>`(select q.id from reservations q where q.book_id = ${bookId} and q.status = 'PENDING' order by ${queueOrderSql('q')} limit 1)`;

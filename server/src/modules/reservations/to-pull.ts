/**
 * Holds to pull (`GET /books/reservations/to-pull/`): the morning's list of titles that members
 * wait for (PENDING reservations) while copies of them stand AVAILABLE on the shelf, with the copies
 * to take down, at most as many as members wait. Ordered as a walk along the shelves: by the first
 * call number of the title's shelved copies (titles without one last), then its shelf, then title.
 * Two queries whatever the page: the page of titles (waiting counts and shelf places grouped in
 * SQL), then their shelved copies.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';

/** A page of the list, as asked (page from 1). */
export interface ToPullQuery {
  page: number;
  pageSize: number;
}

/** The list's default and largest page: a printed page and a few. */
export const TO_PULL_PAGE = { defaultSize: 50, maxSize: 200 } as const;

export interface ToPullCopy {
  id: number;
  accession_no: string;
  call_number: string | null;
  shelf_location: string | null;
}

export interface ToPullTitle {
  book: { id: number; title: string; author: string };
  /** Members waiting (PENDING reservations) for the title. */
  waiting: number;
  /** Shelved copies to pull, at most `waiting`, in shelf order. */
  copies: ToPullCopy[];
}

/** Titles with waiting members and shelved copies (`w`: waiting counts, `s`: shelf places, `b`: the book). */
function titlesToPull(db: Db) {
  const waiting = db
    .selectFrom('reservations')
    .select(['book_id', (eb) => eb.fn.countAll<number | string>().as('waiting')])
    .where('status', '=', 'PENDING')
    .groupBy('book_id');
  const shelved = db
    .selectFrom('copies')
    .select(['book_id', (eb) => eb.fn.min('call_number').as('call_number'), (eb) => eb.fn.min('shelf_location').as('shelf_location')])
    .where('status', '=', 'AVAILABLE')
    .groupBy('book_id');
  return db
    .selectFrom(waiting.as('w'))
    .innerJoin(shelved.as('s'), 's.book_id', 'w.book_id')
    .innerJoin('books as b', 'b.id', 'w.book_id');
}

/** A value's place in the order with blanks last on both databases (SQLite sorts nulls first, PostgreSQL last). */
const blankLast = (column: string) => sql`case when ${sql.ref(column)} is null or ${sql.ref(column)} = '' then 1 else 0 end`;

/** One page of the holds to pull, and how many titles there are in all. */
export async function holdsToPull(db: Db, q: ToPullQuery): Promise<{ count: number; results: ToPullTitle[] }> {
  const { n } = await titlesToPull(db).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const titles = await titlesToPull(db)
    .select(['b.id', 'b.title', 'b.author', 'w.waiting'])
    .orderBy(blankLast('s.call_number'))
    .orderBy('s.call_number')
    .orderBy(blankLast('s.shelf_location'))
    .orderBy('s.shelf_location')
    .orderBy('b.title')
    .orderBy('b.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  if (titles.length === 0) return { count: Number(n), results: [] };
  const copies = await db
    .selectFrom('copies')
    .select(['id', 'book_id', 'accession_no', 'call_number', 'shelf_location'])
    .where('book_id', 'in', titles.map((t) => t.id))
    .where('status', '=', 'AVAILABLE')
    .orderBy(blankLast('call_number'))
    .orderBy('call_number')
    .orderBy(blankLast('shelf_location'))
    .orderBy('shelf_location')
    .orderBy('accession_no')
    .execute();
  const byBook = new Map<number, ToPullCopy[]>();
  for (const c of copies) {
    const list = byBook.get(c.book_id) ?? [];
    list.push({ id: c.id, accession_no: c.accession_no, call_number: c.call_number, shelf_location: c.shelf_location });
    byBook.set(c.book_id, list);
  }
  return {
    count: Number(n),
    results: titles.map((t) => {
      const waiting = Number(t.waiting);
      return { book: { id: t.id, title: t.title, author: t.author }, waiting, copies: (byBook.get(t.id) ?? []).slice(0, waiting) };
    }),
  };
}

/**
 * The accession register's migration on a database that already lends books: every title gets its
 * copies, every open loan and every held reservation names one copy of its own title, and the
 * counts read from the copies equal the counts the titles had.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/src/db/migrations/index.js';
import type { Database } from '../../server/src/db/schema.js';
import { databaseAt } from './support/migrated-db.js';

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const now = '2026-11-01T10:00:00.000Z';

async function book(title: string, total: number, available: number, status = 'ACTIVE'): Promise<number> {
  const row = await db
    .insertInto('books')
    .values({ title, author: 'A', isbn: `97800000${String(title.length).padStart(5, '0')}`, department_id: null, category_id: null, language_id: null, publisher: 'P', total_copies: total, available_copies: available, rack_no: 'R-1', shelf_location: 'Shelf 2', date_of_entry: '2026-01-05', status: status as 'ACTIVE', price: 10000, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function member(username: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ username, email: `${username}@example.test`, password_hash: 'x', first_name: 'M', last_name: username, role: 'MEMBER', is_active: 1, is_declined: 0, is_verified: 1, date_joined: now, approved_at: now, last_login: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function loan(bookId: number, memberId: number, returned: string | null): Promise<number> {
  const row = await db
    .insertInto('loans')
    .values({ book_id: bookId, member_id: memberId, issue_date: '2026-10-01', due_date: '2026-10-15', returned_at: returned, status: returned ? 'RETURNED' : 'ISSUED', renewals: 0, issued_by: null, returned_by: null, created_at: now, updated_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ db, cleanup } = await databaseAt('0014_refresh_successor'));
  await db.insertInto('library_settings').values({ id: 1 }).execute();

  const [sara, omar, lina] = [await member('sara'), await member('omar'), await member('lina')];
  // Three copies: one lent to Sara, one held for Omar, one on the shelf; Lina returned one before.
  ids.busy = await book('Busy title', 3, 1);
  ids.saraLoan = await loan(ids.busy, sara, null);
  await loan(ids.busy, lina, '2026-10-10');
  const held = await db
    .insertInto('reservations')
    .values({ book_id: ids.busy, member_id: omar, status: 'FULFILLED', queue_rank: 1, hold_until: '2026-11-05', loan_id: null, notes: null, created_at: now, updated_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.omarHold = held.id;
  ids.quiet = await book('Quiet', 2, 2);
  ids.gone = await book('Gone', 0, 0, 'LOST');
  ids.omarLoan = await loan(ids.quiet, omar, null);
  // "Quiet" claimed two on the shelf although one is out: the copies tell the truth afterwards.
  await migrate(db);
});

afterAll(async () => cleanup?.());

describe('migration 0015: the accession register', () => {
  it('gives every title its copies, numbered in book order, with the title\'s shelf and entry date', async () => {
    const copies = await db.selectFrom('copies').selectAll().orderBy('id').execute();
    expect(copies.map((c) => [c.book_id, c.copy_no, c.accession_no, c.barcode])).toEqual([
      [ids.busy, 1, 'ACC-00001', 'ACC-00001'],
      [ids.busy, 2, 'ACC-00002', 'ACC-00002'],
      [ids.busy, 3, 'ACC-00003', 'ACC-00003'],
      [ids.quiet, 1, 'ACC-00004', 'ACC-00004'],
      [ids.quiet, 2, 'ACC-00005', 'ACC-00005'],
    ]);
    expect(new Set(copies.map((c) => c.shelf_location))).toEqual(new Set(['Shelf 2']));
    expect(new Set(copies.map((c) => c.acquired_on))).toEqual(new Set(['2026-01-05']));
    const settings = await db.selectFrom('library_settings').select(['accession_prefix', 'accession_digits', 'accession_next', 'label_sheet']).executeTakeFirstOrThrow();
    expect(settings).toEqual({ accession_prefix: 'ACC-', accession_digits: 5, accession_next: 6, label_sheet: '3x8' });
  });

  it('links each open loan and each held reservation to its own copy of the title, and marks those copies', async () => {
    const saraLoan = await db.selectFrom('loans').innerJoin('copies', 'copies.id', 'loans.copy_id').select(['copies.book_id', 'copies.status', 'copies.copy_no']).where('loans.id', '=', ids.saraLoan!).executeTakeFirstOrThrow();
    expect(saraLoan).toEqual({ book_id: ids.busy, status: 'ON_LOAN', copy_no: 1 });
    const hold = await db.selectFrom('reservations').innerJoin('copies', 'copies.id', 'reservations.copy_id').select(['copies.book_id', 'copies.status', 'copies.copy_no']).where('reservations.id', '=', ids.omarHold!).executeTakeFirstOrThrow();
    expect(hold).toEqual({ book_id: ids.busy, status: 'ON_HOLD', copy_no: 2 });
    const closed = await db.selectFrom('loans').select('copy_id').where('returned_at', 'is not', null).execute();
    expect(closed.map((l) => l.copy_id)).toEqual([null]);
  });

  it('reads the counts from the copies: unchanged where they were consistent, corrected where not', async () => {
    const books = await db.selectFrom('books').select(['id', 'total_copies', 'available_copies']).orderBy('id').execute();
    expect(books).toEqual([
      { id: ids.busy, total_copies: 3, available_copies: 1 },
      { id: ids.quiet, total_copies: 2, available_copies: 1 },
      { id: ids.gone, total_copies: 0, available_copies: 0 },
    ]);
  });
});

describe('migration 0015 on a large library', () => {
  let big: Kysely<Database>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db: big, cleanup: drop } = await databaseAt('0014_refresh_successor'));
    const values = (title: string, isbn: string, total: number) => ({ title, author: 'A', isbn, department_id: null, category_id: null, language_id: null, publisher: 'P', total_copies: total, available_copies: total, rack_no: 'R-1', shelf_location: null, date_of_entry: '2026-01-05', status: 'ACTIVE' as const, price: 100, created_at: now, updated_at: now });
    await big.insertInto('library_settings').values({ id: 1 }).execute();
    await big.insertInto('books').values([values('Many', '9780000000001', 100_000), values('After', '9780000000002', 2)]).execute();
    await migrate(big);
  }, 120_000);

  afterAll(async () => drop?.());

  it('numbers past the accession digits without wrapping: ACC-99999 is followed by ACC-100000', async () => {
    const last = await big.selectFrom('copies').select(['copy_no', 'accession_no']).orderBy('id', 'desc').limit(4).execute();
    expect(last.map((c) => c.accession_no)).toEqual(['ACC-100002', 'ACC-100001', 'ACC-100000', 'ACC-99999']);
    const settings = await big.selectFrom('library_settings').select('accession_next').executeTakeFirstOrThrow();
    expect(settings.accession_next).toBe(100_003);
  });
});

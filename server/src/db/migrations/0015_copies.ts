import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/**
 * Migration 0015_copies: the accession register. Each physical copy of a title is a row of
 * `copies` (accession number and barcode, each unique; call number, shelf, acquisition date,
 * source, price, condition note, status); `copy_events` keeps every status change made outside a
 * loan or a hold (damaged, repaired, lost, missing, withdrawn, found) with its reason and who made
 * it. Loans and held reservations name their copy (`copy_id`). The library's accession sequence
 * and its label sheet live in `library_settings`.
 *
 * Existing data: every book gets `max(total_copies, open loans + held copies)` copies, numbered in
 * book order from ACC-00001; each open loan takes one of its title's copies (ON_LOAN), each held
 * reservation the next (ON_HOLD), the rest are AVAILABLE; then a book's counts are read from its
 * copies (unchanged wherever the counts were consistent). A few set-based statements (grouped
 * counts, never a subquery per title; the indexes built once the rows are in), so 100,000 books and
 * 1,000,000 loans migrate in seconds (`bench/migration-copies.ts`, figures in docs/PERFORMANCE.md).
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ withId, dialect }) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('copies') as Table)
      .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
      /** The copy's ordinal within its title (copy 1, 2, …), never reused. */
      .addColumn('copy_no', 'integer', (c) => c.notNull())
      .addColumn('accession_no', 'text', (c) => c.notNull())
      .addColumn('barcode', 'text', (c) => c.notNull())
      .addColumn('call_number', 'text')
      .addColumn('shelf_location', 'text')
      .addColumn('acquired_on', 'text')
      .addColumn('source', 'text')
      .addColumn('price', 'integer')
      .addColumn('condition_note', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('AVAILABLE'))
      .addColumn('status_reason', 'text')
      .addColumn('status_changed_at', 'text')
      .addColumn('withdrawn_on', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('copy_events') as Table)
      .addColumn('copy_id', 'integer', (c) => c.notNull().references('copies.id').onDelete('cascade'))
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('copy_events_copy').on('copy_events').columns(['copy_id', 'id']).execute();

    await db.schema.alterTable('loans').addColumn('copy_id', 'integer', (c) => c.references('copies.id')).execute();
    await db.schema.alterTable('reservations').addColumn('copy_id', 'integer', (c) => c.references('copies.id')).execute();

    for (const [column, type, fallback] of [
      ['accession_prefix', 'text', 'ACC-'],
      ['accession_digits', 'integer', 5],
      ['accession_next', 'integer', 1],
      ['label_sheet', 'text', '3x8'],
    ] as const) {
      await db.schema.alterTable('library_settings').addColumn(column, type, (c) => c.notNull().defaultTo(fallback)).execute();
    }

    const now = new Date().toISOString();
    const greatest = dialect === 'postgres' ? 'greatest' : 'max';
    // formatAccession('ACC-', n, 5): padded to five digits, longer numbers kept whole (ACC-100000 follows ACC-99999).
    const accession = sql`'ACC-' || case when length(n) < 5 then substr('0000' || n, length(n)) else n end`;
    // The copies each title needs: its counted copies, or more when more are out or held (grouped counts, never a subquery per title).
    const need = sql`
      select b.id, b.shelf_location, b.date_of_entry, ${sql.raw(greatest)}(b.total_copies, coalesce(o.n, 0) + coalesce(h.n, 0)) as n
      from books b
      left join (select book_id, count(*) as n from loans where returned_at is null group by book_id) o on o.book_id = b.id
      left join (select book_id, count(*) as n from reservations where status = 'FULFILLED' group by book_id) h on h.book_id = b.id`;
    const most = Number((await sql<{ most: number | string | null }>`select max(n) as most from (${need}) need`.execute(db)).rows[0]?.most ?? 0);
    if (most > 0) {
      // Copy k of each title (1..n): PostgreSQL's generate_series per title; SQLite joins a table of ordinals by its key.
      // Either way the work grows with the copies made, not with titles × the largest title.
      let ordinals = sql`cross join lateral generate_series(1, need.n) as s(i)`;
      if (dialect === 'sqlite') {
        await sql`create temp table copy_ordinals (i integer primary key)`.execute(db);
        await sql`insert into copy_ordinals (i) with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${sql.lit(most)}) select i from seq`.execute(db);
        ordinals = sql`join copy_ordinals s on s.i between 1 and need.n`;
      }
      await sql`
        insert into copies (book_id, copy_no, accession_no, barcode, shelf_location, acquired_on, status, created_at, updated_at)
        select book_id, copy_no, ${accession}, ${accession}, shelf_location, date_of_entry, 'AVAILABLE', ${now}, ${now}
        from (
          select need.id as book_id, s.i as copy_no, need.shelf_location, need.date_of_entry,
                 cast(row_number() over (order by need.id, s.i) as text) as n
          from (${need}) need ${ordinals}
        ) numbered
        order by book_id, copy_no`.execute(db);
      if (dialect === 'sqlite') await sql`drop table copy_ordinals`.execute(db);
    }
    // Indexes once the rows are in: one sort each instead of an index update per row.
    await db.schema.createIndex('copies_accession').on('copies').column('accession_no').unique().execute();
    await db.schema.createIndex('copies_barcode').on('copies').column('barcode').unique().execute();
    await db.schema.createIndex('copies_book_status').on('copies').columns(['book_id', 'status']).execute();
    await db.schema.createIndex('copies_book_no').on('copies').columns(['book_id', 'copy_no']).unique().execute();
    await db.schema.createIndex('copies_created').on('copies').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('copies_acquired').on('copies').columns(['acquired_on', 'id']).execute();

    // Open loans take their title's first copies, held reservations the next ones.
    await sql`
      update loans set copy_id = c.id
      from (select id as loan_id, book_id, row_number() over (partition by book_id order by id) as k
            from loans where returned_at is null) o
      join copies c on c.book_id = o.book_id and c.copy_no = o.k
      where loans.id = o.loan_id`.execute(db);
    await sql`
      update reservations set copy_id = c.id
      from (select r.id as reservation_id, r.book_id,
                   row_number() over (partition by r.book_id order by r.id)
                   + (select count(*) from loans l where l.book_id = r.book_id and l.returned_at is null) as k
            from reservations r where r.status = 'FULFILLED') h
      join copies c on c.book_id = h.book_id and c.copy_no = h.k
      where reservations.id = h.reservation_id`.execute(db);
    // Only loans that name a copy (every loan from now on; none of the returned ones before copies): a small index, built fast.
    await sql`create index loans_copy on loans (copy_id, returned_at) where copy_id is not null`.execute(db);
    await db.schema.createIndex('reservations_copy').on('reservations').columns(['copy_id', 'status']).execute();
    await sql`update copies set status = 'ON_LOAN' where id in (select copy_id from loans where returned_at is null and copy_id is not null)`.execute(db);
    await sql`update copies set status = 'ON_HOLD' where id in (select copy_id from reservations where status = 'FULFILLED' and copy_id is not null)`.execute(db);

    // A book's counts are now read from its copies (grouped once); only rows that disagree are written.
    await sql`
      update books set total_copies = x.total, available_copies = x.available
      from (select book_id,
                   sum(case when status not in ('WITHDRAWN', 'LOST', 'MISSING') then 1 else 0 end) as total,
                   sum(case when status = 'AVAILABLE' then 1 else 0 end) as available
            from copies group by book_id) x
      where books.id = x.book_id and (books.total_copies <> x.total or books.available_copies <> x.available)`.execute(db);
    await sql`
      update books set total_copies = 0, available_copies = 0
      where (total_copies <> 0 or available_copies <> 0) and not exists (select 1 from copies c where c.book_id = books.id)`.execute(db);
    await sql`update library_settings set accession_next = (select count(*) from copies) + 1`.execute(db);
  },
  async down(db: AnyDb) {
    for (const column of ['accession_prefix', 'accession_digits', 'accession_next', 'label_sheet']) {
      await db.schema.alterTable('library_settings').dropColumn(column).execute();
    }
    await db.schema.dropIndex('reservations_copy').execute();
    await db.schema.alterTable('reservations').dropColumn('copy_id').execute();
    await db.schema.dropIndex('loans_copy').execute();
    await db.schema.alterTable('loans').dropColumn('copy_id').execute();
    await db.schema.dropTable('copy_events').execute();
    await db.schema.dropTable('copies').execute();
  },
});

export default migration;

import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './types.js';

/**
 * Migration 0011_dashboard_indexes: what the staff home reads in one call, each figure from an
 * index or a small table instead of the loans (1,000,000 loans answer in milliseconds):
 * - `loan_days`: loans issued and returned per calendar day, kept by database triggers on `loans`
 *   (insert, a change of issue or return date, delete) in the writer's own transaction, so no
 *   writer can forget it. The circulation chart groups at most a year of these rows instead of
 *   counting a year of loans (a third of a million index entries at 1,000,000 loans).
 * - `loans_issued`: loans by issue date (returned ones too): the newest loans are its last entries.
 * - `fines_by_created`: fines by date with the two sums the home shows (collected, remaining),
 *   so the fines chart and cards never visit the table.
 * - `fines_owed`: only fines with something remaining, by member: the members owing most.
 * - `users_joined`: accounts by role and join date (deleted ones flagged): new members per day
 *   and the newest members.
 * The catalogue's counts need nothing new: 0003's `books_available_copies` is the smallest index
 * holding every title's copies, 0004's `books_status_title` finds the lost and written-off ones.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ dialect }) => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('loan_days')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`insert into loan_days (day, issued, returned)
      select day, sum(issued), sum(returned) from (
        select issue_date as day, 1 as issued, 0 as returned from loans
        union all select returned_at as day, 0 as issued, 1 as returned from loans where returned_at is not null
      ) d group by day`.execute(db);
    if (dialect === 'sqlite') {
      const issuedOn = (day: string) => `insert into loan_days (day, issued, returned) values (${day}, 1, 0) on conflict (day) do update set issued = issued + 1`;
      const returnedOn = (day: string, when: string) => `insert into loan_days (day, issued, returned) select ${day}, 0, 1 where ${when} on conflict (day) do update set returned = returned + 1`;
      await sql.raw(`create trigger loans_insert_loan_days after insert on loans begin ${issuedOn('new.issue_date')}; ${returnedOn('new.returned_at', 'new.returned_at is not null')}; end`).execute(db);
      await sql
        .raw(
          `create trigger loans_update_loan_days after update of issue_date, returned_at on loans begin
            update loan_days set issued = issued - 1 where day = old.issue_date and new.issue_date is not old.issue_date;
            insert into loan_days (day, issued, returned) select new.issue_date, 1, 0 where new.issue_date is not old.issue_date on conflict (day) do update set issued = issued + 1;
            update loan_days set returned = returned - 1 where day = old.returned_at and new.returned_at is not old.returned_at;
            ${returnedOn('new.returned_at', 'new.returned_at is not null and new.returned_at is not old.returned_at')};
          end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger loans_delete_loan_days after delete on loans begin
            update loan_days set issued = issued - 1 where day = old.issue_date;
            update loan_days set returned = returned - 1 where day = old.returned_at;
          end`,
        )
        .execute(db);
    } else {
      await sql`create function loan_days_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.issue_date is distinct from old.issue_date) then
            update loan_days set issued = issued - 1 where day = old.issue_date;
          end if;
          if old.returned_at is not null and (tg_op = 'DELETE' or new.returned_at is distinct from old.returned_at) then
            update loan_days set returned = returned - 1 where day = old.returned_at;
          end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.issue_date is distinct from old.issue_date) then
            insert into loan_days (day, issued, returned) values (new.issue_date, 1, 0) on conflict (day) do update set issued = loan_days.issued + 1;
          end if;
          if tg_op <> 'DELETE' and new.returned_at is not null and (tg_op = 'INSERT' or new.returned_at is distinct from old.returned_at) then
            insert into loan_days (day, issued, returned) values (new.returned_at, 0, 1) on conflict (day) do update set returned = loan_days.returned + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger loans_loan_days after insert or update of issue_date, returned_at or delete on loans for each row execute function loan_days_count()`.execute(db);
    }

    await db.schema.createIndex('loans_issued').on('loans').columns(['issue_date', 'id']).execute();
    await db.schema.createIndex('fines_by_created').on('fines').columns(['created_at', 'collected_amount', 'remaining']).execute();
    await sql`create index fines_owed on fines (member_id, remaining) where remaining > 0`.execute(db);
    await db.schema.createIndex('users_joined').on('users').columns(['role', 'date_joined', 'id', 'deleted_at']).execute();
  },
  async down(db: AnyDb) {
    for (const index of ['loans_issued', 'fines_by_created', 'fines_owed', 'users_joined']) await db.schema.dropIndex(index).execute();
    if (dialect === 'sqlite') {
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger loans_${event}_loan_days`).execute(db);
    } else {
      await sql`drop trigger loans_loan_days on loans`.execute(db);
      await sql`drop function loan_days_count()`.execute(db);
    }
    await db.schema.dropTable('loan_days').execute();
  },
});

export default migration;

/**
 * The names behind an audit entry, resolved in the Audit Trail's own query (left joins on the
 * record the entry names, never a query per row): the acting user's name, the record's name as it
 * is now (a loan's or copy's book title with its accession number, a member's or user's full name,
 * a role's, plan's, holiday's, verification's or reference item's name) and the member the record
 * concerns (a loan's borrower, a charge's payer, a reservation's member, a notice's recipient). A
 * record deleted since is named by the sentence from the entry's before and after instead.
 */
import { sql, type Nullable, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { displayNameSql } from '../../db/person-name.js';
import type { AuditLogTable, Database, UsersTable } from '../../db/schema.js';

/** The entries of a range before any column is chosen: `audit_log as a` with its author `users as u`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type EntriesQuery = SelectQueryBuilder<Database & { a: AuditLogTable } & { u: Nullable<UsersTable> }, 'a' | 'u', {}>;

/** The entry's record id when it is of one of these kinds (entity ids are text; other kinds' ids may not be numbers). */
const idOf = (...entities: string[]): RawBuilder<number> => sql<number>`case when a.entity in (${sql.join(entities)}) then cast(a.entity_id as integer) end`;

/** A title with its accession number: "Moby-Dick (ACC-00042)"; the title alone without a copy. */
const titled = (title: string, accession: string): RawBuilder<string> => sql<string>`${sql.ref(title)} || coalesce(' (' || ${sql.ref(accession)} || ')', '')`;

/** The record's name as it is now; null when the record is gone or has no name. */
export const recordNameSql: RawBuilder<string | null> = sql<string | null>`case a.entity
  when 'loan' then ${titled('lb.title', 'lc.accession_no')}
  when 'book' then b.title
  when 'copy' then ${titled('cb.title', 'c.accession_no')}
  when 'user' then ${displayNameSql('p')}
  when 'member' then ${displayNameSql('p')}
  when 'reservation' then rb.title
  when 'role' then ro.name
  when 'membership_plan' then mp.name
  when 'department' then dep.name
  when 'category' then cat.name
  when 'language' then lang.name
  when 'session' then ses.session_range
  when 'library_holiday' then hol.name
  when 'stock_verification' then sv.name
  when 'notification_log' then nl.subject
end`;

/** The member the record concerns; null when none. */
export const memberNameSql: RawBuilder<string | null> = sql<string | null>`case a.entity
  when 'loan' then ${displayNameSql('lm')}
  when 'member' then ${displayNameSql('p')}
  when 'fine' then ${displayNameSql('fm')}
  when 'reservation' then ${displayNameSql('rm')}
  when 'notification_log' then ${displayNameSql('nm')}
end`;

/** The acting user's name (first and last, else the username); null for the library itself. */
export const actorNameSql: RawBuilder<string | null> = sql<string | null>`case when u.id is null then null else ${displayNameSql('u')} end`;

/** The entries of `audit_log as a` (with `users as u`) joined to the records they name. */
export function withRecordNames(query: EntriesQuery) {
  return query
    .leftJoin('loans as l', (join) => join.on(sql<boolean>`l.id = ${idOf('loan')}`))
    .leftJoin('books as lb', 'lb.id', 'l.book_id')
    .leftJoin('copies as lc', 'lc.id', 'l.copy_id')
    .leftJoin('users as lm', 'lm.id', 'l.member_id')
    .leftJoin('books as b', (join) => join.on(sql<boolean>`b.id = ${idOf('book')}`))
    .leftJoin('copies as c', (join) => join.on(sql<boolean>`c.id = ${idOf('copy')}`))
    .leftJoin('books as cb', 'cb.id', 'c.book_id')
    .leftJoin('users as p', (join) => join.on(sql<boolean>`p.id = ${idOf('user', 'member')}`))
    .leftJoin('fines as f', (join) => join.on(sql<boolean>`f.id = ${idOf('fine')}`))
    .leftJoin('users as fm', 'fm.id', 'f.member_id')
    .leftJoin('reservations as r', (join) => join.on(sql<boolean>`r.id = ${idOf('reservation')}`))
    .leftJoin('books as rb', 'rb.id', 'r.book_id')
    .leftJoin('users as rm', 'rm.id', 'r.member_id')
    .leftJoin('roles as ro', (join) => join.on(sql<boolean>`ro.id = ${idOf('role')}`))
    .leftJoin('membership_plans as mp', (join) => join.on(sql<boolean>`mp.id = ${idOf('membership_plan')}`))
    .leftJoin('departments as dep', (join) => join.on(sql<boolean>`dep.id = ${idOf('department')}`))
    .leftJoin('categories as cat', (join) => join.on(sql<boolean>`cat.id = ${idOf('category')}`))
    .leftJoin('languages as lang', (join) => join.on(sql<boolean>`lang.id = ${idOf('language')}`))
    .leftJoin('academic_sessions as ses', (join) => join.on(sql<boolean>`ses.id = ${idOf('session')}`))
    .leftJoin('library_holidays as hol', (join) => join.on(sql<boolean>`hol.id = ${idOf('library_holiday')}`))
    .leftJoin('stock_verifications as sv', (join) => join.on(sql<boolean>`sv.id = ${idOf('stock_verification')}`))
    .leftJoin('notification_log as nl', (join) => join.on(sql<boolean>`nl.id = ${idOf('notification_log')}`))
    .leftJoin('users as nm', 'nm.id', 'nl.user_id');
}

/**
 * The member issue summary (`GET /reports/members/{id}/issued-books/`): a member's open loans,
 * each naming its copy, with his loan rules and what he owes, in a handful of queries whatever
 * the number of loans. Staff also see whom each title's queue puts first.
 */
import { sql } from 'kysely';
import type { Db, LoanStatus } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { isSet } from '../../db/values.js';
import { firstInLineSql } from '../../db/queue-order.js';
import { toDecimalString } from '#shared/money';
import { accruedFine, lateDays } from '#shared/fines';
import { isOverdue } from '#shared/overdue';
import { fullName } from '#shared/person-name';
import { amountOwed } from '../fines/ledger.js';
import { loanRulesFor } from '../members/plans.js';
import type { CopyRef } from './copy-events.js';
import { COPY_COLUMNS, copyOf, deskToday, reservedFor, type IssuedRecord } from './queries.js';

/**
 * Who each title's queue puts first, for a member's open loans (his issue summary, for staff): one
 * query over the titles, each probed on the `reservations_queue` index.
 */
async function firstInLineOf(db: Db, bookIds: readonly number[]): Promise<Map<number, IssuedRecord['reserved_for']>> {
  if (bookIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reservations as rq')
    .innerJoin('users as uq', 'uq.id', 'rq.member_id')
    .leftJoin('member_profiles as pq', 'pq.user_id', 'rq.member_id')
    .select(['rq.book_id', 'rq.id as reserved_id', 'uq.id as reserved_user', 'uq.username as reserved_username', 'uq.first_name as reserved_first', 'uq.last_name as reserved_last', 'pq.member_id as reserved_number'])
    .where('rq.book_id', 'in', [...new Set(bookIds)])
    .where('rq.status', '=', 'PENDING')
    .where(sql<boolean>`rq.id = ${firstInLineSql(sql.ref('rq.book_id'))}`)
    .execute();
  return new Map(rows.map((row) => [row.book_id, reservedFor(row)]));
}

/** One open loan in the member issue summary. */
export interface SummaryLoan {
  issue_id: number;
  issue_date: string;
  due_date: string;
  status: LoanStatus;
  overdue: boolean;
  late_days: number;
  fine_amount: string;
  renewals: number;
  /** Whom the copy will be held for once returned (staff only; null for the member himself). */
  reserved_for: IssuedRecord['reserved_for'];
  /** The copy lent. */
  copy: CopyRef | null;
  book: {
    id: number;
    title: string;
    author: string;
    isbn: string;
    price: string;
    category: string | null;
    language: string | null;
    department: string | null;
    publisher: string;
    edition: string | null;
  };
}

/** The member issue summary (`GET /reports/members/{id}/issued-books/`). */
export interface MemberIssueSummary {
  member: { id: number; username: string; email: string; member_id: string | null; full_name: string; isDefaulter: boolean; fine_amount: string; is_active: boolean };
  issued_count: number;
  overdue_count: number;
  loan_limit: number;
  loan_period_days: number;
  fine_per_day: string;
  /** His plan's cap on one loan's overdue fine; null = none. */
  max_overdue_fine: string | null;
  issued_books: SummaryLoan[];
}

/** A member's open loans with his rules and what he owes: a handful of queries whatever the number of loans. 404 unless a member. */
export async function memberIssueSummary(db: Db, memberId: number, options: { showReservedFor?: boolean } = {}): Promise<MemberIssueSummary> {
  return (await memberIssueFacts(db, memberId, options)).summary;
}

/** The member issue summary with the library's today and what he owes in minor units (the desk's member panel reads both). */
export async function memberIssueFacts(db: Db, memberId: number, options: { showReservedFor?: boolean } = {}): Promise<{ summary: MemberIssueSummary; today: string; owed: number }> {
  const member = await db
    .selectFrom('users as u')
    .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.is_active', 'p.member_id', 'p.is_defaulter'])
    .where('u.id', '=', memberId)
    .where('u.role', '=', 'MEMBER')
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!member) throw notFound('Member not found.');
  const [{ today, calendar, countClosedDays }, rules, owed, loans] = await Promise.all([
    deskToday(db),
    loanRulesFor(db, memberId),
    amountOwed(db, memberId),
    db
      .selectFrom('loans as l')
      .innerJoin('books as b', 'b.id', 'l.book_id')
      .leftJoin('copies as lc', 'lc.id', 'l.copy_id')
      .leftJoin('categories as c', 'c.id', 'b.category_id')
      .leftJoin('languages as lg', 'lg.id', 'b.language_id')
      .leftJoin('departments as d', 'd.id', 'b.department_id')
      .select(['l.id', 'l.issue_date', 'l.due_date', 'l.status', 'l.renewals', 'b.id as book_id', 'b.title', 'b.author', 'b.isbn', 'b.price'])
      .select(['b.publisher', 'b.edition', 'c.name as category', 'lg.name as language', 'd.name as department', ...COPY_COLUMNS])
      .where('l.member_id', '=', memberId)
      .where('l.returned_at', 'is', null)
      .orderBy('l.due_date')
      .orderBy('l.id')
      .execute(),
  ]);
  // Staff see whom each copy will be held for; the member himself is not told who waits.
  const waiting = options.showReservedFor ? await firstInLineOf(db, loans.map((l) => l.book_id)) : new Map<number, IssuedRecord['reserved_for']>();
  const issued = loans.map((l): SummaryLoan => ({
    issue_id: l.id,
    issue_date: l.issue_date,
    due_date: l.due_date,
    status: l.status,
    overdue: isOverdue(l, today),
    late_days: lateDays(l.due_date, today),
    fine_amount: toDecimalString(accruedFine(l.due_date, today, rules.finePerDay, { cap: rules.maxOverdueFine, calendar, countClosedDays })),
    renewals: Number(l.renewals),
    reserved_for: waiting.get(l.book_id) ?? null,
    copy: copyOf(l),
    book: {
      id: l.book_id,
      title: l.title,
      author: l.author,
      isbn: l.isbn,
      price: toDecimalString(l.price),
      category: l.category,
      language: l.language,
      department: l.department,
      publisher: l.publisher,
      edition: l.edition,
    },
  }));
  const summary: MemberIssueSummary = {
    member: {
      id: member.id,
      username: member.username,
      email: member.email,
      member_id: member.member_id,
      full_name: fullName([member.first_name, member.last_name]),
      isDefaulter: isSet(member.is_defaulter),
      fine_amount: toDecimalString(owed),
      is_active: isSet(member.is_active),
    },
    issued_count: issued.length,
    overdue_count: issued.filter((l) => l.overdue).length,
    loan_limit: rules.loanLimit,
    loan_period_days: rules.loanPeriodDays,
    fine_per_day: toDecimalString(rules.finePerDay),
    max_overdue_fine: rules.maxOverdueFine === null ? null : toDecimalString(rules.maxOverdueFine),
    issued_books: issued,
  };
  return { summary, today, owed };
}

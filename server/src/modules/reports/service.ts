/**
 * Reports. `GET reports/books/{id}/issued-members/`: who has had a title on loan, read from the
 * loans of circulation by `issuedMembersOf`.
 */
import type { Db } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { formatMoney } from '../../lib/money.js';

/** The borrower of one loan, as the original backend shows it. */
export interface IssuedMember {
  issue_id: number;
  /** YYYY-MM-DD. */
  issue_date: string;
  /** YYYY-MM-DD. */
  due_date: string;
  /** YYYY-MM-DD once returned, else null. */
  return_date: string | null;
  status: string;
  member: {
    id: number;
    username: string;
    email: string;
    member_id: string | null;
    roll_no: string | null;
    class: string | null;
    section: string | null;
  };
}

export interface BookLoansReport {
  book: { id: number; title: string; isbn: string; price: string };
  /** Distinct members among `issued_to`. */
  member_count: number;
  issued_to: IssuedMember[];
}

/** Every loan of the book with its borrower, newest first (one query). */
export async function issuedMembersOf(db: Db, bookId: number): Promise<IssuedMember[]> {
  const rows = await db
    .selectFrom('loans as l')
    .innerJoin('users as u', 'u.id', 'l.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['l.id', 'l.issue_date', 'l.due_date', 'l.returned_at', 'l.status', 'u.id as user_id', 'u.username', 'u.email'])
    .select(['p.member_id', 'p.roll_no', 'p.class_name', 'p.section'])
    .where('l.book_id', '=', bookId)
    .orderBy('l.issue_date', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((r) => ({
    issue_id: r.id,
    issue_date: r.issue_date,
    due_date: r.due_date,
    return_date: r.returned_at,
    status: r.status,
    member: { id: r.user_id, username: r.username, email: r.email, member_id: r.member_id, roll_no: r.roll_no, class: r.class_name, section: r.section },
  }));
}

/** The book's loan report; 404 for an unknown book. */
export async function bookLoansReport(db: Db, bookId: number): Promise<BookLoansReport> {
  const book = await db.selectFrom('books').select(['id', 'title', 'isbn', 'price']).where('id', '=', bookId).executeTakeFirst();
  if (!book) throw notFound();
  const issued = await issuedMembersOf(db, book.id);
  return {
    book: { id: book.id, title: book.title, isbn: book.isbn, price: formatMoney(book.price) },
    member_count: new Set(issued.map((loan) => loan.member.id)).size,
    issued_to: issued,
  };
}

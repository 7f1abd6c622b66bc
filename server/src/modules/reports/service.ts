/**
 * Reports. `GET reports/books/{id}/issued-members/`: who has had a title on loan. Circulation
 * (book issuances) comes with a later capability; it only has to fill `issuedMembersOf`.
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

/**
 * Every loan of the book, newest first. THE ONE PLACE CIRCULATION FILLS: until book issuances
 * exist no book has loans, so this answers an empty list.
 */
export async function issuedMembersOf(_db: Db, _bookId: number): Promise<IssuedMember[]> {
  return [];
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

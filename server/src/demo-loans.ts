/**
 * The demo desk: demo.member gets two loans out (one due in a few days, one overdue) and one
 * returned late with its fine partly paid, so a fresh `npm start` shows a living circulation
 * desk, fines and a receipt; the demo's defaulter (`DEMO_DEFAULTER`) returned a book late and has
 * not paid. Written through the circulation service, so the copies, the fine ledger, the defaulter
 * flag and the audit trail are what the desk itself would write. Idempotent: a demo member who
 * has any loan is left alone.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { DEMO_DEFAULTER } from './demo-members.js';
import { lendCopy, returnBook } from './modules/circulation/service.js';
import { readSettings } from './modules/settings/service.js';
import { addDays } from '#shared/dates';
import { libraryToday } from './lib/library-clock.js';

export const DEMO_BORROWER = 'demo.member';

/** Loans made, 0 when the demo members already had some. */
export interface DemoLoansReport {
  loans: number;
}

/** A demo member with no loan yet (undefined when he is missing or has one already). */
async function newBorrower(db: Kysely<Database>, username: string): Promise<number | undefined> {
  const borrower = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (!borrower) return undefined;
  const existing = await db.selectFrom('loans').select('id').where('member_id', '=', borrower.id).executeTakeFirst();
  return existing ? undefined : borrower.id;
}

/**
 * Lends the demo member three titles and the defaulter a fourth, each with more than one copy (so
 * the shelf still shows each).
 */
export async function seedDemoLoans(db: Kysely<Database>): Promise<DemoLoansReport> {
  const books = await db
    .selectFrom('books')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('total_copies', '>=', 2)
    .where('available_copies', '>=', 2)
    .orderBy('id', 'desc')
    .limit(4)
    .execute();
  if (books.length < 4) return { loans: 0 };
  const today = libraryToday((await readSettings(db)).timezone);
  const [late, soon, overdue, unpaid] = books.map((b) => b.id) as [number, number, number, number];
  let loans = 0;
  const borrower = await newBorrower(db, DEMO_BORROWER);
  if (borrower !== undefined) {
    // Returned 7 days late (Rs. 70.00 at the default rate), Rs. 30.00 paid: Rs. 40.00 still owed.
    const returned = await lendCopy(db, null, { book: late, member: borrower, issueDate: addDays(today, -20), dueDate: addDays(today, -13) });
    await returnBook({ db }, null, returned.loanId, { returnDate: addDays(today, -6), collected: 3000, discount: 0, discountReason: undefined, status: 'RETURNED' });
    await lendCopy(db, null, { book: soon, member: borrower, issueDate: addDays(today, -1), dueDate: addDays(today, 3) });
    await lendCopy(db, null, { book: overdue, member: borrower, issueDate: addDays(today, -12), dueDate: addDays(today, -5) });
    loans += 3;
  }
  const defaulter = await newBorrower(db, DEMO_DEFAULTER);
  if (defaulter !== undefined) {
    // Returned today, 5 days late (Rs. 50.00 at the default rate), nothing paid: the ledger flags him.
    const returned = await lendCopy(db, null, { book: unpaid, member: defaulter, issueDate: addDays(today, -19), dueDate: addDays(today, -5) });
    await returnBook({ db }, null, returned.loanId, { returnDate: today, collected: 0, discount: 0, discountReason: undefined, status: 'RETURNED' });
    loans += 1;
  }
  return { loans };
}

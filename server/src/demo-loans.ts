/**
 * The demo desk: demo.member gets two loans out (one due in a few days, one overdue) and one
 * returned late with its fine partly paid, so a fresh `npm start` shows a living circulation
 * desk, fines and a receipt. Written through the circulation service, so the copies, the fine
 * ledger, the defaulter flag and the audit trail are what the desk itself would write.
 * Idempotent: a demo member who has any loan is left alone.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { lendCopy, returnBook } from './modules/circulation/service.js';
import { readSettings } from './modules/settings/service.js';
import { addDays, todayIn } from '../../src/lib/dates.js';

export const DEMO_BORROWER = 'demo.member';

/** Loans made, 0 when the demo member already had some. */
export interface DemoLoansReport {
  loans: number;
}

/** Lends the demo member three titles that have more than one copy (so the shelf still shows each). */
export async function seedDemoLoans(db: Kysely<Database>): Promise<DemoLoansReport> {
  const borrower = await db.selectFrom('users').select('id').where('username', '=', DEMO_BORROWER).executeTakeFirst();
  if (!borrower) return { loans: 0 };
  const existing = await db.selectFrom('loans').select('id').where('member_id', '=', borrower.id).executeTakeFirst();
  if (existing) return { loans: 0 };
  const books = await db
    .selectFrom('books')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('total_copies', '>=', 2)
    .where('available_copies', '>=', 2)
    .orderBy('id', 'desc')
    .limit(3)
    .execute();
  if (books.length < 3) return { loans: 0 };
  const today = todayIn((await readSettings(db)).timezone);
  const [late, soon, overdue] = books.map((b) => b.id) as [number, number, number];
  // Returned 7 days late (Rs. 70.00 at the default rate), Rs. 30.00 paid: Rs. 40.00 still owed.
  const returned = await lendCopy(db, null, { book: late, member: borrower.id, issueDate: addDays(today, -20), dueDate: addDays(today, -13) });
  await returnBook({ db }, null, returned.loanId, { returnDate: addDays(today, -6), collected: 3000, discount: 0, discountReason: undefined, status: 'RETURNED' });
  await lendCopy(db, null, { book: soon, member: borrower.id, issueDate: addDays(today, -1), dueDate: addDays(today, 3) });
  await lendCopy(db, null, { book: overdue, member: borrower.id, issueDate: addDays(today, -12), dueDate: addDays(today, -5) });
  return { loans: 3 };
}

/**
 * Fines for the fines API tests: a book, a returned loan and its fine written through the ledger
 * (`chargeFine`), with the fine's date set so "oldest first" is under the test's control.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.js';
import { chargeFine } from '../../../server/src/modules/fines/ledger.js';
import { addCopies } from '../../../server/src/modules/copies/stock.js';

let isbnSeq = 0;

/** A book with one copy (a real one, from the library's accession sequence); answers its id. */
export async function createBook(db: Kysely<Database>, title: string, price = 50000): Promise<number> {
  const now = new Date().toISOString();
  isbnSeq += 1;
  const row = await db
    .insertInto('books')
    .values({
      title, author: 'Test Author', isbn: `978000${String(isbnSeq).padStart(7, '0')}`, department_id: null, category_id: null, language_id: null,
      publisher: 'Test', total_copies: 0, available_copies: 0, rack_no: 'R-1', date_of_entry: now.slice(0, 10), price, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addCopies(db, row.id, [{}]);
  return row.id;
}

/** A loan of the book returned late with a fine of `amount` (minor units) charged on `day`; answers the loan and fine ids. */
export async function createFine(db: Kysely<Database>, memberId: number, bookId: number, amount: number, day: string): Promise<{ loanId: number; fineId: number }> {
  const stamp = `${day}T10:00:00.000Z`;
  const loan = await db
    .insertInto('loans')
    .values({ book_id: bookId, member_id: memberId, issue_date: '2026-01-01', due_date: '2026-01-15', returned_at: day, status: 'RETURNED', renewals: 0, issued_by: null, returned_by: null, created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [charge] = await chargeFine(db, { id: loan.id, memberId }, { lateDays: Math.floor(amount / 1000), overdueFine: amount, bookPrice: null, processingFee: null, total: amount });
  const fineId = charge!.id;
  await db.updateTable('fines').set({ created_at: stamp }).where('id', '=', fineId).execute();
  await db.updateTable('member_profiles').set({ is_defaulter: 1 }).where('user_id', '=', memberId).execute();
  return { loanId: loan.id, fineId };
}

/** The stored money columns of a fine. */
export const fineState = (db: Kysely<Database>, fineId: number) =>
  db.selectFrom('fines').select(['collected_amount', 'discount', 'remaining']).where('id', '=', fineId).executeTakeFirstOrThrow();

/** Whether the member is flagged a defaulter. */
export async function isDefaulter(db: Kysely<Database>, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('member_profiles').select('is_defaulter').where('user_id', '=', memberId).executeTakeFirstOrThrow();
  return Number(row.is_defaulter) === 1;
}

/**
 * What a member still owes the library: books out (loans not returned) and fines unpaid (the
 * fines' remaining amounts, kept by the fine ledger). Deletion reads them through
 * `memberObligations`; the member profile and the member lists select them with the row they
 * read (`FINES_OWED_OF_U`, `BOOKS_OUT_OF_U`: one query however many members).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';

/** Unpaid fines (minor units) of the member `u.id` of the enclosing query, a correlated subquery on `fines_member`. */
export const FINES_OWED_OF_U = sql<number | string>`(select coalesce(sum(f.remaining), 0) from fines f where f.member_id = u.id and f.remaining > 0)`;

/** Loans not returned of the member `u.id` of the enclosing query, a correlated subquery on `loans_member`. */
export const BOOKS_OUT_OF_U = sql<number | string>`(select count(*) from loans l where l.member_id = u.id and l.returned_at is null)`;

export interface Obligations {
  booksOut: number;
  /** Unpaid fines in minor units. */
  finesOwed: number;
}

/** Books out and fines owed of each of these members (one query each, never one per member). */
export async function obligationsOf(db: Db, userIds: readonly number[]): Promise<Map<number, Obligations>> {
  const result = new Map(userIds.map((id) => [id, { booksOut: 0, finesOwed: 0 }]));
  if (userIds.length === 0) return result;
  // In chunks, so a long list never exceeds the databases' bound-parameter limits.
  for (let start = 0; start < userIds.length; start += 1000) {
    const ids = userIds.slice(start, start + 1000);
    const [loans, fines] = await Promise.all([
      db
        .selectFrom('loans')
        .select(['member_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('member_id', 'in', ids)
        .where('returned_at', 'is', null)
        .groupBy('member_id')
        .execute(),
      db
        .selectFrom('fines')
        .select(['member_id', (eb) => eb.fn.sum<number | string>('remaining').as('owed')])
        .where('member_id', 'in', ids)
        .where('remaining', '>', 0)
        .groupBy('member_id')
        .execute(),
    ]);
    for (const row of loans) result.get(row.member_id)!.booksOut = Number(row.n);
    for (const row of fines) result.get(row.member_id)!.finesOwed = Number(row.owed);
  }
  return result;
}

/** Books out and fines owed of one member. */
export async function memberObligations(db: Db, userId: number): Promise<Obligations> {
  return (await obligationsOf(db, [userId])).get(userId) ?? { booksOut: 0, finesOwed: 0 };
}

/** Why a member with obligations cannot be deleted, or undefined when he can. */
export function deletionBlock({ booksOut, finesOwed }: Obligations, formatAmount: (minor: number) => string): string | undefined {
  const reasons: string[] = [];
  if (booksOut > 0) reasons.push(`has ${booksOut} ${booksOut === 1 ? 'book' : 'books'} out`);
  if (finesOwed > 0) reasons.push(`owes ${formatAmount(finesOwed)} in fines`);
  if (reasons.length === 0) return undefined;
  return `This member ${reasons.join(' and ')}; return the books and settle the fines before deleting the account.`;
}

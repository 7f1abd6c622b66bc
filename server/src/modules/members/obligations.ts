/**
 * What a member still owes the library: books out and fines unpaid. Circulation fills these two
 * queries when the loans and fines tables land; until then nobody has books out or owes fines.
 * Deletion and the member profile read them through `memberObligations` only.
 */
import type { Db } from '../../db/schema.js';

export interface Obligations {
  booksOut: number;
  /** Unpaid fines in minor units. */
  finesOwed: number;
}

/** Books out and fines owed of each of these members (one query each, never one per member). */
export async function obligationsOf(_db: Db, userIds: readonly number[]): Promise<Map<number, Obligations>> {
  return new Map(userIds.map((id) => [id, { booksOut: 0, finesOwed: 0 }]));
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

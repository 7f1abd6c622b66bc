/**
 * What happens to a copy held for a reservation when circulation lends or takes back a title:
 * circulation declares the hooks here and calls them in its own transaction; reservations
 * registers its implementation (`reservations/copy-holds.ts`, loaded by `app.ts` and
 * `provision.ts`). Circulation imports nothing of reservations: the dependency points from
 * reservations to here.
 */
import type { Db } from '../../db/schema.js';

/** The copy a return left held for the next in line (the return's `held_for`). */
export interface HeldFor {
  reservation_id: number;
  member: { id: number; username: string; full_name: string; member_id: string | null };
  hold_until: string;
}

/** The hooks circulation runs on a lend or a return, in the caller's transaction. */
export interface CopyHolds {
  /** The reservation whose held copy a loan of this title to this member takes, if any. */
  heldCopyFor(trx: Db, bookId: number, memberId: number): Promise<number | undefined>;
  /** That held copy is now lent on `loanId`; false when it was no longer held. */
  onHeldCopyLent(trx: Db, reservationId: number, loanId: number, actorId: number | null): Promise<boolean>;
  /** A copy came back (not lost): whom it is now held for, or undefined to shelve it. */
  onCopyReturned(trx: Db, bookId: number, today: string, actorId: number | null): Promise<HeldFor | undefined>;
}

let registered: CopyHolds | undefined;

/** Registers the hooks (the last registration wins; registering the same again changes nothing). */
export function registerCopyHolds(holds: CopyHolds): void {
  registered = holds;
}

/** The registered hooks; a lend or a return without them would silently skip the holds, so it fails. */
export function copyHolds(): CopyHolds {
  if (!registered) throw new Error('No copy-hold hooks registered: import modules/reservations/copy-holds.js where the app is wired.');
  return registered;
}

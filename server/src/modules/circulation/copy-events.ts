/**
 * What happens to a copy held for a reservation when circulation lends or takes back a title:
 * circulation declares the hooks here and calls them in its own transaction; reservations
 * registers its implementation (`reservations/copy-holds.ts`, loaded by `app.ts` and
 * `provision.ts`). Circulation imports nothing of reservations: the dependency points from
 * reservations to here.
 */
import type { Db } from '../../db/schema.js';

/** How a loan or a hold answer names its copy. */
export interface CopyRef {
  id: number;
  accession_no: string;
  barcode: string;
}

/** The copy a return left held for the next in line (the return's `held_for`). */
export interface HeldFor {
  reservation_id: number;
  member: { id: number; username: string; full_name: string; member_id: string | null };
  hold_until: string;
  copy: CopyRef | null;
}

/** A member's held copy of a title: the reservation holding it and the copy (null only on a hold made before copies). */
export interface HeldCopy {
  reservationId: number;
  copyId: number | null;
}

/**
 * The hooks circulation runs on a lend or a return, in the caller's transaction. Circulation moves
 * the copies of its loans (through `copies/stock.ts`); reservations moves a held copy it releases.
 */
export interface CopyHolds {
  /** The copy held for this member of this title (his FULFILLED reservation), if any. */
  heldCopyFor(trx: Db, bookId: number, memberId: number): Promise<HeldCopy | undefined>;
  /**
   * The member took the title on `loanId` (copy `lentCopyId`): his reservation is ISSUED; when he
   * took another copy than the one held, the held copy is released. False when it was no longer held.
   */
  onHeldCopyLent(trx: Db, held: HeldCopy, loanId: number, lentCopyId: number, actorId: number | null): Promise<boolean>;
  /**
   * Copy `copyId` of the title came back (not lost): whom it is now held for (the caller moves it
   * ON_HOLD), or undefined (the caller shelves it).
   */
  onCopyReturned(trx: Db, bookId: number, copyId: number, today: string, actorId: number | null): Promise<HeldFor | undefined>;
  /**
   * The return that held copy `copyId` was undone: the reservation holding it goes back to PENDING
   * at its place in the queue (audited). Answers its id, or undefined when nobody held it. The
   * caller moves the copy back on loan.
   */
  onReturnUndone(trx: Db, copyId: number, actorId: number | null): Promise<number | undefined>;
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

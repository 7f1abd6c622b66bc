/**
 * The signed-in member's open reservations (waiting or held), shared by every Reserve action on
 * the page (catalogue cards, the book profile) and his Reserved Books page, so a reservation made
 * or cancelled in one shows in the others at once. Loaded once on first use; cleared on sign-out.
 */
import { atom } from 'nanostores';
import { cancelReservation, fetchReservations, reserveBook } from '../lib/api/reservations';
import { isActive } from '../lib/reservations';
import type { Reservation } from '../lib/schemas/reservations';
import { registerStoreReset } from './registry';

/** The member's open reservations, or null until loaded. */
export const $myReservations = atom<Reservation[] | null>(null);

/** Bumped after a reservation changed; lists of reservations reload on it. */
export const $reservationsVersion = atom(0);

let loading: Promise<void> | null = null;

registerStoreReset(() => {
  $myReservations.set(null);
  loading = null;
});

const bump = () => $reservationsVersion.set($reservationsVersion.get() + 1);

/** Loads the member's open reservations once per page (later calls share the first). */
export function loadMyReservations(): Promise<void> {
  loading ??= fetchReservations({ status: 'active' })
    .then((found) => $myReservations.set(found))
    .catch((failure: unknown) => {
      loading = null;
      throw failure;
    });
  return loading;
}

/** Reserves a title for the signed-in member; the answer joins the store. Errors are rethrown for the caller's message. */
export async function reserveTitle(bookId: string | number): Promise<Reservation> {
  const made = await reserveBook({ book: bookId });
  $myReservations.set([made, ...($myReservations.get() ?? []).filter((entry) => entry.id !== made.id)]);
  bump();
  return made;
}

/** Cancels one of the member's reservations; it leaves the open ones. Errors are rethrown. */
export async function cancelMyReservation(id: string | number): Promise<Reservation> {
  const cancelled = await cancelReservation(id);
  $myReservations.set(($myReservations.get() ?? []).filter((entry) => String(entry.id) !== String(id) && isActive(entry)));
  bump();
  return cancelled;
}

/** Tells reservation lists on the page that reservations changed (a desk action). */
export function reservationsChanged(): void {
  bump();
}

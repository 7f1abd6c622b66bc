/**
 * The one confirmation before a reservation is cancelled (the member's Reserved Books, the Book
 * Reservation List, the queue). A held copy goes to the next in line, which the question says.
 * The call is the opener's (the member's store action, or the desk's call); the toasts are here.
 */
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { memberOf, reservationMemberName } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';
import { ConfirmDialog } from '../ConfirmDialog';
import { toast } from '../ui/Toaster';

export interface CancelReservationDialogProps {
  /** The reservation to cancel; null keeps the dialog closed. */
  reservation: Reservation | null;
  onClose: () => void;
  /** Cancels it (rethrows a refusal). */
  cancel: (reservation: Reservation) => Promise<unknown>;
  /** Called after the cancellation. */
  onCancelled?: (() => void) | undefined;
  /** Staff cancel someone else's reservation: the question names him. */
  forMember?: boolean;
}

export function CancelReservationDialog({ reservation, onClose, cancel, onCancelled, forMember = false }: CancelReservationDialogProps) {
  const whose = reservation && forMember ? ` for ${reservationMemberName(memberOf(reservation), reservation.user_name)}` : '';
  return (
    <ConfirmDialog
      open={reservation !== null}
      onOpenChange={(open) => !open && onClose()}
      title={reservation ? `Cancel the reservation of “${reservation.book_title}”${whose}?` : ''}
      description={
        reservation?.status === 'FULFILLED'
          ? 'The copy held for this reservation goes to the next member in line, or back on the shelf.'
          : 'This place in the queue is given up.'
      }
      confirmLabel="Cancel reservation"
      busyLabel="Cancelling…"
      cancelLabel="Keep it"
      onConfirm={async () => {
        if (!reservation) return;
        try {
          await cancel(reservation);
        } catch (failure) {
          toast.error(callErrorMessage('reservation-cancel', failure));
          throw failure;
        }
        toast.success(NOTICES.reservationCancelled(reservation.book_title));
        onCancelled?.();
      }}
    />
  );
}

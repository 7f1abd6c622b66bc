/**
 * Fulfil from a staff list (the Book Reservation List, the Reserved Book Queue): one reservation
 * at a time, its toast, and the reload of every reservation list on the page.
 */
import { useState } from 'react';
import { toast } from '../ui/Toaster';
import { fulfilReservation } from '../../lib/api/reservations';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import type { Reservation } from '../../lib/schemas/reservations';
import { reservationsChanged } from '../../stores/reservations';

/** `busy`: the id being fulfilled (null when none); `fulfil` holds a copy for the reservation. */
export function useFulfil(): { busy: string | null; fulfil: (reservation: Reservation) => Promise<void> } {
  const [busy, setBusy] = useState<string | null>(null);
  async function fulfil(reservation: Reservation) {
    setBusy(String(reservation.id));
    try {
      await fulfilReservation(reservation.id);
      toast.success(NOTICES.reservationFulfilled);
      reservationsChanged();
    } catch (failure) {
      toast.error(callErrorMessage('reservation-fulfil', failure));
    } finally {
      setBusy(null);
    }
  }
  return { busy, fulfil };
}

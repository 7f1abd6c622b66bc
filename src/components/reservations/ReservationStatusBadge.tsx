/** A reservation's state as a badge ("Waiting", "Ready", …; the wording lives in lib/reservations). */
import { badge } from 'styled-system/recipes';
import { STATUS_LABELS, STATUS_TONES } from '../../lib/reservations';
import type { ReservationStatus } from '../../lib/schemas/reservations';

export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  return (
    <span className={badge({ tone: STATUS_TONES[status] })} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * A reservation's actions in the list, by permission: Fulfil the first in line while a copy is on
 * the shelf and Cancel an open one (change_bookreservation), Issue a held one (add_bookissuance).
 */
import { Button } from '../../components/ui/Button';
import type { useFulfil } from '../../components/reservations/use-fulfil';
import { canFulfil, isActive } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';

/** `fulfilling` is the list's one Fulfil in flight: the others wait for it. */
export function ReservationRowActions({ row, can, fulfilling, onIssue, onCancel }: { row: Reservation; can: { change: boolean; issue: boolean }; fulfilling: ReturnType<typeof useFulfil>; onIssue: (row: Reservation) => void; onCancel: (row: Reservation) => void }) {
  const { busy, fulfil } = fulfilling;
  return (
    <>
      {can.change && canFulfil(row) && (
        <Button size="sm" aria-label={`Fulfil the reservation of ${row.book_title}`} loading={busy === String(row.id)} loadingText="Fulfilling…" disabled={busy !== null} onClick={() => void fulfil(row)}>
          Fulfil
        </Button>
      )}
      {can.issue && row.status === 'FULFILLED' && (
        <Button size="sm" aria-label={`Issue the reservation of ${row.book_title}`} onClick={() => onIssue(row)}>
          Issue
        </Button>
      )}
      {can.change && isActive(row) && (
        <Button variant="outline" size="sm" aria-label={`Cancel the reservation of ${row.book_title}`} onClick={() => onCancel(row)}>
          Cancel
        </Button>
      )}
    </>
  );
}

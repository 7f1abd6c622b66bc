/** A reservation's title (linking its profile) over its author: the Book cell of the reservation tables. */
import { table, textLink } from 'styled-system/recipes';
import { pathFor } from '#shared/routes';
import type { Reservation } from '../../lib/schemas/reservations';

const cells = table();
/** Two lines, as the member cells beside it (the table recipe's stacked cell). */
export const reservationCell = cells.cellStack;
/** The second, quieter line of a cell. */
export const reservationCellDetail = cells.cellDetail;

/** The title and author of a reservation. */
export function ReservationBook({ reservation }: { reservation: Reservation }) {
  return (
    <span className={reservationCell}>
      <a className={textLink()} href={pathFor('book-profile', { bookId: reservation.book })}>
        {reservation.book_title}
      </a>
      {reservation.book_author && <span className={reservationCellDetail}>{reservation.book_author}</span>}
    </span>
  );
}

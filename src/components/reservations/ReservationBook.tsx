/** A reservation's title (linking its profile) over its author: the Book cell of the reservation tables. */
import { css } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { pathFor } from '#shared/routes';
import type { Reservation } from '../../lib/schemas/reservations';

/** Two lines, as the member cells beside it. */
export const reservationCell = css({ display: 'flex', flexDirection: 'column', gap: '0.5', textAlign: 'start' });
/** The second, quieter line of a cell. */
export const reservationCellDetail = css({ color: 'fg.muted', fontSize: 'xs' });

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

/** The columns of the Book Reservation List: book, member, status, where it stands (place or pickup deadline) and the day reserved. */
import { badge } from 'styled-system/recipes';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { badgeCell as standingCell } from '../../components/server-list/cells';
import { ReservationBook, reservationCell, reservationCellDetail } from '../../components/reservations/ReservationBook';
import { ReservationStatusBadge } from '../../components/reservations/ReservationStatusBadge';
import { formatDate } from '#shared/dates';
import { holdOverdue, libraryDateOf, memberOf, reservationMemberName, standingText } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';

/** The list's columns for the library's today, date format and time zone. */
export function reservationColumns(today: string, dateFormat: string | null | undefined, timeZone: string | null | undefined): DataTableColumn<Reservation>[] {
  return [
    {
      id: 'title',
      header: 'Book',
      sortKey: 'title',
      rowHeader: true,
      cell: (row) => <ReservationBook reservation={row} />,
    },
    {
      id: 'member',
      header: 'Member',
      sortKey: 'member',
      cell: (row) => {
        const member = memberOf(row);
        return (
          <span className={reservationCell}>
            {reservationMemberName(member, row.user_name)}
            <span className={reservationCellDetail}>{[member?.username && `@${member.username}`, member?.member_id].filter(Boolean).join(' · ')}</span>
          </span>
        );
      },
    },
    { id: 'status', header: 'Status', sortKey: 'status', cell: (row) => <ReservationStatusBadge status={row.status} /> },
    {
      id: 'standing',
      header: 'Position or pickup by',
      sortKey: 'position',
      cell: (row) => (
        <span className={standingCell}>
          {standingText(row, dateFormat) ?? '—'}
          {row.status === 'FULFILLED' && holdOverdue(row.hold_until, today) && <span className={badge({ tone: 'danger' })}>Pickup overdue</span>}
        </span>
      ),
    },
    { id: 'reserved_at', header: 'Reserved on', sortKey: 'reserved_at', hideBelow: 'lg', cell: (row) => formatDate(libraryDateOf(row.reserved_at, timeZone), dateFormat) ?? '—' },
  ];
}

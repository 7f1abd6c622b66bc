/**
 * member/reserved (Reserved Books): the member's reservations, open ones first, each with its
 * state, where he stands ("Position 2 of 5" while waiting, "Ready — pick up by …" while a copy is
 * held) and the day he reserved it, in the library's date format; Cancel (with a confirmation) on
 * the open ones. With none, a link to the catalogue where titles are reserved.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { text, textLink } from 'styled-system/recipes';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { CancelReservationDialog } from '../../components/reservations/CancelReservationDialog';
import { ReservationStatusBadge } from '../../components/reservations/ReservationStatusBadge';
import { Button } from '../../components/ui/Button';
import { fetchMemberReservations } from '../../lib/api/reservations';
import { formatDate } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { isActive, libraryDateOf, openFirst, standingText } from '../../lib/reservations';
import { pathFor } from '#shared/routes';
import type { Reservation } from '../../lib/schemas/reservations';
import { $librarySettings } from '../../stores/library-settings';
import { $reservationsVersion, cancelMyReservation } from '../../stores/reservations';
import { $user } from '../../stores/session';
import { ReservationBook } from '../../components/reservations/ReservationBook';

const standing = text({ size: 'sm', weight: 'medium' });

export default function MemberReservations() {
  const user = useStore($user);
  const settings = useStore($librarySettings);
  const version = useStore($reservationsVersion);
  const [rows, setRows] = useState<Reservation[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const dateFormat = settings?.date_format;

  const load = useCallback(() => {
    if (!user) return;
    fetchMemberReservations(user.id)
      .then((found) => {
        setRows(openFirst(found));
        setLoadError(null);
      })
      .catch((failure: unknown) => setLoadError(callErrorMessage('reservation-list', failure)));
  }, [user]);
  useEffect(load, [load, version]);

  const columns: DataTableColumn<Reservation>[] = [
    {
      id: 'title',
      header: 'Book',
      rowHeader: true,
      cell: (row) => <ReservationBook reservation={row} />,
    },
    { id: 'status', header: 'Status', cell: (row) => <ReservationStatusBadge status={row.status} /> },
    { id: 'standing', header: 'Where you stand', cell: (row) => <span className={standing}>{standingText(row, dateFormat) ?? '—'}</span> },
    { id: 'reserved_at', header: 'Reserved on', hideBelow: 'md', cell: (row) => formatDate(libraryDateOf(row.reserved_at, settings?.timezone), dateFormat) ?? '—' },
  ];

  const empty = (
    <span>
      You have no reservations.{' '}
      <a className={textLink()} href={pathFor('book-catalogue')}>
        Browse the catalogue
      </a>{' '}
      to reserve a book.
    </span>
  );

  return (
    <>
      <DataTable
        caption="Your reservations"
        captionHidden
        columns={columns}
        rows={loadError ? [] : (rows ?? [])}
        rowKey={(row) => row.id}
        loading={rows === null && !loadError}
        notice={loadError && <TableLoadProblem title="Your reservations could not be loaded" message={loadError} onRetry={load} />}
        emptyText={loadError ? 'No reservations to show.' : empty}
        rowActions={(row) =>
          isActive(row) ? (
            <Button variant="outline" size="sm" aria-label={`Cancel the reservation of ${row.book_title}`} onClick={() => setCancelling(row)}>
              Cancel
            </Button>
          ) : null
        }
      />
      <CancelReservationDialog reservation={cancelling} onClose={() => setCancelling(null)} cancel={(row) => cancelMyReservation(row.id)} />
    </>
  );
}

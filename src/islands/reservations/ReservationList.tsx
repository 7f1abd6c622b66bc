/**
 * reservations/list (Book Reservation List): every reservation on the shared data table, one
 * server page at a time, with search (title, ISBN, username, member number), a status filter,
 * sorting and paging, all in the URL. Columns: book, member, status, where it stands (place in
 * the queue, or the pickup deadline, marked once passed) and the day it was reserved. Row actions
 * by permission: Fulfil the first in line while a copy is on the shelf, Cancel an open one (change_bookreservation), Issue a
 * held one (add_bookissuance).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { CancelReservationDialog } from '../../components/reservations/CancelReservationDialog';
import { useFulfil } from '../../components/reservations/use-fulfil';
import { ListToolbar } from '../../components/server-list/ListToolbar';
import { ServerDataTable } from '../../components/server-list/ServerDataTable';
import { useServerList } from '../../components/server-list/use-server-list';
import { cancelReservation, fetchReservationPage } from '../../lib/api/reservations';
import { todayIn } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { RESERVATION_LIST_SPEC, reservationListQuery, STATUS_FILTERS } from '../../lib/reservations';
import { holdsPermission } from '../../lib/permissions';
import type { Reservation } from '../../lib/schemas/reservations';
import { listEmptyText } from '../../lib/server-list';
import { $librarySettings } from '../../stores/library-settings';
import { $reservationsVersion, reservationsChanged } from '../../stores/reservations';
import { $session } from '../../stores/session';
import { reservationColumns } from './reservation-columns';
import { ReservationRowActions } from './ReservationRowActions';

const IssueReservationDialog = lazy(() => import('../../components/reservations/IssueReservationDialog').then((m) => ({ default: m.IssueReservationDialog })));

const FILTER_OPTIONS = STATUS_FILTERS.map(({ value, label }) => ({ value, label }));
const EMPTY = { failed: 'No reservations to show.', searched: 'No reservations match your search.', none: 'No books are reserved.' };
const listError = (failure: unknown) => callErrorMessage('reservation-list', failure);

export default function ReservationList() {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const version = useStore($reservationsVersion);
  const today = todayIn(settings?.timezone);
  const columns = useMemo(() => reservationColumns(today, settings?.date_format, settings?.timezone), [today, settings?.date_format, settings?.timezone]);
  const can = { change: holdsPermission(session, 'change_bookreservation'), issue: holdsPermission(session, 'add_bookissuance') };
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [issuing, setIssuing] = useState<Reservation | null>(null);
  const fulfilling = useFulfil();
  const list = useServerList({ spec: RESERVATION_LIST_SPEC, query: reservationListQuery, fetch: fetchReservationPage, errorMessage: listError, reloadOn: [version] });
  const { state } = list;
  const flags = { failed: list.loadError !== null, searched: state.search !== '', filtered: state.filters.status !== '' };

  return (
    <>
      <ServerDataTable
        caption="Reservations"
        columns={columns}
        list={list}
        rowKey={(row) => row.id}
        toolbar={(sortSelect) => (
          <ListToolbar
            search={{ label: 'Search reservations', placeholder: 'Title, ISBN, username or member number', text: state.search, onSearch: list.search }}
            filter={{ label: 'Status', placeholder: 'All', options: FILTER_OPTIONS, value: state.filters.status, onChange: (value) => list.setFilter('status', value) }}
            sortSelect={sortSelect}
          />
        )}
        loadProblemTitle="Reservations could not be loaded"
        emptyText={listEmptyText(EMPTY, flags)}
        rowActions={can.change || can.issue ? (row: Reservation) => <ReservationRowActions row={row} can={can} fulfilling={fulfilling} onIssue={setIssuing} onCancel={setCancelling} /> : undefined}
      />
      <CancelReservationDialog
        reservation={cancelling}
        forMember
        onClose={() => setCancelling(null)}
        cancel={(row) => cancelReservation(row.id)}
        onCancelled={reservationsChanged}
      />
      <Suspense fallback={null}>{issuing && <IssueReservationDialog reservation={issuing} onClose={() => setIssuing(null)} onIssued={reservationsChanged} />}</Suspense>
    </>
  );
}

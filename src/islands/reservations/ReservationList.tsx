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
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { SearchField } from '../../components/data-table/SearchField';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { tablePaging, tableSorting, useUrlTableState } from '../../components/data-table/use-url-table-state';
import { CancelReservationDialog } from '../../components/reservations/CancelReservationDialog';
import { useFulfil } from '../../components/reservations/use-fulfil';
import { ReservationBook, reservationCell, reservationCellDetail } from '../../components/reservations/ReservationBook';
import { ReservationStatusBadge } from '../../components/reservations/ReservationStatusBadge';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { cancelReservation, fetchReservationPage } from '../../lib/api/reservations';
import { formatDate, todayIn } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { canFulfil, holdOverdue, isActive, libraryDateOf, memberOf, RESERVATION_LIST_SPEC, reservationListQuery, reservationMemberName, standingText, STATUS_FILTERS } from '../../lib/reservations';
import { holdsPermission } from '../../lib/permissions';
import type { Reservation } from '../../lib/schemas/reservations';
import { $librarySettings } from '../../stores/library-settings';
import { $reservationsVersion, reservationsChanged } from '../../stores/reservations';
import { $session } from '../../stores/session';

const IssueReservationDialog = lazy(() => import('../../components/reservations/IssueReservationDialog').then((m) => ({ default: m.IssueReservationDialog })));

const toolbarRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', w: 'full' });
const standingCell = css({ display: 'inline-flex', flexDirection: 'column', alignItems: { base: 'flex-end', sm: 'flex-start' }, gap: '1' });

const FILTER_OPTIONS = STATUS_FILTERS.map(({ value, label }) => ({ value, label }));

function columnsFor(today: string, dateFormat: string | null | undefined, timeZone: string | null | undefined): DataTableColumn<Reservation>[] {
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

export default function ReservationList() {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const version = useStore($reservationsVersion);
  const today = todayIn(settings?.timezone);
  const columns = useMemo(() => columnsFor(today, settings?.date_format, settings?.timezone), [today, settings?.date_format, settings?.timezone]);
  const canChange = holdsPermission(session, 'change_bookreservation');
  const canIssue = holdsPermission(session, 'add_bookissuance');
  const [state, update] = useUrlTableState(RESERVATION_LIST_SPEC);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [issuing, setIssuing] = useState<Reservation | null>(null);
  const { busy, fulfil } = useFulfil();
  const query = reservationListQuery(state);

  const { page, loading, loadError, reload } = usePageLoader<Reservation>({
    key: JSON.stringify(query),
    load: () => fetchReservationPage(query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: (failure) => callErrorMessage('reservation-list', failure),
    reloadOn: [version],
  });
  const rows = loadError ? [] : (page?.rows ?? []);


  const actions =
    canChange || canIssue
      ? (row: Reservation) => (
          <>
            {canChange && canFulfil(row) && (
              <Button size="sm" aria-label={`Fulfil the reservation of ${row.book_title}`} loading={busy === String(row.id)} loadingText="Fulfilling…" disabled={busy !== null} onClick={() => void fulfil(row)}>
                Fulfil
              </Button>
            )}
            {canIssue && row.status === 'FULFILLED' && (
              <Button size="sm" aria-label={`Issue the reservation of ${row.book_title}`} onClick={() => setIssuing(row)}>
                Issue
              </Button>
            )}
            {canChange && isActive(row) && (
              <Button variant="outline" size="sm" aria-label={`Cancel the reservation of ${row.book_title}`} onClick={() => setCancelling(row)}>
                Cancel
              </Button>
            )}
          </>
        )
      : undefined;

  const filtered = state.search || state.filters.status;
  return (
    <>
      <DataTable
        caption="Reservations"
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        toolbar={(sortSelect) => (
          <div className={toolbarRow}>
            <SearchField
              label="Search reservations"
              placeholder="Title, ISBN, username or member number"
              search={state.search}
              onSearch={(text) => update((current) => ({ ...current, search: text, page: 1 }), state.search && text ? 'replace' : 'push')}
            />
            <SelectField
              label="Status"
              placeholder="All"
              options={FILTER_OPTIONS}
              value={state.filters.status}
              onChange={(event) => update((current) => ({ ...current, filters: { status: event.target.value }, page: 1 }))}
            />
            {sortSelect}
          </div>
        )}
        notice={loadError && <TableLoadProblem title="Reservations could not be loaded" message={loadError} onRetry={reload} />}
        emptyText={loadError ? 'No reservations to show.' : filtered ? 'No reservations match your search.' : 'No books are reserved.'}
        sort={tableSorting(state, update)}
        pagination={tablePaging(state, update, loadError ? 0 : (page?.count ?? 0))}
        rowActions={actions}
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

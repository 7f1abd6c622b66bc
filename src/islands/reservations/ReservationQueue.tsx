/**
 * reservations/queue (Reserved Book Queue): titles with an open reservation, the longest-waiting
 * first, one server page at a time (search by title or ISBN and paging in the URL). Each title is
 * a `QueueTitleCard`; its actions open the shared cancel confirmation, the issue dialog (loaded on
 * first use) or the Move dialog, and the page reloads after each.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { cx } from 'styled-system/css';
import { flex, stack } from 'styled-system/patterns';
import { card, text } from 'styled-system/recipes';
import { Pagination } from '../../components/data-table/Pagination';
import { SearchField } from '../../components/data-table/SearchField';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { CancelReservationDialog } from '../../components/reservations/CancelReservationDialog';
import { useFulfil } from '../../components/reservations/use-fulfil';
import { useServerList } from '../../components/server-list/use-server-list';
import { LoadingState } from '../../components/ui/Spinner';
import { cancelReservation, fetchReservationQueue } from '../../lib/api/reservations';
import { todayIn } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { holdsPermission } from '../../lib/permissions';
import { QUEUE_PAGE_SIZES, QUEUE_SPEC } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';
import { $librarySettings } from '../../stores/library-settings';
import { $reservationsVersion, reservationsChanged } from '../../stores/reservations';
import { $session } from '../../stores/session';
import { MoveReservationDialog } from './MoveReservationDialog';
import { QueueTitleCard } from './QueueTitleCard';

const IssueReservationDialog = lazy(() => import('../../components/reservations/IssueReservationDialog').then((m) => ({ default: m.IssueReservationDialog })));

const column = flex({ direction: 'column', gap: '4' });
const cards = flex({ direction: 'column', gap: '4', position: 'relative' });
const empty = cx(card({ empty: true }), stack({ gap: '2' }));
const queueQuery = (state: { search: string; page: number; pageSize: number }) => ({ search: state.search.trim() || undefined, page: state.page, page_size: state.pageSize });
const queueError = (failure: unknown) => callErrorMessage('reservation-queue', failure);

export default function ReservationQueue() {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const version = useStore($reservationsVersion);
  const today = todayIn(settings?.timezone);
  const list = useServerList({ spec: QUEUE_SPEC, query: queueQuery, fetch: fetchReservationQueue, errorMessage: queueError, reloadOn: [version] });
  const { state, loadError, loading } = list;
  const { busy, fulfil } = useFulfil();
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [issuing, setIssuing] = useState<Reservation | null>(null);
  const [moving, setMoving] = useState<{ reservation: Reservation; queueLength: number } | null>(null);

  const actions = {
    canChange: holdsPermission(session, 'change_bookreservation'),
    canIssue: holdsPermission(session, 'add_bookissuance'),
    busy,
    fulfil: (reservation: Reservation) => void fulfil(reservation),
    issue: setIssuing,
    cancel: setCancelling,
    move: (reservation: Reservation, queueLength: number) => setMoving({ reservation, queueLength }),
  };
  const titles = list.rows;

  return (
    <div className={column}>
      {/* In a row of its own: the search box grows along a row (flex basis 16rem), not down a column. */}
      <div className={flex()}>
        <SearchField label="Search the queue" placeholder="Title or ISBN" search={state.search} onSearch={list.search} />
      </div>
      {loadError && <TableLoadProblem title="The queue could not be loaded" message={loadError} onRetry={list.reload} />}
      {loading && !list.loaded && <LoadingState text="Loading..." />}
      {list.loaded && !loadError && titles.length === 0 && (
        <div className={empty}>
          <p className={text({ size: 'lg', weight: 'semibold', tone: 'default' })}>{state.search ? 'No reserved titles match your search.' : 'No one is waiting for a book.'}</p>
          <p className={text({ size: 'sm' })}>Titles appear here when a member reserves them.</p>
        </div>
      )}
      {titles.length > 0 && (
        <div className={cards} aria-busy={loading || undefined}>
          {loading && <LoadingState text="Loading..." overlay />}
          {titles.map((entry) => (
            <QueueTitleCard key={entry.book.id} entry={entry} today={today} dateFormat={settings?.date_format} timeZone={settings?.timezone} actions={actions} />
          ))}
        </div>
      )}
      {list.loaded && list.count > 0 && <Pagination label="Reserved titles" pageSizes={QUEUE_PAGE_SIZES} {...list.pagination} />}

      <CancelReservationDialog reservation={cancelling} forMember onClose={() => setCancelling(null)} cancel={(row) => cancelReservation(row.id)} onCancelled={reservationsChanged} />
      <MoveReservationDialog reservation={moving?.reservation ?? null} queueLength={moving?.queueLength ?? 1} onClose={() => setMoving(null)} onMoved={reservationsChanged} />
      <Suspense fallback={null}>{issuing && <IssueReservationDialog reservation={issuing} onClose={() => setIssuing(null)} onIssued={reservationsChanged} />}</Suspense>
    </div>
  );
}

/**
 * A member's open reservations on the staff view of his profile: each title with its state and
 * where he stands ("Position 2 of 5" while waiting, "Ready — pick up by …" while a copy is held
 * for him) and the day he reserved it. Shown to holders of `view_bookreservation`; its code loads
 * after the profile has drawn. Reloads when any reservation changes on the page.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { table, text } from 'styled-system/recipes';
import { Panel } from '../Panel';
import { RetryAlert } from '../ui/RetryAlert';
import { LoadingState } from '../ui/Spinner';
import { useTableScroll } from '../use-table-scroll';
import { ReservationBook } from './ReservationBook';
import { ReservationStatusBadge } from './ReservationStatusBadge';
import { fetchMemberReservations } from '../../lib/api/reservations';
import { formatDate } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { libraryDateOf, openFirst, standingText } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';
import { $librarySettings } from '../../stores/library-settings';
import { $reservationsVersion } from '../../stores/reservations';

/** The member's waiting and held reservations, as a small table. */
/** A small boxed table inside the panel; a card per reservation on a phone. */
const look = table({ frame: 'boxed', phone: 'cards' });

export function MemberReservationsPanel({ memberId }: { memberId: string | number }) {
  const settings = useStore($librarySettings);
  const version = useStore($reservationsVersion);
  const [rows, setRows] = useState<Reservation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const dateFormat = settings?.date_format;

  useEffect(() => {
    let live = true;
    setError(null);
    fetchMemberReservations(memberId, 'active')
      .then((found) => live && setRows(openFirst(found)))
      .catch((failure: unknown) => live && setError(callErrorMessage('reservation-list', failure)));
    return () => {
      live = false;
    };
  }, [memberId, version, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const scrollBox = useTableScroll();

  return (
    <Panel title="Reservations">
      {error ? (
        <RetryAlert title="Reservations could not be loaded" message={error} onRetry={retry} />
      ) : !rows ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <p className={text({ tone: 'muted', size: 'sm' })}>No open reservations.</p>
      ) : (
        <div className={look.root} {...scrollBox}>
          <table className={look.table} aria-label="Open reservations">
            <thead>
              <tr>
                <th scope="col">Book</th>
                <th scope="col">Status</th>
                <th scope="col">Where he stands</th>
                <th scope="col">Reserved on</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row.id)}>
                  <th scope="row">
                    <ReservationBook reservation={row} />
                  </th>
                  <td data-label="Status">
                    <ReservationStatusBadge status={row.status} />
                  </td>
                  <td data-label="Where he stands">{standingText(row, dateFormat) ?? '—'}</td>
                  <td data-label="Reserved on">{formatDate(libraryDateOf(row.reserved_at, settings?.timezone), dateFormat) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** The rows of a Reserved Book Queue card: a copy held for a member, and a member waiting in line. */
import { css, cx } from 'styled-system/css';
import { hstack, stack } from 'styled-system/patterns';
import { badge, text, toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { formatDate } from '#shared/dates';
import { waitingActions } from '../../lib/queue-actions';
import { holdOverdue, libraryDateOf, memberOf, reservationMemberName } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';

/** What the desk may do from a card. */
export interface QueueActions {
  canChange: boolean;
  canIssue: boolean;
  busy: string | null;
  fulfil: (reservation: Reservation) => void;
  issue: (reservation: Reservation) => void;
  cancel: (reservation: Reservation) => void;
  move: (reservation: Reservation, queueLength: number) => void;
}

const small = text({ tone: 'muted', size: 'sm' });
const row = cx(toolbar({ justify: 'between', align: 'center', gap: 'sm' }), css({ py: '2', px: '3', borderRadius: 'md', bg: 'bg.subtle' }));
const rowMain = hstack({ gap: '3', minW: '0', flex: '1 1 14rem' });
const place = cx(text({ weight: 'bold' }), css({ fontVariantNumeric: 'tabular-nums', minW: '6', textAlign: 'center' }));
const who = cx(stack({ gap: '0', minW: '0' }), text({ wrapAnywhere: true }));
const rowActions = toolbar({ gap: 'sm', align: 'center' });

function Member({ reservation }: { reservation: Reservation }) {
  const member = memberOf(reservation);
  return (
    <span className={who}>
      <span className={text({ weight: 'medium' })}>{reservationMemberName(member, reservation.user_name)}</span>
      <span className={text({ tone: 'muted', size: 'xs' })}>{[member?.username && `@${member.username}`, member?.member_id].filter(Boolean).join(' · ')}</span>
    </span>
  );
}

/** A copy held for a member: pickup deadline (marked once passed), Issue and Cancel. */
export function HeldRow({ reservation, title, today, dateFormat, actions }: { reservation: Reservation; title: string; today: string; dateFormat: string | null | undefined; actions: QueueActions }) {
  const name = reservationMemberName(memberOf(reservation), reservation.user_name);
  return (
    <li className={row}>
      <span className={rowMain}>
        <Member reservation={reservation} />
        <span className={small}>Pick up by {formatDate(reservation.hold_until, dateFormat) ?? '—'}</span>
        {holdOverdue(reservation.hold_until, today) && <span className={badge({ tone: 'danger' })}>Pickup overdue</span>}
      </span>
      <span className={rowActions}>
        {actions.canIssue && (
          <Button size="sm" aria-label={`Issue ${title} to ${name}`} onClick={() => actions.issue(reservation)}>
            Issue
          </Button>
        )}
        {actions.canChange && (
          <Button variant="outline" size="sm" aria-label={`Cancel the hold for ${name}`} onClick={() => actions.cancel(reservation)}>
            Cancel
          </Button>
        )}
      </span>
    </li>
  );
}

/** A member waiting: his place, since when, and Fulfil, Move and Cancel for holders of change_bookreservation. */
export function WaitingRow({ reservation, index, onShelf, waitingCount, timeZone, dateFormat, actions }: { reservation: Reservation; index: number; onShelf: number; waitingCount: number; timeZone: string | null | undefined; dateFormat: string | null | undefined; actions: QueueActions }) {
  const name = reservationMemberName(memberOf(reservation), reservation.user_name);
  const shown = waitingActions(index, onShelf, waitingCount);
  const position = reservation.position ?? index + 1;
  return (
    <li className={row}>
      <span className={rowMain}>
        <span className={place} aria-label={`Position ${position}`}>
          {position}
        </span>
        <Member reservation={reservation} />
        <span className={small}>since {formatDate(libraryDateOf(reservation.reserved_at, timeZone), dateFormat) ?? '—'}</span>
      </span>
      {actions.canChange && (
        <span className={rowActions}>
          {shown.fulfil && (
            <Button size="sm" aria-label={`Fulfil the reservation of ${name}`} loading={actions.busy === String(reservation.id)} loadingText="Fulfilling…" disabled={actions.busy !== null} onClick={() => actions.fulfil(reservation)}>
              Fulfil
            </Button>
          )}
          {shown.move && (
            <Button variant="outline" size="sm" aria-label={`Move ${name} in the queue`} onClick={() => actions.move(reservation, waitingCount)}>
              Move
            </Button>
          )}
          <Button variant="outline" size="sm" aria-label={`Cancel the reservation of ${name}`} onClick={() => actions.cancel(reservation)}>
            Cancel
          </Button>
        </span>
      )}
    </li>
  );
}

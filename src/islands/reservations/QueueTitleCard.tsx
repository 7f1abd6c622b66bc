/**
 * One title of the Reserved Book Queue: its copies on the shelf, the copies held for members
 * (pickup deadline, marked once passed; Issue, Cancel) and the members waiting, in order (Fulfil
 * for the first in line while a copy is on the shelf, Move, Cancel). The actions are the island's.
 */
import { css } from 'styled-system/css';
import { badge, textLink } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { formatDate } from '#shared/dates';
import { holdOverdue, libraryDateOf, memberOf, reservationMemberName } from '../../lib/reservations';
import { pathFor } from '#shared/routes';
import type { QueueTitle, Reservation } from '../../lib/schemas/reservations';

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

const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '4', md: '5' }, display: 'flex', flexDirection: 'column', gap: '4' });
const head = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2' });
const titleText = css({ fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' });
const small = css({ color: 'fg.muted', fontSize: 'sm' });
const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '2' });
const list = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '2' });
const row = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  py: '2',
  px: '3',
  borderRadius: 'md',
  bg: 'bg.subtle',
});
const rowMain = css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0', flex: '1 1 14rem' });
const place = css({ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', minW: '6', textAlign: 'center' });
const who = css({ display: 'flex', flexDirection: 'column', minW: '0', overflowWrap: 'anywhere' });
const rowActions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

function Member({ reservation }: { reservation: Reservation }) {
  const member = memberOf(reservation);
  return (
    <span className={who}>
      <span className={css({ fontWeight: 'medium' })}>{reservationMemberName(member, reservation.user_name)}</span>
      <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>{[member?.username && `@${member.username}`, member?.member_id].filter(Boolean).join(' · ')}</span>
    </span>
  );
}

export function QueueTitleCard({ entry, today, dateFormat, timeZone, actions }: { entry: QueueTitle; today: string; dateFormat: string | null | undefined; timeZone: string | null | undefined; actions: QueueActions }) {
  const { book, held, waiting } = entry;
  const onShelf = book.available_copies ?? 0;
  const headingId = `queue-title-${book.id}`;
  return (
    <section className={card} aria-labelledby={headingId}>
      <div className={head}>
        <div>
          <h2 id={headingId} className={titleText}>
            <a className={textLink()} href={pathFor('book-profile', { bookId: book.id })}>
              {book.title}
            </a>
          </h2>
          <p className={small}>{[book.author, book.isbn].filter(Boolean).join(' · ')}</p>
        </div>
        <span className={badge({ tone: onShelf > 0 ? 'success' : 'neutral', size: 'md' })}>
          {onShelf} of {book.total_copies ?? '?'} on the shelf
        </span>
      </div>

      {held.length > 0 && (
        <div>
          <h3 className={sectionTitle}>Held copies</h3>
          <ul className={list} aria-label={`Copies of ${book.title} held`}>
            {held.map((reservation) => {
              const late = holdOverdue(reservation.hold_until, today);
              return (
                <li key={reservation.id} className={row}>
                  <span className={rowMain}>
                    <Member reservation={reservation} />
                    <span className={small}>Pick up by {formatDate(reservation.hold_until, dateFormat) ?? '—'}</span>
                    {late && <span className={badge({ tone: 'danger' })}>Pickup overdue</span>}
                  </span>
                  <span className={rowActions}>
                    {actions.canIssue && (
                      <Button size="sm" aria-label={`Issue ${book.title} to ${reservationMemberName(memberOf(reservation), reservation.user_name)}`} onClick={() => actions.issue(reservation)}>
                        Issue
                      </Button>
                    )}
                    {actions.canChange && (
                      <Button variant="outline" size="sm" aria-label={`Cancel the hold for ${reservationMemberName(memberOf(reservation), reservation.user_name)}`} onClick={() => actions.cancel(reservation)}>
                        Cancel
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {waiting.length > 0 && (
        <div>
          <h3 className={sectionTitle}>Waiting ({waiting.length})</h3>
          <ol className={list} aria-label={`Members waiting for ${book.title}`}>
            {waiting.map((reservation, index) => {
              const name = reservationMemberName(memberOf(reservation), reservation.user_name);
              const first = index === 0;
              return (
                <li key={reservation.id} className={row}>
                  <span className={rowMain}>
                    <span className={place} aria-label={`Position ${reservation.position ?? index + 1}`}>
                      {reservation.position ?? index + 1}
                    </span>
                    <Member reservation={reservation} />
                    <span className={small}>since {formatDate(libraryDateOf(reservation.reserved_at, timeZone), dateFormat) ?? '—'}</span>
                  </span>
                  {actions.canChange && (
                    <span className={rowActions}>
                      {first && onShelf > 0 && (
                        <Button
                          size="sm"
                          aria-label={`Fulfil the reservation of ${name}`}
                          loading={actions.busy === String(reservation.id)}
                          loadingText="Fulfilling…"
                          disabled={actions.busy !== null}
                          onClick={() => actions.fulfil(reservation)}
                        >
                          Fulfil
                        </Button>
                      )}
                      {waiting.length > 1 && (
                        <Button variant="outline" size="sm" aria-label={`Move ${name} in the queue`} onClick={() => actions.move(reservation, waiting.length)}>
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
            })}
          </ol>
        </div>
      )}
    </section>
  );
}

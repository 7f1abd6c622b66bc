/**
 * One title of the Reserved Book Queue: its copies on the shelf, the copies held for members
 * (pickup deadline, marked once passed; Issue, Cancel) and the members waiting, in order (Fulfil
 * for the first in line while a copy is on the shelf, Move, Cancel). The actions are the island's.
 */
import { cx } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { badge, card, text, textLink, toolbar } from 'styled-system/recipes';
import { pathFor } from '#shared/routes';
import type { QueueTitle } from '../../lib/schemas/reservations';
import { HeldRow, WaitingRow, type QueueActions } from './QueueRows';

export type { QueueActions } from './QueueRows';

const cardClass = cx(card({ padding: 'md' }), stack({ gap: '4' }));
const head = toolbar({ justify: 'between', align: 'start', gap: 'sm' });
const titleText = text({ size: 'lg', weight: 'semibold', wrapAnywhere: true });
const small = text({ tone: 'muted', size: 'sm' });
const section = stack({ gap: '2' });
const sectionTitle = text({ size: 'sm', weight: 'semibold', tone: 'muted' });
const list = stack({ gap: '2', listStyle: 'none', m: '0', p: '0' });

export function QueueTitleCard({ entry, today, dateFormat, timeZone, actions }: { entry: QueueTitle; today: string; dateFormat: string | null | undefined; timeZone: string | null | undefined; actions: QueueActions }) {
  const { book, held, waiting } = entry;
  const onShelf = book.available_copies ?? 0;
  const headingId = `queue-title-${book.id}`;
  return (
    <section className={cardClass} aria-labelledby={headingId}>
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
        <div className={section}>
          <h3 className={sectionTitle}>Held copies</h3>
          <ul className={list} aria-label={`Copies of ${book.title} held`}>
            {held.map((reservation) => (
              <HeldRow key={reservation.id} reservation={reservation} title={book.title} today={today} dateFormat={dateFormat} actions={actions} />
            ))}
          </ul>
        </div>
      )}

      {waiting.length > 0 && (
        <div className={section}>
          <h3 className={sectionTitle}>Waiting ({waiting.length})</h3>
          <ol className={list} aria-label={`Members waiting for ${book.title}`}>
            {waiting.map((reservation, index) => (
              <WaitingRow key={reservation.id} reservation={reservation} index={index} onShelf={onShelf} waitingCount={waiting.length} timeZone={timeZone} dateFormat={dateFormat} actions={actions} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/** The member home's blocks, each with a link to its full page. */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { badge, textLink } from 'styled-system/recipes';
import { detail, muted, table, tableWrap } from '../../components/home/styles';
import { Panel } from '../../components/Panel';
import { ReservationStatusBadge } from '../../components/reservations/ReservationStatusBadge';
import { formatDate } from '#shared/dates';
import { dueWording, loansByDueDate } from '../../lib/member-home';
import { formatAmount } from '#shared/money';
import { momentText } from '../../lib/notification-log';
import { standingText } from '../../lib/reservations';
import { pathFor } from '#shared/routes';
import type { MemberDashboard } from '#shared/schemas/reports';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../lib/schemas/reservations';
import type { LibrarySettings } from '../../lib/schemas/settings';
import { dashboardPath } from '#shared/dashboard-path';

type DateFormat = string | null | undefined;

const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' });
const listItem = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2', py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm', _last: { borderBottomWidth: '0' } });
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: '4', fontSize: 'sm' });
const figures = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '3',
  '& div': { p: '3', borderRadius: 'md', bg: 'bg.muted' },
  '& dt': { color: 'fg.muted', fontSize: 'xs', fontWeight: 'medium' },
  '& dd': { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', mt: '1' },
  '& dd[data-owed]': { color: 'danger.fg' },
});

function PageLinks({ children }: { children: ReactNode }) {
  return <p className={links}>{children}</p>;
}

const isReservationStatus = (status: string): status is ReservationStatus => (RESERVATION_STATUSES as readonly string[]).includes(status);

export function LoansPanel({ loans, today, dateFormat }: { loans: MemberDashboard['loans']; today: string; dateFormat: DateFormat }) {
  return (
    <Panel title="Issued Books">
      {loans.length === 0 ? (
        <p className={muted}>
          You have no books out.{' '}
          <a className={textLink()} href={pathFor('book-catalogue')}>
            Browse the catalogue
          </a>
          .
        </p>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <caption className={css({ srOnly: true })}>Your books out</caption>
            <thead>
              <tr>
                <th scope="col">Book</th>
                <th scope="col" className="wide">
                  Due
                </th>
                <th scope="col">Time left</th>
              </tr>
            </thead>
            <tbody>
              {loansByDueDate(loans).map((loan) => {
                const due = dueWording(loan.due_date, today);
                return (
                  <tr key={loan.id} data-loan={loan.id}>
                    <th scope="row">
                      <a className={textLink()} href={pathFor('book-profile', { bookId: loan.book.id })}>
                        {loan.book.title}
                      </a>
                      <span className={detail}>Issued {formatDate(loan.issue_date, dateFormat)}</span>
                      <span className={`${detail} phone`}>Due {formatDate(loan.due_date, dateFormat)}</span>
                    </th>
                    <td className="nowrap wide">{formatDate(loan.due_date, dateFormat)}</td>
                    <td className="nowrap">{due ? <span className={badge({ tone: due.tone, size: 'sm' })}>{due.text}</span> : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks>
        <a className={textLink()} href={pathFor('book-issue')}>
          All issued books
        </a>
        <a className={textLink()} href={pathFor('member-returned')}>
          Returned Books
        </a>
      </PageLinks>
    </Panel>
  );
}

export function FinesPanel({ fines }: { fines: MemberDashboard['fines'] }) {
  const pending = formatAmount(fines.pending) ?? '—';
  const owes = pending !== '—' && !/^Rs\. 0\.00$/.test(pending);
  return (
    <Panel title="Fines">
      <dl className={figures}>
        <div>
          <dt>Total</dt>
          <dd>{formatAmount(fines.total) ?? '—'}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatAmount(fines.paid) ?? '—'}</dd>
        </div>
        {fines.discounted !== undefined && (
          <div>
            <dt>Waived</dt>
            <dd>{formatAmount(fines.discounted) ?? '—'}</dd>
          </div>
        )}
        <div>
          <dt>Pending</dt>
          <dd data-owed={owes || undefined}>{pending}</dd>
        </div>
      </dl>
      <PageLinks>
        <a className={textLink()} href={pathFor('member-fines')}>
          Your fines and receipts
        </a>
      </PageLinks>
    </Panel>
  );
}

export function ReservationsPanel({ reservations, dateFormat }: { reservations: MemberDashboard['reservations']; dateFormat: DateFormat }) {
  return (
    <Panel title="Reserved Books">
      {reservations.length === 0 ? (
        <p className={muted}>You have no reservations.</p>
      ) : (
        <ul className={list} aria-label="Your reservations">
          {reservations.map((reservation) => {
            const status = isReservationStatus(reservation.status) ? reservation.status : null;
            const standing = status ? standingText({ ...reservation, status }, dateFormat) : null;
            return (
              <li key={reservation.id} className={listItem}>
                <span>
                  <a className={textLink()} href={pathFor('book-profile', { bookId: reservation.book.id })}>
                    {reservation.book.title}
                  </a>
                  {standing && <span className={detail}>{standing}</span>}
                </span>
                {status ? <ReservationStatusBadge status={status} /> : <span className={muted}>{reservation.status}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <PageLinks>
        <a className={textLink()} href={pathFor('member-reserved')}>
          All reservations
        </a>
      </PageLinks>
    </Panel>
  );
}

export function WishListPanel({ wishlist }: { wishlist: MemberDashboard['wishlist'] }) {
  return (
    <Panel title="Wish list">
      {wishlist.length === 0 ? (
        <p className={muted}>No Book in WishList</p>
      ) : (
        <ul className={list} aria-label="Your wish list">
          {wishlist.map((entry) => (
            <li key={entry.id} className={listItem}>
              <a className={textLink()} href={pathFor('book-profile', { bookId: entry.book.id })}>
                {entry.book.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      <PageLinks>
        <a className={textLink()} href={pathFor('book-catalogue')}>
          Catalogue
        </a>
      </PageLinks>
    </Panel>
  );
}

export function NoticesPanel({ notices, settings }: { notices: MemberDashboard['notices']; settings: LibrarySettings | null }) {
  return (
    <Panel title="Recent notices">
      {notices.length === 0 ? (
        <p className={muted}>You have no notifications.</p>
      ) : (
        <ul className={list} aria-label="Your recent notices">
          {notices.map((notice) => {
            const href = dashboardPath(notice.link);
            return (
              <li key={notice.id} className={listItem} data-read={notice.is_read ? 'true' : 'false'}>
                <span className={css({ minW: '0', flex: '1' })}>
                  <span className={css({ fontWeight: notice.is_read ? 'normal' : 'semibold', overflowWrap: 'anywhere' })}>
                    {!notice.is_read && <span className={css({ srOnly: true })}>Unread: </span>}
                    {href ? (
                      <a className={textLink()} href={href}>
                        {notice.title}
                      </a>
                    ) : (
                      notice.title
                    )}
                  </span>
                  {notice.message && <span className={detail}>{notice.message}</span>}
                </span>
                <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>{momentText(notice.created_at, settings ?? {})}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

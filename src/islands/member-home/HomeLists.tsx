/** The member home's short lists: reservations, the wish list and recent notices, each with a link to its full page. */
import { visuallyHidden } from 'styled-system/patterns';
import { textLink } from 'styled-system/recipes';
import { detail, muted } from '../../components/home/styles';
import { Panel } from '../../components/Panel';
import { ReservationStatusBadge } from '../../components/reservations/ReservationStatusBadge';
import { momentText } from '../../lib/notification-log';
import { standingText } from '../../lib/reservations';
import { pathFor } from '#shared/routes';
import type { MemberDashboard } from '#shared/schemas/reports';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../lib/schemas/reservations';
import type { LibrarySettings } from '../../lib/schemas/settings';
import { dashboardPath } from '#shared/dashboard-path';
import { PageLinks, homeList } from './home-parts';

type DateFormat = string | null | undefined;

const isReservationStatus = (status: string): status is ReservationStatus => (RESERVATION_STATUSES as readonly string[]).includes(status);
const hidden = visuallyHidden();

export function ReservationsPanel({ reservations, dateFormat }: { reservations: MemberDashboard['reservations']; dateFormat: DateFormat }) {
  return (
    <Panel title="Reserved Books">
      {reservations.length === 0 ? (
        <p className={muted}>You have no reservations.</p>
      ) : (
        <ul className={homeList.list} aria-label="Your reservations">
          {reservations.map((reservation) => {
            const status = isReservationStatus(reservation.status) ? reservation.status : null;
            const standing = status ? standingText({ ...reservation, status }, dateFormat) : null;
            return (
              <li key={reservation.id} className={homeList.item}>
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
      <PageLinks to={[[pathFor('member-reserved'), 'All reservations']]} />
    </Panel>
  );
}

export function WishListPanel({ wishlist }: { wishlist: MemberDashboard['wishlist'] }) {
  return (
    <Panel title="Wish list">
      {wishlist.length === 0 ? (
        <p className={muted}>No Book in WishList</p>
      ) : (
        <ul className={homeList.list} aria-label="Your wish list">
          {wishlist.map((entry) => (
            <li key={entry.id} className={homeList.item}>
              <a className={textLink()} href={pathFor('book-profile', { bookId: entry.book.id })}>
                {entry.book.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      <PageLinks to={[[pathFor('book-catalogue'), 'Catalogue']]} />
    </Panel>
  );
}

export function NoticesPanel({ notices, settings }: { notices: MemberDashboard['notices']; settings: LibrarySettings | null }) {
  return (
    <Panel title="Recent notices">
      {notices.length === 0 ? (
        <p className={muted}>You have no notifications.</p>
      ) : (
        <ul className={homeList.list} aria-label="Your recent notices">
          {notices.map((notice) => {
            const href = dashboardPath(notice.link);
            return (
              <li key={notice.id} className={homeList.item} data-read={notice.is_read ? 'true' : 'false'}>
                <span className={homeList.text}>
                  <span className={homeList.title}>
                    {!notice.is_read && <span className={hidden}>Unread: </span>}
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
                <span className={homeList.moment}>{momentText(notice.created_at, settings ?? {})}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

/** The member home's short lists: reservations, the wish list and recent notices, each with a link to its full page. */
import { visuallyHidden } from 'styled-system/patterns';
import { textLink } from 'styled-system/recipes';
import { detail, muted } from '../../components/home/styles';
import { ReservationStatusBadge } from '../../components/reservations/ReservationStatusBadge';
import { momentText } from '#shared/dates';
import { standingText } from '../../lib/reservations';
import { pathFor } from '#shared/routes';
import type { MemberDashboard } from '#shared/schemas/reports';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../lib/schemas/reservations';
import type { LibrarySettings } from '../../lib/schemas/settings';
import { dashboardPath } from '#shared/dashboard-path';
import { ListPanel, homeList } from './home-parts';

type DateFormat = string | null | undefined;

const isReservationStatus = (status: string): status is ReservationStatus => (RESERVATION_STATUSES as readonly string[]).includes(status);
const hidden = visuallyHidden();

type Reservation = MemberDashboard['reservations'][number];
type Notice = MemberDashboard['notices'][number];
const bookLink = (book: { id: string | number; title: string }) => (
  <a className={textLink()} href={pathFor('book-profile', { bookId: book.id })}>
    {book.title}
  </a>
);

function ReservationEntry({ reservation, dateFormat }: { reservation: Reservation; dateFormat: DateFormat }) {
  const status = isReservationStatus(reservation.status) ? reservation.status : null;
  const standing = status ? standingText({ ...reservation, status }, dateFormat) : null;
  return (
    <>
      <span>
        {bookLink(reservation.book)}
        {standing && <span className={detail}>{standing}</span>}
      </span>
      {status ? <ReservationStatusBadge status={status} /> : <span className={muted}>{reservation.status}</span>}
    </>
  );
}

function NoticeEntry({ notice, settings }: { notice: Notice; settings: LibrarySettings | null }) {
  const href = dashboardPath(notice.link);
  return (
    <>
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
    </>
  );
}

export function ReservationsPanel({ reservations, dateFormat }: { reservations: MemberDashboard['reservations']; dateFormat: DateFormat }) {
  return (
    <ListPanel
      title="Reserved Books"
      label="Your reservations"
      items={reservations}
      itemKey={(reservation) => reservation.id}
      entry={(reservation) => <ReservationEntry reservation={reservation} dateFormat={dateFormat} />}
      empty="You have no reservations."
      links={[[pathFor('member-reserved'), 'All reservations']]}
    />
  );
}

export function WishListPanel({ wishlist }: { wishlist: MemberDashboard['wishlist'] }) {
  return (
    <ListPanel
      title="Wish list"
      label="Your wish list"
      items={wishlist}
      itemKey={(entry) => entry.id}
      entry={(entry) => bookLink(entry.book)}
      empty="No Book in WishList"
      links={[[pathFor('book-catalogue'), 'Catalogue']]}
    />
  );
}

export function NoticesPanel({ notices, settings }: { notices: MemberDashboard['notices']; settings: LibrarySettings | null }) {
  return (
    <ListPanel
      title="Recent notices"
      label="Your recent notices"
      items={notices}
      itemKey={(notice) => notice.id}
      read={(notice) => notice.is_read}
      entry={(notice) => <NoticeEntry notice={notice} settings={settings} />}
      empty="You have no notifications."
    />
  );
}

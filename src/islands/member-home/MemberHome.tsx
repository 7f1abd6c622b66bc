/**
 * member/home, the member's dashboard: how many books he has out, overdue and ready for pickup,
 * his fines (total, paid, pending), his loans with their time left ("3 days left", "Due today",
 * "2 days overdue"), his reservations with his place in the queue or the pickup deadline, his wish
 * list and his latest notices; each block leads to its full page. One call.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { flex } from 'styled-system/patterns';
import { FigureCards, FigureCardsSkeleton } from '../../components/home/FigureCards';
import { HomeHeader } from '../../components/home/HomeHeader';
import { page, twoColumns } from '../../components/home/styles';
import { LoadProblem } from '../../components/LoadProblem';
import { displayName } from '#shared/person-name';
import { LoadingState } from '../../components/ui/Spinner';
import { fetchMemberDashboard } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { readyForPickup } from '../../lib/member-home';
import { pathFor } from '#shared/routes';
import type { MemberDashboard } from '#shared/schemas/reports';
import { $librarySettings } from '../../stores/library-settings';
import { $user } from '../../stores/session';
import { NoticesPanel, ReservationsPanel, WishListPanel } from './HomeLists';
import { FinesPanel, LoansPanel } from './HomePanels';

/** Fines over reservations, beside the books out. */
const column = flex({ direction: 'column', gap: { base: '5', md: '6' } });

export default function MemberHome() {
  const user = useStore($user);
  const settings = useStore($librarySettings);
  const [home, setHome] = useState<MemberDashboard | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    setLoadError(null);
    fetchMemberDashboard(userId)
      .then((answer) => live && setHome(answer))
      .catch((failure: unknown) => live && setLoadError(callErrorMessage('member-dashboard', failure)));
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!user) return null;
  const welcome = `Welcome, ${displayName(user)}`;

  if (loadError) {
    return (
      <LoadProblem heading={welcome} tone="error" title="Your dashboard could not be shown" onRetry={retry}>
        <p>{loadError}</p>
      </LoadProblem>
    );
  }
  if (!home) {
    return (
      <div className={page} aria-busy="true">
        <HomeHeader />
        <LoadingState />
        <FigureCardsSkeleton count={3} />
      </div>
    );
  }

  const dateFormat = settings?.date_format;
  const figures = [
    { key: 'issued', label: 'Books out', value: String(home.issued_count), href: pathFor('book-issue') },
    { key: 'overdue', label: 'Overdue', value: String(home.overdue_count), href: pathFor('book-issue'), alarm: home.overdue_count > 0 },
    { key: 'ready', label: 'Ready for pickup', value: String(readyForPickup(home.reservations)), href: pathFor('member-reserved') },
  ];

  return (
    <div className={page}>
      <HomeHeader today={home.today} />
      <FigureCards figures={figures} label="Your books" />
      <div className={twoColumns}>
        <LoansPanel loans={home.loans} today={home.today} dateFormat={dateFormat} />
        <div className={column}>
          <FinesPanel fines={home.fines} />
          <ReservationsPanel reservations={home.reservations} dateFormat={dateFormat} />
        </div>
      </div>
      <div className={twoColumns}>
        <WishListPanel wishlist={home.wishlist} />
        <NoticesPanel notices={home.notices} settings={settings} />
      </div>
    </div>
  );
}

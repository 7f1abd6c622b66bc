/**
 * The member top bar (section 2, "Member top bar"): the page title, the wish-list dropdown, the
 * notifications button with its unread badge, the theme toggle and the profile menu.
 * Renders nothing for staff (the staff top bar shows instead).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { TopBarTitle, UserMenu, displayName, iconButton, topBarRow } from '../../components/TopBarParts';
import { BellIcon } from '../../components/ui/icons';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { fetchNotifications } from '../../lib/api/notifications';
import { isStaffRole } from '../../lib/permission-codes';
import { pathFor, route } from '../../lib/routes';
import { badgeText, notificationsLabel, topBarTitle } from '../../lib/top-bar';
import { $session, $user } from '../../stores/session';
import { WishListMenu } from './WishListMenu';

export default function MemberTopBar({ routeId }: { routeId: string }) {
  const session = useStore($session);
  const user = useStore($user);
  if (!session || !user || isStaffRole(session.role)) return null;
  return (
    <div className={topBarRow}>
      <TopBarTitle>{topBarTitle(route(routeId), window.location.pathname, true)}</TopBarTitle>
      <WishListMenu />
      <NotificationsButton />
      <ThemeToggle />
      <UserMenu name={displayName(user)} detail="Member" profileHref={pathFor('member-profile-view', { memberId: user.id })} />
    </div>
  );
}

/** The notifications button: unread count from `GET /notifications/` (0 on error); no action yet. */
function NotificationsButton() {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let active = true;
    fetchNotifications()
      .then((list) => {
        if (active) setUnread(list.filter((n) => !n.read).length);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  const count = badgeText(unread);
  return (
    <button type="button" className={iconButton} aria-label={notificationsLabel(unread)} title="Notifications">
      <BellIcon />
      {count && (
        <span aria-hidden="true" className={cx(badge({ tone: 'count', size: 'count' }), css({ position: 'absolute', top: '1', right: '0.5' }))}>
          {count}
        </span>
      )}
    </button>
  );
}

/**
 * The member top bar: the page title, the wish-list dropdown, the
 * notifications bell (`components/notifications/NotificationsBell`), the theme toggle and the profile menu.
 * Renders nothing for staff (the staff top bar shows instead).
 */
import { useStore } from '@nanostores/react';
import { TopBarTitle, UserMenu, topBarRow, topBarTools } from '../../components/TopBarParts';
import { displayName } from '#shared/person-name';
import { NotificationsBell } from '../../components/notifications/NotificationsBell';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { isStaffRole } from '#shared/permission-codes';
import { pathFor, route } from '#shared/routes';
import { topBarTitle } from '../../lib/top-bar';
import { $session, $user } from '../../stores/session';
import { WishListMenu } from './WishListMenu';

export default function MemberTopBar({ routeId }: { routeId: string }) {
  const session = useStore($session);
  const user = useStore($user);
  if (!session || !user || isStaffRole(session.role)) return null;
  return (
    <div className={topBarRow}>
      <TopBarTitle>{topBarTitle(route(routeId), window.location.pathname, true)}</TopBarTitle>
      <div className={topBarTools}>
        <WishListMenu />
        <NotificationsBell />
        <ThemeToggle />
        <UserMenu name={displayName(user)} detail="Member" profileHref={pathFor('member-profile-view', { memberId: user.id })} />
      </div>
    </div>
  );
}

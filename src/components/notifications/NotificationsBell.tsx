/**
 * The top bar's notifications bell: the unread count as a badge (hidden at 0, '99+' above 99; the
 * button is named "Notifications, 3 unread"), read on page load, when the tab becomes visible
 * again and after marking. The list's code (Ark Popover) loads after first paint
 * (`NotificationsPopover.tsx`); until then a stand-in trigger with the same look opens it.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { css, cx } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { iconButton } from '../TopBarParts';
import { BellIcon } from '../ui/icons';
import { lazyPart, useLazyPopup } from '../ui/lazy-part';
import { badgeText, notificationsLabel } from '../../lib/top-bar';
import { $unreadCount, loadUnreadCount } from '../../stores/notifications';

const popover = lazyPart(() => import('./NotificationsPopover'));

const countBadge = cx(badge({ tone: 'count', size: 'count' }), css({ position: 'absolute', top: '1', right: '0.5' }));

/** The bell's face: the icon and the badge (shared by the stand-in and the real trigger). */
export function BellFace({ unread }: { unread: number }) {
  const count = badgeText(unread);
  return (
    <>
      <BellIcon />
      {count && (
        <span aria-hidden="true" className={countBadge} data-testid="notifications-badge">
          {count}
        </span>
      )}
    </>
  );
}

export function NotificationsBell() {
  const unread = useStore($unreadCount);
  const { view, openAtStart, triggerProps } = useLazyPopup(popover, 'notifications-trigger', 'dialog');

  useEffect(() => {
    const refresh = () => void loadUnreadCount().catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const label = notificationsLabel(unread);
  if (view) return <view.NotificationsPopover triggerId={triggerProps.id} defaultOpen={openAtStart} label={label} unread={unread} />;
  return (
    <button type="button" className={iconButton} aria-label={label} title="Notifications" {...triggerProps}>
      <BellFace unread={unread} />
    </button>
  );
}

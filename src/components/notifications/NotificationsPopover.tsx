/**
 * The bell's list on Ark Popover (outside click and Escape close it), loaded after first paint
 * through `NotificationsBell`: the newest notifications, unread ones marked, each with its link
 * and "Mark as read", and "Mark all as read"; loading, empty and failed states. The list is read
 * each time it opens, so it is never staler than the badge.
 */
import { useStore } from '@nanostores/react';
import { Popover } from '@ark-ui/react/popover';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { visuallyHidden } from 'styled-system/patterns';
import { popover, textLink } from 'styled-system/recipes';
import type { LazyMenuProps } from '../TopBarMenus';
import { Button } from '../ui/Button';
import { PopoverPanel } from '../ui/PopoverPanel';
import { toast } from '../ui/Toaster';
import { fetchRecentNotifications } from '../../lib/api/notifications';
import { callErrorMessage } from '../../lib/errors';
import { momentText } from '#shared/dates';
import { NOTICES } from '../../lib/notices';
import type { Notification } from '../../lib/schemas/notifications';
import { $librarySettings } from '../../stores/library-settings';
import { markAllAsRead, markAsRead } from '../../stores/notifications';
import { BellFace } from './NotificationsBell';

/** How many of the newest notifications the list shows. */
const LIST_SIZE = 10;

const look = popover({ size: 'md' });
/** A notification: its text beside the unread dot, muted once read. */
const item = css({ display: 'flex', gap: '2', p: '2', borderRadius: 'md', alignItems: 'flex-start', '&[data-read=false]': { bg: 'bg.muted' } });
const dot = css({ flex: 'none', w: '2', h: '2', mt: '1.5', borderRadius: 'full', '[data-read=false] > &': { bg: 'accent.default' } });
const message = css({ fontWeight: 'semibold', overflowWrap: 'anywhere', '[data-read=true] &': { fontWeight: 'normal' } });

type ListState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; items: Notification[] };

/** The popover with its trigger (`label` names the trigger with the unread count). */
export function NotificationsPopover({ triggerId, defaultOpen, label, unread }: LazyMenuProps & { label: string; unread: number }) {
  const [open, setOpen] = useState(defaultOpen);
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const settings = useStore($librarySettings);

  async function load(): Promise<void> {
    setList((current) => (current.kind === 'ready' ? current : { kind: 'loading' }));
    try {
      setList({ kind: 'ready', items: (await fetchRecentNotifications(LIST_SIZE)).results });
    } catch (error) {
      setList({ kind: 'failed', message: callErrorMessage('notifications-list', error) });
    }
  }

  useEffect(() => {
    if (open) void load();
  }, [open]);

  async function markOne(entry: Notification): Promise<void> {
    setBusy(true);
    try {
      await markAsRead(entry.id);
      setList((current) => (current.kind === 'ready' ? { kind: 'ready', items: current.items.map((n) => (n.id === entry.id ? { ...n, read: true } : n)) } : current));
    } catch (error) {
      toast.error(callErrorMessage('notification-mark-read', error));
    } finally {
      setBusy(false);
    }
  }

  async function markEvery(): Promise<void> {
    setBusy(true);
    try {
      await markAllAsRead();
      setList((current) => (current.kind === 'ready' ? { kind: 'ready', items: current.items.map((n) => ({ ...n, read: true })) } : current));
      toast.success(NOTICES.notificationsAllRead);
    } catch (error) {
      toast.error(callErrorMessage('notification-mark-read', error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PopoverPanel
      triggerId={triggerId}
      open={open}
      onOpenChange={setOpen}
      size="md"
      label={label}
      title="Notifications"
      icon={<BellFace unread={unread} />}
    >
      <div className={look.header}>
        <Popover.Title className={look.title}>Notifications</Popover.Title>
        {unread > 0 && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void markEvery()}>
            Mark all as read
          </Button>
        )}
      </div>
      {list.kind === 'loading' ? (
        <p className={look.note}>Loading...</p>
      ) : list.kind === 'failed' ? (
        <div className={look.note} role="alert">
          <p>{list.message}</p>
          <Button variant="outline" size="sm" className={css({ mt: '2' })} onClick={() => void load()}>
            Retry
          </Button>
        </div>
      ) : list.items.length === 0 ? (
        <p className={look.note}>You have no notifications.</p>
      ) : (
        <ul aria-label="Your notifications" className={look.list}>
          {list.items.map((entry) => (
            <li key={entry.id} className={item} data-read={entry.read ? 'true' : 'false'}>
              <span aria-hidden="true" className={dot} />
              <div className={css({ flex: '1', minW: '0', fontSize: 'sm' })}>
                <p className={message}>
                  {!entry.read && <span className={visuallyHidden()}>Unread: </span>}
                  {entry.link_url ? (
                    <a className={textLink()} href={entry.link_url}>
                      {entry.message}
                    </a>
                  ) : (
                    entry.message
                  )}
                </p>
                <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '0.5' })}>{momentText(entry.created_at, settings ?? {})}</p>
              </div>
              {!entry.read && (
                <Button variant="ghost" size="sm" disabled={busy} aria-label={`Mark as read: ${entry.message ?? ''}`} onClick={() => void markOne(entry)}>
                  Mark as read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </PopoverPanel>
  );
}

/**
 * The signed-in user's unread notification count, shared by the bell's trigger and its list: read
 * on page load, when the tab becomes visible again and after marking; cleared on sign-out.
 */
import { atom } from 'nanostores';
import { fetchUnreadCount, markAllNotificationsRead, markNotificationRead } from '../lib/api/notifications';
import { registerStoreReset } from './registry';

/** Unread notifications (0 until read, and when the count cannot be read). */
export const $unreadCount = atom(0);

registerStoreReset(() => $unreadCount.set(0));

/** Reads the unread count from the server; a failure leaves the last count. */
export async function loadUnreadCount(): Promise<void> {
  $unreadCount.set(await fetchUnreadCount());
}

/** Marks one notification read and reads the count again; errors are rethrown for the caller's message. */
export async function markAsRead(id: string | number): Promise<void> {
  await markNotificationRead(id);
  $unreadCount.set(Math.max(0, $unreadCount.get() - 1));
  await loadUnreadCount().catch(() => undefined);
}

/** Marks every notification read; errors are rethrown. */
export async function markAllAsRead(): Promise<void> {
  await markAllNotificationsRead();
  $unreadCount.set(0);
  await loadUnreadCount().catch(() => undefined);
}

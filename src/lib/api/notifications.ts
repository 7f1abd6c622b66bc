/** Notification calls: wish list, the bell, the notice log (docs/API.md, "Reservations and notices"). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { fileNameFromDisposition } from '../file-names';
import { WishlistItemStruct, WishlistStruct, type WishlistItem } from '../schemas/wishlist';
import {
  NotificationLogEntryStruct,
  NotificationLogPageStruct,
  NotificationLogRowStruct,
  NotificationPageStruct,
  UnreadCountStruct,
  type NotificationLogEntry,
  type NotificationLogPage,
  type NotificationLogRow,
  type NotificationPage,
} from '../schemas/notifications';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** `GET /notifications/wishlist/`: the member's own entries, newest first. */
export async function fetchWishlist(): Promise<WishlistItem[]> {
  return parseAnswer(await http.get('/notifications/wishlist/'), WishlistStruct);
}

/** `POST /notifications/wishlist/` with `{book_id}`: adds a book; refused when it is already there. */
export async function addToWishlist(bookId: string | number): Promise<WishlistItem> {
  return parseAnswer(await http.post('/notifications/wishlist/', { book_id: bookId }), WishlistItemStruct);
}

/** `DELETE /notifications/wishlist/{id}/`: removes one of the member's entries. */
export async function removeFromWishlist(itemId: string | number): Promise<void> {
  await http.delete(`/notifications/wishlist/${encodeURIComponent(String(itemId))}/`);
}

/** `GET /notifications/?page=1&page_size=n`: the newest of the user's notifications (the bell's list). */
export async function fetchRecentNotifications(pageSize: number): Promise<NotificationPage> {
  const params = new URLSearchParams({ page: '1', page_size: String(pageSize) });
  return parseAnswer(await http.get('/notifications/', { params }), NotificationPageStruct);
}

/** `GET /notifications/unread-count/`: how many of the user's notifications are unread. */
export async function fetchUnreadCount(): Promise<number> {
  return parseAnswer(await http.get('/notifications/unread-count/'), UnreadCountStruct).unread;
}

/** `POST /notifications/alerts/{id}/mark_read/`: marks one of the user's notifications read. */
export async function markNotificationRead(id: Id): Promise<void> {
  await http.post(`/notifications/alerts/${seg(id)}/mark_read/`);
}

/** `POST /notifications/alerts/mark_all_read/`: marks every notification of the user read. */
export async function markAllNotificationsRead(): Promise<void> {
  await http.post('/notifications/alerts/mark_all_read/');
}

/** The Notification History Panel's query (empty values are left out). */
export interface NotificationLogQuery {
  search?: string;
  member?: string;
  type?: string;
  status?: string;
  channel?: string;
  date_from?: string;
  date_to?: string;
  page: number;
  page_size: number;
}

/** `GET /notifications-logs/`: one page of the notification log, newest first. */
export async function fetchNotificationLog(query: NotificationLogQuery): Promise<NotificationLogPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const text = String(value ?? '').trim();
    if (text) params.set(name, text);
  }
  return parseAnswer(await http.get('/notifications-logs/', { params }), NotificationLogPageStruct);
}

/** `GET /notifications-logs/?format=csv&…filters`: the whole filtered log as a CSV file, and the name the server gives it. */
export async function downloadNotificationLogCsv(query: Record<string, string>): Promise<{ blob: Blob; fileName: string | null }> {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value.trim() !== ''));
  const { blob, headers } = await http.getFile('/notifications-logs/', { params, headers: { Accept: 'text/csv' } });
  return { blob, fileName: fileNameFromDisposition(headers?.get?.('content-disposition')) };
}

/** `GET /notifications-logs/{id}/`: one log row with the message text. */
export async function fetchNotificationLogEntry(id: Id): Promise<NotificationLogEntry> {
  return parseAnswer(await http.get(`/notifications-logs/${seg(id)}/`), NotificationLogEntryStruct);
}

/** `POST /notifications-logs/{id}/resend/`: queues a fresh copy of a failed e-mail; answers the new row. */
export async function resendNotification(id: Id): Promise<NotificationLogRow> {
  return parseAnswer(await http.post(`/notifications-logs/${seg(id)}/resend/`), NotificationLogRowStruct);
}

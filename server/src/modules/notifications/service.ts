/** In-app notifications of a user (the member top bar's bell). */
import type { Selectable } from 'kysely';
import type { Db, NotificationsTable } from '../../db/schema.js';
import { isSet, nowIso } from '../../db/values.js';
import { notFound } from '../../errors.js';
import { pageWindow, type PageRequest, type PageWindow } from '../../http/paging.js';

type NotificationsRow = Selectable<NotificationsTable>;

export interface NotificationView {
  id: number;
  type: string;
  message: string;
  link_url: string | null;
  created_at: string;
  read: boolean;
}

export const NOTIFICATION_LIMIT = 100;

/** Which of a user's notifications to list. */
export interface NotificationQuery {
  unreadOnly: boolean;
  /** A page of them; without it the newest 100. */
  page: PageRequest | undefined;
}

function ownNotifications(db: Db, userId: number, unreadOnly: boolean) {
  const q = db.selectFrom('notifications').where('user_id', '=', userId);
  return unreadOnly ? q.where('read', '=', 0) : q;
}

const toView = (r: NotificationsRow): NotificationView => ({ id: r.id, type: r.type, message: r.message, link_url: r.link_url, created_at: r.created_at, read: isSet(r.read) });

/** A user's own notifications, newest first: at most 100, or one page with its window. */
export async function listNotifications(db: Db, userId: number, query: NotificationQuery = { unreadOnly: false, page: undefined }): Promise<{ results: NotificationView[]; window?: PageWindow }> {
  let window: PageWindow | undefined;
  if (query.page) {
    const { count } = await ownNotifications(db, userId, query.unreadOnly).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    window = pageWindow(Number(count), query.page);
  }
  const rows = await ownNotifications(db, userId, query.unreadOnly)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window?.limit ?? NOTIFICATION_LIMIT)
    .offset(window?.offset ?? 0)
    .execute();
  return { results: rows.map(toView), ...(window ? { window } : {}) };
}

/** How many of a user's notifications are unread (the bell's badge). */
export async function unreadCount(db: Db, userId: number): Promise<{ unread: number }> {
  const { count } = await ownNotifications(db, userId, true).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { unread: Number(count) };
}

/** Marks one of the user's own notifications read; another's or an unknown id is 404. */
export async function markRead(db: Db, userId: number, id: number | undefined): Promise<void> {
  if (id === undefined) throw notFound();
  const result = await db.updateTable('notifications').set({ read: 1 }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
}

/** Marks every notification of the user read. */
export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db.updateTable('notifications').set({ read: 1 }).where('user_id', '=', userId).where('read', '=', 0).execute();
}

export interface NewNotification {
  userId: number;
  type: string;
  message: string;
  linkUrl?: string | null;
  read?: boolean;
  createdAt?: string;
}

/** Adds a notification for a user. */
export async function notify(db: Db, n: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: n.userId, type: n.type, message: n.message, link_url: n.linkUrl ?? null, created_at: n.createdAt ?? nowIso(), read: n.read ? 1 : 0 })
    .execute();
}

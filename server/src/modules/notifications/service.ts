/** In-app notifications of a user (the member top bar's bell). */
import type { Db } from '../../db/schema.js';
import { isSet, nowIso } from '../../db/values.js';

export interface NotificationView {
  id: number;
  type: string;
  message: string;
  link_url: string | null;
  created_at: string;
  read: boolean;
}

export const NOTIFICATION_LIMIT = 100;

/** A user's own notifications, newest first, at most 100. */
export async function listNotifications(db: Db, userId: number): Promise<NotificationView[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATION_LIMIT)
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, message: r.message, link_url: r.link_url, created_at: r.created_at, read: isSet(r.read) }));
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

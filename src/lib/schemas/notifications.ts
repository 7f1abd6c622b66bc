/** The signed-in user's in-app notifications and the Notification History Panel's log rows (docs/API.md, "Reservations and notices"). */
import { array, boolean, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

export const NotificationStruct = type({
  id: IdStruct,
  type: optional(nullable(string())),
  message: optional(nullable(string())),
  link_url: optional(nullable(string())),
  created_at: optional(nullable(string())),
  read: boolean(),
});

export type Notification = Infer<typeof NotificationStruct>;

/** `GET /notifications/?page=…`: one page of the user's notifications. */
export const NotificationPageStruct = type({ count: number(), results: array(NotificationStruct) });

export type NotificationPage = Infer<typeof NotificationPageStruct>;

/** `GET /notifications/unread-count/`. */
export const UnreadCountStruct = type({ unread: number() });

const text = () => optional(nullable(string()));

/** The member a log row was for (null for a mail to an address without an account). */
export const LogUserStruct = type({ id: IdStruct, username: string(), full_name: text(), member_id: text() });

/** One row of `GET /notifications-logs/`: one notice on one channel. */
export const NotificationLogRowStruct = type({
  id: IdStruct,
  created_at: string(),
  sent_at: text(),
  user: optional(nullable(LogUserStruct)),
  recipient: text(),
  notice_type: text(),
  kind: text(),
  channel: string(),
  status: string(),
  attempts: optional(nullable(number())),
  next_attempt_at: text(),
  error: text(),
  subject: text(),
});

export type NotificationLogRow = Infer<typeof NotificationLogRowStruct>;

export const NotificationLogPageStruct = type({ count: number(), results: array(NotificationLogRowStruct) });

export type NotificationLogPage = Infer<typeof NotificationLogPageStruct>;

/** `GET /notifications-logs/{id}/`: the row with its message text. */
export const NotificationLogEntryStruct = type({ ...NotificationLogRowStruct.schema, body_text: text() });

export type NotificationLogEntry = Infer<typeof NotificationLogEntryStruct>;

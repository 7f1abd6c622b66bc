/** `GET /notifications/`: the signed-in user's notifications, newest first (docs/API.md). */
import { array, boolean, nullable, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from './common';

export const NotificationStruct = type({
  id: IdStruct,
  type: optional(nullable(string())),
  message: optional(nullable(string())),
  link_url: optional(nullable(string())),
  created_at: optional(nullable(string())),
  read: boolean(),
});

export type Notification = Infer<typeof NotificationStruct>;

export const NotificationListStruct = array(NotificationStruct);

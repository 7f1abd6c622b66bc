/** `GET /settings/notifications/` (docs/API.md, "Notification settings"). */
import { array, boolean, number, optional, string, type, type Infer } from 'superstruct';

/** One notice's toggle and wording as the server keeps it. */
export const NoticeSettingStruct = type({
  type: string(),
  label: optional(string()),
  when: optional(string()),
  enabled: boolean(),
  subject: string(),
  body: string(),
  placeholders: optional(array(string())),
  default_subject: optional(string()),
  default_body: optional(string()),
});

export const NotificationSettingsStruct = type({
  due_soon_days: number(),
  overdue_every_days: number(),
  overdue_max_times: number(),
  hold_pickup_days: number(),
  jobs_run_at: string(),
  notices: array(NoticeSettingStruct),
});

export type NotificationSettings = Infer<typeof NotificationSettingsStruct>;

/**
 * The notification settings as the Notification Settings screen reads and changes them. The row
 * keeps only what differs from the default wording of `src/lib/notice-templates.ts` (so a template
 * the library never edited follows later changes of the defaults); the original contract's five
 * `on_*` booleans are views of five notices' toggles. Every change is audited in its transaction.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { NOTICE_DEFINITIONS, NOTICE_TYPES, type NoticeType, type Placeholder } from '#shared/notice-templates';
import { recordAudit } from '../audit/service.js';
import type { NoticeSettingsUpdate, Toggle } from './schemas.js';
import { TOGGLES } from './schemas.js';
import { noticeSettingsRow, parseStoredNotices, readNoticeSettings, type NoticeChoice, type NoticeSettings, type StoredChoice } from './settings-store.js';

/** One notice as the settings screen shows it. */
export interface NoticeView {
  type: NoticeType;
  label: string;
  when: string;
  enabled: boolean;
  subject: string;
  body: string;
  placeholders: readonly Placeholder[];
  default_subject: string;
  default_body: string;
}

/** `GET /settings/notifications/`. */
export type NoticeSettingsView = {
  due_soon_days: number;
  overdue_every_days: number;
  overdue_max_times: number;
  hold_pickup_days: number;
  membership_notice_days: number;
  jobs_run_at: string;
  notices: NoticeView[];
} & Record<Toggle, boolean>;

function toView(settings: NoticeSettings): NoticeSettingsView {
  const toggles = Object.fromEntries((Object.keys(TOGGLES) as Toggle[]).map((toggle) => [toggle, settings.notices[TOGGLES[toggle]].enabled])) as Record<Toggle, boolean>;
  return {
    due_soon_days: settings.dueSoonDays,
    overdue_every_days: settings.overdueEveryDays,
    overdue_max_times: settings.overdueMaxTimes,
    hold_pickup_days: settings.holdPickupDays,
    membership_notice_days: settings.membershipNoticeDays,
    jobs_run_at: settings.jobsRunAt,
    notices: NOTICE_TYPES.map((type) => {
      const definition = NOTICE_DEFINITIONS[type];
      const choice = settings.notices[type];
      return {
        type,
        label: definition.label,
        when: definition.when,
        enabled: choice.enabled,
        subject: choice.subject,
        body: choice.body,
        placeholders: definition.placeholders,
        default_subject: definition.subject,
        default_body: definition.body,
      };
    }),
    ...toggles,
  };
}

/** The notification settings as the screen shows them. */
export async function noticeSettingsView(db: Db): Promise<NoticeSettingsView> {
  return toView(await readNoticeSettings(db));
}

/** What the `notices` column keeps for a choice: only what differs from the defaults. */
function storedDifference(type: NoticeType, choice: NoticeChoice): StoredChoice | undefined {
  const definition = NOTICE_DEFINITIONS[type];
  const stored: StoredChoice = {
    ...(choice.enabled ? {} : { enabled: false }),
    ...(choice.subject !== definition.subject ? { subject: choice.subject } : {}),
    ...(choice.body !== definition.body ? { body: choice.body } : {}),
  };
  return Object.keys(stored).length > 0 ? stored : undefined;
}

/** Applies a partial update (numbers, time, notices, toggles), audited with before and after. */
export async function updateNoticeSettings(ctx: Pick<AppContext, 'db'>, actor: AuthUser, update: NoticeSettingsUpdate): Promise<NoticeSettingsView> {
  const settings = await ctx.db.transaction().execute(async (trx) => {
    const row = await noticeSettingsRow(trx);
    const current = await readNoticeSettings(trx);
    const choices = { ...current.notices };
    for (const [toggle, enabled] of Object.entries(update.toggles) as [Toggle, boolean][]) choices[TOGGLES[toggle]] = { ...choices[TOGGLES[toggle]], enabled };
    for (const change of update.notices) {
      const { type, ...fields } = change;
      choices[type] = { ...choices[type], ...fields };
    }
    const stored: Partial<Record<NoticeType, StoredChoice>> = {};
    for (const type of NOTICE_TYPES) {
      const difference = storedDifference(type, choices[type]);
      if (difference) stored[type] = difference;
    }
    const notices = JSON.stringify(stored);
    const numbers = { ...update.numbers, ...(update.jobsRunAt !== undefined ? { jobs_run_at: update.jobsRunAt } : {}) };
    const before = { due_soon_days: row.due_soon_days, overdue_every_days: row.overdue_every_days, overdue_max_times: row.overdue_max_times, hold_pickup_days: row.hold_pickup_days, membership_notice_days: row.membership_notice_days, jobs_run_at: row.jobs_run_at, notices: parseStoredNotices(row.notices) };
    const after = { ...before, ...numbers, notices: stored };
    if (JSON.stringify(before) === JSON.stringify(after)) return current;
    await trx.updateTable('notification_settings').set({ ...numbers, notices, updated_at: nowIso() }).where('id', '=', row.id).execute();
    await recordAudit(trx, { userId: actor.id, action: 'NOTIFICATION_SETTINGS_CHANGED', entity: 'notification_settings', entityId: row.id, before, after });
    return readNoticeSettings(trx);
  });
  return toView(settings);
}

/**
 * The notification settings as every service reads them: the stored row (created with its defaults
 * on first read) merged with the default wording of `src/lib/notice-templates.ts`, so a template
 * the library never edited follows the defaults.
 */
import type { Db } from '../../db/schema.js';
import { NOTICE_DEFINITIONS, NOTICE_TYPES, type NoticeType } from '#shared/notice-templates';

/** One notice's stored choice: on or off, and its wording. */
export interface NoticeChoice {
  enabled: boolean;
  subject: string;
  body: string;
}

export interface NoticeSettings {
  id: number;
  dueSoonDays: number;
  overdueEveryDays: number;
  overdueMaxTimes: number;
  holdPickupDays: number;
  /** Days before a membership expires that the "membership expiring" notice goes. */
  membershipNoticeDays: number;
  /** HH:MM in the library's time zone. */
  jobsRunAt: string;
  notices: Record<NoticeType, NoticeChoice>;
}

/** What the `notices` JSON column may hold for one type (only what differs from the defaults). */
export type StoredChoice = Partial<NoticeChoice>;

/** Reads the `notices` column, ignoring anything that is not a known type's choice. */
export function parseStoredNotices(json: string): Partial<Record<NoticeType, StoredChoice>> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Partial<Record<NoticeType, StoredChoice>> = {};
  for (const type of NOTICE_TYPES) {
    const entry = (raw as Record<string, unknown>)[type];
    if (typeof entry !== 'object' || entry === null) continue;
    const { enabled, subject, body } = entry as Record<string, unknown>;
    out[type] = {
      ...(typeof enabled === 'boolean' ? { enabled } : {}),
      ...(typeof subject === 'string' ? { subject } : {}),
      ...(typeof body === 'string' ? { body } : {}),
    };
  }
  return out;
}

/** The settings row, created with its defaults when the library has none yet. */
export async function noticeSettingsRow(db: Db) {
  const row = await db.selectFrom('notification_settings').selectAll().orderBy('id').limit(1).executeTakeFirst();
  if (row) return row;
  await db.insertInto('notification_settings').defaultValues().execute();
  return db.selectFrom('notification_settings').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
}

/** The notification settings, merged with the defaults. Every notice is on unless turned off. */
export async function readNoticeSettings(db: Db): Promise<NoticeSettings> {
  const row = await noticeSettingsRow(db);
  const stored = parseStoredNotices(row.notices);
  const notices = Object.fromEntries(
    NOTICE_TYPES.map((type) => {
      const choice = stored[type] ?? {};
      const definition = NOTICE_DEFINITIONS[type];
      return [type, { enabled: choice.enabled ?? true, subject: choice.subject ?? definition.subject, body: choice.body ?? definition.body }];
    }),
  ) as Record<NoticeType, NoticeChoice>;
  return {
    id: row.id,
    dueSoonDays: row.due_soon_days,
    overdueEveryDays: row.overdue_every_days,
    overdueMaxTimes: row.overdue_max_times,
    holdPickupDays: row.hold_pickup_days,
    membershipNoticeDays: row.membership_notice_days,
    jobsRunAt: row.jobs_run_at,
    notices,
  };
}


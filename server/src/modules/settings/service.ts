/** The library's general settings (one row): reading, and the validated update with logo and favicon. */
import type { AppContext } from '../../context.js';
import type { Db, SettingsRow } from '../../db/schema.js';
import { toDecimalString } from '#shared/money';
import { parseClosedWeekdays } from '#shared/dates';
import { libraryToday } from '../../lib/library-clock.js';
import { publicHolidayDates } from './holidays.js';
import type { MediaStore, StoredFile } from '../../storage/service.js';
import { replaceFiles } from '../../storage/service.js';
import type { UploadLimits } from '#shared/upload-rules';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../../context.js';
import type { SettingsUpdate } from './schemas.js';

export interface LibrarySettingsView {
  id: number;
  library_name: string;
  logo: string | null;
  favicon: string | null;
  theme: string;
  timezone: string;
  date_format: string;
  time_format: string;
  max_books_per_member: number;
  max_issue_duration: number;
  fine_per_day: string;
  low_stock_threshold: number;
  rack_number_format: string;
  member_id_format: string;
  /** Largest upload per kind in bytes, from the server's environment, so the site checks what the server will. */
  upload_limits: UploadLimits;
  /** The library's calendar, so the site moves due dates and counts fines as the server does: weekly closing days (0 = Sunday) and holidays from 30 days back to 2 years ahead. */
  calendar: { closed_weekdays: number[]; holidays: string[] };
  /** Whether overdue fines count closed days as late days. */
  fines_count_closed_days: boolean;
  /** Charged with a lost copy's price (decimal string). */
  lost_processing_fee: string;
}

/** Reads the settings row (created by the migrations). */
export async function readSettings(db: Db): Promise<SettingsRow> {
  const row = await db.selectFrom('library_settings').selectAll().orderBy('id').executeTakeFirst();
  if (!row) throw new Error('The library_settings row is missing; run the migrations.');
  return row;
}

function toView(row: SettingsRow, ctx: Pick<AppContext, 'media' | 'config'>, holidays: string[]): LibrarySettingsView {
  const { media, config } = ctx;
  return {
    id: row.id,
    library_name: row.library_name,
    logo: media.url(row.logo),
    favicon: media.url(row.favicon),
    theme: row.theme,
    timezone: row.timezone,
    date_format: row.date_format,
    time_format: row.time_format,
    max_books_per_member: row.max_books_per_member,
    max_issue_duration: row.max_issue_duration,
    fine_per_day: toDecimalString(row.fine_per_day),
    low_stock_threshold: row.low_stock_threshold,
    rack_number_format: row.rack_number_format,
    member_id_format: row.member_id_format,
    upload_limits: uploadLimits(config),
    calendar: { closed_weekdays: parseClosedWeekdays(row.closed_weekdays), holidays },
    fines_count_closed_days: Number(row.fines_count_closed_days ?? 1) === 1,
    lost_processing_fee: toDecimalString(Number(row.lost_processing_fee ?? 0)),
  };
}

/** The upload limits of the configuration, as the site reads them. */
export function uploadLimits(config: AppContext['config']): UploadLimits {
  return { image: config.uploadImageMaxBytes, cover: config.uploadCoverMaxBytes, ebook: config.uploadEbookMaxBytes, csv: config.uploadCsvMaxBytes };
}

/** The general settings as the API shows them (money as a decimal string, files as URLs, upload limits in bytes). */
export async function generalSettings(ctx: Pick<AppContext, 'db' | 'media' | 'config'>): Promise<LibrarySettingsView> {
  const row = await readSettings(ctx.db);
  return toView(row, ctx, await publicHolidayDates(ctx.db, libraryToday(row.timezone)));
}

/** Audit snapshot: the stored values (money in minor units, file references). */
const snapshot = (row: SettingsRow): Record<string, unknown> => ({ ...row });

/**
 * Stores the new logo/favicon files, updates the row with its audit entry in one transaction,
 * then deletes replaced or cleared files.
 */
export async function updateSettings(ctx: AppContext, user: AuthUser, update: SettingsUpdate): Promise<LibrarySettingsView> {
  const { uploads } = update;
  const changes = { ...update.changes };
  const added: StoredFile[] = [];
  for (const upload of uploads) {
    const stored = await ctx.media.save(upload.field, upload.buffer, upload.type);
    added.push(stored);
    changes[upload.field] = stored;
  }
  for (const field of update.cleared) changes[field] = null;

  const replaced: (string | null)[] = [];
  const row = await replaceFiles(ctx.media, { added, replaced }, () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await readSettings(trx);
      if (Object.keys(changes).length === 0) return before;
      await trx.updateTable('library_settings').set(changes).where('id', '=', before.id).execute();
      const after = await readSettings(trx);
      await recordAudit(trx, { userId: user.id, action: 'SETTINGS_UPDATED', entity: 'library_settings', entityId: before.id, before: snapshot(before), after: snapshot(after) });
      for (const field of ['logo', 'favicon'] as const) {
        if (field in changes && before[field] && before[field] !== after[field]) replaced.push(before[field]);
      }
      return after;
    }),
  );
  return toView(row, ctx, await publicHolidayDates(ctx.db, libraryToday(row.timezone)));
}

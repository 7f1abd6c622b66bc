/** The library's general settings (one row): reading, and the validated update with logo and favicon. */
import type { AppContext } from '../../context.js';
import type { Db, LibrarySettingsTable, SettingsRow } from '../../db/schema.js';
import { FormReader } from '../../http/form.js';
import type { FormBody } from '../../http/multipart.js';
import { formatMoney } from '../../lib/money.js';
import type { MediaStore, StoredFile } from '../../storage/media.js';
import { replaceFiles } from '../../storage/media.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../../context.js';
import type { Updateable } from 'kysely';

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
}

export const THEMES = ['dark', 'light'] as const;
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMATS = ['12hr', '24hr'] as const;

/** Reads the settings row (created by the migrations). */
export async function readSettings(db: Db): Promise<SettingsRow> {
  const row = await db.selectFrom('library_settings').selectAll().orderBy('id').executeTakeFirst();
  if (!row) throw new Error('The library_settings row is missing; run the migrations.');
  return row;
}

function toView(row: SettingsRow, media: MediaStore): LibrarySettingsView {
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
    fine_per_day: formatMoney(row.fine_per_day),
    low_stock_threshold: row.low_stock_threshold,
    rack_number_format: row.rack_number_format,
    member_id_format: row.member_id_format,
  };
}

/** The general settings as the API shows them (money as a decimal string, files as URLs). */
export async function generalSettings(ctx: Pick<AppContext, 'db' | 'media'>): Promise<LibrarySettingsView> {
  return toView(await readSettings(ctx.db), ctx.media);
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Audit snapshot: the stored values (money in minor units, file references). */
const snapshot = (row: SettingsRow): Record<string, unknown> => ({ ...row });

/**
 * Validates every field given (partial update), stores new logo/favicon files, updates the row
 * with its audit entry in one transaction, then deletes replaced or cleared files.
 */
export async function updateSettings(ctx: AppContext, user: AuthUser, form: FormBody): Promise<LibrarySettingsView> {
  const f = new FormReader(form.fields);
  const changes: Updateable<LibrarySettingsTable> = {};
  const set = <K extends keyof Updateable<LibrarySettingsTable>>(key: K, value: Updateable<LibrarySettingsTable>[K] | undefined): void => {
    if (value !== undefined) changes[key] = value;
  };
  set('library_name', f.text('library_name', { max: 255 }));
  set('theme', f.choice('theme', THEMES));
  const timezone = f.text('timezone', { max: 64 });
  if (timezone !== undefined && !validTimeZone(timezone)) f.errors.add('timezone', `"${timezone}" is not a valid choice.`);
  else set('timezone', timezone);
  set('date_format', f.choice('date_format', DATE_FORMATS));
  set('time_format', f.choice('time_format', TIME_FORMATS));
  set('fine_per_day', f.money('fine_per_day'));
  set('max_books_per_member', f.integer('max_books_per_member', 1, 1000));
  set('max_issue_duration', f.integer('max_issue_duration', 1, 3650));
  set('low_stock_threshold', f.integer('low_stock_threshold', 1, 1_000_000));
  set('rack_number_format', f.text('rack_number_format', { max: 50 }));
  set('member_id_format', f.text('member_id_format', { max: 50 }));

  const uploads: { field: 'logo' | 'favicon'; buffer: Buffer; type: Parameters<MediaStore['save']>[2] }[] = [];
  for (const field of ['logo', 'favicon'] as const) {
    const file = form.files[field];
    if (!file) continue;
    const checked = ctx.media.check(field, file.buffer, file.truncated);
    if ('error' in checked) f.errors.add(field, checked.error);
    else uploads.push({ field, buffer: file.buffer, type: checked.type });
  }
  f.errors.throwIfAny();

  const added: StoredFile[] = [];
  for (const upload of uploads) {
    const stored = await ctx.media.save(upload.field, upload.buffer, upload.type);
    added.push(stored);
    changes[upload.field] = stored;
  }
  for (const field of ['logo', 'favicon'] as const) {
    if (!form.files[field] && f.flag(`${field}_clear`)) changes[field] = null;
  }

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
  return toView(row, ctx.media);
}

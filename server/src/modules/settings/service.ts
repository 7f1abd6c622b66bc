/** The library's general settings (one row). */
import type { Db, SettingsRow } from '../../db/schema.js';
import { formatMoney } from '../../lib/money.js';

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

/** Reads the settings row (created by the migrations). */
export async function readSettings(db: Db): Promise<SettingsRow> {
  const row = await db.selectFrom('library_settings').selectAll().orderBy('id').executeTakeFirst();
  if (!row) throw new Error('The library_settings row is missing; run the migrations.');
  return row;
}

/** The general settings as the API shows them (money as a decimal string). */
export async function generalSettings(db: Db): Promise<LibrarySettingsView> {
  const row = await readSettings(db);
  return {
    id: row.id,
    library_name: row.library_name,
    // Uploads arrive with the storage module; until then there is no logo or favicon to link.
    logo: null,
    favicon: null,
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

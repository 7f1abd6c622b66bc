/**
 * The desk's rules from the library's settings, read in one place for every caller (the issue and
 * renewal checks, returns and check-ins, the block list, due dates and pickup deadlines): the
 * library's calendar (weekly closing days and dated holidays), whether overdue fines count closed
 * days, the lost-copy processing fee, what finding a lost copy does to its charge, and the block
 * conditions. Two queries; callers pass their transaction handle.
 */
import type { Db, SettingsRow } from '../../db/schema.js';
import { parseClosedWeekdays, type LibraryCalendar } from '#shared/dates';
import type { BlockSettings } from '#shared/blocks';
import type { LostFoundAction } from '#shared/fee-types';
import { readSettings } from './service.js';

export interface DeskRules {
  calendar: LibraryCalendar;
  /** Whether overdue fines count closed days as late days. */
  countClosedDays: boolean;
  /** Minor units charged (type processing) with a lost copy's price. */
  processingFee: number;
  lostFoundAction: LostFoundAction;
  blocks: BlockSettings;
  /** The library's date format, for dates in block reasons. */
  dateFormat: string;
}

/** The most holidays the calendar reads (a library keeps a few dozen a year). */
export const HOLIDAYS_READ_MAX = 2000;

/** The dated holidays, oldest first (at most `HOLIDAYS_READ_MAX`, the latest kept). */
export async function readHolidays(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('library_holidays').select('date').orderBy('date', 'desc').limit(HOLIDAYS_READ_MAX).execute();
  return rows.map((row) => row.date).reverse();
}

/** The block conditions of a settings row. */
export const blockSettingsOf = (row: SettingsRow): BlockSettings => ({
  finesOver: Number(row.block_fines_over ?? 0),
  overdueCount: row.block_overdue_count === null || row.block_overdue_count === undefined ? null : Number(row.block_overdue_count),
  overdueDays: row.block_overdue_days === null || row.block_overdue_days === undefined ? null : Number(row.block_overdue_days),
  membershipExpired: Number(row.block_membership_expired ?? 1) === 1,
});

/** The desk's rules, from the settings row (read here unless given) and the holidays. */
export async function readDeskRules(db: Db, settings?: SettingsRow): Promise<DeskRules> {
  const row = settings ?? (await readSettings(db));
  return {
    calendar: { closedWeekdays: parseClosedWeekdays(row.closed_weekdays), holidays: await readHolidays(db) },
    countClosedDays: Number(row.fines_count_closed_days ?? 1) === 1,
    processingFee: Number(row.lost_processing_fee ?? 0),
    lostFoundAction: row.lost_found_action === 'REFUND' ? 'REFUND' : 'CANCEL',
    blocks: blockSettingsOf(row),
    dateFormat: row.date_format,
  };
}

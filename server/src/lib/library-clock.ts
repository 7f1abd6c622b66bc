/**
 * The library's clock, the server's one reading of "now" in the library's time zone: its today
 * (loans, fines, new books and reports are dated by it, never by UTC's day or the process's zone)
 * and the time of day there (when the daily jobs are due). The arithmetic (a zone's wall clock,
 * where a library date begins) is `#shared/dates`'s. Unknown zones read as UTC, as `todayIn` does.
 */
import type { Db } from '../db/schema.js';
import { timeOfDayIn, todayIn } from '#shared/dates';

/** The library's today (YYYY-MM-DD) in its zone, by the process clock unless `now` is given. */
export const libraryToday = (timeZone: string | null | undefined, now: Date = new Date()): string => todayIn(timeZone, now);

/** The library's today, its zone read from the settings (for callers that have not read them). */
export async function readLibraryToday(db: Db): Promise<string> {
  const row = await db.selectFrom('library_settings').select('timezone').orderBy('id').executeTakeFirst();
  return libraryToday(row?.timezone);
}

/** The library's date (YYYY-MM-DD) and time of day (HH:MM) at an instant. */
export function libraryClock(timeZone: string, now: Date): { date: string; time: string } {
  return { date: todayIn(timeZone, now), time: timeOfDayIn(timeZone, now) };
}

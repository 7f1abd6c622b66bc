/**
 * The library's clock, the server's one reading of "now" in the library's time zone: its today
 * (loans, fines, new books and reports are dated by it, never by UTC's day or the process's zone)
 * and the time of day there (when the daily jobs are due). The arithmetic (a zone's wall clock,
 * where a library date begins) is `#shared/dates`'s. Unknown zones read as UTC, as `todayIn` does.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/schema.js';
import { timeOfDayIn, todayIn } from '#shared/dates';

/** A moment the clock reads instead of the process clock; whoever set it may move it on. */
export interface LibraryMoment {
  at: Date;
}

const givenMoment = new AsyncLocalStorage<LibraryMoment>();

/**
 * The instant the server reads as "now": the process clock, unless `atLibraryMoment` gave one to
 * the work under way (the demo library lives its year day by day through the product's own rules).
 */
export const libraryNow = (): Date => givenMoment.getStore()?.at ?? new Date();

/** Runs `work` with the library's clock reading `moment.at` (moved on by the caller as the work goes). */
export const atLibraryMoment = <T>(moment: LibraryMoment, work: () => Promise<T>): Promise<T> => givenMoment.run(moment, work);

/** The library's today (YYYY-MM-DD) in its zone, by the library's clock unless `now` is given. */
export const libraryToday = (timeZone: string | null | undefined, now: Date = libraryNow()): string => todayIn(timeZone, now);

/** The library's today, its zone read from the settings (for callers that have not read them). */
export async function readLibraryToday(db: Db): Promise<string> {
  const row = await db.selectFrom('library_settings').select('timezone').orderBy('id').executeTakeFirst();
  return libraryToday(row?.timezone);
}

/** The library's date (YYYY-MM-DD) and time of day (HH:MM) at an instant. */
export function libraryClock(timeZone: string, now: Date): { date: string; time: string } {
  return { date: todayIn(timeZone, now), time: timeOfDayIn(timeZone, now) };
}

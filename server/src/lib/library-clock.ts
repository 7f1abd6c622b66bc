/**
 * The library's clock, the server's one reading of "now" in the library's time zone: its today
 * (loans, fines, new books and reports are dated by it, never by UTC's day or the process's zone),
 * the time of day there (when the daily jobs are due) and the instant a library date begins
 * (rows carry UTC timestamps; filters and report ranges are library dates). Pure calendar
 * arithmetic stays in `#shared/dates`. Unknown zones read as UTC, as `todayIn` does.
 */
import type { Db } from '../db/schema.js';
import { addDays, todayIn } from '#shared/dates';

/** The library's today (YYYY-MM-DD) in its zone, by the process clock unless `now` is given. */
export const libraryToday = (timeZone: string | null | undefined, now: Date = new Date()): string => todayIn(timeZone, now);

/** The library's today, its zone read from the settings (for callers that have not read them). */
export async function readLibraryToday(db: Db): Promise<string> {
  const row = await db.selectFrom('library_settings').select('timezone').orderBy('id').executeTakeFirst();
  return libraryToday(row?.timezone);
}

/** Formatters by zone: building one costs far more than using it (the staff home asks for 31 day starts). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (format) return format;
  const options = { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit', year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
  }
  // A handful of zones in practice; never let odd input grow the cache without bound.
  if (formatters.size >= 64) formatters.clear();
  formatters.set(timeZone, format);
  return format;
}

/** The wall clock of a zone at an instant, as milliseconds of a UTC date with the same fields. */
function wallClock(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']) % 24, Number(parts['minute']), Number(parts['second']));
}

/** The zone's offset from UTC in whole minutes at an instant (UTC for an unknown zone). */
export function zoneOffsetMinutes(timeZone: string, instant: number): number {
  const at = Math.floor(instant / 1000) * 1000;
  return Math.round((wallClock(timeZone, new Date(at)) - at) / 60_000);
}

/** The library's date (YYYY-MM-DD) and time of day (HH:MM) at an instant. */
export function libraryClock(timeZone: string, now: Date): { date: string; time: string } {
  const wall = new Date(wallClock(timeZone, now)).toISOString();
  return { date: todayIn(timeZone, now), time: wall.slice(11, 16) };
}

/** The instant (ISO, UTC) a library date begins in its zone. */
export function startOfLibraryDay(date: string, timeZone: string): string {
  const guess = Date.parse(`${date}T00:00:00.000Z`);
  // The zone's offset at the guess, then again at the corrected instant (a DST change between).
  let instant = guess - (wallClock(timeZone, new Date(guess)) - guess);
  instant = guess - (wallClock(timeZone, new Date(instant)) - instant);
  return new Date(instant).toISOString();
}

/** The instant the day after a library date begins (an inclusive `date_to` bound). */
export const endOfLibraryDay = (date: string, timeZone: string): string => startOfLibraryDay(addDays(date, 1), timeZone);

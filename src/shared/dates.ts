/**
 * Dates, one implementation for the site and the server: calendar dates travel as `YYYY-MM-DD`,
 * "today" is the library's time zone's today (a loan issued at 23:30 in Karachi is issued on
 * Karachi's date, whatever the browser's or the server's zone), and day arithmetic is done on
 * calendar dates in UTC so daylight-saving changes never add or lose a day. A zone's wall clock,
 * its offset and the instant a library date begins are here too; the server reads "now" in the
 * library's zone through its one clock module (`server/src/lib/library-clock.ts`).
 */
export type DateFormat = 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'YYYY-MM-DD';
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';

// Four digits of year are all a person can type; up to six are read so that a date already stored
// beyond year 9999 (the most a JavaScript date holds is 275760) still reads rather than breaks a list.
const ISO_DATE = /^(\d{4,6})-(\d{2})-(\d{2})/;

/** The calendar date at the start of a `YYYY-MM-DD` text (a timestamp is cut to its date), or null. */
export function parseDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  // Plain arithmetic (lists check thousands of dates): a real date's day exists in its month.
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(Number(year), m) ? `${year}-${month}-${day}` : null;
}

/** Whether text is exactly a `YYYY-MM-DD` with a four-digit year that names a real day (what a date field accepts). */
export const isCalendarDate = (value: string): boolean => value.length === 10 && parseDate(value) === value;

/** The years a person may type into a date field (a library's dates, never a slip of the keyboard such as 0226 or 20266). */
export const TYPED_YEARS = { earliest: 1900, latest: 2200 } as const;

/** What a typed date is: a calendar date (`YYYY-MM-DD`) or the reason it is not one, in words. */
export type TypedDate = { ok: true; date: string } | { ok: false; message: string };

/** The words of a refused typed date; the bounds are written in the library's date format. */
export const TYPED_DATE_MESSAGES = {
  shape: (format: DateFormat) => `Enter the date as ${format}`,
  noSuchDay: (text: string) => `There is no day ${text} in the calendar`,
  year: `Enter a year from ${TYPED_YEARS.earliest} to ${TYPED_YEARS.latest}`,
  before: (min: string) => `Enter a date on or after ${min}`,
  after: (max: string) => `Enter a date on or before ${max}`,
} as const;

/** A known date format, the default for anything else. */
export const dateFormatOf = (format: string | null | undefined): DateFormat =>
  format === 'MM/DD/YYYY' || format === 'YYYY-MM-DD' ? format : DEFAULT_DATE_FORMAT;

// Three numbers split by one separator used twice (`/`, `-` or `.`): day and month of one or two digits, a four-digit year.
const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})([/.-])(\d{1,2})\2(\d{1,2})$/;

/**
 * Reads a date a person typed in the library's format (`DD/MM/YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD`),
 * with one-digit days and months and any of `/`, `-`, `.` as separator; a year written first is
 * never ambiguous, so `2026-12-03` reads in every format. Two-digit years are refused (which century?).
 */
export function readTypedDate(text: string, format: string | null | undefined): TypedDate {
  const shape = dateFormatOf(format);
  const value = text.trim();
  const yearFirst = YEAR_FIRST.exec(value);
  const dayFirst = shape === 'YYYY-MM-DD' ? null : DAY_FIRST.exec(value);
  let parts: [string, string, string] | null = null;
  if (yearFirst) parts = [yearFirst[1]!, yearFirst[3]!, yearFirst[4]!];
  else if (dayFirst) parts = shape === 'MM/DD/YYYY' ? [dayFirst[4]!, dayFirst[1]!, dayFirst[3]!] : [dayFirst[4]!, dayFirst[3]!, dayFirst[1]!];
  if (!parts) return { ok: false, message: TYPED_DATE_MESSAGES.shape(shape) };
  const [year, month, day] = [parts[0], parts[1].padStart(2, '0'), parts[2].padStart(2, '0')];
  const date = parseDate(`${year}-${month}-${day}`);
  if (!date) return { ok: false, message: TYPED_DATE_MESSAGES.noSuchDay(value) };
  const y = Number(year);
  if (y < TYPED_YEARS.earliest || y > TYPED_YEARS.latest) return { ok: false, message: TYPED_DATE_MESSAGES.year };
  return { ok: true, date };
}

/** Why a date falls outside its field's bounds (`YYYY-MM-DD`, either may be blank), naming the bound in the library's format; null when inside. */
export function dateBoundsProblem(date: string, bounds: { min?: string | undefined; max?: string | undefined }, format: string | null | undefined): string | null {
  if (bounds.min && date < bounds.min) return TYPED_DATE_MESSAGES.before(formatDate(bounds.min, format) ?? bounds.min);
  if (bounds.max && date > bounds.max) return TYPED_DATE_MESSAGES.after(formatDate(bounds.max, format) ?? bounds.max);
  return null;
}

/** Days in a month (1–12) of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a valid `YYYY-MM-DD` (UTC calendar arithmetic, no time of day). */
function dayNumber(date: string): number {
  const at = new Date(0);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  at.setUTCFullYear(year, month - 1, day);
  return Math.round(at.getTime() / 86_400_000);
}

/** The `YYYY-MM-DD` of a day number (the inverse of `dayNumber`; years below 1000 keep four digits). */
function dateOfDay(day: number): string {
  const at = new Date(day * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(at.getUTCFullYear()).padStart(4, '0')}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
}

/**
 * A server date in the library's date format (`DD/MM/YYYY` by default, `MM/DD/YYYY`,
 * `YYYY-MM-DD`); text that is not a date is shown as is; null for no value.
 */
export function formatDate(value: string | null | undefined, format: string | null | undefined = DEFAULT_DATE_FORMAT): string | null {
  if (!value) return null;
  const match = ISO_DATE.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  if (format === 'YYYY-MM-DD') return `${year}-${month}-${day}`;
  if (format === 'MM/DD/YYYY') return `${month}/${day}/${year}`;
  return `${day}/${month}/${year}`;
}

/** `YYYY-MM-DD` plus (or minus) whole days. Throws on a value that is not a date. */
export function addDays(date: string, days: number): string {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Not a date: ${date}`);
  return dateOfDay(dayNumber(parsed) + Math.trunc(days));
}

/** The Monday of a date's week (`YYYY-MM-DD`). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The ISO week of a date as the charts label it: `2026-W48` (Monday-based; the week's Thursday names its year). */
export function isoWeekOf(date: string): string {
  const thursday = addDays(mondayOf(date), 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). Throws on a non-date. */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) throw new RangeError(`Not a date: ${a ? to : from}`);
  return dayNumber(b) - dayNumber(a);
}

/** The periods charts and reports group by: a day, an ISO week (Monday-based) or a month. */
export type CalendarPeriod = 'day' | 'week' | 'month';

/** A date's period label: the day `2026-11-26`, the ISO week `2026-W48` or the month `2026-11`. */
export const periodLabel = (date: string, period: CalendarPeriod): string =>
  period === 'day' ? date : period === 'month' ? date.slice(0, 7) : isoWeekOf(date);

/** The label of every period from `from` to `to` (inclusive) in time order, empty ones too. */
export function periodLabelsBetween(from: string, to: string, period: CalendarPeriod): string[] {
  const labels: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const label = periodLabel(day, period);
    if (labels[labels.length - 1] !== label) labels.push(label);
  }
  return labels;
}

/** Consecutive periods as ranges of dates, oldest first. */
export interface PeriodRanges {
  labels: string[];
  /** The date each period starts on (YYYY-MM-DD). */
  starts: string[];
  /** The day after the last period (its range's end, excluded). */
  end: string;
}

/** The first day of the month `months` away from a date's month. */
function monthStart(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last `count` whole periods ending with the one holding `today`; each runs up to the next one's start. */
export function trailingPeriods(period: CalendarPeriod, today: string, count: number): PeriodRanges {
  const steps = Array.from({ length: count + 1 }, (_, k) => k - count + 1);
  const bounds =
    period === 'day' ? steps.map((k) => addDays(today, k)) : period === 'week' ? steps.map((k) => addDays(mondayOf(today), 7 * k)) : steps.map((k) => monthStart(today, k));
  const starts = bounds.slice(0, -1);
  return { labels: starts.map((start) => periodLabel(start, period)), starts, end: bounds.at(-1)! };
}

/** Formatters by zone (date and time of day): building one costs far more than using it, and every loan read asks for today. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const WALL_FIELDS = { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

/** The wall-clock formatter of a zone (UTC's for an unknown zone). */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...WALL_FIELDS, timeZone });
    } catch {
      format = timeZone === 'UTC' ? new Intl.DateTimeFormat('en-CA', { ...WALL_FIELDS, timeZone: 'UTC' }) : zoneFormat('UTC');
    }
    // A handful of zones in practice; never let odd input grow the cache without bound.
    if (zoneFormats.size >= 64) zoneFormats.clear();
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The fields (year, month, day, hour, minute, second) of an instant on a zone's wall clock. */
function wallFields(timeZone: string | null | undefined, at: Date): Record<string, string> {
  return Object.fromEntries(zoneFormat(timeZone || 'UTC').formatToParts(at).map((part) => [part.type, part.value]));
}

/** Today's calendar date in a time zone (an IANA name such as `Asia/Karachi`; UTC when unknown or not loaded yet). */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  const wall = wallFields(timeZone, now);
  return `${wall['year']}-${wall['month']}-${wall['day']}`;
}

/** The time of day (HH:MM, 24-hour) in a time zone at an instant. */
export function timeOfDayIn(timeZone: string | null | undefined, at: Date): string {
  const wall = wallFields(timeZone, at);
  return `${String(Number(wall['hour']) % 24).padStart(2, '0')}:${wall['minute']}`;
}

/** The wall clock of a zone at an instant, as milliseconds of a UTC date with the same fields. */
function wallClock(timeZone: string, at: Date): number {
  const wall = wallFields(timeZone, at);
  return Date.UTC(Number(wall['year']), Number(wall['month']) - 1, Number(wall['day']), Number(wall['hour']) % 24, Number(wall['minute']), Number(wall['second']));
}

/** The zone's offset from UTC in whole minutes at an instant (UTC for an unknown zone). */
export function zoneOffsetMinutes(timeZone: string, instant: number): number {
  const at = Math.floor(instant / 1000) * 1000;
  return Math.round((wallClock(timeZone, new Date(at)) - at) / 60_000);
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

/** Whether a name is a time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return name.trim() !== '';
  } catch {
    return false;
  }
}

/** The library's way of writing dates and times. */
export interface MomentFormat {
  timezone?: string | null | undefined;
  date_format?: string | null | undefined;
  time_format?: string | null | undefined;
}

/** A moment (ISO timestamp) in the library's zone and formats: '25/11/2026 2:30 PM'; '—' when it does not parse. */
export function momentText(iso: string | null | undefined, format: MomentFormat): string {
  const moment = iso ? new Date(iso) : null;
  if (!moment || Number.isNaN(moment.getTime())) return '—';
  const wall = wallFields(format.timezone, moment);
  const day = formatDate(`${wall['year']}-${wall['month']}-${wall['day']}`, format.date_format) ?? '';
  // Written out from the zone's wall clock (no formatter per call, and a plain space before AM/PM in every browser).
  const hour = Number(wall['hour']) % 24;
  const time = format.time_format === '24hr' ? `${String(hour).padStart(2, '0')}:${wall['minute']}` : `${hour % 12 || 12}:${wall['minute']} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${day} ${time}`;
}

/** `YYYY-MM-DD` plus whole months, the day clamped to the month's last (31 Jan + 1 month = 28 or 29 Feb). Throws on a non-date. */
export function addMonths(date: string, months: number): string {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Not a date: ${date}`);
  const [y, m, d] = parsed.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + Math.trunc(months);
  const year = Math.floor(index / 12);
  const month = (index - year * 12) + 1;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(Math.min(d, daysInMonth(year, month)))}`;
}

/**
 * The library's calendar: the weekdays it is closed every week (0 = Sunday … 6 = Saturday) and its
 * dated holidays (`YYYY-MM-DD`). One rule for the site and the server: a due date or a pickup
 * deadline that falls on a closed day moves to the next open day, and overdue fines count closed
 * days or not as the library's setting says.
 */
export interface LibraryCalendar {
  closedWeekdays: readonly number[];
  holidays: readonly string[];
}

/** A library open every day (no closing days, no holidays). */
export const OPEN_EVERY_DAY: LibraryCalendar = { closedWeekdays: [], holidays: [] };

/** The weekday of a date, 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Whether the library is closed on `date`. */
export function isClosedDay(date: string, calendar: LibraryCalendar): boolean {
  return calendar.closedWeekdays.includes(weekdayOf(date)) || calendar.holidays.includes(date);
}

/** How far `nextOpenDay` looks: a library closed more than a year on end is open on the date asked. */
const LONGEST_CLOSURE_DAYS = 366;

/** `date` when the library is open then, else the next day it is open (a due date or pickup deadline on a closed day moves here). */
export function nextOpenDay(date: string, calendar: LibraryCalendar): string {
  if (calendar.closedWeekdays.length === 0 && calendar.holidays.length === 0) return date;
  if (calendar.closedWeekdays.length >= 7) return date;
  let day = date;
  for (let step = 0; step < LONGEST_CLOSURE_DAYS; step += 1) {
    if (!isClosedDay(day, calendar)) return day;
    day = addDays(day, 1);
  }
  return date;
}

/**
 * Days after `from` up to and including `to` on which the library is open (0 when `to` is not
 * after `from`): the late days of an overdue fine when fines do not count closed days. Counted by
 * whole weeks plus the rest, so a year late costs a few dozen steps, not hundreds.
 */
export function openDaysBetween(from: string, to: string, calendar: LibraryCalendar): number {
  const total = daysBetween(from, to);
  if (total <= 0) return 0;
  const closedPerWeek = new Set(calendar.closedWeekdays.filter((d) => d >= 0 && d <= 6)).size;
  const weeks = Math.floor(total / 7);
  let open = weeks * (7 - closedPerWeek);
  let day = addDays(from, weeks * 7);
  for (let step = weeks * 7; step < total; step += 1) {
    day = addDays(day, 1);
    if (!calendar.closedWeekdays.includes(weekdayOf(day))) open += 1;
  }
  // Holidays inside the span that fall on a weekday the library is otherwise open.
  for (const holiday of calendar.holidays) {
    if (holiday > from && holiday <= to && !calendar.closedWeekdays.includes(weekdayOf(holiday))) open -= 1;
  }
  return Math.max(0, open);
}

/** Reads the weekly closing days as stored ("0,6"): each weekday 0–6 once, sorted; anything else is dropped. */
export function parseClosedWeekdays(text: string | null | undefined): number[] {
  const days = new Set<number>();
  for (const part of (text ?? '').split(',')) {
    const value = part.trim();
    if (/^[0-6]$/.test(value)) days.add(Number(value));
  }
  return [...days].sort((a, b) => a - b);
}

/** The weekday names, Sunday first (the settings' checkboxes and the calendar's words). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

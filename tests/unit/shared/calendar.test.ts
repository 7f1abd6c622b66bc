/**
 * The library's calendar (`#shared/dates`): a due date or pickup deadline on a closed day moves to
 * the next open day (weekends, holidays, across a year end, a library closed all week); open days
 * between two dates agree with counting them one by one; whole months clamp to a month's end.
 */
import { describe, expect, test } from 'vitest';
import { addDays, addMonths, isClosedDay, nextOpenDay, OPEN_EVERY_DAY, openDaysBetween, parseClosedWeekdays, weekdayOf, type LibraryCalendar } from '#shared/dates';

const WEEKENDS: LibraryCalendar = { closedWeekdays: [0, 6], holidays: [] };

describe('nextOpenDay', () => {
  test.each<[string, string, LibraryCalendar, string]>([
    ['an open day stays', '2026-11-27', WEEKENDS, '2026-11-27'],
    ['a library open every day never moves a date', '2026-11-28', OPEN_EVERY_DAY, '2026-11-28'],
    ['Saturday moves to Monday', '2026-11-28', WEEKENDS, '2026-11-30'],
    ['Sunday moves to Monday', '2026-11-29', WEEKENDS, '2026-11-30'],
    ['a holiday on Monday after the weekend: Tuesday', '2026-11-28', { closedWeekdays: [0, 6], holidays: ['2026-11-30'] }, '2026-12-01'],
    ['a holiday alone, on an otherwise open day', '2026-12-01', { closedWeekdays: [], holidays: ['2026-12-01'] }, '2026-12-02'],
    ['across a year end: New Year holidays and a weekend', '2026-12-31', { closedWeekdays: [0, 6], holidays: ['2026-12-31', '2027-01-01'] }, '2027-01-04'],
    ['across a leap day', '2028-02-28', { closedWeekdays: [], holidays: ['2028-02-28', '2028-02-29'] }, '2028-03-01'],
    ['Friday closing only (0 = Sunday … 6 = Saturday)', '2026-11-27', { closedWeekdays: [5], holidays: [] }, '2026-11-28'],
    ['a week of closed days: the date is kept (the library never opens)', '2026-11-28', { closedWeekdays: [0, 1, 2, 3, 4, 5, 6], holidays: [] }, '2026-11-28'],
  ])('%s', (_case, date, calendar, expected) => {
    expect(nextOpenDay(date, calendar)).toBe(expected);
    expect(isClosedDay(expected, calendar) && calendar.closedWeekdays.length < 7).toBe(false);
  });

  test('a closure longer than a year keeps the date instead of searching for ever', () => {
    const holidays = Array.from({ length: 400 }, (_, i) => addDays('2026-01-01', i));
    expect(nextOpenDay('2026-01-01', { closedWeekdays: [], holidays })).toBe('2026-01-01');
  });

  test('six closed weekdays leave one open day a week', () => {
    const calendar = { closedWeekdays: [0, 1, 2, 4, 5, 6], holidays: [] };
    for (let i = 0; i < 14; i += 1) {
      const moved = nextOpenDay(addDays('2026-11-27', i), calendar);
      expect(weekdayOf(moved)).toBe(3);
    }
  });
});

/** A small seeded generator (the same spans on every run). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Open days in (from, to], one day at a time. */
function bruteOpenDays(from: string, to: string, calendar: LibraryCalendar): number {
  let open = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (!isClosedDay(day, calendar)) open += 1;
  return open;
}

describe('openDaysBetween', () => {
  test('agrees with counting day by day over 300 random spans and calendars', () => {
    const random = seeded(24);
    for (let run = 0; run < 300; run += 1) {
      const from = addDays('2025-06-01', Math.floor(random() * 900));
      const to = addDays(from, Math.floor(random() * 500) - 20);
      const closedWeekdays = [0, 1, 2, 3, 4, 5, 6].filter(() => random() < 0.25);
      const holidays = [...new Set(Array.from({ length: Math.floor(random() * 12) }, () => addDays(from, Math.floor(random() * 520) - 10)))];
      const calendar = { closedWeekdays, holidays };
      expect(openDaysBetween(from, to, calendar), JSON.stringify({ from, to, calendar })).toBe(bruteOpenDays(from, to, calendar));
    }
  });

  test.each<[string, string, string, LibraryCalendar, number]>([
    ['nothing when the end is not after the start', '2026-11-27', '2026-11-27', WEEKENDS, 0],
    ['nothing backwards', '2026-11-30', '2026-11-27', WEEKENDS, 0],
    ['Friday to Monday with weekends closed: one', '2026-11-27', '2026-11-30', WEEKENDS, 1],
    ['a holiday on a weekend is not counted twice', '2026-11-27', '2026-11-30', { closedWeekdays: [0, 6], holidays: ['2026-11-28'] }, 1],
    ['the start day itself is not counted, the end day is', '2026-11-30', '2026-12-01', { closedWeekdays: [], holidays: ['2026-11-30'] }, 1],
    ['across a year end', '2026-12-30', '2027-01-02', { closedWeekdays: [0, 6], holidays: ['2027-01-01'] }, 1],
    ['every day closed: none', '2026-01-01', '2026-12-31', { closedWeekdays: [0, 1, 2, 3, 4, 5, 6], holidays: [] }, 0],
  ])('%s', (_case, from, to, calendar, expected) => {
    expect(openDaysBetween(from, to, calendar)).toBe(expected);
  });
});

describe('addMonths', () => {
  test.each<[string, number, string]>([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-31', -13, '2024-12-31'],
    ['2026-05-31', 0, '2026-05-31'],
    ['2026-08-31', 120, '2036-08-31'],
  ])('%s plus %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  test('a value that is not a date is refused', () => {
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('parseClosedWeekdays', () => {
  test.each<[string | null | undefined, number[]]>([
    ['0,6', [0, 6]],
    ['6, 0,0', [0, 6]],
    ['', []],
    [null, []],
    [undefined, []],
    ['1,7,x,-1,3', [1, 3]],
  ])('%j reads as %j', (stored, days) => {
    expect(parseClosedWeekdays(stored)).toEqual(days);
  });
});

import { describe, expect, test } from 'vitest';
import { overdueOccasion } from '../../../server/src/modules/circulation/jobs';
import { endOfLibraryDay, startOfLibraryDay } from '#shared/dates';
import { libraryClock } from '../../../server/src/lib/library-clock';

describe('overdueOccasion', () => {
  test.each([
    // [late days, every, max, occasion]
    [0, 3, 3, null],
    [-2, 3, 3, null],
    [1, 3, 3, 1],
    [3, 3, 3, 1],
    [4, 3, 3, 2],
    [7, 3, 3, 3],
    [10, 3, 3, 3],
    [1, 1, 2, 1],
    [2, 1, 2, 2],
    [5, 1, 2, 2],
    [1, 3, 0, null],
    [30, 30, 20, 1],
    [31, 30, 20, 2],
  ])('late %i days, every %i, at most %i → %s', (late, every, max, expected) => {
    expect(overdueOccasion(late, every, max)).toBe(expected);
  });
});

describe('library time', () => {
  test.each([
    ['UTC', '2026-03-01T08:00:00.000Z', { date: '2026-03-01', time: '08:00' }],
    ['Asia/Karachi', '2026-03-01T19:30:00.000Z', { date: '2026-03-02', time: '00:30' }],
    ['America/New_York', '2026-03-08T06:59:00.000Z', { date: '2026-03-08', time: '01:59' }],
    ['America/New_York', '2026-03-08T07:00:00.000Z', { date: '2026-03-08', time: '03:00' }],
    ['Not/AZone', '2026-03-01T23:15:00.000Z', { date: '2026-03-01', time: '23:15' }],
  ])('in %s at %s the library reads %j', (zone, at, expected) => {
    expect(libraryClock(zone, new Date(at))).toEqual(expected);
  });

  test.each([
    ['2026-03-02', 'UTC', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'],
    ['2026-03-02', 'Asia/Karachi', '2026-03-01T19:00:00.000Z', '2026-03-02T19:00:00.000Z'],
    // The day clocks go forward is 23 hours long.
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
  ])('%s in %s runs from %s to %s', (date, zone, start, end) => {
    expect(startOfLibraryDay(date, zone)).toBe(start);
    expect(endOfLibraryDay(date, zone)).toBe(end);
  });
});

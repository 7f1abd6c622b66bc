import { describe, expect, test } from 'vitest';
import { todayIn } from '#shared/dates';
import { libraryZoneApart, libraryZoneApartFrom, PROCESS_ZONE_APART } from '../api/support/library-zone.js';

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const minutes = [0, 1, 30, 59];

describe('the API suite run with the library’s date apart from UTC’s', () => {
  test.each(hours)('chooses a library zone whose date is not UTC’s at every minute of %i:00 UTC', (hour) => {
    for (const day of ['2026-01-15', '2026-06-30', '2026-12-31', '2028-02-29']) {
      for (const minute of minutes) {
        for (const second of [0, 59]) {
          const now = new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.999Z`);
          const zone = libraryZoneApartFrom(now);
          expect(todayIn(zone, now), `${zone} at ${now.toISOString()}`).not.toBe(todayIn('UTC', now));
        }
      }
    }
  });

  test('sets the process in a zone that is neither UTC nor a library zone of the run', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    const offsets = (zone: string): string => new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' }).format(now);
    expect(new Set([offsets(PROCESS_ZONE_APART), offsets('UTC'), offsets('Pacific/Kiritimati'), offsets('Etc/GMT+12')]).size).toBe(4);
  });

  test('is on only when TEST_LIBRARY_ZONE is apart', () => {
    expect(libraryZoneApart({ TEST_LIBRARY_ZONE: 'apart' })).toBe(true);
    expect(libraryZoneApart({})).toBe(false);
    expect(libraryZoneApart({ TEST_LIBRARY_ZONE: 'utc' })).toBe(false);
  });
});

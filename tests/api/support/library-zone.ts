/**
 * The API suite's run with the library's date apart from UTC's (`TEST_LIBRARY_ZONE=apart`): the
 * library in a zone whose date is not UTC's date at the moment a test file starts, and the process
 * in yet another zone, so a server that reads UTC's day or the process's zone fails the suite at
 * any hour, not only late in the UTC day.
 */

/** Whether this run keeps the library's date apart from UTC's. */
export const libraryZoneApart = (env: NodeJS.ProcessEnv = process.env): boolean => env['TEST_LIBRARY_ZONE'] === 'apart';

/** The process's own zone in that run: neither UTC nor either library zone (−03:30, −02:30 in summer). */
export const PROCESS_ZONE_APART = 'America/St_Johns';

/**
 * A library zone whose date differs from UTC's at `now`: 14 hours ahead (Pacific/Kiritimati) from
 * 10:00 UTC on, when it is already tomorrow there; 12 hours behind (Etc/GMT+12) before, when it is
 * still yesterday there.
 */
export const libraryZoneApartFrom = (now: Date): string => (now.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Etc/GMT+12');

/**
 * The library's dated holidays (`/settings/holidays/`): days it is closed besides its weekly
 * closing days, one per date. A holiday may be set from one year back (to correct the record a
 * fine counts by) to five years ahead of the library's today. Adding and removing are audited;
 * the calendar every due date, pickup deadline and fine reads them through `readDeskRules`.
 */
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/values.js';
import { notFound, ValidationError } from '../../errors.js';
import { readLibraryToday } from '../../lib/library-clock.js';
import { addDays, addMonths } from '#shared/dates';
import { recordAudit } from '../audit/service.js';
import type { HolidayInput } from './schemas.js';

/** One holiday as the API shows it. */
export interface HolidayView {
  id: number;
  date: string;
  name: string;
}

export const HOLIDAY_MESSAGES = {
  outOfRange: 'Choose a date from one year back to five years ahead.',
  taken: 'A holiday on this date already exists.',
} as const;

/** How far back and ahead of the library's today a holiday may be set, in months. */
export const HOLIDAY_WINDOW = { backMonths: 12, aheadMonths: 60 } as const;

/** The holidays, by date (all of them, or those from `from` to `to` inclusive). */
export async function listHolidays(db: Db, span?: { from: string; to: string }): Promise<HolidayView[]> {
  let query = db.selectFrom('library_holidays').select(['id', 'date', 'name']);
  if (span) query = query.where('date', '>=', span.from).where('date', '<=', span.to);
  return query.orderBy('date').orderBy('id').execute();
}

/** The dates the public settings name: from 30 days back to 2 years ahead of `today`. */
export async function publicHolidayDates(db: Db, today: string): Promise<string[]> {
  return (await listHolidays(db, { from: addDays(today, -30), to: addMonths(today, 24) })).map((holiday) => holiday.date);
}

/** Adds a holiday (within the window, one per date); audited. */
export async function addHoliday(ctx: Pick<AppContext, 'db'>, actor: AuthUser, input: HolidayInput): Promise<HolidayView> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const today = await readLibraryToday(trx);
      if (input.date < addMonths(today, -HOLIDAY_WINDOW.backMonths) || input.date > addMonths(today, HOLIDAY_WINDOW.aheadMonths)) {
        throw ValidationError.field('date', HOLIDAY_MESSAGES.outOfRange);
      }
      const taken = await trx.selectFrom('library_holidays').select('id').where('date', '=', input.date).executeTakeFirst();
      if (taken) throw ValidationError.field('date', HOLIDAY_MESSAGES.taken);
      const row = await trx.insertInto('library_holidays').values({ date: input.date, name: input.name, created_at: nowIso() }).returningAll().executeTakeFirstOrThrow();
      const view = { id: row.id, date: row.date, name: row.name };
      await recordAudit(trx, { userId: actor.id, action: 'HOLIDAY_ADDED', entity: 'library_holiday', entityId: row.id, after: view });
      return view;
    });
  } catch (error) {
    // Two desks adding the same date at once: the unique index has the last word.
    if (isUniqueViolation(error)) throw ValidationError.field('date', HOLIDAY_MESSAGES.taken);
    throw error;
  }
}

/** Removes a holiday; 404 when there is none with this id. Audited. */
export async function removeHoliday(ctx: Pick<AppContext, 'db'>, actor: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('library_holidays').select(['id', 'date', 'name']).where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound();
    await trx.deleteFrom('library_holidays').where('id', '=', id).execute();
    await recordAudit(trx, { userId: actor.id, action: 'HOLIDAY_REMOVED', entity: 'library_holiday', entityId: id, before: { ...before } });
  });
}

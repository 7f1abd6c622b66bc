/**
 * Book settings (`GET/POST /settings/Books_settings/`, spelled as the original contract): the loan rules of the one
 * `library_settings` row — max_books_per_member, max_issue_duration (loan period in days) and
 * fine_per_day — and the accession register's: the accession numbers' prefix and digits, the next
 * number of the sequence, and the label sheet spine labels print on. The general settings edit
 * the same loan-rule columns, so both pages always agree. The desk's rules live here too: the block
 * conditions (fines owed over an amount, 0 = none; more overdue loans than a count or a loan late
 * by more days than a number, null = none; an expired membership), the lost-copy processing fee,
 * what finding a lost copy does to its charge, the weekly closing days ("0,6" stored, a list on the
 * wire) and whether overdue fines count closed days.
 */
import type { AppContext } from '../../context.js';
import type { Db, SettingsRow } from '../../db/schema.js';
import { toDecimalString } from '#shared/money';
import { parseClosedWeekdays } from '#shared/dates';
import type { LostFoundAction } from '#shared/fee-types';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../../context.js';
import type { BookSettingsInput } from './schemas.js';
import { readSettings } from './service.js';

export interface BookSettingsView {
  max_books_per_member: number;
  max_issue_duration: number;
  /** Decimal string with 2 places ("10.00"). */
  fine_per_day: string;
  accession_prefix: string;
  accession_digits: number;
  /** The number the next new copy takes (numbers already used are skipped). */
  next_accession_number: number;
  /** An id of `LABEL_SHEETS`. */
  label_sheet: string;
  /** Block issues to a member owing more than this ("0.00" = no block). */
  block_fines_over: string;
  /** Block when a member has more overdue loans than this; null = no block. */
  block_overdue_count: number | null;
  /** Block when a loan is overdue by more days than this; null = no block. */
  block_overdue_days: number | null;
  block_membership_expired: boolean;
  /** Charged with a lost copy's price (type processing). */
  lost_processing_fee: string;
  lost_found_action: LostFoundAction;
  /** Weekdays the library is closed every week, 0 = Sunday. */
  closed_weekdays: number[];
  /** Whether overdue fines count closed days as late days. */
  fines_count_closed_days: boolean;
}

const orNull = (value: number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

const toView = (row: SettingsRow): BookSettingsView => ({
  max_books_per_member: row.max_books_per_member,
  max_issue_duration: row.max_issue_duration,
  fine_per_day: toDecimalString(row.fine_per_day),
  accession_prefix: row.accession_prefix,
  accession_digits: Number(row.accession_digits),
  next_accession_number: Number(row.accession_next),
  label_sheet: row.label_sheet,
  block_fines_over: toDecimalString(Number(row.block_fines_over ?? 0)),
  block_overdue_count: orNull(row.block_overdue_count),
  block_overdue_days: orNull(row.block_overdue_days),
  block_membership_expired: Number(row.block_membership_expired ?? 1) === 1,
  lost_processing_fee: toDecimalString(Number(row.lost_processing_fee ?? 0)),
  lost_found_action: row.lost_found_action === 'REFUND' ? 'REFUND' : 'CANCEL',
  closed_weekdays: parseClosedWeekdays(row.closed_weekdays),
  fines_count_closed_days: Number(row.fines_count_closed_days ?? 1) === 1,
});

const rules = (row: SettingsRow) => ({
  max_books_per_member: row.max_books_per_member,
  max_issue_duration: row.max_issue_duration,
  fine_per_day: row.fine_per_day,
  accession_prefix: row.accession_prefix,
  accession_digits: Number(row.accession_digits),
  accession_next: Number(row.accession_next),
  label_sheet: row.label_sheet,
  block_fines_over: Number(row.block_fines_over ?? 0),
  block_overdue_count: orNull(row.block_overdue_count),
  block_overdue_days: orNull(row.block_overdue_days),
  block_membership_expired: Number(row.block_membership_expired ?? 1),
  lost_processing_fee: Number(row.lost_processing_fee ?? 0),
  lost_found_action: row.lost_found_action,
  closed_weekdays: row.closed_weekdays ?? '',
  fines_count_closed_days: Number(row.fines_count_closed_days ?? 1),
});

/** The desk's columns of an input, only those given (flags as 0/1, weekdays as "0,6"). */
function deskChanges(input: BookSettingsInput) {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const changes = {
    block_fines_over: input.block_fines_over,
    block_overdue_count: input.block_overdue_count,
    block_overdue_days: input.block_overdue_days,
    block_membership_expired: flag(input.block_membership_expired),
    lost_processing_fee: input.lost_processing_fee,
    lost_found_action: input.lost_found_action,
    closed_weekdays: input.closed_weekdays?.join(','),
    fines_count_closed_days: flag(input.fines_count_closed_days),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export async function bookSettings(db: Db): Promise<BookSettingsView> {
  return toView(await readSettings(db));
}

/** Stores the three loan rules and the accession and desk settings given, and records the change. */
export async function saveBookSettings(ctx: Pick<AppContext, 'db'>, user: AuthUser, input: BookSettingsInput): Promise<BookSettingsView & { detail: string }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    await trx
      .updateTable('library_settings')
      .set({
        max_books_per_member: input.max_books_per_member,
        max_issue_duration: input.max_issue_duration,
        fine_per_day: input.fine_per_day,
        ...(input.accession_prefix !== undefined ? { accession_prefix: input.accession_prefix } : {}),
        ...(input.accession_digits !== undefined ? { accession_digits: input.accession_digits } : {}),
        ...(input.next_accession_number !== undefined ? { accession_next: input.next_accession_number } : {}),
        ...(input.label_sheet !== undefined ? { label_sheet: input.label_sheet } : {}),
        ...deskChanges(input),
      })
      .where('id', '=', before.id)
      .execute();
    const after = await readSettings(trx);
    await recordAudit(trx, { userId: user.id, action: 'BOOK_SETTINGS_UPDATED', entity: 'library_settings', entityId: before.id, before: rules(before), after: rules(after) });
    return after;
  });
  return { detail: 'Library settings updated successfully.', ...toView(row) };
}

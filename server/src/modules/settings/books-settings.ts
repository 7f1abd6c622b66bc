/**
 * Book settings (`GET/POST /settings/Books_settings/`, spelled as the original contract): the loan rules of the one
 * `library_settings` row — max_books_per_member, max_issue_duration (loan period in days) and
 * fine_per_day — and the accession register's: the accession numbers' prefix and digits, the next
 * number of the sequence, and the label sheet spine labels print on. The general settings edit
 * the same loan-rule columns, so both pages always agree.
 */
import type { AppContext } from '../../context.js';
import type { Db, SettingsRow } from '../../db/schema.js';
import { toDecimalString } from '#shared/money';
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
}

const toView = (row: SettingsRow): BookSettingsView => ({
  max_books_per_member: row.max_books_per_member,
  max_issue_duration: row.max_issue_duration,
  fine_per_day: toDecimalString(row.fine_per_day),
  accession_prefix: row.accession_prefix,
  accession_digits: Number(row.accession_digits),
  next_accession_number: Number(row.accession_next),
  label_sheet: row.label_sheet,
});

const rules = (row: SettingsRow) => ({
  max_books_per_member: row.max_books_per_member,
  max_issue_duration: row.max_issue_duration,
  fine_per_day: row.fine_per_day,
  accession_prefix: row.accession_prefix,
  accession_digits: Number(row.accession_digits),
  accession_next: Number(row.accession_next),
  label_sheet: row.label_sheet,
});

export async function bookSettings(db: Db): Promise<BookSettingsView> {
  return toView(await readSettings(db));
}

/** Stores the three loan rules and the accession settings given, and records the change. */
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
      })
      .where('id', '=', before.id)
      .execute();
    const after = await readSettings(trx);
    await recordAudit(trx, { userId: user.id, action: 'BOOK_SETTINGS_UPDATED', entity: 'library_settings', entityId: before.id, before: rules(before), after: rules(after) });
    return after;
  });
  return { detail: 'Library settings updated successfully.', ...toView(row) };
}

/**
 * Book settings (section 7 `GET/POST /settings/Books_settings/`): the loan rules of the one
 * `library_settings` row — max_books_per_member, max_issue_duration (loan period in days) and
 * fine_per_day. The general settings edit the same columns, so both pages always agree.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db, SettingsRow } from '../../db/schema.js';
import { MESSAGES, nonFieldError } from '../../errors.js';
import { FormReader } from '../../http/form.js';
import { currentUser } from '../../http/guard.js';
import { formatMoney } from '../../lib/money.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../../context.js';
import { readSettings } from './service.js';

export const BOOK_SETTINGS_FIELDS = ['max_books_per_member', 'max_issue_duration', 'fine_per_day'] as const;

/** The same bounds as the general settings' update. */
export const LIMITS = {
  max_books_per_member: { min: 1, max: 1000 },
  max_issue_duration: { min: 1, max: 3650 },
} as const;

export interface BookSettingsView {
  max_books_per_member: number;
  max_issue_duration: number;
  /** Decimal string with 2 places ("10.00"). */
  fine_per_day: string;
}

const toView = (row: SettingsRow): BookSettingsView => ({
  max_books_per_member: row.max_books_per_member,
  max_issue_duration: row.max_issue_duration,
  fine_per_day: formatMoney(row.fine_per_day),
});

const rules = (row: SettingsRow) => ({
  max_books_per_member: row.max_books_per_member,
  max_issue_duration: row.max_issue_duration,
  fine_per_day: row.fine_per_day,
});

export async function bookSettings(db: Db): Promise<BookSettingsView> {
  return toView(await readSettings(db));
}

/** Validates all three fields (each required), stores them and records the change. */
export async function saveBookSettings(ctx: Pick<AppContext, 'db'>, user: AuthUser, body: unknown): Promise<BookSettingsView & { detail: string }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw nonFieldError('Invalid data format.');
  const f = new FormReader(body as Record<string, unknown>);
  for (const field of BOOK_SETTINGS_FIELDS) {
    const value = f.fields[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) f.errors.add(field, MESSAGES.required);
  }
  const books = f.has('max_books_per_member') && !f.errors.has('max_books_per_member') ? f.integer('max_books_per_member', LIMITS.max_books_per_member.min, LIMITS.max_books_per_member.max) : undefined;
  const days = f.has('max_issue_duration') && !f.errors.has('max_issue_duration') ? f.integer('max_issue_duration', LIMITS.max_issue_duration.min, LIMITS.max_issue_duration.max) : undefined;
  const fine = f.has('fine_per_day') && !f.errors.has('fine_per_day') ? f.money('fine_per_day') : undefined;
  f.errors.throwIfAny();
  if (books === undefined || days === undefined || fine === undefined) throw nonFieldError('Invalid data format.');

  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    await trx
      .updateTable('library_settings')
      .set({ max_books_per_member: books, max_issue_duration: days, fine_per_day: fine })
      .where('id', '=', before.id)
      .execute();
    const after = await readSettings(trx);
    await recordAudit(trx, { userId: user.id, action: 'BOOK_SETTINGS_UPDATED', entity: 'library_settings', entityId: before.id, before: rules(before), after: rules(after) });
    return after;
  });
  return { detail: 'Library settings updated successfully.', ...toView(row) };
}

/** `GET` needs view_librarysettings, `POST` change_librarysettings (as the general settings). */
export const bookSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/settings/Books_settings/', { config: { access: { permission: 'view_librarysettings' } } }, async () => bookSettings(ctx.db));
  app.post('/settings/Books_settings/', { config: { access: { permission: 'change_librarysettings' } } }, async (request) =>
    saveBookSettings(ctx, currentUser(request), request.body),
  );
};

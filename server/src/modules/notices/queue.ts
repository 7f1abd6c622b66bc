/**
 * The one way a service sends a notice to a member. Called inside the transaction of the change
 * that causes it (a loan issued, a copy held, a fine charged), it writes the in-app notification,
 * its log row and, when the member has an e-mail address, a PENDING e-mail log row carrying the
 * rendered text and HTML (the one outbox, `mail/mailer.ts`). Nothing leaves the server here: after the transaction commits the caller
 * calls `ctx.notices.kick()` and the delivery worker (`delivery.ts`) sends the queued e-mails; the
 * scheduler's `deliveries` job picks up whatever a crash left behind. A notice whose toggle is off,
 * or whose key was used already, writes nothing.
 */
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { enqueueEmails } from '../../mail/mailer.js';
import { formatMoney } from '#shared/money';
import { formatDate } from '#shared/dates';
import { renderHtml, renderText, type NoticeFacts, type NoticeType } from '#shared/notice-templates';
import { readNoticeSettings, type NoticeSettings } from './settings-store.js';
import { displayName } from '#shared/person-name';

/** The facts of one notice, raw: the queue formats them in the library's date format and currency. */
export interface NoticeFactsInput {
  book_title?: string;
  /** YYYY-MM-DD. */
  due_date?: string;
  /** YYYY-MM-DD. */
  pickup_by?: string;
  /** Minor units. */
  amount?: number;
  days_late?: number;
  /** YYYY-MM-DD: the last day of a membership. */
  expires_on?: string;
  /** The loans of a loan slip, one per line, already in words. */
  loans?: string;
  /** The charge in words (`chargeDescription`), for "Charge imposed". */
  charge?: string;
}

export interface NoticeRequest {
  type: NoticeType;
  /** The member the notice is for. */
  userId: number;
  facts: NoticeFactsInput;
  /** A key naming this occurrence (`overdue:loan:42:2`): a key already used sends nothing. */
  key?: string;
  /** Where the in-app notification leads (a site path), if anywhere. */
  linkUrl?: string | null;
  /** Settings already read in this transaction (a job sending many notices reads them once). */
  settings?: NoticeSettings;
}

/** Inserts a notice key; false when it was used already (the notice was sent before). */
async function claimKey(trx: Db, key: string): Promise<boolean> {
  const result = await trx.insertInto('notice_keys').values({ key, created_at: nowIso() }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * The in-app wording of a notice: its body without the greeting and the signature (the first and
 * last paragraphs when there are three or more), at most 1,000 characters.
 */
export function inAppMessage(text: string): string {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const core = paragraphs.length >= 3 ? paragraphs.slice(1, -1) : paragraphs;
  return core.join(' ').replace(/\s+/g, ' ').slice(0, 1000);
}

/**
 * Queues a notice in the caller's transaction. Answers whether it was queued (false: its toggle
 * is off, its key was used, or the member is gone).
 */
export async function queueNotice(trx: Db, request: NoticeRequest): Promise<boolean> {
  const settings = request.settings ?? (await readNoticeSettings(trx));
  const choice = settings.notices[request.type];
  if (!choice.enabled) return false;
  const member = await trx
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'deleted_at'])
    .where('id', '=', request.userId)
    .executeTakeFirst();
  if (!member || member.deleted_at !== null) return false;
  if (request.key !== undefined && !(await claimKey(trx, request.key))) return false;

  const library = await trx.selectFrom('library_settings').select(['library_name', 'date_format']).orderBy('id').limit(1).executeTakeFirst();
  const format = library?.date_format ?? null;
  const { facts: raw } = request;
  const facts: NoticeFacts = {
    member_name: displayName(member),
    library_name: library?.library_name ?? 'My Library',
    ...(raw.book_title !== undefined ? { book_title: raw.book_title } : {}),
    ...(raw.due_date !== undefined ? { due_date: formatDate(raw.due_date, format) ?? raw.due_date } : {}),
    ...(raw.pickup_by !== undefined ? { pickup_by: formatDate(raw.pickup_by, format) ?? raw.pickup_by } : {}),
    ...(raw.amount !== undefined ? { amount: formatMoney(raw.amount) } : {}),
    ...(raw.days_late !== undefined ? { days_late: String(raw.days_late) } : {}),
    ...(raw.expires_on !== undefined ? { expires_on: formatDate(raw.expires_on, format) ?? raw.expires_on } : {}),
    ...(raw.loans !== undefined ? { loans: raw.loans } : {}),
    ...(raw.charge !== undefined ? { charge: raw.charge } : {}),
  };
  const subject = renderText(choice.subject, facts);
  const text = renderText(choice.body, facts);
  const now = nowIso();

  await trx
    .insertInto('notifications')
    .values({ user_id: member.id, type: request.type, message: inAppMessage(text), link_url: request.linkUrl ?? null, created_at: now, read: 0 })
    .execute();
  const base = { user_id: member.id, subject, kind: request.type, notice_type: request.type, created_at: now, body_text: text } as const;
  await trx.insertInto('notification_log').values({ ...base, recipient: member.username, channel: 'in_app', status: 'SENT', attempts: 1, sent_at: now }).execute();
  if (member.email) {
    await enqueueEmails(trx, [{ userId: member.id, to: member.email, subject, text, html: renderHtml(choice.body, facts), kind: request.type, noticeType: request.type }]);
  }
  return true;
}

/**
 * The one outbox. Every e-mail the product sends, an account mail (verify e-mail, reset password,
 * welcome, declined, invitation, a new address's confirmation, a staff welcome) or a notice
 * (`modules/notices/queue.ts`), is a PENDING e-mail row of `notification_log`, rendered and written
 * in the transaction of what causes it: a crash at any moment loses none, and a cause that rolls
 * back sends none. After the commit the caller calls `ctx.notices.kick()`; the dispatcher
 * (`modules/notices/delivery.ts`) sends, retries with back-off and records the outcome, and the
 * scheduler's `deliveries` job picks up whatever a crash left behind.
 * Account mails are the rows without a notice type. Their text carries one-time links, so the
 * Notification History never shows it and the dispatcher clears it once the mail is sent.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { nowIso } from '../db/values.js';
import type { Logger } from '../logger.js';
import { TEMPLATES, type MailKind } from './templates.js';
import { createTransport, type MailTransport } from './transport.js';

/** One e-mail for the outbox, rendered. */
export interface OutboxMail {
  /** The account the mail concerns, for the notification history; null for invitations. */
  userId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The template (account mails) or the notice type. */
  kind: string;
  /** The notice type; null for account mails. */
  noticeType: string | null;
}

/** Rows per insert statement (11 values each, well under either database's limit). */
const ROWS_PER_INSERT = 200;

/** Writes e-mails to the outbox in the caller's transaction, due now. */
export async function enqueueEmails(trx: Db, mails: readonly OutboxMail[]): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < mails.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('notification_log')
      .values(
        mails.slice(i, i + ROWS_PER_INSERT).map((mail) => ({
          user_id: mail.userId, recipient: mail.to, subject: mail.subject, kind: mail.kind, notice_type: mail.noticeType, channel: 'email' as const,
          status: 'PENDING' as const, attempts: 0, next_attempt_at: now, body_text: mail.text, body_html: mail.html, created_at: now,
        })),
      )
      .execute();
  }
}

/** An account mail to queue. */
export interface MailRequest {
  kind: MailKind;
  to: string;
  /** The account the mail concerns, for the notification history; null for invitations. */
  userId: number | null;
  recipientName: string;
  link: string;
  validFor: string;
  /** The facts of a notice, passed to its template. */
  lines?: readonly string[] | undefined;
}

/** Renders account mails (naming the library of the general settings) and queues them in the caller's transaction. */
export async function queueMails(trx: Db, requests: readonly MailRequest[]): Promise<void> {
  if (requests.length === 0) return;
  const settings = await trx.selectFrom('library_settings').select('library_name').orderBy('id').executeTakeFirst();
  const libraryName = settings?.library_name ?? 'My Library';
  await enqueueEmails(
    trx,
    requests.map((request) => {
      const mail = TEMPLATES[request.kind]({ libraryName, recipientName: request.recipientName, link: request.link, validFor: request.validFor, lines: request.lines });
      return { userId: request.userId, to: request.to, subject: mail.subject, text: mail.text, html: mail.html, kind: request.kind, noticeType: null };
    }),
  );
}

/** Queues one account mail in the caller's transaction (then `ctx.notices.kick()` after the commit). */
export const queueMail = (trx: Db, request: MailRequest): Promise<void> => queueMails(trx, [request]);

/** Where mail goes: the transport the dispatcher sends through, closed with the app. */
export interface Mailer {
  readonly transport: MailTransport;
  close(): Promise<void>;
}

/** Builds the mailer on the configured transport (or the one given, for tests). */
export function createMailer(deps: { config: Config; log: Logger; transport?: MailTransport }): Mailer {
  const transport = deps.transport ?? createTransport(deps.config, deps.log);
  return {
    transport,
    async close() {
      transport.close();
    },
  };
}

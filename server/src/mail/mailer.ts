/**
 * Sends the account mails after the database work is committed. Sending happens in the
 * background: a slow or unreachable SMTP server never fails or delays the request; the error
 * is logged. Each message that leaves is recorded in notification_log.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { nowIso } from '../db/values.js';
import type { Logger } from '../logger.js';
import { TEMPLATES, type MailKind } from './templates.js';
import { createTransport, type MailTransport } from './transport.js';

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

export interface Mailer {
  /** Queues a mail; never throws. */
  send(request: MailRequest): void;
  /** Resolves when every queued mail has been sent or has failed. */
  idle(): Promise<void>;
  close(): Promise<void>;
  /** Where mail goes (the notice dispatcher delivers queued notices through it). */
  readonly transport: MailTransport;
}

/** Builds the mailer on the configured transport (or the one given, for tests). */
export function createMailer(deps: { config: Config; db: Kysely<Database>; log: Logger; transport?: MailTransport }): Mailer {
  const { db, log } = deps;
  const transport = deps.transport ?? createTransport(deps.config, log);
  const pending = new Set<Promise<void>>();

  async function deliver(request: MailRequest): Promise<void> {
    const settings = await db.selectFrom('library_settings').select('library_name').orderBy('id').executeTakeFirst();
    const mail = TEMPLATES[request.kind]({
      libraryName: settings?.library_name ?? 'My Library',
      recipientName: request.recipientName,
      link: request.link,
      validFor: request.validFor,
      lines: request.lines,
    });
    await transport.send({ ...mail, to: request.to, kind: request.kind, link: request.link });
    await db
      .insertInto('notification_log')
      .values({ user_id: request.userId, recipient: request.to, subject: mail.subject, kind: request.kind, created_at: nowIso() })
      .execute();
  }

  return {
    transport,
    send(request) {
      const job = deliver(request)
        .catch((error: unknown) => log.error({ err: error, kind: request.kind }, `Mail to ${request.to} failed`))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}

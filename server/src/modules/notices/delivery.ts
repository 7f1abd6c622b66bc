/**
 * Delivers the outbox: the e-mails `queueNotice` and `queueMail` (`mail/mailer.ts`) left PENDING.
 * A run first asks the transport whether mail can leave at all; when the mail server does not
 * answer, nothing is claimed and every row waits, unchanged, for the next kick or tick. A row is
 * claimed with one conditional update (status SENDING and a short lease), so two server instances
 * never send the same row; a failure records the error and the next attempt after a growing delay;
 * a row whose sender died while SENDING is claimed again once its lease has passed (a mail may then
 * leave twice, never not at all). An account mail's text (its one-time link) is cleared once sent.
 * The worker keeps no state of its own beyond "a run is going": every fact is in `notification_log`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import { SMTP_CONNECTIONS, type MailTransport } from '../../mail/transport.js';
import { nowIso } from '../../db/values.js';
import { libraryNow } from '../../lib/library-clock.js';

/** Delay before attempt 2, 3, 4 and 5 (after a failed attempt 1, 2, 3, 4). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** Attempts in all before a mail stays FAILED for good (a person may still resend it). */
export const MAX_ATTEMPTS = 5;
/** How long a claimed row is left to its sender before another may take it. */
export const SENDING_LEASE_MS = 2 * 60_000;
const BATCH = 50;
/** Mails sent side by side (one per pooled SMTP connection). */
const SENDERS = SMTP_CONNECTIONS;

export interface NoticeDispatcher {
  /** Starts a delivery run in the background now (after a transaction that queued notices); never throws. */
  kick(): void;
  /** Sends every e-mail whose time has come; answers how many were attempted. */
  deliverDue(now?: Date): Promise<number>;
  /** Resolves when no run is going. */
  idle(): Promise<void>;
}

/** Runs `work` on every item, at most `limit` at a time; the first error stops the rest and is thrown. */
async function eachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

/** When attempt `attempts + 1` may be made, or null when none is left. */
export function nextAttemptAfter(attempts: number, now: Date): string | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const delay: number = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  return new Date(now.getTime() + delay).toISOString();
}

/** Builds the dispatcher over the mail transport. */
export function createDispatcher(deps: { db: Kysely<Database>; transport: MailTransport; log: Logger }): NoticeDispatcher {
  const { db, transport, log } = deps;
  let running: Promise<void> | null = null;
  let again = false;

  async function deliverOne(id: number, now: Date): Promise<boolean> {
    const nowText = now.toISOString();
    const claimed = await db
      .updateTable('notification_log')
      .set({ status: 'SENDING', lease_until: new Date(now.getTime() + SENDING_LEASE_MS).toISOString() })
      .where('id', '=', id)
      .where('channel', '=', 'email')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', ['PENDING', 'FAILED']), eb('next_attempt_at', '<=', nowText)]),
          eb.and([eb('status', '=', 'SENDING'), eb('lease_until', '<', nowText)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const row = await db.selectFrom('notification_log').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const attempts = row.attempts + 1;
    try {
      await transport.send({ to: row.recipient, subject: row.subject, text: row.body_text ?? '', html: row.body_html ?? '', kind: row.kind });
      // An account mail's one-time link stays in the database no longer than it takes to send it.
      const sentText = row.notice_type === null ? { body_text: null, body_html: null } : {};
      await db
        .updateTable('notification_log')
        .set({ status: 'SENT', attempts, sent_at: nowIso(), lease_until: null, next_attempt_at: null, error: null, ...sentText })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      log.warn({ err: error, kind: row.kind, attempt: attempts }, `Mail to ${row.recipient} failed`);
      await db
        .updateTable('notification_log')
        .set({ status: 'FAILED', attempts, error: message, lease_until: null, next_attempt_at: nextAttemptAfter(attempts, new Date()) })
        .where('id', '=', id)
        .execute();
    }
    return true;
  }

  /** Whether mail can leave now; a transport that cannot tell is taken at its word. */
  async function canSend(): Promise<boolean> {
    if (!transport.verify) return true;
    try {
      await transport.verify();
      return true;
    } catch (error) {
      log.warn({ err: error }, 'The mail server does not answer; queued e-mails wait for the next delivery run');
      return false;
    }
  }

  async function deliverDue(now = libraryNow()): Promise<number> {
    const nowText = now.toISOString();
    let attempted = 0;
    let checked = false;
    for (;;) {
      const due = await db
        .selectFrom('notification_log')
        .select('id')
        .where('channel', '=', 'email')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', 'in', ['PENDING', 'FAILED']), eb('next_attempt_at', '<=', nowText)]),
            eb.and([eb('status', '=', 'SENDING'), eb('lease_until', '<', nowText)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length > 0 && !checked) {
        checked = true;
        if (!(await canSend())) return attempted;
      }
      let sent = 0;
      await eachAtMost(SENDERS, due, async ({ id }) => {
        if (await deliverOne(id, now)) sent += 1;
      });
      attempted += sent;
      // Rows another instance took are skipped; stop when a batch brought nothing new.
      if (due.length < BATCH || sent === 0) return attempted;
    }
  }

  function run(): Promise<void> {
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          log.error({ err: error }, 'Notice delivery failed');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    kick() {
      if (running) again = true;
      else void run();
    },
    deliverDue,
    async idle() {
      while (running) await running;
    },
  };
}

/**
 * Where mail goes: an SMTP server when SMTP_URL is set, otherwise the outbox folder
 * (`DATA_DIR/outbox/<timestamp>-<kind>.eml`, full RFC 822 text) plus one log line with the mail's
 * first link, so a developer can follow verification and reset links without a mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Names the outbox file. */
  kind: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Throws when mail cannot leave now (the SMTP server does not answer), so nothing is taken from the queue in vain. */
  verify?(): Promise<void>;
  close(): void;
}

/** SMTP connections kept open and used side by side (the dispatcher sends as many mails at once). */
export const SMTP_CONNECTIONS = 5;

function smtpTransport(config: Config, smtpUrl: string): MailTransport {
  // A pool: an import's thousands of mails reuse a few connections instead of one each. Options
  // in the URL's query (`?pool=false`, `?tls.rejectUnauthorized=false`) win over these.
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...parseConnectionUrl(smtpUrl),
  } as nodemailer.TransportOptions);
  return {
    async send(mail) {
      await transporter.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(config: Config, log: Logger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.join(config.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await builder.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await mkdir(folder, { recursive: true });
      // Time first so the folder lists in sending order; a random part keeps names of mails sent
      // in the same millisecond (an import's welcome mails) apart, whichever instance sends them.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const kind = mail.kind.replace(/[^a-z0-9_-]/gi, '');
      for (let attempt = 1; ; attempt++) {
        const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}-${kind}.eml`);
        try {
          await writeFile(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
        }
      }
      const link = /https?:\/\/[^\s"<>]+/.exec(mail.text)?.[0];
      log.info(`Mail to ${mail.to}: ${mail.subject}${link ? ` — ${link}` : ''}`);
    },
    close: () => builder.close(),
  };
}

/** The configured transport. */
export function createTransport(config: Config, log: Logger): MailTransport {
  return config.smtpUrl ? smtpTransport(config, config.smtpUrl) : outboxTransport(config, log);
}

/**
 * A real SMTP listener (smtp-server) on a free port that keeps every message it receives and
 * decodes it enough for tests: recipients, subject, text and the links it carries.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function headerOf(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

interface Part {
  type: string;
  body: string;
}

/** Splits a MIME entity into its leaf parts, decoded. */
function leafParts(entity: string): Part[] {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = split === -1 ? entity : entity.slice(0, split);
  const body = split === -1 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headerOf(headers, 'Content-Type').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(headers, 'Content-Type'))?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => leafParts(chunk.replace(/^\r?\n/, '')));
  }
  const encoding = headerOf(headers, 'Content-Transfer-Encoding').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return [{ type: type || 'text/plain', body: decoded }];
}

/** Decodes a raw RFC 822 message. */
export function parseMail(raw: string, to: string[] = []): CapturedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const parts = leafParts(raw);
  const text = parts.find((p) => p.type.startsWith('text/plain'))?.body ?? '';
  const html = parts.find((p) => p.type.startsWith('text/html'))?.body ?? '';
  const links = [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
  return {
    to: to.length > 0 ? to : headerOf(headers, 'To').split(',').map((a) => a.trim()),
    subject: decodeHeader(headerOf(headers, 'Subject')),
    text,
    html,
    links,
    raw,
  };
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: CapturedMail[];
  /** While true, every recipient is refused (550), so the server's deliveries fail as with a real outage. */
  refuse: boolean;
  /** Waits for the first message to this address that arrived after `since` messages. */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Starts the listener; STARTTLS and AUTH are off so nodemailer talks plain SMTP to it. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CapturedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refuse) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), recipients));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listener = server.listen(0, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port));
    listener.once('error', reject);
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refuse() {
      return state.refuse;
    },
    set refuse(on: boolean) {
      state.refuse = on;
    },
    async waitFor(to, { since = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(since).find((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

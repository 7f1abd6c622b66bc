/**
 * A real SMTP listener for tests: the server under test sends mail over SMTP to it, and tests
 * read what arrived (recipient, subject, text and the links in it).
 */
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  raw: string;
  links: string[];
}

/** Decodes quoted-printable soft line breaks and =XX escapes, enough to read links. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every http(s) link in a raw message, decoded, without duplicates, in order. */
export function extractLinks(raw: string): string[] {
  const decoded = decodeQuotedPrintable(raw);
  const found = decoded.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/&amp;/g, '&').replace(/[.,;]+$/, '')))];
}

export interface MailCapture {
  port: number;
  messages: CapturedMail[];
  close(): Promise<void>;
}

/** Starts an SMTP listener on the port (0 = any free port). */
export async function startMailCapture(port = 0): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          raw,
          links: extractLinks(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

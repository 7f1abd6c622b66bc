import { readdir, readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { createTransport } from '../../server/src/mail/transport.js';
import { parseMail } from '../support/mail-catcher.js';
import { postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

const PASSWORD = 'Marble-Lantern-42';
const registration = (username: string) => ({
  first_name: 'Noor',
  last_name: 'Reader',
  username,
  email: `${username}@example.test`,
  password: PASSWORD,
  password2: PASSWORD,
});

/** Collects the app's log lines. */
function logCollector(): { stream: Writable; lines: () => string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('mail without an SMTP server', () => {
  test('is written to the outbox folder as a full message, logged with its link and recorded', async () => {
    const log = logCollector();
    t = await startTestApp({ SMTP_URL: '', LOG_LEVEL: 'info' }, { logStream: log.stream });
    const response = await postJson(t.app, '/auth/register/member/', registration('outboxer'));
    expect(response.statusCode).toBe(201);
    await t.app.ctx.notices.idle();

    const folder = path.join(t.config.dataDir, 'outbox');
    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}-verify_email\.eml$/);
    const mail = parseMail(await readFile(path.join(folder, files[0]!), 'utf8'));
    expect(mail.to).toEqual(['outboxer@example.test']);
    expect(mail.subject).toBe('Verify your e-mail address for My Library');
    expect(mail.html).toContain('<a href="http://site.test/auth/verify-email/');
    const link = mail.links[0]!;

    const announced = log.lines().map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(announced).toContainEqual(expect.objectContaining({ level: 30, msg: `Mail to outboxer@example.test: ${mail.subject} — ${link}` }));

    const logged = await t.db.selectFrom('notification_log').selectAll().execute();
    expect(logged).toEqual([
      expect.objectContaining({ user_id: response.json().id, recipient: 'outboxer@example.test', subject: mail.subject, kind: 'verify_email', status: 'SENT' }),
    ]);
  });

  test('keeps every one of many mails sent in the same moment (the welcome mails of an import)', async () => {
    t = await startTestApp({ SMTP_URL: '' });
    const transport = createTransport(t.config, t.app.log);
    const mails = Array.from({ length: 120 }, (_, i) => ({ to: `reader${i}@example.test`, subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>', kind: 'welcome_member' }));
    await Promise.all(mails.map((mail) => transport.send(mail)));
    transport.close();
    const files = await readdir(path.join(t.config.dataDir, 'outbox'));
    expect(files).toHaveLength(120);
    expect(files.every((f) => /^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}-welcome_member\.eml$/.test(f))).toBe(true);
  });
});

describe('mail through SMTP', () => {
  test('names the library of the general settings', async () => {
    t = await startTestApp();
    await t.db.updateTable('library_settings').set({ library_name: 'Iqbal Reading Room' }).execute();
    const since = t.mail.messages.length;
    await postJson(t.app, '/auth/register/member/', registration('named'));
    const mail = await t.mail.waitFor('named@example.test', { since });
    expect(mail.subject).toBe('Verify your e-mail address for Iqbal Reading Room');
    expect(mail.text).toContain('Iqbal Reading Room');
    expect(mail.html).toContain('Iqbal Reading Room');
  });

  test('that cannot be delivered does not fail the request; while the server does not answer the mail waits untouched', async () => {
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const response = await postJson(t.app, '/auth/register/member/', registration('unlucky'));
    expect(response.statusCode).toBe(201);
    await t.app.ctx.notices.idle();
    expect(await t.db.selectFrom('notification_log').selectAll().execute()).toEqual([
      expect.objectContaining({ recipient: 'unlucky@example.test', kind: 'verify_email', status: 'PENDING', attempts: 0, lease_until: null, sent_at: null }),
    ]);
    const login = await postJson(t.app, '/auth/login/', { username: 'unlucky', password: PASSWORD });
    expect(login.json()).toEqual({ non_field_errors: ['Please verify your email before logging in.'] });
  });
});

describe('request logs', () => {
  test('never hold passwords, tokens or the secret part of mailed links', async () => {
    const log = logCollector();
    t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    const since = t.mail.messages.length;
    await postJson(t.app, '/auth/register/member/', registration('quiet'));
    const mail = await t.mail.waitFor('quiet@example.test', { since });
    const token = mail.links[0]!.split('/').pop()!;
    await t.app.inject({ method: 'GET', url: new URL(mail.links[0]!).pathname });
    await t.db.updateTable('users').set({ approved_at: new Date().toISOString(), is_active: 1 }).where('username', '=', 'quiet').execute();
    const login = await signIn(t.app, 'quiet', PASSWORD);
    expect(login.access).toEqual(expect.any(String));
    await t.app.inject({ method: 'GET', url: `/users/${login.id}/permissions/`, headers: { authorization: `Bearer ${login.access}` } });

    const text = log.lines().join('\n');
    expect(text).toContain('/auth/verify-email/');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(login.access);
    expect(text).not.toContain(login.refresh);
  });
});

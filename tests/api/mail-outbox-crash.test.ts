/**
 * A crash loses no mail: the real server, run as its own process, imports a few thousand members
 * while its mail server is down and is killed with SIGKILL part-way; started again with a working
 * mail server, it sends every member that was imported (counted in the database) his welcome mail,
 * once. Runs on SQLite, or on a fresh PostgreSQL database when DATABASE_URL is set.
 */
import type { Kysely } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { loadConfig, type Env } from '../../server/src/config.js';
import { createDb } from '../../server/src/db/connection.js';
import { migrate } from '../../server/src/db/migrations/index.js';
import type { Database } from '../../server/src/db/schema.js';
import { MEMBER_BATCH_SIZE } from '../../server/src/modules/members/bulk.js';
import { ensureAdmin } from '../../server/src/provision.js';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.js';
import { multipart } from './support/multipart.js';
import { generatedMembers, memberCsvPart } from './support/member-csv.js';
import { crashTestEnv, freePort, startServer, until } from './support/server-process.js';

const ROWS = 2000;
const ADMIN_PASSWORD = 'Crash-Test-Librarian-9';
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const count = async (db: Kysely<Database>, query: 'members' | 'welcomes'): Promise<number> => {
  const row =
    query === 'members'
      ? await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('role', '=', 'MEMBER').executeTakeFirstOrThrow()
      : await db.selectFrom('notification_log').select((eb) => eb.fn.countAll<number | string>().as('n')).where('kind', '=', 'welcome_member').executeTakeFirstOrThrow();
  return Number(row.n);
};

test('a member import killed part-way loses no welcome mail: each imported member gets his once the server is back', { timeout: 120_000 }, async () => {
  const env: Env = await crashTestEnv(cleanups, { SCHEDULER_TICK_MS: '1000' });
  const db = createDb(loadConfig(env));
  cleanups.push(() => db.destroy());
  await migrate(db);
  await ensureAdmin(db, { username: 'admin', password: ADMIN_PASSWORD, email: 'admin@site.test' });

  // The mail server is down while the import runs.
  const port = await freePort();
  const first = await startServer({ ...env, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }, port, cleanups);
  const login = await fetch(`http://127.0.0.1:${port}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const body = multipart({}, { file: memberCsvPart(generatedMembers(ROWS, 'crash')) });
  const upload = fetch(`http://127.0.0.1:${port}/users/bulk-upload-members/`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${access}` },
    body: new Uint8Array(body.payload),
  }).then(
    (answer) => answer.status,
    () => 'killed' as const,
  );

  // Killed once a batch is in, while the import is still going.
  await until('a batch of members', async () => ((await count(db, 'members')) >= MEMBER_BATCH_SIZE ? true : undefined), 60_000); first.child.kill('SIGKILL');
  expect(await upload).toBe('killed');
  await until('the server to die', async () => (first.child.signalCode === 'SIGKILL' ? true : undefined), 5_000);

  const imported = await count(db, 'members');
  expect(imported).toBeGreaterThanOrEqual(MEMBER_BATCH_SIZE);
  expect(imported % MEMBER_BATCH_SIZE).toBe(0);
  expect(imported).toBeLessThan(ROWS);
  // Every imported member's mail is in the outbox, written with him.
  expect(await count(db, 'welcomes')).toBe(imported);

  // Started again with a working mail server: every one of them is sent, once.
  const mail: MailCatcher = await startMailCatcher();
  cleanups.push(() => mail.close());
  await startServer({ ...env, SMTP_URL: mail.url }, port, cleanups);
  await until('every welcome mail', async () => (mail.messages.length >= imported ? true : undefined), 60_000);
  const members = await db.selectFrom('users').select('email').where('role', '=', 'MEMBER').execute();
  expect(mail.messages.flatMap((m) => m.to).sort()).toEqual(members.map((m) => m.email).sort());
  expect(mail.messages.every((m) => m.subject === 'Welcome to My Library' && m.links.some((l) => l.startsWith('http://site.test/reset-password/')))).toBe(true);
  await until(
    'every outbox row to be marked sent',
    async () => {
      const waiting = await db.selectFrom('notification_log').select('id').where('status', '<>', 'SENT').limit(1).execute();
      return waiting.length === 0 ? true : undefined;
    },
    10_000,
  );
});

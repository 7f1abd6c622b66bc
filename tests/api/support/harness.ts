/**
 * Builds the real server in-process for one test file: a fresh SQLite file in a temp folder,
 * or, when DATABASE_URL is set, a fresh PostgreSQL database created through that URL and
 * dropped afterwards; mail goes to a real SMTP listener. Requests go through `app.inject()`.
 * With `TEST_LIBRARY_ZONE=apart` the library's zone is one whose date is not UTC's (`library-zone.ts`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { RoleName } from '#shared/permission-codes';
import { buildApp, type BuildOptions } from '../../../server/src/app.js';
import { loadConfig, type Config, type Env } from '../../../server/src/config.js';
import { migrate } from '../../../server/src/db/migrations/index.js';
import type { Database, UserRow } from '../../../server/src/db/schema.js';
import { createAccount } from '../../../server/src/modules/users/service.js';
import { startMailCatcher, type MailCatcher } from '../../support/mail-catcher.js';
import { libraryZoneApart, libraryZoneApartFrom } from './library-zone.js';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  mail: MailCatcher;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database created through the admin URL; `drop()` removes it. */
export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `library_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Starts the app with test settings; `env` overrides any of them (e.g. ACCESS_TOKEN_TTL). */
export async function startTestApp(env: Env = {}, options: Omit<BuildOptions, 'db'> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'library-api-'));
  const mail = await startMailCatcher();
  const adminUrl = process.env['DATABASE_URL'];
  const postgres = adminUrl ? await freshPostgresDatabase(adminUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    SITE_URL: 'http://site.test',
    SMTP_URL: mail.url,
    MAIL_FROM: 'Library <library@site.test>',
    LOG_LEVEL: 'silent',
    // Tests drive the notice scheduler themselves (runSchedulerTick with the time they simulate).
    SCHEDULER_TICK_MS: '0',
    ...env,
  });
  const app = await buildApp(config, options);
  await migrate(app.ctx.db);
  // The suite's run apart: the library's date differs from UTC's (tests that set a zone keep theirs).
  if (libraryZoneApart()) await app.ctx.db.updateTable('library_settings').set({ timezone: libraryZoneApartFrom(new Date()) }).execute();
  return {
    app,
    db: app.ctx.db,
    config,
    mail,
    async close() {
      await app.close();
      await mail.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface UserSpec {
  username: string;
  password?: string;
  role?: RoleName;
  email?: string;
  /** active: verified and approved (default); others match the login failure cases. */
  state?: 'active' | 'unverified' | 'pending' | 'declined' | 'disabled';
}

export const DEFAULT_PASSWORD = 'Shelf-Reader-2026';

/** Creates a user directly through the account service, in the requested state. */
export async function createUser(db: Kysely<Database>, spec: UserSpec): Promise<UserRow> {
  const state = spec.state ?? 'active';
  const { user } = await createAccount(db, {
    username: spec.username,
    email: spec.email ?? `${spec.username}@example.test`,
    password: spec.password ?? DEFAULT_PASSWORD,
    first_name: 'Test',
    last_name: spec.username,
    role: spec.role ?? 'MEMBER',
    verified: state !== 'unverified',
    approved: state === 'active' || state === 'disabled',
  });
  if (state === 'declined') await db.updateTable('users').set({ is_declined: 1 }).where('id', '=', user.id).execute();
  if (state === 'disabled') await db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
  return db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
}

/** POSTs JSON. */
export function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

/** Signs in and returns the parsed answer (fails the test on anything but 200). */
export async function signIn(app: FastifyInstance, username: string, password = DEFAULT_PASSWORD): Promise<{ access: string; refresh: string; id: number; role: string; roles: string[]; permissions: string[] }> {
  const response = await postJson(app, '/auth/login/', { username, password });
  if (response.statusCode !== 200) throw new Error(`Sign-in of ${username} failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The path of a mailed link (the part the site would route). */
export const pathOf = (link: string): string => new URL(link).pathname + new URL(link).search;

/**
 * Creates each user with his role and signs him in: his access token into `access` and his id
 * into `ids`, by username (the setup most API test files begin with).
 */
export async function signedInUsers(t: Pick<TestApp, 'app' | 'db'>, users: readonly (readonly [username: string, role: RoleName])[], access: Record<string, string>, ids: Record<string, number> = {}): Promise<void> {
  for (const [username, role] of users) {
    ids[username] = (await createUser(t.db, { username, role })).id;
    access[username] = (await signIn(t.app, username)).access;
  }
}

/**
 * The app of this test file and its signed-in users' tokens and ids by username, set by
 * `useSignedInApp` before the file's tests run. Live bindings: an importer reads the current app
 * (each test file has its own copy of this module).
 */
export let t: TestApp;
export const access: Record<string, string> = {};
export const ids: Record<string, number> = {};

/** Starts this test file's app with `env`, creates and signs in `users` before its tests, and closes it after them. */
export function useSignedInApp(env: Env, users: readonly (readonly [username: string, role: RoleName])[]): void {
  beforeAll(async () => {
    t = await startTestApp(env);
    await signedInUsers(t, users, access, ids);
  });
  afterAll(async () => t.close());
}

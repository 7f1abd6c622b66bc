/**
 * The real API server as its own process, for the crash tests: `startServer` runs
 * `server/src/main.ts serve` in a node process of its own (tsx loaded inside it, so SIGKILL hits the
 * server itself, not a wrapper), waits until it answers `/healthz/`, and registers its kill with the
 * caller's cleanups. `freePort` finds a port to give it; `until` polls a check until it answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../../../server/src/config.js';
import { freshPostgresDatabase } from './harness.js';

const root = new URL('../../../', import.meta.url).pathname;

/** Work to run after the file's tests, last registered first. */
export type Cleanups = (() => Promise<unknown>)[];

/**
 * The settings of a crash test's server: a fresh data folder and, when DATABASE_URL is set, a
 * fresh PostgreSQL database (both removed by the cleanups), plus `extra`.
 */
export async function crashTestEnv(cleanups: Cleanups, extra: Env): Promise<Env & { DATA_DIR: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'library-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const adminUrl = process.env['DATABASE_URL'];
  const postgres = adminUrl ? await freshPostgresDatabase(adminUrl) : undefined;
  if (postgres) cleanups.push(() => postgres.drop());
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    JWT_SECRET: 'crash-test-secret-that-is-long-enough-for-hs256',
    SITE_URL: 'http://site.test',
    MAIL_FROM: 'Library <library@site.test>',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `check` every 50 ms until it answers something other than undefined; fails after `timeoutMs`. */
export const until = async <T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Kills the server with SIGKILL (no shutdown of any kind) and waits until it is gone. */
  crash: () => Promise<void>;
}

/** Starts `server/src/main.ts serve` in its own node process and waits until it answers. */
export async function startServer(env: Env, port: number, cleanups: Cleanups): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, ...env, API_PORT: String(port), API_HOST: '127.0.0.1' },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const crash = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  cleanups.push(crash);
  await until(
    'the server to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/healthz/`).catch(() => undefined);
      return answer?.ok ? true : undefined;
    },
    20_000,
  );
  return { child, output: () => output, crash };
}

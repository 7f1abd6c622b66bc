/**
 * Command line of the API server:
 *   serve         migrate, then listen on API_HOST:API_PORT (stops cleanly on SIGINT/SIGTERM)
 *   migrate       bring the database schema and permission catalogue up to date
 *   create-admin  create the SUPER USER named by ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL
 *   seed-demo     add the demo accounts, departments, sessions and catalogue (idempotent)
 * The functions are exported too, so scripts can run the server in-process.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createDb } from './db/connection.js';
import { migrate } from './db/migrations/index.js';
import { DEMO_ACCOUNTS, ensureAdmin, seedDemo } from './provision.js';
import { MediaStore } from './storage/service.js';
import { startUploadSweep } from './storage/sweep.js';

export { buildApp } from './app.js';
export { loadConfig } from './config.js';
export type { Config } from './config.js';
export { createDb } from './db/connection.js';
export { migrate } from './db/migrations/index.js';
export { ensureAdmin, seedDemo, DEMO_ACCOUNTS } from './provision.js';

const where = (config: Config): string => (config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'library.db'));

/** Migrates, then serves until SIGINT/SIGTERM. Resolves with the listening address. */
export async function serve(config: Config = loadConfig()): Promise<string> {
  const db = createDb(config);
  await migrate(db);
  const app = await buildApp(config, { db });
  // Files a crash left without their row go before the server takes requests.
  const stopSweep = await startUploadSweep(new MediaStore(config), db, config.uploadSweepGraceMs, {
    removed: (files) => app.log.warn({ files: files.length }, 'Removed uploaded files no row references'),
    failed: (error) => app.log.error({ err: error }, 'The sweep of uploaded files failed'),
  });
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    stopSweep();
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  return app.listen({ host: config.host, port: config.port });
}

async function withDb<T>(config: Config, work: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(config);
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function run(command: string | undefined): Promise<number> {
  const config = loadConfig();
  switch (command) {
    case 'serve':
      await serve(config);
      return -1;
    case 'migrate': {
      const db = createDb(config);
      try {
        const { applied } = await migrate(db);
        console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database already up to date.');
        console.log(`Database: ${where(config)}`);
      } finally {
        await db.destroy();
      }
      return 0;
    }
    case 'create-admin': {
      const username = process.env['ADMIN_USERNAME']?.trim() || 'admin';
      const password = process.env['ADMIN_PASSWORD'] ?? '';
      if (!password) {
        console.error('ADMIN_PASSWORD is required: set ADMIN_USERNAME, ADMIN_PASSWORD and optionally ADMIN_EMAIL.');
        return 1;
      }
      const result = await withDb(config, (db) => ensureAdmin(db, { username, password, email: process.env['ADMIN_EMAIL'] }));
      console.log(result.created ? `Created SUPER USER "${result.username}".` : `User "${result.username}" already exists; nothing changed.`);
      return 0;
    }
    case 'seed-demo': {
      const report = await withDb(config, (db) => seedDemo(db, { media: new MediaStore(config) }));
      for (const account of report.accounts) {
        const demo = DEMO_ACCOUNTS.find((d) => d.username === account.username);
        console.log(`${account.created ? 'Created' : 'Kept   '} ${account.username} (${demo?.role ?? ''}) password ${demo?.password ?? ''}`);
      }
      console.log(`Departments: ${report.departments}, academic sessions: ${report.sessions}. Database: ${where(config)}`);
      console.log(`Catalogue: ${report.catalogue.categories} categories, ${report.catalogue.languages} languages, ${report.catalogue.books} books (${report.catalogue.covers} covers added).`);
      console.log(`Members: ${report.members.members} demo members in every state, ${report.members.plans} membership plans.`);
      const year = report.year;
      console.log(`The year before today: ${year.members} members joined, ${year.loans} loans, ${year.returns} returns, ${year.receipts} receipts, ${year.reservations} reservations.`);
      return 0;
    }
    default:
      console.error('Usage: tsx server/src/main.ts <serve|migrate|create-admin|seed-demo>');
      return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  run(process.argv[2]).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}

/**
 * `npm start` (`-- --demo` for the demo library): the whole product on one machine. Migrates the
 * database, creates the first SUPER USER, builds the site when its sources changed, then serves the
 * API on API_PORT and the site on SITE_PORT, on this machine only unless API_HOST / SITE_HOST say
 * otherwise (start-hosts.ts), and prints where to open it and how to sign in.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDb, ensureAdmin, loadConfig, migrate, seedDemo, serve, DEMO_ACCOUNTS } from '../server/src/main';
import { MediaStore } from '../server/src/storage/service';
import { startSiteServer } from './site-server';
import { startHosts } from './start-hosts';

const root = new URL('..', import.meta.url).pathname;
const demo = process.argv.includes('--demo');
const sitePort = Number(process.env.SITE_PORT ?? 4321);
const hosts = startHosts(process.env);
process.env.API_HOST = hosts.api;
process.env.API_PORT ??= '8000';
process.env.SITE_URL ??= `http://localhost:${sitePort}`;
const apiBaseUrl = process.env.API_PUBLIC_URL ?? `http://localhost:${process.env.API_PORT}`;

/** Newest modification time under the given paths (files or folders). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return newest;
}

function buildSiteIfStale(): void {
  const stamp = join(root, 'dist/.build-stamp');
  const sources = newestMtime(['src', 'public', 'astro.config.mjs', 'panda.config.ts', 'package-lock.json']);
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
  console.log('Building the site (about a minute the first time)...');
  const result = spawnSync(join(root, 'node_modules/.bin/astro'), ['build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('The site build failed; see the messages above.');
    process.exit(1);
  }
  writeFileSync(stamp, new Date().toISOString());
}

const config = loadConfig();
const db = createDb(config);
await migrate(db);
const adminUsername = process.env.ADMIN_USERNAME?.trim() || 'admin';
const adminPassword = process.env.ADMIN_PASSWORD || `${randomBytes(9).toString('base64url')}-L1b`;
const admin = await ensureAdmin(db, {
  username: adminUsername,
  password: adminPassword,
  email: process.env.ADMIN_EMAIL ?? 'admin@localhost',
});
if (demo) await seedDemo(db, { media: new MediaStore(config) });
await db.destroy();

buildSiteIfStale();
writeFileSync(join(root, 'dist/config.json'), `${JSON.stringify({ apiBaseUrl }, null, 2)}\n`);
await serve(config);
const site = await startSiteServer({ distDir: join(root, 'dist'), apiBaseUrl, port: sitePort, host: hosts.site });

const lines = [
  '',
  'Library is running.',
  `  Open the site:  ${site.url}`,
  `  API:            ${apiBaseUrl}`,
  `  Database:       ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'library.db')}`,
  '',
  admin.created
    ? `  Sign in as "${adminUsername}" with password: ${adminPassword}${process.env.ADMIN_PASSWORD ? '' : '   (shown once: note it now)'}`
    : `  Sign in as "${adminUsername}" with the password set when it was created (forgot it? use "Forgot password?"; the link is printed in this log).`,
];
if (demo) {
  lines.push('', '  Demo accounts:');
  for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.username.padEnd(14)} ${account.password.padEnd(20)} ${account.role}`);
}
lines.push('', 'Press Ctrl+C to stop.', '');
console.log(lines.join('\n'));

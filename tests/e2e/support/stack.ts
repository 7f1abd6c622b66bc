/**
 * The product as the browser tests see it: the real API server (fresh SQLite data folder, demo
 * accounts, mail over SMTP to a capture listener, 2-second access tokens so every test also runs
 * through token refresh) and the built site served like a static host. Captured mail is readable
 * at http://localhost:<mailPort>/messages; POST /refuse and /accept make the capture refuse or
 * accept mail (failed deliveries for the notification history).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E } from '../../../playwright.config';
import { startSiteServer } from '../../../scripts/site-server';
import { startMailCatcher } from '../../support/mail-catcher';

const root = new URL('../../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'library-e2e-'));
const children: ChildProcess[] = [];

function cleanUp(): void {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGTERM', () => { cleanUp(); process.exit(0); });
process.on('SIGINT', () => { cleanUp(); process.exit(0); });

const distDir = join(root, process.env.E2E_DIST ?? 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run test:e2e does).');
  process.exit(1);
}

const mail = await startMailCatcher();
const siteUrl = `http://localhost:${E2E.sitePort}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  API_PORT: String(E2E.apiPort),
  API_HOST: '127.0.0.1',
  SITE_URL: siteUrl,
  CORS_ORIGINS: [siteUrl, `http://127.0.0.1:${E2E.sitePort}`, `http://127.0.0.1:${E2E.previewPort}`, `http://localhost:${E2E.previewPort}`].join(','),
  SMTP_URL: mail.url,
  ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL ?? '2',
  LOGIN_RATE_LIMIT_PER_USERNAME: '50',
  LOGIN_RATE_LIMIT_PER_ADDRESS: '500',
  // Every browser test comes from one address and reuses the demo accounts.
  MAIL_RATE_LIMIT_PER_ADDRESS: '1000',
  MAIL_RATE_LIMIT_PER_ACCOUNT: '100',
  REFRESH_FAILURE_LIMIT: '1000',
  LOG_LEVEL: 'warn',
  // The notice scheduler stays off: a browser test sees only the notices its own steps cause.
  SCHEDULER_TICK_MS: process.env.SCHEDULER_TICK_MS ?? '0',
};

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['server/src/main.ts', ...args], { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

await run(['migrate']);
await run(['seed-demo']);
const api = spawn(tsx, ['server/src/main.ts', 'serve'], { cwd: root, env, stdio: 'inherit' });
children.push(api);
api.on('exit', (code) => {
  console.error(`API server exited (${code})`);
  cleanUp();
  process.exit(1);
});

await startSiteServer({ distDir, apiBaseUrl: `http://localhost:${E2E.apiPort}`, port: E2E.sitePort });

// Wait for the API before reporting healthy.
for (let i = 0; i < 100; i++) {
  try {
    const res = await fetch(`http://127.0.0.1:${E2E.apiPort}/healthz/`);
    if (res.ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 200));
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mail');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/health') return res.end('{"ok":true}');
  // The notices tests make e-mail deliveries fail: POST /refuse turns refusal on, POST /accept off.
  if (req.method === 'POST' && (url.pathname === '/refuse' || url.pathname === '/accept')) {
    mail.refuse = url.pathname === '/refuse';
    return res.end(JSON.stringify({ refuse: mail.refuse }));
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return res.end(JSON.stringify(to ? mail.messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : mail.messages));
  }
  res.statusCode = 404;
  res.end('{}');
}).listen(E2E.mailPort, '127.0.0.1');
console.log(`e2e stack: site ${siteUrl}, API http://localhost:${E2E.apiPort}, data ${dataDir}`);

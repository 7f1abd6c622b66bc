/**
 * Lighthouse (mobile, Debian's Chromium) on the login page and, signed in as the demo SUPER USER,
 * on the Book Record, the catalogue and General Settings, served by the compressing site server
 * the way `npm start` serves them. Needs a fresh `dist/` (`npx astro build --silent`).
 *
 *   npx tsx scripts/lighthouse.ts [--write]     (--write rewrites the figures in docs/PERFORMANCE.md)
 *
 * It starts the API on a temporary data folder with the demo library (migrate, seed-demo, serve)
 * and signs in through the API. Lighthouse starts Chromium itself. For the login page the profile
 * is fresh (cold cache, empty storage). For a signed-in page, Playwright first opens a tiny seed
 * page (`/lighthouse-seed/`, written into dist/ for the run, no other file of the site) in a
 * Chromium profile folder of its own, which stores the session in localStorage (`userData`) and
 * closes; Lighthouse then loads the page to measure directly in that profile with
 * `--disable-storage-reset`, so the figures are the real page load (no redirect hop) and the HTTP
 * cache holds nothing of the page. Lighthouse comes from the npm registry (`LIGHTHOUSE_VERSION`),
 * not from the project's dependencies. `LH_CPU_SLOWDOWN` overrides the mobile preset's 4× CPU
 * slowdown (for a host slower than the reference machine); `LH_ONLY` picks pages by name,
 * `LH_RUNS` sets the runs per page (median reported) and `LH_KEEP=dir` keeps the median runs' full reports.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { startSiteServer } from './site-server';

// 12.x: Lighthouse 13 needs Node 22.19, the project runs on Node 20.
const LIGHTHOUSE_VERSION = process.env.LIGHTHOUSE_VERSION ?? '12.8.2';
const root = new URL('..', import.meta.url).pathname;
const sitePort = Number(process.env.LH_SITE_PORT ?? 24721);
const apiPort = Number(process.env.LH_API_PORT ?? 28400);
const site = `http://localhost:${sitePort}`;
const api = `http://localhost:${apiPort}`;
const write = process.argv.includes('--write');
const SEED_PATH = 'lighthouse-seed';
/** `LH_DIST=dir` measures another build of the site (to compare two builds on the same machine). */
const distDir = process.env.LH_DIST ?? join(root, 'dist');

/** The Chromium flags of the brief (headless added by Playwright). */
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The pages measured: the login page signed out, the others signed in. */
const ALL_PAGES = [
  { name: 'Login', path: '/', signedIn: false },
  { name: 'Book Record', path: '/dashboard/books/record', signedIn: true },
  { name: 'Online Catalogue', path: '/dashboard/books/catalogue', signedIn: true },
  { name: 'General Settings', path: '/dashboard/settings/general', signedIn: true },
] as const;
/** `LH_ONLY=Login,Book Record` measures some pages only (a run with --write still needs all four). */
const only = process.env.LH_ONLY?.split(',').map((name) => name.trim().toLowerCase());
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.name.toLowerCase())) : ALL_PAGES;
if (write && PAGES.length !== ALL_PAGES.length) throw new Error('--write needs every page: run without LH_ONLY');
/** `LH_KEEP=dir` keeps each page's full Lighthouse report there (lh-<page>.json) to read its audits. */
const keepDir = process.env.LH_KEEP;
/**
 * `LH_RUNS=n` loads each page n times (default 5) and reports the run of median performance with
 * the range of all n: on a shared machine one run can move by several points.
 */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5));

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}
interface Report {
  categories: Record<'performance' | 'accessibility', { score: number; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
}

const dataDir = mkdtempSync(join(tmpdir(), 'library-lighthouse-'));
const children: ChildProcess[] = [];
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  API_PORT: String(apiPort),
  API_HOST: '127.0.0.1',
  SITE_URL: site,
  CORS_ORIGINS: [site, `http://127.0.0.1:${sitePort}`].join(','),
  LOG_LEVEL: 'warn',
};

function server(args: string[]): void {
  const result = spawnSync(join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts', ...args], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`server ${args[0]} failed`);
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** A Chromium profile folder whose localStorage for the site holds the session (and nothing cached of the pages). */
async function seededProfile(session: string): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'library-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  const page = await context.newPage();
  await page.goto(`${site}/${SEED_PATH}/#${new URLSearchParams({ session }).toString()}`);
  await page.waitForFunction(() => localStorage.getItem('userData') !== null);
  await context.close();
  return profile;
}

/** One Lighthouse run (Chromium started by Lighthouse with the brief's flags; a fresh profile unless one is given). */
async function lighthouse(url: string, output: string, profile?: string): Promise<Report> {
  const flags = ['--headless', ...CHROMIUM_FLAGS, ...(profile ? [`--user-data-dir=${profile}`] : [])].join(' ');
  const keepStorage = profile ? ['--disable-storage-reset'] : [];
  const cpu = process.env.LH_CPU_SLOWDOWN ? [`--throttling.cpuSlowdownMultiplier=${process.env.LH_CPU_SLOWDOWN}`] : [];
  // Asynchronous: the site server runs in this process and must keep answering meanwhile.
  const child = spawn(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      url,
      `--chrome-flags=${flags}`,
      '--only-categories=performance,accessibility',
      ...cpu,
      ...keepStorage,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse failed on ${url}`);
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}

const load = () => loadavg().map((n) => n.toFixed(1)).join(' / ');
const loadAtStart = load();
const rows: string[] = [];
let benchmark = 0;
const problems: string[] = [];

try {
  server(['migrate']);
  server(['seed-demo']);
  const apiProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts', 'serve'], { cwd: root, env, stdio: 'inherit' });
  children.push(apiProcess);
  const siteServer = await startSiteServer({ distDir, apiBaseUrl: api, port: sitePort, host: '127.0.0.1' });
  await waitFor(`http://127.0.0.1:${apiPort}/healthz/`);

  const login = await fetch(`${api}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo.admin', password: 'Admin-demo-2026' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const session = await login.text();

  // A seed page written into dist/ for the run: it stores the session the URL's hash carries
  // (an external script: the site's CSP allows no other inline one).
  const seedDir = join(distDir, SEED_PATH);
  mkdirSync(seedDir, { recursive: true });
  writeFileSync(join(seedDir, 'index.html'), `<!doctype html><html lang="en"><title>Seed</title><script src="/${SEED_PATH}/seed.js"></script></html>`);
  writeFileSync(
    join(seedDir, 'seed.js'),
    "localStorage.setItem('userData',new URLSearchParams(location.hash.slice(1)).get('session'));",
  );
  try {
    for (const target of PAGES) {
      const reports: Report[] = [];
      for (let run = 0; run < RUNS; run++) {
        const profile = target.signedIn ? await seededProfile(session) : undefined;
        const output = join(dataDir, `lh-${rows.length}-${run}.json`);
        reports.push(
          await lighthouse(`${site}${target.path}`, output, profile).finally(() => {
            if (profile) rmSync(profile, { recursive: true, force: true });
          }),
        );
      }
      // The run of median performance stands for the page; the others give its range.
      const scores = reports.map((one) => Math.round(one.categories.performance.score * 100));
      const report = reports.slice().sort((a, b) => a.categories.performance.score - b.categories.performance.score)[Math.floor((RUNS - 1) / 2)]!;
      const range = RUNS > 1 ? ` (${Math.min(...scores)}–${Math.max(...scores)})` : '';
      if (keepDir) {
        mkdirSync(keepDir, { recursive: true });
        writeFileSync(join(keepDir, `lh-${target.name.toLowerCase().replace(/\W+/g, '-')}.json`), JSON.stringify(report));
      }
      const lcp = report.audits['largest-contentful-paint-element'] as (Audit & { details?: unknown }) | undefined;
      console.log(`${target.name}: LCP element ${JSON.stringify(lcp?.details ?? null).slice(0, 400)}`);
      const score = (category: 'performance' | 'accessibility') => Math.round(report.categories[category].score * 100);
      const metric = (id: string) => report.audits[id]?.displayValue ?? '—';
      benchmark = report.environment.benchmarkIndex;
      rows.push(
        `| ${target.name} (\`${target.path}\`) | ${score('performance')}${range} | ${score('accessibility')} | ${metric('first-contentful-paint')} | ${metric('largest-contentful-paint')} | ${metric('total-blocking-time')} | ${metric('cumulative-layout-shift')} |`,
      );
      for (const category of ['performance', 'accessibility'] as const) {
        for (const ref of report.categories[category].auditRefs) {
          const audit = report.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 0.9) continue;
          if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode) || audit.id.endsWith('-insight')) continue;
          problems.push(`${target.name}: ${category} / ${audit.id} (${audit.title})${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
        }
      }
    }
  } finally {
    rmSync(seedDir, { recursive: true, force: true });
    await siteServer.app.close();
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const section = [
  `Run ${when} UTC, median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page (performance range in brackets), Lighthouse ${LIGHTHOUSE_VERSION} (mobile: emulated phone, simulated slow 4G, CPU slowdown ${process.env.LH_CPU_SLOWDOWN ?? 4}×; host benchmark index ${benchmark}), Debian's`,
  `Chromium headless (signed-in pages: session stored beforehand, page loaded directly), the site through \`scripts/site-server.ts\` (brotli/gzip, CSP); ${cpus().length} cores, load average`,
  `${loadAtStart} (1 / 5 / 15 min) at the start, ${load()} at the end. Command: \`${process.env.LH_CPU_SLOWDOWN ? `LH_CPU_SLOWDOWN=${process.env.LH_CPU_SLOWDOWN} ` : ''}npx tsx scripts/lighthouse.ts --write\`.`,
  '',
  '| page | performance | accessibility | FCP | LCP | TBT | CLS |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
  problems.length ? `Audits below 90: ${problems.join('; ')}.` : 'No audit of either category below 90.',
].join('\n');
console.log(section);
if (write) {
  const file = join(root, 'docs/PERFORMANCE.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- lighthouse:start -->';
  const end = '<!-- lighthouse:end -->';
  if (!text.includes(start)) throw new Error(`docs/PERFORMANCE.md has no ${start} marker`);
  writeFileSync(file, text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${section}\n${end}`));
}

/**
 * JS budget per page: for every built HTML page, the JavaScript a visitor downloads before any
 * interaction (the page's scripts, island components and renderers, and everything they import
 * statically), gzip-compressed. Chunks loaded on demand (`import()`, e.g. the book form and bulk
 * upload dialogs) are not counted, except on the pages that draw charts as soon as they load (the
 * staff home: `DRAWN_AT_ONCE`), where the chart code (uPlot, loaded when the browser is idle) is
 * fetched before the network is idle and counts as well. Fails when a page is over budget, in bytes or in files: served
 * over HTTP/1.1 (the site server of `npm start`, many hosts) every file beyond six waits for one of
 * the browser's six connections to the host, so each extra round of files delays the first paint
 * of the page's data by a round trip.
 *
 *   tsx scripts/bundle-budget.ts [distDir]     (npm run test:e2e runs it after the build)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure, importCycles, pageEntries } from './page-scripts';

/**
 * Budget per page in gzip bytes: 150 kB for dashboard pages, which carry the shell; 80 kB for the
 * sign-in pages (sign in, register, forgot and reset password, verify e-mail), the first a visitor
 * loads, often on a phone.
 */
export const BUDGET_BYTES = { default: 150 * 1024, auth: 80 * 1024 } as const;

/** Budget per page in JS files before interaction (the shell's islands come in one entry file). */
export const BUDGET_FILES = { default: 15, auth: 10 } as const;

/** Pages whose lazily loaded parts load without any interaction, by page and file name prefix. */
export const DRAWN_AT_ONCE: Record<string, readonly string[]> = { '/dashboard/': ['ChartCanvas.'] };

const dist = resolve(process.argv[2] ?? 'dist');
const builtFiles = readdirSync(join(dist, '_astro')).filter((name) => name.endsWith('.js'));
/** The built files of a page's parts that load by themselves (see DRAWN_AT_ONCE). */
const drawnAtOnce = (page: string): string[] =>
  (DRAWN_AT_ONCE[page] ?? []).flatMap((prefix) => builtFiles.filter((name) => name.startsWith(prefix)).map((name) => join(dist, '_astro', name)));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_astro' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const sizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = sizes.get(file);
  if (size === undefined) sizes.set(file, (size = gzipSync(readFileSync(file)).length));
  return size;
}

const rows: { page: string; bytes: number; budget: number; files: number; fileBudget: number }[] = [];
for (const file of htmlFiles(dist)) {
  const page = '/' + relative(dist, file).replace(/index\.html$/, '');
  const entries = pageEntries(readFileSync(file, 'utf8'), dist);
  const modules = [...closure([...entries, ...drawnAtOnce(page)])];
  let bytes = 0;
  for (const module of modules) bytes += gzipSize(module);
  const dashboard = page.startsWith('/dashboard');
  rows.push({ page, bytes, budget: dashboard ? BUDGET_BYTES.default : BUDGET_BYTES.auth, files: modules.length, fileBudget: dashboard ? BUDGET_FILES.default : BUDGET_FILES.auth });
}
rows.sort((a, b) => b.bytes - a.bytes);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const over = rows.filter((row) => row.bytes > row.budget || row.files > row.fileBudget);
console.log(`JS per page (gzip, loaded before any interaction), ${rows.length} pages; largest:`);
for (const row of rows.slice(0, 5).concat(rows.slice(-3))) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.page}  (budget ${kb(row.budget)})`);
for (const row of rows.filter((one) => one.page in DRAWN_AT_ONCE)) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.page} with the parts it draws at once (budget ${kb(row.budget)})`);
const mostFiles = [...rows].sort((a, b) => b.files - a.files)[0];
if (mostFiles) console.log(`Most JS files on one page: ${mostFiles.files} on ${mostFiles.page} (budget ${mostFiles.fileBudget}).`);
const built = builtFiles.map((name) => `_astro/${name}`);
const cycles = importCycles(dist, built);
if (cycles.length > 0) {
  console.error(`Built files import each other in a cycle:\n${cycles.map((cycle) => `  ${cycle.join(' → ')}`).join('\n')}`);
  process.exit(1);
}
if (over.length > 0) {
  const problem = (row: (typeof rows)[number]) =>
    [row.bytes > row.budget && `${kb(row.bytes)} > ${kb(row.budget)}`, row.files > row.fileBudget && `${row.files} files > ${row.fileBudget}`].filter(Boolean).join(', ');
  console.error(`Over budget:\n${over.map((row) => `  ${row.page}: ${problem(row)}`).join('\n')}`);
  process.exit(1);
}

/**
 * JS budget per page: for every built HTML page, the JavaScript a visitor downloads before any
 * interaction (the page's scripts, island components and renderers, and everything they import
 * statically), gzip-compressed. Chunks loaded on demand (`import()`, e.g. the book form and bulk
 * upload dialogs) are not counted. Fails when a page is over budget.
 *
 *   tsx scripts/bundle-budget.ts [distDir]     (npm run test:e2e runs it after the build)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Budget per page in gzip bytes. Dashboard pages carry the shell. Sign-in pages: the target is
 * 80 kB (docs/PERFORMANCE.md says what is left to get there: Panda's runtime and some of our own
 * code); 96 kB, just over today's largest (registration, 94.7 kB), keeps them from growing back.
 */
export const BUDGET_BYTES = { default: 150 * 1024, auth: 96 * 1024 } as const;

const dist = resolve(process.argv[2] ?? 'dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_astro' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Static imports of a built module: `import … from "./x.js"`, `import "./x.js"`, `export … from`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

const sizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = sizes.get(file);
  if (size === undefined) sizes.set(file, (size = gzipSync(readFileSync(file)).length));
  return size;
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const spec of staticImports(code)) stack.push(resolve(dirname(file), spec));
  }
  return seen;
}

function pageEntries(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|component-url|renderer-url|href)="(\/_astro\/[^"]+\.js)"/g)) urls.add(match[1]!);
  return [...urls].map((url) => join(dist, url));
}

const rows: { page: string; bytes: number; budget: number }[] = [];
for (const file of htmlFiles(dist)) {
  const page = '/' + relative(dist, file).replace(/index\.html$/, '');
  const entries = pageEntries(readFileSync(file, 'utf8'));
  let bytes = 0;
  for (const module of closure(entries)) bytes += gzipSize(module);
  const budget = page.startsWith('/dashboard') ? BUDGET_BYTES.default : BUDGET_BYTES.auth;
  rows.push({ page, bytes, budget });
}
rows.sort((a, b) => b.bytes - a.bytes);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const over = rows.filter((row) => row.bytes > row.budget);
console.log(`JS per page (gzip, loaded before any interaction), ${rows.length} pages; largest:`);
for (const row of rows.slice(0, 5).concat(rows.slice(-3))) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.page}  (budget ${kb(row.budget)})`);
if (over.length > 0) {
  console.error(`Over budget:\n${over.map((row) => `  ${row.page}: ${kb(row.bytes)} > ${kb(row.budget)}`).join('\n')}`);
  process.exit(1);
}

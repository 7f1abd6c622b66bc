/**
 * The JavaScript a built page loads before any interaction: its scripts and its islands'
 * components and renderers (`component-url`, `renderer-url`), with everything they import
 * statically. Chunks loaded on demand (`import()`) are not part of it. Used by the bundle budget
 * (scripts/bundle-budget.ts), which also refuses import cycles between built files.
 *
 * Listing these files as `modulepreload` links in each page's head was tried and measured
 * (Lighthouse mobile, 2026-11-26): the dashboard pages' first paint went from about 1.0 s to 1.7–2.1 s
 * (the scripts then share the slow connection with the style sheet) and their largest paint did
 * not come sooner, so the pages do without.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Static imports of a built module: `import … from "./x.js"`, `import "./x.js"`, `export … from`. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/** The page's own script entries, as files in `dist`. */
export function pageEntries(html: string, dist: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|component-url|renderer-url|href)="(\/_astro\/[^"]+\.js)"/g)) urls.add(match[1]!);
  return [...urls].map((url) => join(dist, url));
}

/** The entries and every module they import statically, entries first, then in import order. */
export function closure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) queue.push(resolve(dirname(file), spec));
  }
  return [...seen];
}

/**
 * Static import cycles between the built files of `dir` (each as the list of files around it).
 * A cycle between chunks means one of them runs before the other has defined its exports (the
 * way a chunk using React before React's own file had run broke every island): the budget check
 * fails the build on any.
 */
export function importCycles(dir: string, files: string[]): string[][] {
  const edges = new Map(files.map((file) => [file, staticImports(readFileSync(join(dir, file), 'utf8')).map((spec) => relative(dir, resolve(dir, dirname(file), spec)))]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * How the site's JavaScript is cut into files (Rollup's `manualChunks` for the browser build, an
 * Astro integration in astro.config.mjs).
 *
 * Left to itself, Rollup makes one file per distinct set of islands sharing a module, so a
 * dashboard page fetched 64–72 small files before interaction, in several rounds (a page's own
 * island sits in the access guard's slot, so its files are asked for only after the shell has run).
 * Now:
 * - `react`: React, React DOM and the CommonJS helpers they need; the same on every page.
 * - `shell`: what the shell islands (sidebar, both top bars, access guard, toaster; one entry,
 *   `src/layouts/shell-islands.ts`) import and no sign-in page can load: needed on every dashboard
 *   page, whoever else imports it.
 * - `pages`: what at least PAGES_MIN_ISLANDS dashboard page islands share (data table, pagination,
 *   fields, dialogs' triggers): one file instead of one per combination of pages. What the staff
 *   home (the landing page, charts drawn at once) shares with them goes to `shell` instead, so the
 *   staff home does not fetch `pages` (about 40 kB it would not use). A page served
 *   over HTTP/1.1 gets six files at a time, so a few kilobytes more in one file cost less than a
 *   round of small files (the budget check counts files too).
 * - `core` and `session`: what the sign-in pages share with those (at their first paint, or loaded
 *   on demand there), in files of their own, since Rollup pulls a manual chunk's dependencies into
 *   it and the sign-in pages must not load the shell.
 * - Everything else (a page's own code, code loaded on demand) as Rollup cuts it.
 * No module moves from on-demand to first load, and no sign-in page loads dashboard code.
 */

/** The entry of DashboardLayout's islands (sidebar, top bars, access guard, toaster), on every dashboard page. */
const SHELL_ISLANDS = ['/src/layouts/shell-islands'];

/** React's runtime, with Rollup's CommonJS helpers it needs (elsewhere they would import each other). */
const REACT = /\/node_modules\/(react|react-dom|scheduler)\/|^\0commonjsHelpers/;

interface ModuleInfo {
  id: string;
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
interface ChunkContext {
  getModuleInfo: (id: string) => ModuleInfo | null;
}

/** An entry's file without Astro's virtual prefix and the extension (`\0astro-entry:/…/Sidebar`). */
const entryFile = (id: string): string => id.replace(/^\0astro-entry:/, '').replace(/\.[jt]sx?$/, '');
const isShellIsland = (id: string): boolean => SHELL_ISLANDS.some((file) => entryFile(id).endsWith(file));

/**
 * The entries (islands, page scripts) that load `id`: through static imports only, or also through
 * code they load on demand (`withDynamic`). A walk of the importers per module (import cycles are
 * common, so partial answers are never remembered).
 */
function entriesReaching(id: string, context: ChunkContext, withDynamic: boolean, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const entries = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const info = context.getModuleInfo(queue.pop()!);
    if (!info) continue;
    if (info.isEntry) entries.add(info.id);
    for (const importer of withDynamic ? [...info.importers, ...info.dynamicImporters] : info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  memo.set(id, entries);
  return entries;
}

/** Rollup's `manualChunks` for one client build (it remembers the module graph of that build). */
export function manualChunks(): (id: string, context: ChunkContext) => string | undefined {
  const statically = new Map<string, Set<string>>();
  const atAll = new Map<string, Set<string>>();
  return (id, context) => {
    if (REACT.test(id)) return 'react';
    const info = context.getModuleInfo(id);
    if (!info || info.isEntry) return undefined;
    const staticRoots = [...entriesReaching(id, context, false, statically)];
    if (!staticRoots.some(isShellIsland)) return pagesChunk(id, staticRoots, context);
    // Loaded at first paint by a shell island, so by every dashboard page.
    // Rollup moves a manual chunk's dependencies into it, so what the sign-in pages share with the
    // shell needs files of its own: loaded at their first paint (`core`), or on demand (`session`:
    // the HTTP client and stores the registration form loads after paint).
    if (!staticRoots.every(isDashboardIsland)) return 'core';
    return [...entriesReaching(id, context, true, atAll)].every(isDashboardIsland) ? 'shell' : 'session';
  };

  /**
   * The building blocks several dashboard page islands share (data table, pagination, fields,
   * dialogs, forms, dates): one `pages` file instead of a file per combination of pages. A page
   * island sits inside the access guard's slot, so its files are requested only after the shell
   * has run; one file there instead of twenty saves several round trips before its first call.
   */
  function pagesChunk(id: string, staticRoots: string[], context: ChunkContext): string | undefined {
    if (staticRoots.filter(isDashboardIsland).length < PAGES_MIN_ISLANDS) return undefined;
    // As for the shell: what the sign-in pages load too must not be pulled into `pages`.
    if (!staticRoots.every(isDashboardIsland)) return 'core';
    if (![...entriesReaching(id, context, true, atAll)].every(isDashboardIsland)) return 'session';
    // The staff home is every staff user's landing page and draws its charts at once: what it
    // shares with other pages rides in `shell`, so it never fetches the whole `pages` file.
    return staticRoots.some(isLeanIsland) ? 'shell' : 'pages';
  }
}

/** Page islands that load none of `pages`: the staff home (its charts' code comes after it, within the same budget). */
const LEAN_ISLANDS = ['staff-home'];
const isLeanIsland = (id: string): boolean => LEAN_ISLANDS.includes(/\/src\/islands\/([^/]+)\//.exec(entryFile(id))?.[1] ?? '');

/**
 * How many page islands must share a module for it to go into `pages`. At 10, dashboard pages
 * fetched 17–29 files and Lighthouse's simulated LCP waited on several rounds of them; at 4 (with
 * the shell's one entry file) they fetch 7–14 for 5–23 kB more (measured in docs/PERFORMANCE.md).
 * At 3 since the copy screens: the issue desk's helpers shared with the label and return pages
 * were two more small files on the Issue Book page (16); now at most 14 files, for 1.4 kB more.
 */
const PAGES_MIN_ISLANDS = 3;

interface ViteOutput {
  manualChunks?: unknown;
}

/** The Astro integration: the browser build only (the build of the static pages is left as it is). */
export default function siteChunks() {
  return {
    name: 'library-site-chunks',
    hooks: {
      'astro:build:setup': ({ vite, target }: { vite: { build?: { rollupOptions?: { output?: ViteOutput | ViteOutput[] } } }; target: 'client' | 'server' }) => {
        if (target !== 'client') return;
        vite.build ??= {};
        vite.build.rollupOptions ??= {};
        const output = vite.build.rollupOptions.output;
        const outputs = Array.isArray(output) ? output : [(vite.build.rollupOptions.output = output ?? {})];
        for (const one of outputs) one.manualChunks = manualChunks();
      },
    },
  };
}

/** The islands of the sign-in pages (AuthLayout and its pages), which must not load the shell. */
const SIGN_IN_ISLANDS = ['auth-header', 'login-form', 'register-form', 'forgot-password', 'reset-password', 'verify-email'];

/** An island of a dashboard page: the shell's, or a page's own (every other folder of src/islands). */
function isDashboardIsland(id: string): boolean {
  if (isShellIsland(id)) return true;
  const folder = /\/src\/islands\/([^/]+)\//.exec(entryFile(id))?.[1];
  return folder !== undefined && !SIGN_IN_ISLANDS.includes(folder);
}

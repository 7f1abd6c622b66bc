/**
 * Deep links to dynamic routes (`/reset-password/{uid}/{token}`...) on hosts without rewrite rules:
 * the host serves 404.html, whose boot script sends the browser to the route's shell page with the
 * real path in `?__path=`; the shell's island reads its parameters from there and puts the pretty
 * path back in the address bar.
 */
import { BUILT_PAGES, ROUTES, isDynamic, matchRoute, shellPath, type RouteMatch } from '#shared/routes';

/** The query parameter that carries the original path to a shell page. */
export const CARRIED_PATH_PARAM = '__path';

export interface DeepLinkTarget {
  /** Regular expression source matching the route's concrete paths (trailing slash allowed). */
  pattern: string;
  /** The shell page serving them. */
  shell: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route pattern as a regular expression source: each `:param` is one non-empty segment. */
export function patternSource(pattern: string): string {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('/');
  return `^${body}/?$`;
}

/** The dynamic routes whose shell pages are built, for the 404 page's resolver. */
export function deepLinkTargets(): DeepLinkTarget[] {
  return ROUTES.filter((def) => isDynamic(def) && BUILT_PAGES.has(def.id)).map((def) => ({
    pattern: patternSource(def.pattern),
    shell: shellPath(def),
  }));
}

/** Where the 404 page sends a path it can resolve (null: a real 404). */
export function deepLinkRedirect(pathname: string, search = '', targets = deepLinkTargets()): string | null {
  const target = targets.find((candidate) => new RegExp(candidate.pattern).test(pathname));
  if (!target) return null;
  return `${target.shell}?${CARRIED_PATH_PARAM}=${encodeURIComponent(pathname + search)}`;
}

export interface ResolvedLocation {
  match: RouteMatch | null;
  /** The address to show when it differs from the current one (the path carried in `__path`). */
  prettyPath: string | null;
}

/** Reads the route and its parameters from a URL, from `__path` when a shell was reached by redirect. */
export function resolveLocation(href: string): ResolvedLocation {
  const url = new URL(href);
  const carried = url.searchParams.get(CARRIED_PATH_PARAM);
  if (carried && carried.startsWith('/') && !carried.startsWith('//')) {
    const target = new URL(carried, url.origin);
    if (target.origin === url.origin) {
      const match = matchRoute(target.pathname);
      if (match) return { match, prettyPath: target.pathname + target.search + url.hash };
    }
  }
  return { match: matchRoute(url.pathname), prettyPath: null };
}

/** The current page's route parameters; restores the pretty path when they came via `__path`. */
export function currentRouteParams(): Record<string, string> {
  const { match, prettyPath } = resolveLocation(window.location.href);
  if (prettyPath) window.history.replaceState(window.history.state, '', prettyPath);
  return match?.params ?? {};
}

/**
 * Links the server hands over to dashboard screens (in its own module: sign-in pages load url.ts
 * and need none of this), and the route such a link opens, which says who may follow it (the
 * server imports this too, so a staff home card's permission is read from the one route table).
 */
import { matchRoute, type RouteDef } from './routes.js';

/**
 * A dashboard path handed by the server (a staff home card's `href` such as `members/pending` or
 * `books/record?status=LOST`, a notice's link) as a link under /dashboard/; null when there is
 * none or it is not a dashboard path (an address elsewhere, `..`).
 */
export function dashboardPath(href: string | null | undefined): string | null {
  if (!href) return null;
  const path = href.trim().replace(/^\/+/, '').replace(/^dashboard(\/|$)/, '');
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.includes('\\') || path.split(/[/?#]/)[0] === '..' || path.includes('/../')) return null;
  return `/dashboard/${path}`;
}

/** The route a dashboard link of the server opens (its query ignored), or null when it opens none. */
export function routeOfDashboardLink(href: string | null | undefined): RouteDef | null {
  const path = dashboardPath(href);
  return path ? (matchRoute(path.split(/[?#]/)[0]!)?.route ?? null) : null;
}

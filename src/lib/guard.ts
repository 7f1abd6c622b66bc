/**
 * Who may open which page, as a pure decision the islands act on. The server is the authority on
 * data; this only sends people to the right screen: signed-out visitors to sign in (with `next`),
 * members and staff each to their own area, signed-in users away from the sign-in page, and staff
 * without a route's permission to the "no access" state of the dashboard layout.
 *
 * A route's permission binds staff only: members hold no permission codes (roles and permissions: MEMBER has none), so on the
 * routes open to both ('any-user': catalogue, book profile, issued books, member profile view)
 * a member always passes, and staff need the permission when the route names one. The staff home
 * is every staff user's landing page (after sign-in, "Go to your dashboard"), so it never refuses
 * staff: without view_dashboard_summary it shows a welcome instead of the figures.
 */
import { isStaffRole } from '#shared/permission-codes';
import { holdsPermission } from './permissions';
import { pathFor, route, type RouteDef } from '#shared/routes';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

/** The session facts a guard needs. */
export interface GuardSession {
  role: string;
  permissions?: readonly string[] | null | undefined;
}

/** Public pages a signed-in user has no business on: they go to their home at once. */
const SIGNED_IN_LEAVES = new Set(['login', 'register', 'forgot-password']);

/** A user's home: the staff dashboard or the member home. */
export function homePath(role: string): string {
  return isStaffRole(role) ? pathFor('home') : pathFor('member-home');
}

/**
 * Where `next` may send a user after signing in: a same-site path under /dashboard, else null.
 * Protocol-relative (`//host`), backslash and absolute URLs are refused.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid') return null;
  if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return null;
  return url.pathname + url.search + url.hash;
}

/** Where a user goes right after signing in: a safe `next`, else their home. */
export function afterSignInPath(role: string, next: string | null | undefined): string {
  return safeNextPath(next) ?? homePath(role);
}

/** The sign-in page, remembering where the visitor wanted to go. */
export function signInPath(next?: string): string {
  const safe = safeNextPath(next);
  return safe ? `/?next=${encodeURIComponent(safe)}` : '/';
}

/**
 * Whether the current visitor may stay on `route`, or where to send them.
 * `currentPath` (path and query) is what `next` remembers; it defaults to the route's pattern.
 */
export function guardDecision(route: RouteDef, session: GuardSession | null, currentPath: string = route.pattern): GuardDecision {
  if (route.audience === 'public') {
    if (session && SIGNED_IN_LEAVES.has(route.id)) return { kind: 'redirect', to: homePath(session.role) };
    return { kind: 'allow' };
  }
  if (!session) return { kind: 'redirect', to: signInPath(currentPath) };
  const staff = isStaffRole(session.role);
  if (route.audience === 'staff' && !staff) return { kind: 'redirect', to: pathFor('member-home') };
  if (route.audience === 'member' && staff) return { kind: 'redirect', to: pathFor('home') };
  if (staff && route.permission && !route.staffLanding && !holdsPermission(session, route.permission)) return { kind: 'forbidden' };
  return { kind: 'allow' };
}

/** Whether `target` opens for this user: no redirect and no "You do not have access". */
export const mayOpen = (target: RouteDef, session: GuardSession | null): boolean => guardDecision(target, session).kind === 'allow';

/**
 * Whether a link to the route `routeId` (a member's or a book's profile) opens for this user, so a
 * screen shows it as a link only then and as plain text otherwise.
 */
export const mayFollow = (routeId: string, session: GuardSession | null): boolean => mayOpen(route(routeId), session);

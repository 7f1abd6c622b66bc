/**
 * The one route table. Every screen path of the specification is named here with its
 * pattern, who may open it and (for dashboard routes) its menu entry and the permission that
 * shows it. The rewrite rules for static hosts (`public/_redirects`, `deploy/nginx.conf`), the
 * 404 page's resolver for dynamic routes and the menus are derived from this table.
 *
 * Dynamic segments are written `:name`. A dynamic route is built as one shell page at its
 * static prefix (e.g. `/auth/verify-email/`); the shell reads the parameters from the URL.
 */

export type Audience = 'public' | 'staff' | 'member' | 'any-user';

export interface RouteDef {
  /** Stable identifier, used by links and tests. */
  id: string;
  /** Path pattern with `:param` segments. */
  pattern: string;
  title: string;
  audience: Audience;
  /** Permission codename needed to open the page (staff routes); undefined: any user of the audience. */
  permission?: string;
  /** Menu group id for staff routes shown in the sidebar. */
  group?: MenuGroupId;
  /** Whether this route appears as a menu entry. */
  inMenu?: boolean;
  /** The title members see on a route open to both (e.g. 'Issued Books' for books/issue). */
  memberTitle?: string;
  /**
   * Every staff user may open it (the staff home, where sign-in and "Go to your dashboard" lead);
   * `permission` then only shows the menu entry, and the page shows its content to holders only.
   */
  staffLanding?: boolean;
}

export type MenuGroupId = 'books' | 'members' | 'reservations' | 'reports' | 'settings';

export interface MenuGroupDef {
  id: MenuGroupId;
  title: string;
  path: string;
  permission: string;
}

/** The staff menu's groups, in the specification's order, with the permission of each group. */
export const MENU_GROUPS: readonly MenuGroupDef[] = [
  { id: 'books', title: 'Book', path: '/dashboard/books', permission: 'view_book' },
  { id: 'members', title: 'Member', path: '/dashboard/members', permission: 'view_members' },
  { id: 'reservations', title: 'Reservations', path: '/dashboard/reservations', permission: 'view_bookreservation' },
  { id: 'reports', title: 'Reports', path: '/dashboard/reports', permission: 'view_reports' },
  { id: 'settings', title: 'Settings', path: '/dashboard/settings', permission: 'view_librarysettings' },
];

const r = (def: RouteDef): RouteDef => def;

export const ROUTES: readonly RouteDef[] = [
  // Public
  r({ id: 'login', pattern: '/', title: 'Login', audience: 'public' }),
  r({ id: 'register', pattern: '/register', title: 'Register', audience: 'public' }),
  r({ id: 'forgot-password', pattern: '/forgot-password', title: 'Forgot password', audience: 'public' }),
  r({ id: 'verify-email', pattern: '/auth/verify-email/:uid/:token', title: 'Verify e-mail', audience: 'public' }),
  r({ id: 'reset-password', pattern: '/reset-password/:uid/:token', title: 'Set a new password', audience: 'public' }),

  // Staff dashboard
  r({ id: 'home', pattern: '/dashboard', title: 'Dashboard', audience: 'staff', permission: 'view_dashboard_summary', inMenu: true, staffLanding: true }),
  r({ id: 'book-record', pattern: '/dashboard/books/record', title: 'Book Record', audience: 'staff', permission: 'view_book', group: 'books', inMenu: true }),
  r({ id: 'book-issue', pattern: '/dashboard/books/issue', title: 'Issue Book', memberTitle: 'Issued Books', audience: 'any-user', permission: 'add_bookissuance', group: 'books', inMenu: true }),
  r({ id: 'book-return', pattern: '/dashboard/books/return', title: 'Return Book', audience: 'staff', permission: 'change_bookissuance', group: 'books', inMenu: true }),
  r({ id: 'book-fines', pattern: '/dashboard/books/fines', title: 'Fines', audience: 'staff', permission: 'view_fine', group: 'books', inMenu: true }),
  r({ id: 'book-catalogue', pattern: '/dashboard/books/catalogue', title: 'Online Catalogue', memberTitle: 'Catalogue', audience: 'any-user', permission: 'view_book', group: 'books', inMenu: true }),
  r({ id: 'book-labels', pattern: '/dashboard/books/labels', title: 'Spine Labels', audience: 'staff', permission: 'view_book', group: 'books', inMenu: true }),
  r({ id: 'book-profile', pattern: '/dashboard/books/record/profile/:bookId', title: 'Book Profile', audience: 'any-user' }),
  r({ id: 'book-stock', pattern: '/dashboard/books/stock', title: 'Stock Verification', audience: 'staff', permission: 'view_stockverification', group: 'books', inMenu: true }),
  // One session's scan desk and report; the session is named by `?id=` (a static page, no rewrite needed).
  r({ id: 'book-stock-session', pattern: '/dashboard/books/stock/session', title: 'Stock Verification', audience: 'staff', permission: 'view_stockverification' }),
  r({ id: 'member-list', pattern: '/dashboard/members/add', title: 'Member List', audience: 'staff', permission: 'view_members', group: 'members', inMenu: true }),
  r({ id: 'member-pending', pattern: '/dashboard/members/pending', title: 'Pending Approvals', audience: 'staff', permission: 'change_members', group: 'members', inMenu: true }),
  r({ id: 'member-rejected', pattern: '/dashboard/members/rejected', title: 'Rejected Approvals', audience: 'staff', permission: 'change_members', group: 'members', inMenu: true }),
  r({ id: 'member-disable', pattern: '/dashboard/members/disable', title: 'Disable Member', audience: 'staff', permission: 'change_members', group: 'members', inMenu: true }),
  r({ id: 'member-cards', pattern: '/dashboard/members/cards', title: 'Member Cards', audience: 'staff', permission: 'view_members', group: 'members', inMenu: true }),
  r({ id: 'member-plan', pattern: '/dashboard/members/plan', title: 'Membership Plans', audience: 'staff', permission: 'view_members', group: 'members', inMenu: true }),
  r({ id: 'member-add-form', pattern: '/dashboard/members/add/form', title: 'Add Member', audience: 'staff', permission: 'add_members' }),
  r({ id: 'reservation-list', pattern: '/dashboard/reservations/list', title: 'Book Reservation List', audience: 'staff', permission: 'view_bookreservation', group: 'reservations', inMenu: true }),
  r({ id: 'reservation-queue', pattern: '/dashboard/reservations/queue', title: 'Reserved Book Queue', audience: 'staff', permission: 'change_bookreservation', group: 'reservations', inMenu: true }),
  r({ id: 'reservation-pull', pattern: '/dashboard/reservations/pull', title: 'Holds to Pull', audience: 'staff', permission: 'view_bookreservation', group: 'reservations', inMenu: true }),
  r({ id: 'report-books', pattern: '/dashboard/reports/books', title: 'Book Report', audience: 'staff', permission: 'view_book_report', group: 'reports', inMenu: true }),
  r({ id: 'report-members', pattern: '/dashboard/reports/members', title: 'Member Report', audience: 'staff', permission: 'view_member_report', group: 'reports', inMenu: true }),
  r({ id: 'report-financial', pattern: '/dashboard/reports/financial', title: 'Financial Report', audience: 'staff', permission: 'view_financial_report', group: 'reports', inMenu: true }),
  r({ id: 'report-notifications', pattern: '/dashboard/reports/notifications', title: 'Notification History Panel', audience: 'staff', permission: 'view_notificationlog', group: 'reports', inMenu: true }),
  r({ id: 'report-audit', pattern: '/dashboard/reports/audit', title: 'Audit Trail', audience: 'staff', permission: 'view_auditlog', group: 'reports', inMenu: true }),
  r({ id: 'settings-general', pattern: '/dashboard/settings/general', title: 'General Settings', audience: 'staff', permission: 'view_librarysettings', group: 'settings', inMenu: true }),
  r({ id: 'settings-books', pattern: '/dashboard/settings/books', title: 'Book Settings', audience: 'staff', permission: 'view_librarysettings', group: 'settings', inMenu: true }),
  r({ id: 'settings-users', pattern: '/dashboard/settings/users', title: 'User Management', audience: 'staff', permission: 'change_user_admin', group: 'settings', inMenu: true }),
  // Inviting staff gives the invited account a role, so it is a user administrator's act.
  r({ id: 'staff-invite', pattern: '/dashboard/settings/users/invite', title: 'Invite Staff', audience: 'staff', permission: 'change_user_admin', group: 'settings', inMenu: true }),
  r({ id: 'settings-notifications', pattern: '/dashboard/settings/notifications', title: 'Notification Settings', audience: 'staff', permission: 'view_notificationsettings', group: 'settings', inMenu: true }),
  r({ id: 'settings-edit-role', pattern: '/dashboard/settings/users/edit-role/:role_id', title: 'Edit Role', audience: 'staff', permission: 'change_user_admin' }),
  r({ id: 'staff-profile', pattern: '/dashboard/staff/profile', title: 'Profile', audience: 'staff' }),
  r({ id: 'member-profile', pattern: '/dashboard/member/profile', title: 'Profile', audience: 'member' }),
  // Staff read a member's profile with view_members (as the server answers it); a member passes for his own.
  r({ id: 'member-profile-view', pattern: '/dashboard/member/profile-view/:memberId', title: 'Member Profile', audience: 'any-user', permission: 'view_members' }),

  // Member area
  r({ id: 'member-home', pattern: '/dashboard/member/home', title: 'Dashboard', audience: 'member' }),
  r({ id: 'member-returned', pattern: '/dashboard/member/retuned', title: 'Returned Books', audience: 'member' }),
  r({ id: 'member-reserved', pattern: '/dashboard/member/reserved', title: 'Reserved Books', audience: 'member' }),
  r({ id: 'member-fines', pattern: '/dashboard/member/fines', title: 'Fines', audience: 'member' }),
];

const routeById = new Map(ROUTES.map((route) => [route.id, route]));

/** The route with this id; throws for an unknown id so typos fail in tests, not in production. */
export function route(id: string): RouteDef {
  const found = routeById.get(id);
  if (!found) throw new Error(`Unknown route id: ${id}`);
  return found;
}

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether a route has `:param` segments. */
export const isDynamic = (def: RouteDef): boolean => def.pattern.includes('/:');

/** The static prefix a dynamic route's shell page is built at, with a trailing slash. */
export function shellPath(def: RouteDef): string {
  const index = def.pattern.indexOf('/:');
  return index === -1 ? def.pattern : `${def.pattern.slice(0, index)}/`;
}

/** Builds a concrete path from a route id and its parameters (each encoded). */
export function pathFor(id: string, params: Record<string, string | number> = {}): string {
  return route(id).pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing parameter ${name} for route ${id}`);
    return encodeURIComponent(String(value));
  });
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Finds the route a path belongs to (trailing slash ignored) and its decoded parameters. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = trimSlash(pathname).split('/');
  for (const def of ROUTES) {
    const patternParts = def.pattern.split('/');
    if (patternParts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < patternParts.length; i++) {
      const expected = patternParts[i]!;
      const actual = parts[i]!;
      if (expected.startsWith(':')) {
        if (actual === '') { ok = false; break; }
        try {
          params[expected.slice(1)] = decodeURIComponent(actual);
        } catch {
          ok = false;
          break;
        }
      } else if (expected !== actual) {
        ok = false;
        break;
      }
    }
    if (ok) return { route: def, params };
  }
  return null;
}

/** Rewrite rules for static hosts: each dynamic route's paths are served by its shell page. */
export function rewriteRules(): { from: string; to: string }[] {
  return ROUTES.filter(isDynamic).map((def) => ({
    from: `${shellPath(def)}*`,
    to: shellPath(def),
  }));
}

/** Whether the routes with pages built so far include this one: every route has its page now. */
export const BUILT_PAGES: ReadonlySet<string> = new Set(ROUTES.map((def) => def.id));

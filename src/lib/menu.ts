/**
 * The sidebar menus, derived from the route table (the staff menu with its permissions,
 * the member menu). Pure: the sidebar renders what these return.
 *
 * Staff: Dashboard, then the groups Book, Member, Reservations, Reports, Settings with their
 * children in the table's order. SUPER USER sees every entry. Other staff see a group only when
 * they hold the group's permission and at least one child's, and of its children only those whose
 * permission they hold ("only groups and children whose permission is in their list").
 */
import { holdsPermission } from './permissions';
import { MENU_GROUPS, ROUTES, pathFor, type MenuGroupId } from '#shared/routes';

/** Names of the icons the sidebar draws (src/components/ui/icons.tsx). */
export type MenuIconName = 'home' | 'book' | 'users' | 'bookmark' | 'chart' | 'settings' | 'search' | 'issue' | 'return' | 'history' | 'coins';

export interface MenuLink {
  kind: 'link';
  /** Route id. */
  id: string;
  label: string;
  path: string;
  icon: MenuIconName;
}

export interface MenuGroup {
  kind: 'group';
  id: MenuGroupId;
  label: string;
  path: string;
  icon: MenuIconName;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** The session facts the menus need. */
export interface MenuSession {
  role: string;
  permissions?: readonly string[] | null | undefined;
}

const GROUP_ICONS: Record<MenuGroupId, MenuIconName> = {
  books: 'book',
  members: 'users',
  reservations: 'bookmark',
  reports: 'chart',
  settings: 'settings',
};

/** Icons of the child entries, by route id (the rest use their group's icon). */
const ROUTE_ICONS: Partial<Record<string, MenuIconName>> = {
  home: 'home',
  'book-issue': 'issue',
  'book-return': 'return',
  'book-fines': 'coins',
  'book-catalogue': 'search',
  'report-financial': 'coins',
  'report-audit': 'history',
};

function link(id: string, label: string, icon: MenuIconName): MenuLink {
  return { kind: 'link', id, label, path: pathFor(id), icon };
}

/** The staff menu a session may see. */
export function staffMenu(session: MenuSession | null): MenuEntry[] {
  const holds = (codename: string) => holdsPermission(session, codename);
  const entries: MenuEntry[] = [];
  const home = ROUTES.find((r) => r.id === 'home')!;
  if (home.permission && holds(home.permission)) entries.push(link('home', home.title, 'home'));
  for (const group of MENU_GROUPS) {
    if (!holds(group.permission)) continue;
    const children = ROUTES.filter((r) => r.group === group.id && r.inMenu && (!r.permission || holds(r.permission))).map((r) =>
      link(r.id, r.title, ROUTE_ICONS[r.id] ?? GROUP_ICONS[group.id]),
    );
    if (children.length === 0) continue;
    entries.push({ kind: 'group', id: group.id, label: group.title, path: group.path, icon: GROUP_ICONS[group.id], children });
  }
  return entries;
}

/** The member menu: a short fixed list (no permission codes). */
export function memberMenu(): MenuLink[] {
  return [
    link('member-home', 'Dashboard', 'home'),
    link('book-catalogue', 'Catalogue', 'search'),
    link('book-issue', 'Issued Books', 'book'),
    link('member-reserved', 'Reserved Books', 'bookmark'),
    link('member-returned', 'Returned Books', 'return'),
    link('member-fines', 'Fines', 'coins'),
  ];
}

/** The group whose child is the route at `path` (trailing slash ignored), if any. */
export function groupOfPath(menu: readonly MenuEntry[], path: string): MenuGroupId | null {
  const current = currentEntryPath(menu, path);
  for (const entry of menu) {
    if (entry.kind === 'group' && entry.children.some((child) => child.path === current)) return entry.id;
  }
  return null;
}

/**
 * The menu path to mark as current for `path`: the entry itself, else the longest entry path
 * that prefixes it (a book profile marks Book Record), else null.
 */
export function currentEntryPath(menu: readonly MenuEntry[], path: string): string | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const paths = menu.flatMap((entry) => (entry.kind === 'group' ? entry.children.map((c) => c.path) : [entry.path]));
  if (paths.includes(clean)) return clean;
  let best: string | null = null;
  for (const candidate of paths) {
    if (candidate !== '/dashboard' && clean.startsWith(`${candidate}/`) && (!best || candidate.length > best.length)) best = candidate;
  }
  return best;
}

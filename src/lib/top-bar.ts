/**
 * What the staff and member top bars show, as pure rules: the
 * title, the page's action sets, the shortcut menu and who is offered each of its entries (the
 * desk's Alt+I / Alt+R follow the same entries), the role names and the notification badge.
 */
import { DESK_SHORTCUTS, dialogHref, type DeskDialog } from './desk-shortcuts';
import { holdsPermission } from './permissions';
import { pathFor, route, type RouteDef } from '#shared/routes';

/** The session facts the top bars decide by. */
type TopBarSession = { role: string; permissions?: readonly string[] | null | undefined } | null;

/** The top bar's title: 'Settings' on settings paths, else the route's title (members' wording for members). */
export function topBarTitle(route: RouteDef, path: string, member = false): string {
  if (path.startsWith('/dashboard/settings')) return 'Settings';
  return member ? (route.memberTitle ?? route.title) : route.title;
}

export type PageActionSet = 'books' | 'members';

/**
 * The staff top bar's button sets for a path: Add Book, Bulk Upload and Book Template on paths
 * containing `books/` for holders of add_book; Add Member, Bulk Upload and Member Template on
 * paths containing `member` for holders of add_members.
 */
export function pageActionSets(path: string, session: TopBarSession): PageActionSet[] {
  const sets: PageActionSet[] = [];
  if (path.includes('books/') && holdsPermission(session, 'add_book')) sets.push('books');
  if (path.includes('member') && holdsPermission(session, 'add_members')) sets.push('members');
  return sets;
}

/**
 * `?add=1` on a books path opens Add Book at once (the shortcut menu's Add Book links to the Book
 * Record with it); the top bar's book actions then remove it so a reload does not open it again.
 */
export const OPEN_ADD_BOOK_PARAM = 'add';

/** An entry of the staff top bar's shortcut menu. */
export interface StaffShortcut {
  value: DeskDialog | 'add-book' | 'add-member';
  label: string;
  href: string;
  icon: 'issue' | 'return' | 'book' | 'member';
  /** The permission that offers it: its page's (the route table's), or Add Book's add_book. */
  permission: string;
  /** Its keyboard shortcut ('Alt+I'), shown beside the label. */
  keys?: string;
}

const pagePermission = (routeId: string): string => route(routeId).permission!;

/** The shortcut menu, in order; each entry for holders of its permission only (SUPER USER: all). */
export const STAFF_SHORTCUTS: readonly StaffShortcut[] = [
  { value: 'issue', label: 'Issue Book', href: dialogHref(pathFor('book-issue'), 'issue'), icon: 'issue', keys: DESK_SHORTCUTS.issue.keys, permission: pagePermission('book-issue') },
  { value: 'checkout', label: 'Check out', href: dialogHref(pathFor('book-issue'), 'checkout'), icon: 'issue', keys: DESK_SHORTCUTS.checkout.keys, permission: pagePermission('book-issue') },
  { value: 'return', label: 'Return Book', href: dialogHref(pathFor('book-return'), 'return'), icon: 'return', keys: DESK_SHORTCUTS.return.keys, permission: pagePermission('book-return') },
  { value: 'checkin', label: 'Check in', href: dialogHref(pathFor('book-return'), 'checkin'), icon: 'return', keys: DESK_SHORTCUTS.checkin.keys, permission: pagePermission('book-return') },
  // The Book Record is open to view_book; adding a book there needs add_book.
  { value: 'add-book', label: 'Add Book', href: `${pathFor('book-record')}?${OPEN_ADD_BOOK_PARAM}=1`, icon: 'book', permission: 'add_book' },
  { value: 'add-member', label: 'Add Member', href: pathFor('member-add-form'), icon: 'member', permission: pagePermission('member-add-form') },
];

/** The shortcuts a session is offered; none means the top bar shows no shortcut menu. */
export function staffShortcuts(session: TopBarSession): StaffShortcut[] {
  return STAFF_SHORTCUTS.filter((shortcut) => holdsPermission(session, shortcut.permission));
}

/** Whether Alt+I (issue) or Alt+R (return) works for a session: for holders of its menu entry's permission. */
export function mayUseDeskShortcut(session: TopBarSession, dialog: DeskDialog): boolean {
  const shortcut = STAFF_SHORTCUTS.find((entry) => entry.value === dialog);
  return shortcut !== undefined && holdsPermission(session, shortcut.permission);
}

/**
 * The user's roles as the top bar and the greeting name them: the names of his roles from the
 * login answer ('Front Desk'), else his built-in role ('MANAGER'; sessions stored before the
 * answer named roles).
 */
export function roleLabel(user: { role: string; roles?: readonly string[] | null | undefined }): string {
  return user.roles && user.roles.length > 0 ? user.roles.join(', ') : user.role;
}

/** The badge text of an unread count: nothing at 0, '99+' above 99 (the badge's maximum). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The accessible name of the notifications button. */
export function notificationsLabel(count: number): string {
  return count === 1 ? 'Notifications, 1 unread' : `Notifications, ${count > 99 ? 'more than 99' : count} unread`;
}

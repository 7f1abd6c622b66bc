/**
 * What the top bars show (section 2, "Staff top bar", "Member top bar"), as pure rules.
 */
import { holdsPermission } from './permissions';
import type { RouteDef } from './routes';

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
export function pageActionSets(
  path: string,
  session: { role: string; permissions?: readonly string[] | null | undefined } | null,
): PageActionSet[] {
  const sets: PageActionSet[] = [];
  if (path.includes('books/') && holdsPermission(session, 'add_book')) sets.push('books');
  if (path.includes('member') && holdsPermission(session, 'add_members')) sets.push('members');
  return sets;
}

/** The badge text of an unread count: nothing at 0, '99+' above 99 (section 2). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The accessible name of the notifications button. */
export function notificationsLabel(count: number): string {
  return count === 1 ? 'Notifications, 1 unread' : `Notifications, ${count > 99 ? 'more than 99' : count} unread`;
}

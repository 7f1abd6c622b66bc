/**
 * What the staff top bar itself needs of its search, kept apart from the search's rules (which load
 * with its dialog): the groups and the permission each needs, who may search what, and the key
 * that opens the search ("/" when not typing, Ctrl+K or ⌘K anywhere).
 */
import { holdsPermission } from './permissions';

export type TopSearchGroupId = 'titles' | 'members' | 'copies';

/** The groups, their headings and the permission each needs. */
export const TOP_SEARCH_GROUPS: Readonly<Record<TopSearchGroupId, { label: string; permission: string }>> = {
  titles: { label: 'Titles', permission: 'view_book' },
  members: { label: 'Members', permission: 'view_members' },
  copies: { label: 'Copies', permission: 'view_book' },
};

/** The groups a user may search, in their default order. */
export function searchGroupsFor(session: { role?: string | null; permissions?: readonly string[] | null } | null): TopSearchGroupId[] {
  return (Object.keys(TOP_SEARCH_GROUPS) as TopSearchGroupId[]).filter((id) => holdsPermission(session, TOP_SEARCH_GROUPS[id].permission));
}

/** Whether a key press opens the search: Ctrl+K or ⌘K anywhere, "/" when not typing in a field. */
export function isSearchShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, typing: boolean): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing;
}

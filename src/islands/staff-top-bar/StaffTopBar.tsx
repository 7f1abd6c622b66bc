/**
 * The staff top bar (section 2, "Staff top bar"): the page title ('Settings' on settings paths),
 * the page's action buttons (see `PageActions`), a shortcut menu, the theme toggle and the user
 * menu. Renders nothing for members (the member top bar shows instead). The menus' code loads
 * after first paint (`StaffMenus.tsx`, `components/TopBarMenus.tsx`); their triggers show at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { TopBarTitle, UserMenu, displayName, iconButton, topBarRow } from '../../components/TopBarParts';
import { ZapIcon } from '../../components/ui/icons';
import { useLazyPopup } from '../../components/ui/lazy-part';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { DESK_SHORTCUTS, OPEN_DESK_DIALOG_EVENT, dialogHref, shortcutDialog } from '../../lib/desk-shortcuts';
import { isStaffRole } from '../../lib/permission-codes';
import { holdsPermission } from '../../lib/permissions';
import { pathFor, route } from '../../lib/routes';
import { pageActionSets, topBarTitle, type PageActionSet } from '../../lib/top-bar';
import { $session, $user } from '../../stores/session';
import { BookActions, OPEN_ADD_BOOK_PARAM, staffMenus } from './BookActions';
import { MemberActions } from './MemberActions';
import type { Shortcut } from './StaffMenus';

export default function StaffTopBar({ routeId }: { routeId: string }) {
  const session = useStore($session);
  const user = useStore($user);
  const staff = Boolean(session && user && isStaffRole(session.role));
  useDeskShortcuts(staff ? session : null);
  if (!session || !user || !staff) return null;
  const path = window.location.pathname;
  return (
    <div className={topBarRow}>
      <TopBarTitle>{topBarTitle(route(routeId), path)}</TopBarTitle>
      <PageActions sets={pageActionSets(path, session)} path={path} />
      <ShortcutMenu />
      <ThemeToggle />
      <UserMenu name={displayName(user)} detail={user.role} profileHref={pathFor('staff-profile')} />
    </div>
  );
}

/**
 * The page's action buttons: `sets` already follows the path and permission rules. On books paths
 * the book actions also host the book form modal that a record row's Edit opens, so they render
 * there even for staff without add_book. On member paths the member actions show for holders of
 * add_members.
 */
function PageActions({ sets, path }: { sets: PageActionSet[]; path: string }) {
  if (path.includes('books/')) return <BookActions canAdd={sets.includes('books')} />;
  if (sets.includes('members')) return <MemberActions />;
  return null;
}

const SHORTCUTS: readonly Shortcut[] = [
  { value: 'issue', label: 'Issue Book', href: dialogHref(pathFor('book-issue'), 'issue'), icon: 'issue', keys: DESK_SHORTCUTS.issue.keys },
  { value: 'return', label: 'Return Book', href: dialogHref(pathFor('book-return'), 'return'), icon: 'return', keys: DESK_SHORTCUTS.return.keys },
  { value: 'add-book', label: 'Add Book', href: `${pathFor('book-record')}?${OPEN_ADD_BOOK_PARAM}=1`, icon: 'book' },
  { value: 'add-member', label: 'Add Member', href: pathFor('member-add-form'), icon: 'member' },
];

function ShortcutMenu() {
  const { view, openAtStart, triggerProps } = useLazyPopup(staffMenus, 'shortcut-menu-trigger');
  if (view) return <view.ShortcutMenuView triggerId={triggerProps.id} defaultOpen={openAtStart} shortcuts={SHORTCUTS} />;
  return (
    <button type="button" aria-label="Shortcuts" title="Shortcuts" className={iconButton} {...triggerProps}>
      <ZapIcon />
    </button>
  );
}

/** The desk shortcuts on every staff page: Alt+I issues, Alt+R returns (see lib/desk-shortcuts.ts). */
function useDeskShortcuts(session: Parameters<typeof holdsPermission>[0]) {
  useEffect(() => {
    if (!session) return;
    const onKey = (event: KeyboardEvent) => {
      const dialog = shortcutDialog(event);
      if (!dialog) return;
      const shortcut = DESK_SHORTCUTS[dialog];
      if (!holdsPermission(session, dialog === 'issue' ? 'add_bookissuance' : 'change_bookissuance')) return;
      event.preventDefault();
      const page = pathFor(shortcut.routeId);
      // The Issue page opens its dialog at once; elsewhere (and the Return page) the deep link opens it.
      if (dialog === 'issue' && window.location.pathname.replace(/\/$/, '') === page.replace(/\/$/, '')) {
        window.dispatchEvent(new CustomEvent(OPEN_DESK_DIALOG_EVENT, { detail: dialog }));
      } else window.location.assign(dialogHref(page, dialog));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);
}

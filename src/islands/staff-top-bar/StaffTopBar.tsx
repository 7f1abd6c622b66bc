/**
 * The staff top bar: the page title ('Settings' on settings paths),
 * the page's action buttons (see `PageActions`), the search of titles, members and copies
 * (`TopSearchButton`: "/" or Ctrl+K; its dialog loads on first use), a shortcut menu with the entries the user holds
 * (none: no menu), the theme toggle and the user menu naming his roles. Renders nothing for members (the member top bar shows instead). The menus' code loads
 * after first paint (`StaffMenus.tsx`, `components/TopBarMenus.tsx`); their triggers show at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { TopBarTitle, UserMenu, iconButton, topBarRow, topBarTools } from '../../components/TopBarParts';
import { displayName } from '#shared/person-name';
import { ZapIcon } from '../../components/ui/icons';
import { useLazyPopup } from '../../components/ui/lazy-part';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { DESK_SHORTCUTS, OPEN_DESK_DIALOG_EVENT, dialogHref, shortcutDialog } from '../../lib/desk-shortcuts';
import { isStaffRole } from '#shared/permission-codes';
import { pathFor, route } from '#shared/routes';
import { mayUseDeskShortcut, pageActionSets, roleLabel, staffShortcuts, topBarTitle, type PageActionSet, type StaffShortcut } from '../../lib/top-bar';
import { $session, $user, type Session } from '../../stores/session';
import { BookActions } from './BookActions';
import { staffMenus } from './PageActions';
import { MemberActions } from './MemberActions';
import { TopSearchButton } from './TopSearchButton';

export default function StaffTopBar({ routeId }: { routeId: string }) {
  const session = useStore($session);
  const user = useStore($user);
  const staff = Boolean(session && user && isStaffRole(session.role));
  useDeskShortcuts(staff ? session : null);
  if (!session || !user || !staff) return null;
  const path = window.location.pathname;
  const shortcuts = staffShortcuts(session);
  return (
    <div className={topBarRow}>
      <TopBarTitle>{topBarTitle(route(routeId), path)}</TopBarTitle>
      <div className={topBarTools}>
        <PageActions sets={pageActionSets(path, session)} path={path} />
        <TopSearchButton session={session} />
        {shortcuts.length > 0 && <ShortcutMenu shortcuts={shortcuts} />}
        <ThemeToggle />
        <UserMenu name={displayName(user)} detail={roleLabel(user)} profileHref={pathFor('staff-profile')} />
      </div>
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

/** The shortcut menu with the entries the user holds (`staffShortcuts`); not drawn when he holds none. */
function ShortcutMenu({ shortcuts }: { shortcuts: readonly StaffShortcut[] }) {
  const { view, openAtStart, triggerProps } = useLazyPopup(staffMenus, 'shortcut-menu-trigger');
  if (view) return <view.ShortcutMenuView triggerId={triggerProps.id} defaultOpen={openAtStart} shortcuts={shortcuts} />;
  return (
    <button type="button" aria-label="Shortcuts" title="Shortcuts" className={iconButton} {...triggerProps}>
      <ZapIcon />
    </button>
  );
}

/** The desk shortcuts on every staff page: Alt+I issues, Alt+R returns, each for holders of its menu entry (see lib/desk-shortcuts.ts). */
function useDeskShortcuts(session: Session | null) {
  useEffect(() => {
    if (!session) return;
    const onKey = (event: KeyboardEvent) => {
      const dialog = shortcutDialog(event);
      if (!dialog) return;
      const shortcut = DESK_SHORTCUTS[dialog];
      if (!mayUseDeskShortcut(session, dialog)) return;
      event.preventDefault();
      const page = pathFor(shortcut.routeId);
      // On its own page a shortcut is asked of the page (the Issue dialog, a desk session kept on screen); elsewhere, and Alt+R on the Return page, the deep link opens it.
      if (dialog !== 'return' && window.location.pathname.replace(/\/$/, '') === page.replace(/\/$/, '')) {
        window.dispatchEvent(new CustomEvent(OPEN_DESK_DIALOG_EVENT, { detail: dialog }));
      } else window.location.assign(dialogHref(page, dialog));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);
}

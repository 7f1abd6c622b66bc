/**
 * The dashboard sidebar: the library's logo and name, the staff
 * or member menu for the signed-in user, collapse toggle, one open group at a time, the current
 * route marked. Collapsed, a group's children open in a popup beside its icon (Ark Popover:
 * outside click and Escape close it; following a link loads a new page, which closes it too); its
 * code loads after first paint (`RailGroupPopover.tsx`), the rail's icons show at once.
 * On windows narrower than 768 px it is an icon rail; expanding it there overlays the content.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { SidebarIcon } from '../../components/ui/icons';
import { DEFAULT_LOGO, libraryName } from '../../lib/branding';
import { currentEntryPath, groupOfPath, memberMenu, staffMenu, type MenuEntry } from '../../lib/menu';
import { isStaffRole } from '#shared/permission-codes';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { $sidebar, closeSidebarOverlay, toggleSidebar } from '../../stores/sidebar';
import { moveFocusWithArrows } from './menu-keys';
import { EntryLink, ExpandedGroup, RailGroup } from './SidebarEntries';
import { cx } from 'styled-system/css';
import { insideFocusRing, navEntry, sidebar as sidebarParts } from './sidebar-styles';
import { useSidebarSetup } from './use-sidebar-setup';

const NAV_ID = 'sidebar-nav';

export default function Sidebar({ routeId: _routeId }: { routeId: string }) {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const sidebar = useStore($sidebar);
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;

  const menu: MenuEntry[] = useMemo(() => {
    if (!session) return [];
    return isStaffRole(session.role) ? staffMenu(session) : memberMenu();
  }, [session]);
  const current = currentEntryPath(menu, path);
  const currentGroup = groupOfPath(menu, path);
  useSidebarSetup(currentGroup, sidebar.mode);

  const [logoFailed, setLogoFailed] = useState(false);
  const logo = settings?.logo || DEFAULT_LOGO;
  useEffect(() => setLogoFailed(false), [logo]);
  const name = libraryName(settings);
  const collapsed = sidebar.collapsed;
  const parts = sidebarParts({ collapsed });
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <div className={parts.root}>
      <div className={parts.head}>
        {!collapsed && (
          <a href={menu[0]?.path ?? '/dashboard'} className={cx(insideFocusRing, parts.brand)}>
            <img src={logoFailed ? DEFAULT_LOGO : logo} onError={() => setLogoFailed(true)} alt="" width={32} height={32} className={parts.logo} />
            <span data-testid="sidebar-library-name" className={parts.name}>
              {name}
            </span>
          </a>
        )}
        <button type="button" onClick={toggleSidebar} aria-label={toggleLabel} title={toggleLabel} aria-expanded={!collapsed} aria-controls={NAV_ID} className={navEntry({ toggle: true })}>
          <SidebarIcon />
        </button>
      </div>
      <nav id={NAV_ID} aria-label="Main" onKeyDown={moveFocusWithArrows} className={parts.nav}>
        <ul className={parts.list}>
          {menu.map((entry) => (
            <li key={entry.id}>
              {entry.kind === 'link' ? (
                <EntryLink entry={entry} current={entry.path === current} rail={collapsed} />
              ) : collapsed ? (
                <RailGroup group={entry} current={current} containsCurrent={entry.id === currentGroup} />
              ) : (
                <ExpandedGroup group={entry} current={current} open={sidebar.openGroup === entry.id} containsCurrent={entry.id === currentGroup} />
              )}
            </li>
          ))}
        </ul>
      </nav>
      {sidebar.mode === 'overlay' && createPortal(<div data-testid="sidebar-backdrop" aria-hidden="true" onClick={closeSidebarOverlay} className={parts.backdrop} />, document.body)}
    </div>
  );
}

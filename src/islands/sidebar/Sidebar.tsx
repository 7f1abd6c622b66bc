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
import { css, cx } from 'styled-system/css';
import { ChevronDownIcon, SidebarIcon } from '../../components/ui/icons';
import { MenuIcon } from '../../components/ui/menu-icons';
import { lazyPart, useLazyPopup } from '../../components/ui/lazy-part';
import { DEFAULT_LOGO, libraryName } from '../../lib/branding';
import { currentEntryPath, groupOfPath, memberMenu, staffMenu, type MenuEntry, type MenuGroup, type MenuLink } from '../../lib/menu';
import { isStaffRole } from '#shared/permission-codes';
import { $librarySettings, loadLibrarySettingsOnce } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import {
  $sidebar,
  NARROW_BELOW,
  closeSidebarOverlay,
  openGroup,
  setNarrowWindow,
  showGroup,
  toggleSidebar,
} from '../../stores/sidebar';
import { moveFocusWithArrows } from './menu-keys';

/** The collapsed rail's group popups (Ark Popover), loaded after first paint. */
const railPopover = lazyPart(() => import('./RailGroupPopover'));

const NAV_ID = 'sidebar-nav';

const focusRing = { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' } as const;

const entryBase = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  minH: '10',
  px: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: focusRing,
  '& svg': { flexShrink: 0 },
} as const;
const entryCurrent = { bg: 'accent.subtle', color: 'accent.fg', _hover: { bg: 'accent.subtle', color: 'accent.fg' } } as const;
const entryInCurrentGroup = { color: 'fg.default' } as const;
const childEntry = { pl: '11', minH: '9', fontWeight: 'normal' } as const;
const railEntry = { justifyContent: 'center', px: '0', w: '10', h: '10', mx: 'auto' } as const;

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

  useEffect(() => {
    void loadLibrarySettingsOnce();
    showGroup(currentGroup);
    const query = window.matchMedia(`(max-width: ${NARROW_BELOW - 0.02}px)`);
    const update = () => setNarrowWindow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
    // The current group is only the starting state; later changes come from the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.documentElement.dataset.sidebar = sidebar.mode;
  }, [sidebar.mode]);

  useEffect(() => {
    if (sidebar.mode !== 'overlay') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeSidebarOverlay();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sidebar.mode]);

  const [logoFailed, setLogoFailed] = useState(false);
  const logo = settings?.logo || DEFAULT_LOGO;
  useEffect(() => setLogoFailed(false), [logo]);
  const name = libraryName(settings);
  const collapsed = sidebar.collapsed;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', h: 'full', position: 'relative', zIndex: 1, bg: 'bg.surface' })}>
      <div
        className={cx(
          css({ display: 'flex', alignItems: 'center', gap: '2', h: '14', flexShrink: 0, borderBottomWidth: '1px', borderColor: 'border.default' }),
          collapsed ? css({ justifyContent: 'center', px: '0' }) : css({ px: '3' }),
        )}
      >
        {!collapsed && (
          <a
            href={menu[0]?.path ?? '/dashboard'}
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2.5',
              minW: '0',
              flex: '1',
              color: 'fg.default',
              textDecoration: 'none',
              borderRadius: 'md',
              _focusVisible: focusRing,
            })}
          >
            <img
              src={logoFailed ? DEFAULT_LOGO : logo}
              onError={() => setLogoFailed(true)}
              alt=""
              width={32}
              height={32}
              className={css({ w: '8', h: '8', objectFit: 'contain', borderRadius: 'md', flexShrink: 0 })}
            />
            <span data-testid="sidebar-library-name" className={css({ fontWeight: 'semibold', fontSize: 'md', lineHeight: '1.2', truncate: true })}>
              {name}
            </span>
          </a>
        )}
        <button
          type="button"
          onClick={toggleSidebar}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          aria-controls={NAV_ID}
          className={css(entryBase, { w: '10', h: '10', px: '0', justifyContent: 'center', flexShrink: 0 })}
        >
          <SidebarIcon />
        </button>
      </div>
      <nav
        id={NAV_ID}
        aria-label="Main"
        onKeyDown={moveFocusWithArrows}
        className={css({ flex: '1', overflowY: 'auto', overflowX: 'hidden', py: '3', px: '2' })}
      >
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', listStyle: 'none', m: '0', p: '0' })}>
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
      {sidebar.mode === 'overlay' &&
        createPortal(
          <div
            data-testid="sidebar-backdrop"
            aria-hidden="true"
            onClick={closeSidebarOverlay}
            className={css({ position: 'fixed', inset: '0', zIndex: '35', bg: 'bg.overlay' })}
          />,
          document.body,
        )}
    </div>
  );
}

function EntryLink({ entry, current, rail, child = false }: { entry: MenuLink; current: boolean; rail: boolean; child?: boolean }) {
  return (
    <a
      href={entry.path}
      data-menu-item
      aria-current={current ? 'page' : undefined}
      aria-label={rail ? entry.label : undefined}
      title={rail ? entry.label : undefined}
      className={css(entryBase, current && entryCurrent, rail && railEntry, child && childEntry)}
    >
      {!child && <MenuIcon name={entry.icon} />}
      {!rail && <span className={css({ truncate: true })}>{entry.label}</span>}
    </a>
  );
}

function ExpandedGroup({ group, current, open, containsCurrent }: { group: MenuGroup; current: string | null; open: boolean; containsCurrent: boolean }) {
  const listId = `sidebar-group-${group.id}`;
  return (
    <>
      <button
        type="button"
        data-menu-item
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => openGroup(group.id)}
        className={css(entryBase, containsCurrent && entryInCurrentGroup)}
      >
        <MenuIcon name={group.icon} />
        <span className={css({ flex: '1', truncate: true })}>{group.label}</span>
        <ChevronDownIcon
          width={16}
          height={16}
          className={css({ transition: 'transform 0.15s ease', transform: open ? 'rotate(180deg)' : 'none' })}
        />
      </button>
      <ul id={listId} hidden={!open} className={css({ listStyle: 'none', m: '0', p: '0', mt: '0.5', display: 'flex', flexDirection: 'column', gap: '0.5' })}>
        {group.children.map((child) => (
          <li key={child.id}>
            <EntryLink entry={child} current={child.path === current} rail={false} child />
          </li>
        ))}
      </ul>
    </>
  );
}

function RailGroup({ group, current, containsCurrent }: { group: MenuGroup; current: string | null; containsCurrent: boolean }) {
  const { view, openAtStart, triggerProps } = useLazyPopup(railPopover, `sidebar-rail-${group.id}`, 'dialog');
  const triggerClass = css(entryBase, railEntry, containsCurrent && entryCurrent);
  if (view) {
    const classes = { trigger: triggerClass, link: css(entryBase), currentLink: css(entryBase, entryCurrent) };
    return <view.RailGroupPopover group={group} current={current} classes={classes} triggerId={triggerProps.id} defaultOpen={openAtStart} />;
  }
  return (
    <button type="button" data-menu-item aria-label={group.label} title={group.label} className={triggerClass} {...triggerProps}>
      <MenuIcon name={group.icon} />
    </button>
  );
}

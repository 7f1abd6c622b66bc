/**
 * The sidebar's menu entries: a link, a group expanded in place (one open at a time), and on the
 * collapsed rail a group's icon whose popup (`RailGroupPopover`) loads after first paint.
 */
import { cx } from 'styled-system/css';
import { ChevronDownIcon } from '../../components/ui/icons';
import { MenuIcon } from '../../components/ui/menu-icons';
import { lazyPart, useLazyPopup } from '../../components/ui/lazy-part';
import type { MenuGroup, MenuLink } from '../../lib/menu';
import { openGroup } from '../../stores/sidebar';
import { navEntry, sidebar } from './sidebar-styles';

/** The collapsed rail's group popups (Ark Popover), loaded after first paint. */
const railPopover = lazyPart(() => import('./RailGroupPopover'));
const parts = sidebar();

export function EntryLink({ entry, current, rail, child = false }: { entry: MenuLink; current: boolean; rail: boolean; child?: boolean }) {
  return (
    <a
      href={entry.path}
      data-menu-item
      aria-current={current ? 'page' : undefined}
      aria-label={rail ? entry.label : undefined}
      title={rail ? entry.label : undefined}
      className={navEntry({ current, rail, child })}
    >
      {!child && <MenuIcon name={entry.icon} />}
      {!rail && <span className={parts.label}>{entry.label}</span>}
    </a>
  );
}

export function ExpandedGroup({ group, current, open, containsCurrent }: { group: MenuGroup; current: string | null; open: boolean; containsCurrent: boolean }) {
  const listId = `sidebar-group-${group.id}`;
  return (
    <>
      <button type="button" data-menu-item aria-expanded={open} aria-controls={listId} onClick={() => openGroup(group.id)} className={navEntry({ inCurrentGroup: containsCurrent })}>
        <MenuIcon name={group.icon} />
        <span className={parts.label}>{group.label}</span>
        <ChevronDownIcon width={16} height={16} className={parts.chevron} />
      </button>
      <ul id={listId} hidden={!open} className={parts.list}>
        {group.children.map((child) => (
          <li key={child.id}>
            <EntryLink entry={child} current={child.path === current} rail={false} child />
          </li>
        ))}
      </ul>
    </>
  );
}

export function RailGroup({ group, current, containsCurrent }: { group: MenuGroup; current: string | null; containsCurrent: boolean }) {
  const { view, openAtStart, triggerProps } = useLazyPopup(railPopover, `sidebar-rail-${group.id}`, 'dialog');
  const triggerClass = navEntry({ rail: true, current: containsCurrent });
  if (view) {
    const classes = { trigger: triggerClass, link: navEntry(), currentLink: navEntry({ current: true }) };
    return <view.RailGroupPopover group={group} current={current} classes={classes} triggerId={triggerProps.id} defaultOpen={openAtStart} />;
  }
  return (
    <button type="button" data-menu-item aria-label={group.label} title={group.label} className={cx(triggerClass)} {...triggerProps}>
      <MenuIcon name={group.icon} />
    </button>
  );
}

/**
 * A group of the collapsed sidebar rail: its icon opens the group's links in a popup beside it
 * (Ark Popover: outside click and Escape close it; following a link loads a new page, which
 * closes it too). Loaded after first paint through `RailGroup` in `SidebarEntries.tsx`, which hands over
 * the entry classes so the trigger looks the same before and after.
 */
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { popover } from 'styled-system/recipes';
import { MenuIcon } from '../../components/ui/menu-icons';
import type { MenuGroup } from '../../lib/menu';
import { moveFocusWithArrows } from './menu-keys';

/** The group's popup with its trigger; `classes` are the sidebar's entry styles. */
const parts = popover({ kicker: true });

export function RailGroupPopover({
  group,
  current,
  classes,
  triggerId,
  defaultOpen,
}: {
  group: MenuGroup;
  current: string | null;
  classes: { trigger: string; link: string; currentLink: string };
  triggerId: string;
  defaultOpen: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover.Root
      ids={{ trigger: triggerId }}
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'right-start', gutter: 10 }}
      portalled
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger data-menu-item aria-label={group.label} title={group.label} className={classes.trigger}>
        <MenuIcon name={group.icon} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner className={parts.positioner}>
          <Popover.Content aria-label={group.label} className={parts.content}>
            <Popover.Title className={parts.title}>{group.label}</Popover.Title>
            <ul className={parts.list} onKeyDown={moveFocusWithArrows}>
              {group.children.map((child) => (
                <li key={child.id}>
                  <a
                    href={child.path}
                    data-menu-item
                    aria-current={child.path === current ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                    className={child.path === current ? classes.currentLink : classes.link}
                  >
                    <MenuIcon name={child.icon} />
                    <span>{child.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

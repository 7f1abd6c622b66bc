/**
 * The staff top bar's menus on Ark UI Menu: the shortcut menu and, on phones, the "Books" menu of
 * the book actions. Loaded after first paint (`staffMenus` in `StaffTopBar.tsx`); each takes over
 * its stand-in trigger's id and opens at once when the stand-in was clicked before it arrived.
 */
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { popover } from 'styled-system/recipes';
import { MenuLinkItem, menuLook, type LazyMenuProps } from '../../components/TopBarMenus';
import { iconButton } from '../../components/TopBarParts';
import { BookIcon, ZapIcon } from '../../components/ui/icons';
import { ArrowDownLeftIcon, ArrowUpRightIcon, UsersIcon } from '../../components/ui/menu-icons';
import { returnFocusOnClose } from '../../components/ui/lazy-part';
import type { StaffShortcut } from '../../lib/top-bar';

const ICONS = { issue: ArrowUpRightIcon, return: ArrowDownLeftIcon, book: BookIcon, member: UsersIcon } as const;

/** The shortcut menu: of Issue Book, Return Book, Add Book, Add Member those the user holds. */
export function ShortcutMenuView({ triggerId, defaultOpen, shortcuts }: LazyMenuProps & { shortcuts: readonly StaffShortcut[] }) {
  return (
    <Menu.Root ids={{ trigger: triggerId }} defaultOpen={defaultOpen} onOpenChange={returnFocusOnClose(triggerId)} positioning={{ placement: 'bottom-end', gutter: 6 }}>
      <Menu.Trigger aria-label="Shortcuts" title="Shortcuts" className={iconButton}>
        <ZapIcon />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={menuLook.content}>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel className={menuLook.groupLabel}>
                Shortcuts
              </Menu.ItemGroupLabel>
              {shortcuts.map((shortcut) => {
                const Icon = ICONS[shortcut.icon];
                return (
                  <MenuLinkItem key={shortcut.value} value={shortcut.value} href={shortcut.href} icon={<Icon width={16} height={16} />}>
                    {shortcut.label}
                    {shortcut.keys && (
                      <kbd className={css({ ms: 'auto', ps: '4', fontFamily: 'inherit', fontSize: 'xs', color: 'fg.muted' })} aria-hidden="true">
                        {shortcut.keys}
                      </kbd>
                    )}
                  </MenuLinkItem>
                );
              })}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The top bar's menu look with entries 44 px tall for fingers. */
const phoneMenu = popover({ touch: true });

/** One action of the phone "Books" menu. */
export interface BookMenuAction {
  value: string;
  label: string;
  run: () => void;
}

/** The phone "Books" menu: the same actions as the buttons shown from 768 px. `children` is the trigger's face. */
export function BooksMenuView({
  triggerId,
  defaultOpen,
  triggerClassName,
  actions,
  children,
}: LazyMenuProps & { triggerClassName: string; actions: readonly BookMenuAction[]; children: ReactNode }) {
  return (
    <Menu.Root ids={{ trigger: triggerId }} defaultOpen={defaultOpen} onOpenChange={returnFocusOnClose(triggerId)} positioning={{ placement: 'bottom-end', gutter: 6 }}>
      <Menu.Trigger className={triggerClassName}>{children}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={phoneMenu.content}>
            {actions.map((action) => (
              <Menu.Item key={action.value} value={action.value} className={phoneMenu.item} onSelect={action.run}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * The top bars' menus on Ark UI Menu (keyboard navigation, typeahead, Escape and outside click
 * close, focus returns to the trigger). Loaded after first paint through `topBarMenus` in
 * `TopBarParts.tsx`; each menu takes over its stand-in trigger's id and opens at once when the
 * stand-in was clicked before this module arrived.
 */
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { popover, text } from 'styled-system/recipes';
import { userMenuTrigger } from './TopBarParts';
import { LogOutIcon, UserIcon } from './ui/icons';
import { returnFocusOnClose } from './ui/lazy-part';
import { signOutAndLeave } from './use-route-guard';

/** What every lazily loaded menu gets from its stand-in. */
export interface LazyMenuProps {
  /** The stand-in trigger's id, kept by the real trigger so focus can move over. */
  triggerId: string;
  /** Open at once (the stand-in was clicked before the menu's code arrived). */
  defaultOpen: boolean;
}

/** The top bars' menu panels and entries. */
export const menuLook = popover();

/** A menu item that goes to a page. */
export function MenuLinkItem({ value, href, icon, children }: { value: string; href: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Menu.Item value={value} asChild className={menuLook.item} onSelect={() => window.location.assign(href)}>
      <a href={href}>
        {icon}
        {children}
      </a>
    </Menu.Item>
  );
}

/** The user menu itself: the name and role, Profile, Logout. `children` is the trigger's face. */
export function UserMenuView({
  triggerId,
  defaultOpen,
  label,
  name,
  detail,
  profileHref,
  children,
}: LazyMenuProps & { label: string; name: string; detail: string; profileHref: string; children: ReactNode }) {
  return (
    <Menu.Root ids={{ trigger: triggerId }} defaultOpen={defaultOpen} onOpenChange={returnFocusOnClose(triggerId)} positioning={{ placement: 'bottom-end', gutter: 6 }}>
      <Menu.Trigger aria-label={label} className={userMenuTrigger}>
        {children}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={menuLook.content}>
            <div className={menuLook.summary}>
              <p className={css({ fontSize: 'sm', fontWeight: 'semibold', truncate: true })}>{name}</p>
              <p className={text({ tone: 'muted', size: 'xs' })}>{detail}</p>
            </div>
            <MenuLinkItem value="profile" href={profileHref} icon={<UserIcon width={16} height={16} />}>
              Profile
            </MenuLinkItem>
            <Menu.Item value="logout" className={menuLook.item} onSelect={signOutAndLeave}>
              <LogOutIcon width={16} height={16} />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

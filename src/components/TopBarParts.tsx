/** Pieces shared by the staff and member top bars: title, menu button styles, the user menu. */
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { signOutAndLeave } from './use-route-guard';
import { ChevronDownIcon, LogOutIcon, UserIcon } from './ui/icons';

export const topBarRow = css({ display: 'flex', alignItems: 'center', gap: { base: '1', md: '2' }, w: 'full', minW: '0' });

const iconButtonStyle = {
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  w: '10',
  h: '10',
  flexShrink: 0,
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '&[data-state=open]': { bg: 'bg.muted', color: 'fg.default' },
} as const;

export const iconButton = css(iconButtonStyle);

export const menuContent = css({
  minW: '12rem',
  p: '1.5',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  boxShadow: 'card',
  zIndex: '50',
  _focusVisible: { outline: 'none' },
});

export const menuItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  minH: '9',
  px: '2.5',
  borderRadius: 'md',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  textDecoration: 'none',
  '&[data-highlighted]': { bg: 'bg.muted' },
  '& svg': { color: 'fg.muted' },
});

/** The page title area of a top bar. */
export function TopBarTitle({ children }: { children: ReactNode }) {
  return (
    <h1 data-testid="top-bar-title" className={css({ flex: '1', minW: '0', fontSize: { base: 'md', md: 'lg' }, fontWeight: 'semibold', truncate: true })}>
      {children}
    </h1>
  );
}

/** A menu item that goes to a page. */
export function MenuLinkItem({ value, href, icon, children }: { value: string; href: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Menu.Item value={value} asChild className={menuItem} onSelect={() => window.location.assign(href)}>
      <a href={href}>
        {icon}
        {children}
      </a>
    </Menu.Item>
  );
}

/** The user menu: the user's name, Profile and Logout (local sign-out, then /). */
export function UserMenu({ name, detail, profileHref }: { name: string; detail: string; profileHref: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 6 }}>
      <Menu.Trigger
        aria-label={`Account menu for ${name}`}
        className={css(iconButtonStyle, { w: 'auto', display: 'inline-flex', alignItems: 'center', gap: '2', px: '1.5', color: 'fg.default' })}
      >
        <span
          aria-hidden="true"
          className={css({ display: 'grid', placeItems: 'center', w: '8', h: '8', borderRadius: 'full', bg: 'accent.default', color: 'fg.onAccent', fontSize: 'xs', fontWeight: 'semibold' })}
        >
          {initials || '?'}
        </span>
        <span className={css({ display: { base: 'none', md: 'inline' }, fontSize: 'sm', fontWeight: 'medium', maxW: '10rem', truncate: true })}>{name}</span>
        <ChevronDownIcon width={16} height={16} className={css({ display: { base: 'none', md: 'block' }, color: 'fg.muted' })} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={menuContent}>
            <div className={css({ px: '2.5', py: '2', mb: '1', borderBottomWidth: '1px', borderColor: 'border.default' })}>
              <p className={css({ fontSize: 'sm', fontWeight: 'semibold', truncate: true })}>{name}</p>
              <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{detail}</p>
            </div>
            <MenuLinkItem value="profile" href={profileHref} icon={<UserIcon width={16} height={16} />}>
              Profile
            </MenuLinkItem>
            <Menu.Item value="logout" className={menuItem} onSelect={signOutAndLeave}>
              <LogOutIcon width={16} height={16} />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The signed-in user's display name. */
export function displayName(user: { first_name?: string | null | undefined; last_name?: string | null | undefined; username: string }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}

/**
 * Pieces shared by the staff and member top bars: title, menu button styles, the user menu's
 * trigger. The menus themselves (Ark UI) are in `TopBarMenus.tsx`, loaded after the page (see
 * `ui/lazy-part.ts`), so the top bar's first paint carries no menu code.
 */
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { focusable } from 'styled-system/recipes';
import { ChevronDownIcon } from './ui/icons';
import { lazyPart, useLazyPopup } from './ui/lazy-part';

/**
 * The top bar's row: the title, then the tools (page actions, search, shortcuts, theme, user menu)
 * kept together at the right. When both do not fit (a phone with several page actions), the tools
 * wrap below the title instead of squeezing it to nothing.
 */
export const topBarRow = flex({ align: 'center', gap: { base: '1', md: '2' }, rowGap: '1', wrap: 'wrap', w: 'full', minW: '0' });

/** The tools of the top bar, right-aligned; they wrap among themselves only on the narrowest screens. */
export const topBarTools = flex({ align: 'center', justify: 'flex-end', gap: { base: '1', md: '2' }, wrap: 'wrap', ml: 'auto', maxW: 'full' });

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
  '&[data-state=open]': { bg: 'bg.muted', color: 'fg.default' },
} as const;

/** A round icon button of the top bar (theme, shortcuts, wish list, notifications). */
export const iconButton = cx(focusable(), css(iconButtonStyle));

/** The user menu's trigger: initials, and the name from 768 px. */
export const userMenuTrigger = cx(focusable(), css(iconButtonStyle, { w: 'auto', display: 'inline-flex', alignItems: 'center', gap: '2', px: '1.5', color: 'fg.default' }));

/** The menus of both top bars, loaded when a trigger is approached (pointer or focus) or used. */
export const topBarMenus = lazyPart(() => import('./TopBarMenus'));

/**
 * The page title area of a top bar: the page's one h1 (content headings below it are h2). A long
 * title wraps onto a second line rather than losing its last words to an ellipsis on a phone.
 */
export function TopBarTitle({ children }: { children: ReactNode }) {
  return (
    <h1 data-testid="top-bar-title" className={css({ flex: '1', minW: '8rem', fontSize: { base: 'md', md: 'lg' }, lineHeight: '1.25', fontWeight: 'semibold', overflowWrap: 'break-word' })}>
      {children}
    </h1>
  );
}

/** The user menu: the user's name, Profile and Logout (local sign-out, then /). */
export function UserMenu({ name, detail, profileHref }: { name: string; detail: string; profileHref: string }) {
  const { view, openAtStart, triggerProps } = useLazyPopup(topBarMenus, 'user-menu-trigger');
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  const label = `Account menu for ${name}`;
  const face = (
    <>
      <span
        aria-hidden="true"
        className={css({ display: 'grid', placeItems: 'center', w: '8', h: '8', borderRadius: 'full', bg: 'accent.default', color: 'fg.onAccent', fontSize: 'xs', fontWeight: 'semibold' })}
      >
        {initials || '?'}
      </span>
      <span className={css({ display: { base: 'none', md: 'inline' }, fontSize: 'sm', fontWeight: 'medium', maxW: '10rem', truncate: true })}>{name}</span>
      <ChevronDownIcon width={16} height={16} className={css({ display: { base: 'none', md: 'block' }, color: 'fg.muted' })} />
    </>
  );
  if (!view) {
    return (
      <button type="button" aria-label={label} className={userMenuTrigger} {...triggerProps}>
        {face}
      </button>
    );
  }
  return (
    <view.UserMenuView triggerId={triggerProps.id} defaultOpen={openAtStart} label={label} name={name} detail={detail} profileHref={profileHref}>
      {face}
    </view.UserMenuView>
  );
}


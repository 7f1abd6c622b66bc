/**
 * The staff top bar's Search: a button (with its shortcut "/" shown from 768 px; Ctrl+K or ⌘K work
 * too) that opens the search dialog. The dialog's code loads on first use, or as the pointer or the
 * keyboard reaches the button, so the top bar stays within the page's script budget. Not drawn for
 * staff who may read neither titles nor members.
 */
import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Icon } from '../../components/ui/icons';
import { lazyPart, useLazyPart } from '../../components/ui/lazy-part';
import { isSearchShortcut, searchGroupsFor } from '../../lib/top-search-access';
import type { Session } from '../../stores/session';

const searchDialog = lazyPart(() => import('../../components/top-search/TopSearchDialog'));
const preload = () => void searchDialog.load().catch(() => undefined);

// A field-like button from 768 px; on phones an icon like its neighbours (no border).
const trigger = cx(
  button({ variant: 'outline' }),
  css({ px: { base: '2.5', md: '3' }, gap: '2', color: 'fg.muted', fontWeight: 'normal', minW: { md: '12rem' }, justifyContent: 'flex-start', borderColor: { base: 'transparent', md: 'border.default' } }),
);
const wide = css({ display: { base: 'none', md: 'inline' } });
const keycap = css({ display: { base: 'none', md: 'inline-block' }, ms: 'auto', px: '1.5', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'sm', fontFamily: 'inherit', fontSize: 'xs' });

const SearchIcon = () => (
  <Icon width={16} height={16} aria-hidden="true">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

/** Whether a key press lands in something the user types into (then "/" is a character, not the shortcut). */
const typingIn = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The Search button and, once asked for, its dialog. */
export function TopSearchButton({ session }: { session: Session }) {
  const groups = searchGroupsFor(session);
  const [open, setOpen] = useState(false);
  const view = useLazyPart(searchDialog, 'first-use');
  const show = () => {
    setOpen(true);
    preload();
  };

  useEffect(() => {
    if (groups.length === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event, typingIn(event.target))) return;
      event.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [groups.length]);

  if (groups.length === 0) return null;
  return (
    <>
      <button type="button" className={trigger} aria-label="Search" aria-haspopup="dialog" aria-keyshortcuts="/ Control+K" title="Search (/ or Ctrl+K)" onClick={show} onPointerEnter={preload} onFocus={preload}>
        <SearchIcon />
        <span className={wide}>Search</span>
        <kbd className={keycap} aria-hidden="true">
          /
        </kbd>
      </button>
      {view && <view.TopSearchDialog open={open} onOpenChange={setOpen} groups={groups} />}
    </>
  );
}

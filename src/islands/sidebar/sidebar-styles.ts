/**
 * The sidebar's looks: one entry recipe (a link or a group's button) whose variants mark the
 * current page, the group holding it, a group's child and the collapsed rail's square icon; and
 * the parts of the sidebar itself.
 */
import { cva, cx, sva } from 'styled-system/css';
import { focusable } from 'styled-system/recipes';

const navEntryLook = cva({
  base: {
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
    '& svg': { flexShrink: 0 },
  },
  variants: {
    current: { true: { bg: 'accent.subtle', color: 'accent.fg', _hover: { bg: 'accent.subtle', color: 'accent.fg' } } },
    inCurrentGroup: { true: { color: 'fg.default' } },
    child: { true: { pl: '11', minH: '9', fontWeight: 'normal' } },
    rail: { true: { justifyContent: 'center', px: '0', w: '10', h: '10', mx: 'auto' } },
    /** The collapse toggle: a square icon button. */
    toggle: { true: { w: '10', h: '10', px: '0', justifyContent: 'center', flexShrink: 0 } },
  },
});

/** The focus ring sits inside the edge: entries are flush with the scrolling list. */
export const insideFocusRing = focusable({ on: 'inset' });

/** An entry's classes: its look and the one focus ring. */
export const navEntry = (variants?: Parameters<typeof navEntryLook>[0]): string => cx(insideFocusRing, navEntryLook(variants));

export const sidebar = sva({
  slots: ['root', 'head', 'brand', 'logo', 'name', 'nav', 'list', 'label', 'chevron', 'backdrop'],
  base: {
    root: { display: 'flex', flexDirection: 'column', h: 'full', position: 'relative', zIndex: 1, bg: 'bg.surface' },
    head: { display: 'flex', alignItems: 'center', gap: '2', minH: '14', py: '1.5', flexShrink: 0, borderBottomWidth: '1px', borderColor: 'border.default', px: '3' },
    brand: { display: 'flex', alignItems: 'center', gap: '2.5', minW: '0', flex: '1', color: 'fg.default', textDecoration: 'none', borderRadius: 'md' },
    logo: { w: '8', h: '8', objectFit: 'contain', borderRadius: 'md', flexShrink: 0 },
    // The library's name wraps (a long one onto several lines) instead of ending in an ellipsis nobody can read.
    name: { fontWeight: 'semibold', fontSize: 'md', lineHeight: '1.2', minW: '0', overflowWrap: 'anywhere' },
    nav: { flex: '1', overflowY: 'auto', overflowX: 'hidden', py: '3', px: '2' },
    list: { display: 'flex', flexDirection: 'column', gap: '0.5', listStyle: 'none', m: '0', p: '0', '& ul': { mt: '0.5' } },
    // A long entry ("Notification History Panel") wraps onto a second line rather than ending in an ellipsis.
    label: { flex: '1', minW: '0', overflowWrap: 'anywhere', lineHeight: '1.25', py: '1' },
    chevron: { transition: 'transform 0.15s ease', '[aria-expanded=true] > &': { transform: 'rotate(180deg)' } },
    backdrop: { position: 'fixed', inset: '0', zIndex: '35', bg: 'bg.overlay' },
  },
  variants: {
    collapsed: { true: { head: { justifyContent: 'center', px: '0' } } },
  },
});

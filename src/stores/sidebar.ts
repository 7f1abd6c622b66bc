/**
 * The sidebar (its behaviour: one group open at a time, a popup when collapsed): collapsed or expanded, one group open.
 *
 * - The user's own choice (collapsed or not) persists under `sidebarCollapsed`; it applies on
 *   windows 768 px and wider.
 * - Narrower windows always start collapsed (an icon rail); expanding there overlays the content
 *   and is not remembered, so widening the window again shows the user's own choice.
 * - Groups open one at a time; opening the open group closes it.
 *
 * The inline script of DashboardLayout reads the same key before first paint and sets
 * `<html data-sidebar>`, so the width is right before hydration (keep both in step).
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { MenuGroupId } from '#shared/routes';

/** localStorage key of the user's collapsed choice. */
export const SIDEBAR_KEY = 'sidebarCollapsed';

/** Windows narrower than this (px) collapse the sidebar (below 768 px). */
export const NARROW_BELOW = 768;

/** The user's own collapsed choice for wide windows. */
export const $sidebarCollapsedByUser = persistentAtom<boolean>(SIDEBAR_KEY, false, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return JSON.parse(raw) === true;
    } catch {
      return false;
    }
  },
});

/** Whether the window is narrower than 768 px. */
export const $narrowWindow = atom(false);

/** On a narrow window: whether the user expanded the sidebar over the content. */
const $overlayOpen = atom(false);

/** The open group of the expanded sidebar (or the group whose popup shows when collapsed). */
const $openGroup = atom<MenuGroupId | null>(null);

export type SidebarMode = 'expanded' | 'collapsed' | 'overlay';

export interface SidebarState {
  /** How the sidebar shows: full width, icon rail, or full width over the content (narrow windows). */
  mode: SidebarMode;
  collapsed: boolean;
  narrow: boolean;
  openGroup: MenuGroupId | null;
}

/** Pure rule: how the sidebar shows for a window width class and the two choices. */
export function sidebarMode(narrow: boolean, collapsedByUser: boolean, overlayOpen: boolean): SidebarMode {
  if (narrow) return overlayOpen ? 'overlay' : 'collapsed';
  return collapsedByUser ? 'collapsed' : 'expanded';
}

/** The sidebar's state as the island renders it. */
export const $sidebar = computed(
  [$sidebarCollapsedByUser, $narrowWindow, $overlayOpen, $openGroup],
  (collapsedByUser, narrow, overlayOpen, openGroup): SidebarState => {
    const mode = sidebarMode(narrow, collapsedByUser, overlayOpen);
    return { mode, collapsed: mode === 'collapsed', narrow, openGroup };
  },
);

/** Collapses or expands the sidebar: remembered on wide windows, an overlay on narrow ones. */
export function toggleSidebar(): void {
  if ($narrowWindow.get()) $overlayOpen.set(!$overlayOpen.get());
  else $sidebarCollapsedByUser.set(!$sidebarCollapsedByUser.get());
}

/** Closes the overlay sidebar of a narrow window (backdrop click, Escape, link followed). */
export function closeSidebarOverlay(): void {
  $overlayOpen.set(false);
}

/** Opens a group, closing any other; opening the open group closes it. */
export function openGroup(id: MenuGroupId): void {
  $openGroup.set($openGroup.get() === id ? null : id);
}

/** Closes whichever group is open. */
export function closeGroup(): void {
  $openGroup.set(null);
}

/** Starts with the group of the current route open (no toggling). */
export function showGroup(id: MenuGroupId | null): void {
  $openGroup.set(id);
}

/** Records the window's width class; crossing it closes the overlay. */
export function setNarrowWindow(narrow: boolean): void {
  if ($narrowWindow.get() === narrow) return;
  $narrowWindow.set(narrow);
  $overlayOpen.set(false);
}

/**
 * What the sidebar sets up once it mounts: the library's settings, the current page's group
 * shown open, the narrow-window rail (below 768 px), the sidebar mode on `<html>` for the
 * layout's CSS, and Escape closing the overlay.
 */
import { useEffect } from 'react';
import { loadLibrarySettingsOnce } from '../../stores/library-settings';
import type { MenuGroupId } from '#shared/routes';
import { NARROW_BELOW, closeSidebarOverlay, setNarrowWindow, showGroup, type SidebarMode } from '../../stores/sidebar';

export function useSidebarSetup(currentGroup: MenuGroupId | null, mode: SidebarMode) {
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
    document.documentElement.dataset.sidebar = mode;
  }, [mode]);

  useEffect(() => {
    if (mode !== 'overlay') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeSidebarOverlay();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);
}

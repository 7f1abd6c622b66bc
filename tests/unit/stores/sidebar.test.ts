import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, describe, expect, test } from 'vitest';

useTestStorageEngine();
const { $sidebar, closeGroup, closeSidebarOverlay, openGroup, setNarrowWindow, showGroup, sidebarMode, toggleSidebar } = await import(
  '../../../src/stores/sidebar'
);

afterEach(() => {
  setNarrowWindow(false);
  closeGroup();
  cleanTestStorage();
});

describe('sidebarMode', () => {
  test.each([
    [false, false, false, 'expanded'],
    [false, true, false, 'collapsed'],
    [true, false, false, 'collapsed'],
    [true, true, false, 'collapsed'],
    [true, false, true, 'overlay'],
  ] as const)('narrow %s, collapsed by user %s, overlay %s → %s', (narrow, byUser, overlay, expected) => {
    expect(sidebarMode(narrow, byUser, overlay)).toBe(expected);
  });
});

describe('$sidebar', () => {
  test('is expanded on a wide window by default', () => {
    expect($sidebar.get()).toMatchObject({ mode: 'expanded', collapsed: false, openGroup: null });
  });

  test('remembers the collapsed choice on a wide window', () => {
    toggleSidebar();
    expect($sidebar.get().mode).toBe('collapsed');
    expect(getTestStorage().sidebarCollapsed).toBe('true');
    toggleSidebar();
    expect($sidebar.get().mode).toBe('expanded');
  });

  test('collapses on a narrow window and re-expands when wide again', () => {
    setNarrowWindow(true);
    expect($sidebar.get().mode).toBe('collapsed');
    setNarrowWindow(false);
    expect($sidebar.get().mode).toBe('expanded');
  });

  test('stays collapsed when wide again if the user collapsed it', () => {
    toggleSidebar();
    setNarrowWindow(true);
    setNarrowWindow(false);
    expect($sidebar.get().mode).toBe('collapsed');
  });

  test('expands over the content on a narrow window without remembering it', () => {
    setNarrowWindow(true);
    toggleSidebar();
    expect($sidebar.get().mode).toBe('overlay');
    expect(getTestStorage().sidebarCollapsed).toBeUndefined();
    closeSidebarOverlay();
    expect($sidebar.get().mode).toBe('collapsed');
  });

  test('opens one group at a time and closes the open group when opened again', () => {
    openGroup('books');
    expect($sidebar.get().openGroup).toBe('books');
    openGroup('reports');
    expect($sidebar.get().openGroup).toBe('reports');
    openGroup('reports');
    expect($sidebar.get().openGroup).toBeNull();
  });

  test('starts with the current route group open', () => {
    showGroup('settings');
    showGroup('settings');
    expect($sidebar.get().openGroup).toBe('settings');
  });
});

/**
 * Parts of the page that are not visible at first paint (menus, popups, dialogs) load their code
 * (Ark UI, floating-ui) on first use: as soon as the pointer or the keyboard focus reaches their
 * trigger (usually well before the click or Enter lands), or on the click itself on a touch screen.
 * So the page's first paint, its first answers and its images do not share the connection or the
 * main thread with code the visitor may never use.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';

/** A module loaded once, on demand; `current()` is null until it has arrived. */
export interface LazyPart<T> {
  load: () => Promise<T>;
  current: () => T | null;
  subscribe: (listener: () => void) => () => void;
}

/** Wraps a dynamic `import()` so that every user of the part shares one load. */
export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importer().then(
        (module) => {
          value = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          // A failed load (offline, a new deploy) may be retried on the next hover or click.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Runs `task` when the browser is idle (at the latest after `timeout` ms); returns a cancel function. */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

const ignore = () => undefined;

/**
 * The part's module once loaded (re-rendering then). `when: 'idle'` (content of the page, drawn a
 * moment later) loads it when the browser is idle; `'first-use'` (a dialog) leaves the loading to
 * its caller, on first use.
 */
export function useLazyPart<T>(part: LazyPart<T>, when: 'idle' | 'first-use' = 'idle'): T | null {
  const value = useSyncExternalStore(part.subscribe, part.current, part.current);
  useEffect(() => (value || when !== 'idle' ? undefined : whenIdle(() => void part.load().catch(ignore))), [part, value, when]);
  return value;
}

/** Props of the stand-in trigger drawn until the part has loaded. */
export interface StandInTriggerProps {
  id: string;
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A popup (menu, popover) whose trigger shows at first paint and whose code loads later. Until
 * the part has loaded, `triggerProps` go on a stand-in button that looks like the real trigger;
 * a click, Enter, Space (or, for a menu, an arrow key) on it loads the part and asks it to open at once
 * (`openAtStart`). The real trigger gets the same `triggerId` (Ark's `ids.trigger`), and keyboard
 * focus moves over to it when the stand-in had it, so nothing is lost for keyboard users.
 */
export function useLazyPopup<T>(part: LazyPart<T>, triggerId: string, popup: 'menu' | 'dialog' = 'menu') {
  // Whether the stand-in had focus when the part arrived, read before React swaps the triggers
  // (a removed element may or may not get a blur event first).
  const handOverFocus = useRef(false);
  const subscribe = useCallback(
    (onChange: () => void) =>
      part.subscribe(() => {
        handOverFocus.current = document.activeElement?.id === triggerId;
        onChange();
      }),
    [part, triggerId],
  );
  const view = useSyncExternalStore(subscribe, part.current, part.current);
  const [openAtStart, setOpenAtStart] = useState(false);

  useEffect(() => {
    if (view && handOverFocus.current && !openAtStart) document.getElementById(triggerId)?.focus();
    handOverFocus.current = false;
  }, [view, triggerId, openAtStart]);

  const open = () => {
    setOpenAtStart(true);
    void part.load().catch(ignore);
  };
  const preload = () => void part.load().catch(ignore);
  const triggerProps: StandInTriggerProps = {
    id: triggerId,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: open,
    onKeyDown: (event) => {
      // Arrow keys open menus (as Ark's menu trigger does), not popovers.
      if (popup !== 'menu' || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
      event.preventDefault();
      open();
    },
  };
  return { view, openAtStart, triggerProps };
}

/**
 * Whether keyboard focus has gone nowhere: on the page body, or still on an element that is
 * leaving (the closed menu's panel, which the browser blurs only at its next style pass).
 */
export function focusIsLost(active: Element | null): boolean {
  if (!active || active === document.body || !active.isConnected) return true;
  return typeof (active as HTMLElement).checkVisibility === 'function' && !(active as HTMLElement).checkVisibility();
}

/**
 * For a lazily loaded menu's `onOpenChange`: when it closes and keyboard focus has gone nowhere, or
 * is still inside the closing menu (on a slow machine the menu may hide a few frames after it said
 * so), focus goes back to its trigger. A menu opened from the stand-in trigger may close before Ark
 * recorded where to return, so Ark's own return is not counted on. The check runs for a few frames,
 * because the closing panel may take the focus down with it after the first look. Focus the user
 * moved elsewhere (to something visible outside the menu: a click outside) is left alone.
 */
export function returnFocusOnClose(triggerId: string): (details: { open: boolean }) => void {
  return ({ open }) => {
    if (open) return;
    let frames = 0;
    const settle = () => {
      const trigger = document.getElementById(triggerId);
      if (!trigger) return;
      const active = document.activeElement;
      if (active !== trigger) {
        const popupId = trigger.getAttribute('aria-controls');
        const inPopup = Boolean(active && popupId && document.getElementById(popupId)?.contains(active));
        if (!focusIsLost(active) && !inPopup) return;
        trigger.focus();
      }
      if (++frames < RETURN_FOCUS_FRAMES) requestAnimationFrame(settle);
    };
    requestAnimationFrame(settle);
  };
}

/** How many frames after a close the menu's trigger keeps the focus it was given back. */
const RETURN_FOCUS_FRAMES = 20;

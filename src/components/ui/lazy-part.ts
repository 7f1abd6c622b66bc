/**
 * Parts of the page that are not visible at first paint (menus, popups, dialogs) load their code
 * (Ark UI, floating-ui) after the page: when the browser is idle, or as soon as the pointer or
 * the keyboard focus reaches their trigger, whichever comes first. So the first paint ships only
 * the trigger, and the part is normally ready before the first click or Enter.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';

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

/** The part's module once loaded (re-rendering then), loading it when the browser is idle. */
export function useLazyPart<T>(part: LazyPart<T>): T | null {
  const value = useSyncExternalStore(part.subscribe, part.current, part.current);
  useEffect(() => (value ? undefined : whenIdle(() => void part.load().catch(ignore))), [part, value]);
  return value;
}

/** Props of the stand-in trigger drawn until the part has loaded. */
export interface StandInTriggerProps {
  id: string;
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onBlur: () => void;
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
  const view = useLazyPart(part);
  const [openAtStart, setOpenAtStart] = useState(false);
  const focused = useRef(false);

  useEffect(() => {
    if (view && focused.current && !openAtStart) document.getElementById(triggerId)?.focus();
  }, [view, triggerId, openAtStart]);

  const open = () => {
    setOpenAtStart(true);
    void part.load().catch(ignore);
  };
  const triggerProps: StandInTriggerProps = {
    id: triggerId,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: () => void part.load().catch(ignore),
    onFocus: () => {
      focused.current = true;
      void part.load().catch(ignore);
    },
    onBlur: () => {
      focused.current = false;
    },
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

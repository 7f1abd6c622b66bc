/**
 * Toasts: close by themselves after 3 s (plus 0.6 s to leave), red for errors.
 * The page's one toaster, rendered by DashboardLayout; call `toast.success(...)` / `toast.error(...)`
 * from any island. The toaster's code (Ark UI) loads on the first toast;
 * toasts asked for before it is ready wait in a queue and show as soon as it has mounted.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { ToastRequest } from './ToasterView';

type View = typeof import('./ToasterView');

let view: View | null = null;
let loading: Promise<View> | null = null;
let mounted = false;
const queue: ToastRequest[] = [];
const listeners = new Set<(loaded: View) => void>();

function load(): Promise<View> {
  loading ??= import('./ToasterView').then((module) => {
    view = module;
    for (const listener of listeners) listener(module);
    return module;
  });
  return loading;
}

function flush(): void {
  mounted = true;
  while (view && queue.length > 0) view.show(queue.shift()!);
}

function show(request: ToastRequest): void {
  if (view && mounted) view.show(request);
  else {
    queue.push(request);
    void load();
  }
}

/** Shows toasts from anywhere in the site. */
export const toast = {
  success: (title: string, description?: string) => show({ type: 'success', title, description }),
  error: (title: string, description?: string) => show({ type: 'error', title, description }),
  info: (title: string, description?: string) => show({ type: 'info', title, description }),
};

/** Where a toast waits for the next page of this tab (a form that goes back to its list on success). */
const NEXT_PAGE_KEY = 'library.nextPageToast';

/** Shows a toast on the next page this tab opens instead of this one, which is about to be left. */
export function toastOnNextPage(type: 'success' | 'info', title: string): void {
  try {
    window.sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify({ type, title }));
  } catch {
    // Storage refused (private mode, quota): the page change itself shows the outcome.
  }
}

/** The toast an earlier page left for this one, taken out of storage. */
function takeNextPageToast(): ToastRequest | null {
  try {
    const raw = window.sessionStorage.getItem(NEXT_PAGE_KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(NEXT_PAGE_KEY);
    const saved: unknown = JSON.parse(raw);
    if (typeof saved !== 'object' || saved === null) return null;
    const { type, title } = saved as Record<string, unknown>;
    return (type === 'success' || type === 'info') && typeof title === 'string' ? { type, title } : null;
  } catch {
    return null;
  }
}

export function Toaster() {
  const [View, setView] = useState<ComponentType<{ onReady: () => void }> | null>(() => view?.ToasterView ?? null);
  useEffect(() => {
    const waiting = takeNextPageToast();
    if (waiting) show(waiting);
    const listener = (loaded: View) => setView(() => loaded.ToasterView);
    listeners.add(listener);
    if (view) listener(view);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return View ? <View onReady={flush} /> : null;
}

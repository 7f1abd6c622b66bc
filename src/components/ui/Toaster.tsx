/**
 * Toasts (section 2): close by themselves after 3 s (plus 0.6 s to leave), red for errors.
 * The page's one toaster, rendered by DashboardLayout; call `toast.success(...)` / `toast.error(...)`
 * from any island. The toaster's code (Ark UI) loads on the first toast or when the browser is idle;
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

export function Toaster() {
  const [View, setView] = useState<ComponentType<{ onReady: () => void }> | null>(() => view?.ToasterView ?? null);
  useEffect(() => {
    const listener = (loaded: View) => setView(() => loaded.ToasterView);
    listeners.add(listener);
    if (view) listener(view);
    // Ready before the first toast is likely needed, without delaying the page.
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => void load()) : window.setTimeout(() => void load(), 1500);
    return () => {
      listeners.delete(listener);
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return View ? <View onReady={flush} /> : null;
}

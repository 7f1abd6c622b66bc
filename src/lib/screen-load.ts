/**
 * A screen that loads one thing once (the settings screens, the staff profile): while loading,
 * ready, or failed with the call's message as the page's state, not a toast. And a set of open
 * rows (the notices of the notification settings), a refused one opening so its message is in view.
 */

/** What such a screen shows while and after it loads. */
export type ScreenLoad<S> = { kind: 'loading' } | { kind: 'ready'; value: S } | { kind: 'failed'; message: string };

/** Loads the screen's data; a failure keeps the message `errorText` names for it. */
export async function loadScreen<S>(fetch: () => Promise<S>, errorText: (failure: unknown) => string): Promise<ScreenLoad<S>> {
  try {
    return { kind: 'ready', value: await fetch() };
  } catch (failure) {
    return { kind: 'failed', message: errorText(failure) };
  }
}

/** The open set with `item` opened, or closed when it was open. */
export function toggleOpen<T>(open: ReadonlySet<T>, item: T): ReadonlySet<T> {
  const next = new Set(open);
  if (!next.delete(item)) next.add(item);
  return next;
}

/** The open set with `items` opened too; the same set when they all are (no new render). */
export function withOpened<T>(open: ReadonlySet<T>, items: readonly T[]): ReadonlySet<T> {
  return items.every((item) => open.has(item)) ? open : new Set([...open, ...items]);
}

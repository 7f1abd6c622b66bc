/**
 * The settings screens' flow: the settings load once (a failure is the page's state, with the
 * call's message), and the notices of the notification settings open and close one by one, a
 * refused one opening so the message under its field is in view.
 */

/** What a settings screen shows while and after its settings load. */
export type SettingsLoad<S> = { kind: 'loading' } | { kind: 'ready'; settings: S } | { kind: 'failed'; message: string };

/** Loads the settings; a failure keeps the message `errorText` names for it. */
export async function loadSettings<S>(fetch: () => Promise<S>, errorText: (failure: unknown) => string): Promise<SettingsLoad<S>> {
  try {
    return { kind: 'ready', settings: await fetch() };
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

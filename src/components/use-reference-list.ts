/**
 * An island's view of a reference list from `stores/reference`: subscribing is what loads it, so
 * an island that may not read a list (no permission, an invitation link) passes `enabled: false`
 * and asks nothing. Select options come from `referenceOptions`.
 */
import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';
import type { AcademicSession } from '../lib/schemas/reference';
import type { ReferenceList } from '../stores/reference';
import type { SelectOption } from './ui/SelectField';

const noSubscription = () => () => {};

/** The list's state, subscribed (and so loaded) only while `enabled`. */
export function useReferenceList<T>($list: ReadableAtom<ReferenceList<T>>, enabled = true): ReferenceList<T> {
  const subscribe = useCallback((changed: () => void) => $list.listen(changed), [$list]);
  const read = () => $list.get();
  return useSyncExternalStore(enabled ? subscribe : noSubscription, read, read);
}

const byName = (item: { id: string | number; name?: string }): string => item.name ?? String(item.id);

/** A loaded list as select options (value: the id, label: the name); null while loading or after a failure. */
export function referenceOptions<T extends { id: string | number; name?: string }>(list: ReferenceList<T>, label: (item: T) => string = byName): SelectOption[] | null {
  return list.status === 'ready' ? list.items.map((item) => ({ value: String(item.id), label: label(item) })) : null;
}

/** An academic session's label: its range, or 'Session 3' when it has none. */
export const sessionLabel = (session: AcademicSession): string => session.session_range || `Session ${session.id}`;

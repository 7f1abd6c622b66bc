/**
 * How a detail page (a book's or a member's profile) turns the fetch of its one record into what
 * it shows: the record, "not found" (no id, or 404), "no access" (403), or a failed load with the
 * call's message. These are states of the page, not error toasts.
 */
import { errorStatus } from './error-reading';

/** What a detail page shows while and after it loads its record. */
export type RecordLoad<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; record: T }
  | { kind: 'not-found' }
  | { kind: 'forbidden' }
  | { kind: 'error'; message: string };

/** Fetches the record of `id`; an empty id is "not found" without a call. */
export async function loadRecord<T>(id: string, fetch: (id: string) => Promise<T>, errorText: (failure: unknown) => string): Promise<RecordLoad<T>> {
  if (!id) return { kind: 'not-found' };
  try {
    return { kind: 'ready', record: await fetch(id) };
  } catch (failure) {
    const status = errorStatus(failure);
    if (status === 404) return { kind: 'not-found' };
    if (status === 403) return { kind: 'forbidden' };
    return { kind: 'error', message: errorText(failure) };
  }
}

/** What a refresh of a shown record shows: the new answer, except that a failed call keeps the record on screen. */
export function refreshed<T>(shown: RecordLoad<T>, next: RecordLoad<T>): RecordLoad<T> {
  return shown.kind === 'ready' && next.kind === 'error' ? shown : next;
}

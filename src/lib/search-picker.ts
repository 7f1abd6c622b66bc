/**
 * What every search picker (members, users, books) shares: how long it waits after the last key
 * and when a typed term is worth sending (the servers answer a blank term with nothing).
 */

/** Milliseconds a picker waits after the last key before it searches. */
export const PICKER_DEBOUNCE_MS = 250;

/** The term to send, or null when there is nothing to search for yet. */
export function searchTerm(typed: string): string | null {
  const term = typed.trim();
  return term ? term : null;
}

/** How a picker names its items: a key, the choice's text and an optional second line. */
export interface PickerItemText<T> {
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  itemDetail?: ((item: T) => string) | undefined;
}

/**
 * The items a picker's list offers: the answers not excluded, then the current choice when the
 * answers lack it. The choice must stay among the items: the combobox writes the chosen item's
 * text into the box from its items, so a choice missing from them would show as a blank field.
 */
export function offeredItems<T>(found: readonly T[], picked: T | null | undefined, itemKey: (item: T) => string, exclude?: ReadonlySet<string>): T[] {
  const offered = found.filter((item) => !exclude?.has(itemKey(item)));
  if (picked && !offered.some((item) => itemKey(item) === itemKey(picked))) offered.push(picked);
  return offered;
}

/** Where a picker's search is: nothing to search, waiting for an answer, answered, or failed. */
export type PickerSearch<T> = { status: 'idle' } | { status: 'searching'; term: string } | { status: 'ready'; term: string; found: T[] } | { status: 'failed'; message: string };

/** The line the open list shows: how to start, that it searches, the failure, that nothing matches, or none. */
export function pickerMessage<T>(state: PickerSearch<T>, picked: T | null | undefined, noun: string, offeredCount: (found: readonly T[]) => number): string | null {
  switch (state.status) {
    case 'idle':
      return picked ? null : `Type to search ${noun}.`;
    case 'searching':
      return 'Searching...';
    case 'failed':
      return state.message;
    case 'ready':
      return offeredCount(state.found) === 0 ? `No ${noun} match “${state.term}”.` : null;
  }
}

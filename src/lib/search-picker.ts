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

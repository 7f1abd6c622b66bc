/**
 * The rules every server-paged list screen shares (member lists, reservations, issued books):
 * a new search or filter goes back to page 1; typing on in the search box refines the previous
 * history entry instead of adding one; and the empty list's sentence says why it is empty.
 */
import type { TableState } from './table-query';

/** A change of the list's state and whether it adds a history entry. */
export interface ListStep<F extends string> {
  change: (state: TableState<F>) => TableState<F>;
  mode: 'push' | 'replace';
}

/** The step of searching for `text` from `state`. */
export function searchStep<F extends string>(state: TableState<F>, text: string): ListStep<F> {
  return { change: (current) => ({ ...current, search: text, page: 1 }), mode: state.search && text ? 'replace' : 'push' };
}

/** The change that sets one filter. */
export function withFilter<F extends string>(name: F, value: string): (state: TableState<F>) => TableState<F> {
  return (current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 1 });
}

/** The sentences of an empty list: after a failed load, for a search (and a filter, unless it has its own), and for none at all. */
export interface EmptyTexts {
  failed: string;
  searched: string;
  filtered?: string;
  none: string;
}

/** Why the list is empty, in its own words. */
export function listEmptyText(texts: EmptyTexts, flags: { failed: boolean; searched: boolean; filtered: boolean }): string {
  if (flags.failed) return texts.failed;
  if (flags.searched) return texts.searched;
  if (flags.filtered) return texts.filtered ?? texts.searched;
  return texts.none;
}

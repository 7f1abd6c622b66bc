/**
 * The top bar search's flow: the term typed, asked after a pause (`TOP_SEARCH_LIMITS.debounceMs`),
 * the groups the user may read searched at once (titles by the book list's search, members by the
 * member search, copies by the exact barcode lookup and the copies list's search), only the newest
 * term's answers shown; a group whose call failed is left out, and all failing is one failure.
 * The rules are pure in lib/top-search.
 */
import { useEffect, useReducer, useRef } from 'react';
import { fetchBookPage } from '../../lib/api/books';
import { lookupCopy, searchCopies } from '../../lib/api/copy-lookup';
import { searchMembers } from '../../lib/api/members';
import { mayBeCopyCode } from '../../lib/scan-code';
import {
  TOP_SEARCH_LIMITS,
  emptyTopSearch,
  flatItems,
  groupOrder,
  groupResults,
  searchTerm,
  topSearchReducer,
  type TopSearchGroup,
} from '../../lib/top-search';
import type { TopSearchGroupId } from '../../lib/top-search-access';

const settled = <T,>(result: PromiseSettledResult<T>): T | undefined => (result.status === 'fulfilled' ? result.value : undefined);

/** Searches `term` in the groups allowed; throws only when every call failed. */
export async function runTopSearch(term: string, allowed: readonly TopSearchGroupId[]): Promise<TopSearchGroup[]> {
  const order = groupOrder(term, allowed);
  const limit = TOP_SEARCH_LIMITS.perGroup;
  const calls = [
    order.includes('titles') ? fetchBookPage({ search: term, page_size: limit }).then((page) => page.results) : null,
    order.includes('members') ? searchMembers(term, { limit }) : null,
    order.includes('copies') && mayBeCopyCode(term) ? lookupCopy(term) : null,
    order.includes('copies') ? searchCopies(term, limit) : null,
  ] as const;
  const [titles, members, exactCopy, copies] = await Promise.allSettled(calls);
  const asked = calls.filter((call) => call !== null).length;
  const failed = [titles, members, exactCopy, copies].filter((result) => result.status === 'rejected').length;
  if (asked > 0 && failed === asked) throw (titles.status === 'rejected' ? titles.reason : new Error('search failed'));
  return groupResults(order, {
    titles: settled(titles) ?? undefined,
    members: settled(members) ?? undefined,
    exactCopy: settled(exactCopy) ?? null,
    copies: settled(copies) ?? undefined,
  });
}

/** The search of one opening: its state, typing, the keyboard's moves and the highlighted result. */
export function useTopSearch(allowed: readonly TopSearchGroupId[]) {
  const [state, dispatch] = useReducer(topSearchReducer, emptyTopSearch);
  const tickets = useRef(0);

  useEffect(() => {
    const term = searchTerm(state.text);
    if (term === null) return;
    const timer = window.setTimeout(() => {
      const ticket = ++tickets.current;
      dispatch({ type: 'asked', ticket });
      runTopSearch(term, allowed).then(
        (groups) => dispatch({ type: 'answered', ticket, groups }),
        () => dispatch({ type: 'failed', ticket }),
      );
    }, TOP_SEARCH_LIMITS.debounceMs);
    return () => window.clearTimeout(timer);
    // The groups allowed are fixed for one opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.text]);

  const items = flatItems(state.groups);
  return {
    state,
    items,
    activeItem: state.active >= 0 ? (items[state.active] ?? null) : null,
    type: (text: string) => dispatch({ type: 'typed', text }),
    move: (key: string) => dispatch({ type: 'key', key }),
  };
}

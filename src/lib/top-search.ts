/**
 * The staff top bar's search, pure (who may search which group, and the key that opens it, are in
 * `top-search-access.ts`, which the top bar loads at once): when a term is searched (two characters,
 * after a pause), how the answers become groups of results (a copy found by its exact barcode or
 * accession number first; groups in the order the term suggests: a code puts copies first), the
 * keyboard's moves through them, and the search's state where only the newest term's answers count.
 * A title's copies on the shelf in words (the catalogue's cards say it too).
 */
import { pathFor } from '#shared/routes';
import { TOP_SEARCH_GROUPS, type TopSearchGroupId } from './top-search-access';
import { mayBeCopyCode, statusWords, type ScannedCopy } from './scan-code';

/** Shortest term searched, the pause after typing (ms), and the results per group. */
export const TOP_SEARCH_LIMITS = { minLength: 2, debounceMs: 250, perGroup: 5 } as const;

export const TOP_SEARCH_MESSAGES = {
  empty: 'Type at least 2 characters to find titles, members and copies.',
  loading: 'Searching…',
  none: (term: string): string => `Nothing found for “${term}”.`,
  failed: 'The search failed. Please try again.',
  noGroups: 'You may not search titles or members.',
} as const;

/** The search input's name from the groups searched: "Search titles, members and copies". */
export function searchLabel(groups: readonly TopSearchGroupId[]): string {
  const words = groups.map((id) => TOP_SEARCH_GROUPS[id].label.toLowerCase());
  return `Search ${words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '')}`.trim();
}

/** The term to search, or null while it is too short. */
export function searchTerm(raw: string): string | null {
  const term = raw.trim();
  return term.length >= TOP_SEARCH_LIMITS.minLength ? term : null;
}

/** The order the groups show in: a code (a copy-shaped term with a digit) puts copies first. */
export function groupOrder(term: string, allowed: readonly TopSearchGroupId[]): TopSearchGroupId[] {
  const order: TopSearchGroupId[] = mayBeCopyCode(term) && /\d/.test(term) ? ['copies', 'titles', 'members'] : ['titles', 'members', 'copies'];
  return order.filter((id) => allowed.includes(id));
}

/** One result: where Enter takes the user. */
export interface TopSearchItem {
  key: string;
  group: TopSearchGroupId;
  label: string;
  detail: string;
  href: string;
}

export interface TopSearchGroup {
  id: TopSearchGroupId;
  label: string;
  items: TopSearchItem[];
}

type Id = string | number;
type Count = string | number | null | undefined;
/** A title as the book list answers it. */
export interface TitleHit {
  id: Id;
  title: string;
  author?: string | null | undefined;
  isbn?: string | null | undefined;
  available_copies?: Count;
  total_copies?: Count;
}
/** A member as the member search answers it. */
export interface MemberHit {
  id: Id;
  username: string;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  member_id?: string | null | undefined;
  email?: string | null | undefined;
}

/** "2 of 3 copies available", "None of 3 copies available", "No copies" (a title's count in words). */
export function copiesAvailableWords(book: { available_copies?: Count; total_copies?: Count }): string {
  const total = Math.max(0, Number(book.total_copies ?? 0) || 0);
  const available = Math.min(total, Math.max(0, Number(book.available_copies ?? 0) || 0));
  if (total === 0) return 'No copies';
  const noun = total === 1 ? 'copy' : 'copies';
  return available === 0 ? `None of ${total} ${noun} available` : `${available} of ${total} ${noun} available`;
}

const sentenceCase = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);
const joined = (parts: readonly (string | null | undefined)[]): string => parts.filter((part) => part && part.trim()).join(' · ');

export const titleItem = (book: TitleHit): TopSearchItem => ({
  key: `title-${book.id}`,
  group: 'titles',
  label: book.title,
  detail: joined([book.author, book.isbn, copiesAvailableWords(book)]),
  href: pathFor('book-profile', { bookId: book.id }),
});

export const memberItem = (member: MemberHit): TopSearchItem => {
  const name = joined([member.first_name, member.last_name]).replace(' · ', ' ');
  return {
    key: `member-${member.id}`,
    group: 'members',
    label: name || member.username,
    detail: joined([member.member_id, name ? member.username : null, member.email]),
    href: pathFor('member-profile-view', { memberId: member.id }),
  };
};

/** A copy: its accession number and title; Enter opens its title's profile. */
export const copyItem = (copy: ScannedCopy): TopSearchItem => ({
  key: `copy-${copy.id}`,
  group: 'copies',
  label: `${copy.accession_no} · ${copy.book.title}`,
  detail: joined([copy.barcode && copy.barcode !== copy.accession_no ? `Barcode ${copy.barcode}` : null, sentenceCase(statusWords(copy))]),
  href: pathFor('book-profile', { bookId: copy.book.id }),
});

/** What the calls answered for one term (a group not asked, or whose call failed, is undefined). */
export interface TopSearchAnswers {
  titles?: readonly TitleHit[] | undefined;
  members?: readonly MemberHit[] | undefined;
  /** The copy whose barcode or accession number is the term exactly, if any. */
  exactCopy?: ScannedCopy | null | undefined;
  copies?: readonly ScannedCopy[] | undefined;
}

/** The exact copy first, then the copies search's, each copy once, at most `perGroup`. */
export function mergeCopies(exact: ScannedCopy | null | undefined, found: readonly ScannedCopy[] | undefined): ScannedCopy[] {
  const all = [...(exact ? [exact] : []), ...(found ?? [])];
  return all.filter((copy, index) => all.findIndex((other) => String(other.id) === String(copy.id)) === index).slice(0, TOP_SEARCH_LIMITS.perGroup);
}

/** The answers as groups in `order`, empty groups left out. */
export function groupResults(order: readonly TopSearchGroupId[], answers: TopSearchAnswers): TopSearchGroup[] {
  const items: Record<TopSearchGroupId, TopSearchItem[]> = {
    titles: (answers.titles ?? []).slice(0, TOP_SEARCH_LIMITS.perGroup).map(titleItem),
    members: (answers.members ?? []).slice(0, TOP_SEARCH_LIMITS.perGroup).map(memberItem),
    copies: mergeCopies(answers.exactCopy, answers.copies).map(copyItem),
  };
  return order.map((id) => ({ id, label: TOP_SEARCH_GROUPS[id].label, items: items[id] })).filter((group) => group.items.length > 0);
}

/** Every result in the order shown (the keyboard moves through this list). */
export const flatItems = (groups: readonly TopSearchGroup[]): TopSearchItem[] => groups.flatMap((group) => group.items);

/** The highlighted result after a key: arrows move and wrap, Home and End jump; -1 when there is none. */
export function moveActive(active: number, key: string, count: number): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? 0 : (active + 1) % count;
    case 'ArrowUp':
      return active < 0 ? count - 1 : (active - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return active;
  }
}

/** The search's state: the term typed, the newest term asked (`ticket`), its groups and the highlighted result. */
export interface TopSearchState {
  text: string;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  ticket: number;
  groups: TopSearchGroup[];
  active: number;
}

export type TopSearchAction =
  | { type: 'typed'; text: string }
  | { type: 'asked'; ticket: number }
  | { type: 'answered'; ticket: number; groups: TopSearchGroup[] }
  | { type: 'failed'; ticket: number }
  | { type: 'key'; key: string };

/** Nothing typed; calls are tagged from 1, so no answer matches its ticket 0. */
export const emptyTopSearch: TopSearchState = { text: '', status: 'idle', ticket: 0, groups: [], active: -1 };

/** The next state; an answer for any term but the newest asked changes nothing. */
export function topSearchReducer(state: TopSearchState, action: TopSearchAction): TopSearchState {
  switch (action.type) {
    case 'typed':
      // A term too short again drops the results and any answer still on its way (no call is tagged 0).
      return searchTerm(action.text) === null ? { ...emptyTopSearch, text: action.text } : { ...state, text: action.text };
    case 'asked':
      return { ...state, status: 'loading', ticket: action.ticket };
    case 'answered':
      if (action.ticket !== state.ticket) return state;
      return { ...state, status: 'ready', groups: action.groups, active: flatItems(action.groups).length > 0 ? 0 : -1 };
    case 'failed':
      return action.ticket === state.ticket ? { ...state, status: 'failed', groups: [], active: -1 } : state;
    case 'key':
      return { ...state, active: moveActive(state.active, action.key, flatItems(state.groups).length) };
  }
}

/** The line under the input: what to type, searching, nothing found, or the failure; null while results show. */
export function topSearchNote(state: TopSearchState): string | null {
  const term = searchTerm(state.text);
  if (term === null) return TOP_SEARCH_MESSAGES.empty;
  if (state.status === 'failed') return TOP_SEARCH_MESSAGES.failed;
  if (state.status === 'ready' && state.groups.length === 0) return TOP_SEARCH_MESSAGES.none(term);
  if (state.status === 'loading' && state.groups.length === 0) return TOP_SEARCH_MESSAGES.loading;
  return null;
}

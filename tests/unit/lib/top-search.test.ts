/** The top bar's search: groups by permission, the term, grouping of answers, keyboard moves, the shortcut and the newest-term rule. */
import { describe, expect, test } from 'vitest';
import { pathFor } from '#shared/routes';
import {
  TOP_SEARCH_MESSAGES,
  copiesAvailableWords,
  emptyTopSearch,
  flatItems,
  groupOrder,
  groupResults,
  mergeCopies,
  moveActive,
  searchLabel,
  searchTerm,
  topSearchNote,
  topSearchReducer,
  type TopSearchGroup,
} from '../../../src/lib/top-search';
import type { ScannedCopy } from '../../../src/lib/scan-code';
import { isSearchShortcut, searchGroupsFor } from '../../../src/lib/top-search-access';

const dune = { id: 12, title: 'Dune', author: 'Frank Herbert', isbn: '9780306406157', available_copies: 2, total_copies: 3 };
const ann = { id: 7, username: 'ann', first_name: 'Ann', last_name: 'Lee', member_id: 'MBR-0007', email: 'ann@example.org' };
const copy = (id: number, over: Partial<ScannedCopy> = {}): ScannedCopy => ({
  id,
  accession_no: `ACC-0000${id}`,
  barcode: `ACC-0000${id}`,
  status: 'AVAILABLE',
  book: { id: 12, title: 'Dune', author: null, isbn: null },
  loan: null,
  hold: null,
  ...over,
});

describe('who searches what', () => {
  test.each([
    ['a librarian with both', { role: 'STAFF', permissions: ['view_book', 'view_members'] }, ['titles', 'members', 'copies']],
    ['the catalogue only', { role: 'STAFF', permissions: ['view_book'] }, ['titles', 'copies']],
    ['members only', { role: 'STAFF', permissions: ['view_members'] }, ['members']],
    ['neither', { role: 'STAFF', permissions: [] }, []],
    ['the super user', { role: 'SUPER USER', permissions: [] }, ['titles', 'members', 'copies']],
  ])('%s', (_title, session, groups) => {
    expect(searchGroupsFor(session)).toEqual(groups);
  });
});

describe('the term and the order of groups', () => {
  test.each([
    [['titles', 'members', 'copies'], 'Search titles, members and copies'],
    [['titles', 'copies'], 'Search titles and copies'],
    [['members'], 'Search members'],
  ] as const)('%j is named %j', (groups, label) => {
    expect(searchLabel(groups)).toBe(label);
  });

  test.each([
    ['', null],
    [' a ', null],
    [' du ', 'du'],
  ])('%j searches %j', (raw, term) => {
    expect(searchTerm(raw)).toBe(term);
  });

  test('a code puts copies first; words put titles first; only allowed groups', () => {
    expect(groupOrder('ACC-00012', ['titles', 'members', 'copies'])).toEqual(['copies', 'titles', 'members']);
    expect(groupOrder('dune', ['titles', 'members', 'copies'])).toEqual(['titles', 'members', 'copies']);
    expect(groupOrder('ACC-00012', ['members'])).toEqual(['members']);
  });
});

describe('grouping the answers', () => {
  test('each group its items, with where Enter goes; empty groups left out', () => {
    const groups = groupResults(['copies', 'titles', 'members'], { titles: [dune], members: [ann], exactCopy: null, copies: [] });
    expect(groups.map((group) => group.label)).toEqual(['Titles', 'Members']);
    expect(groups[0]!.items[0]).toEqual({
      key: 'title-12',
      group: 'titles',
      label: 'Dune',
      detail: 'Frank Herbert · 9780306406157 · 2 of 3 copies available',
      href: pathFor('book-profile', { bookId: 12 }),
    });
    expect(groups[1]!.items[0]).toEqual({
      key: 'member-7',
      group: 'members',
      label: 'Ann Lee',
      detail: 'MBR-0007 · ann · ann@example.org',
      href: pathFor('member-profile-view', { memberId: 7 }),
    });
  });

  test('a copy opens its title’s profile and says its status', () => {
    const lent = copy(3, { status: 'ON_LOAN', barcode: 'X-3', loan: { id: 1, member: { id: 7, username: 'ann', full_name: 'Ann Lee', member_id: 'MBR-0007' }, issue_date: '2026-01-01', due_date: '2026-01-04', overdue: false } });
    const [group] = groupResults(['copies'], { exactCopy: lent });
    expect(group!.items[0]).toMatchObject({ label: 'ACC-00003 · Dune', detail: 'Barcode X-3 · On loan to Ann Lee (MBR-0007)', href: pathFor('book-profile', { bookId: 12 }) });
    expect(groupResults(['copies'], { copies: [copy(4)] })[0]!.items[0]!.detail).toBe('Available');
  });

  test('the exact copy comes first and once, at most five', () => {
    const merged = mergeCopies(copy(3), [copy(1), copy(3), copy(4), copy(5), copy(6), copy(7)]);
    expect(merged.map((c) => c.id)).toEqual([3, 1, 4, 5, 6]);
  });

  test.each([
    [{ available_copies: 2, total_copies: 3 }, '2 of 3 copies available'],
    [{ available_copies: 1, total_copies: 1 }, '1 of 1 copy available'],
    [{ available_copies: 0, total_copies: 3 }, 'None of 3 copies available'],
    [{ available_copies: 0, total_copies: 0 }, 'No copies'],
    [{ available_copies: '4', total_copies: '2' }, '2 of 2 copies available'],
  ])('%o reads %j', (book, words) => {
    expect(copiesAvailableWords(book)).toBe(words);
  });
});

describe('the keyboard', () => {
  test.each([
    [-1, 'ArrowDown', 3, 0],
    [0, 'ArrowDown', 3, 1],
    [2, 'ArrowDown', 3, 0],
    [0, 'ArrowUp', 3, 2],
    [-1, 'ArrowUp', 3, 2],
    [1, 'Home', 3, 0],
    [0, 'End', 3, 2],
    [1, 'x', 3, 1],
    [0, 'ArrowDown', 0, -1],
  ])('from %i, %s among %i goes to %i', (active, key, count, next) => {
    expect(moveActive(active, key, count)).toBe(next);
  });

  const press = (key: string, over: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...over });
  test.each([
    [press('/'), false, true],
    [press('/'), true, false],
    [press('k', { ctrlKey: true }), true, true],
    [press('K', { metaKey: true }), false, true],
    [press('k'), false, false],
    [press('k', { ctrlKey: true, altKey: true }), false, false],
  ])('%o while typing %s opens: %s', (event, typing, opens) => {
    expect(isSearchShortcut(event, typing)).toBe(opens);
  });
});

describe('the search state', () => {
  const groups: TopSearchGroup[] = groupResults(['titles', 'members'], { titles: [dune], members: [ann] });

  test('only the newest term’s answer counts, and the first result is highlighted', () => {
    let state = topSearchReducer(emptyTopSearch, { type: 'typed', text: 'du' });
    state = topSearchReducer(state, { type: 'asked', ticket: 1 });
    state = topSearchReducer(state, { type: 'typed', text: 'dun' });
    state = topSearchReducer(state, { type: 'asked', ticket: 2 });
    expect(topSearchReducer(state, { type: 'answered', ticket: 1, groups })).toBe(state);
    state = topSearchReducer(state, { type: 'answered', ticket: 2, groups });
    expect(state).toMatchObject({ status: 'ready', active: 0 });
    expect(flatItems(state.groups)).toHaveLength(2);
    expect(topSearchReducer(state, { type: 'key', key: 'ArrowDown' }).active).toBe(1);
  });

  test('notes: what to type, searching, nothing found, failure', () => {
    expect(topSearchNote(emptyTopSearch)).toBe(TOP_SEARCH_MESSAGES.empty);
    const asked = topSearchReducer(topSearchReducer(emptyTopSearch, { type: 'typed', text: 'zz' }), { type: 'asked', ticket: 1 });
    expect(topSearchNote(asked)).toBe(TOP_SEARCH_MESSAGES.loading);
    expect(topSearchNote(topSearchReducer(asked, { type: 'answered', ticket: 1, groups: [] }))).toBe(TOP_SEARCH_MESSAGES.none('zz'));
    expect(topSearchNote(topSearchReducer(asked, { type: 'failed', ticket: 1 }))).toBe(TOP_SEARCH_MESSAGES.failed);
    expect(topSearchNote(topSearchReducer(asked, { type: 'answered', ticket: 1, groups }))).toBeNull();
  });

  test('a term made too short again clears the results, and an answer still on its way is dropped', () => {
    const asked = topSearchReducer(topSearchReducer(emptyTopSearch, { type: 'typed', text: 'du' }), { type: 'asked', ticket: 1 });
    const answered = topSearchReducer(asked, { type: 'answered', ticket: 1, groups });
    expect(topSearchReducer(answered, { type: 'typed', text: 'd' })).toEqual({ ...emptyTopSearch, text: 'd' });
    const shortened = topSearchReducer(asked, { type: 'typed', text: '' });
    expect(topSearchReducer(shortened, { type: 'answered', ticket: 1, groups })).toBe(shortened);
  });
});

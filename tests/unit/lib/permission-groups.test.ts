import { describe, expect, test } from 'vitest';
import { OTHER_MODULE, groupPermissions, groupSelection, sameSelection, selectionPayload, toggleGroup, togglePermission } from '../../../src/lib/permission-groups';

const permissions = [
  { id: 1, codename: 'view_book', name: 'View books', module: 'Books' },
  { id: 2, codename: 'add_book', name: 'Add books', module: 'Books' },
  { id: 3, codename: 'view_members', name: 'View members', module: 'Members' },
  { id: 4, codename: 'delete_book', name: 'Delete books', module: 'Books' },
  { id: 5, codename: 'mystery', name: 'Mystery' },
];

describe('groupPermissions', () => {
  test('groups by module in first-seen order, keeping server order inside a group', () => {
    expect(groupPermissions(permissions).map((g) => [g.module, g.permissions.map((p) => p.codename)])).toEqual([
      ['Books', ['view_book', 'add_book', 'delete_book']],
      ['Members', ['view_members']],
      [OTHER_MODULE, ['mystery']],
    ]);
  });
  test('an empty list gives no groups', () => {
    expect(groupPermissions([])).toEqual([]);
  });
});

describe('group selection', () => {
  const books = groupPermissions(permissions)[0]!;
  test.each([
    [[], 'none'],
    [['1'], 'some'],
    [['1', '2', '4'], 'all'],
    [['3'], 'none'],
  ] as const)('with %j selected the Books group is %s', (ids, state) => {
    expect(groupSelection(books, new Set(ids))).toBe(state);
  });

  test.each([
    ['none selected: select all', [], ['1', '2', '4']],
    ['some selected (indeterminate): select all', ['2', '3'], ['1', '2', '3', '4']],
    ['all selected: clear the group only', ['1', '2', '3', '4'], ['3']],
  ] as const)('toggling the group with %s', (_title, before, after) => {
    expect([...toggleGroup(books, new Set(before))].sort()).toEqual([...after].sort());
  });

  test('togglePermission flips one id without touching the original set', () => {
    const before = new Set(['1']);
    expect([...togglePermission(2, before)].sort()).toEqual(['1', '2']);
    expect([...togglePermission(1, before)]).toEqual([]);
    expect([...before]).toEqual(['1']);
  });

  test('sameSelection compares contents, not order', () => {
    expect(sameSelection(new Set(['1', '2']), new Set(['2', '1']))).toBe(true);
    expect(sameSelection(new Set(['1']), new Set(['1', '2']))).toBe(false);
  });

  test('selectionPayload sends the server ids (numbers stay numbers) in server order', () => {
    expect(selectionPayload(new Set(['4', '1']), permissions)).toEqual([1, 4]);
  });
});

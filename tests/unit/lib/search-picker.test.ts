import { describe, expect, test } from 'vitest';
import { offeredItems, pickerMessage, type PickerSearch } from '../../../src/lib/search-picker';

type Item = { id: number; name: string };
const key = (item: Item): string => String(item.id);
const dune: Item = { id: 1, name: 'Dune' };
const emma: Item = { id: 2, name: 'Emma' };
const ulysses: Item = { id: 3, name: 'Ulysses' };

describe('the items a search picker offers', () => {
  test.each<[string, Item[], Item | null | undefined, string[], number[]]>([
    ['no answers and no choice offer nothing', [], null, [], []],
    ['the answers alone when nothing is chosen', [dune, emma], null, [], [1, 2]],
    ['the answers alone when the picker alone decides', [dune, emma], undefined, [], [1, 2]],
    ['a choice among the answers is offered once, where it was found', [dune, emma], emma, [], [1, 2]],
    ['a choice the answers lack stays offered, after them, so the box can still show it', [dune, emma], ulysses, [], [1, 2, 3]],
    ['a choice made before any search is the one item offered', [], ulysses, [], [3]],
    ['excluded answers are left out', [dune, emma], null, ['1'], [2]],
    ['the current choice stays even when excluded: the box shows what is chosen', [dune], emma, ['2'], [1, 2]],
  ])('%s', (_title, found, picked, excluded, offered) => {
    expect(offeredItems(found, picked, key, new Set(excluded)).map((item) => item.id)).toEqual(offered);
  });

  test('an exclusion list is optional', () => {
    expect(offeredItems([dune], emma, key)).toEqual([dune, emma]);
  });
});

describe('the line a picker’s open list shows', () => {
  const count = (found: readonly string[]) => found.length;
  test.each<[string, PickerSearch<string>, string | null, string | null]>([
    ['how to start when nothing is picked', { status: 'idle' } as const, null, 'Type to search members.'],
    ['nothing when idle with a pick', { status: 'idle' } as const, 'ann', null],
    ['that it searches', { status: 'searching', term: 'an' } as const, null, 'Searching...'],
    ['the failure', { status: 'failed', message: 'Network down' } as const, null, 'Network down'],
    ['that nothing matches', { status: 'ready', term: 'zed', found: [] as string[] }, null, 'No members match “zed”.'],
    ['nothing when something matches', { status: 'ready', term: 'an', found: ['ann'] }, null, null],
  ])('%s', (_title, state, picked, message) => {
    expect(pickerMessage<string>(state, picked, 'members', count)).toBe(message);
  });
});

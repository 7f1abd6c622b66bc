import { describe, expect, test } from 'vitest';
import { waitingActions } from '../../../src/lib/queue-actions';

describe('waitingActions', () => {
  test.each([
    ['the first in line with a copy on the shelf', 0, 1, 3, { fulfil: true, move: true }],
    ['the first in line with no copy on the shelf', 0, 0, 3, { fulfil: false, move: true }],
    ['the second in line', 1, 2, 3, { fulfil: false, move: true }],
    ['the only one waiting', 0, 1, 1, { fulfil: true, move: false }],
  ])('%s', (_, index, onShelf, waiting, shown) => {
    expect(waitingActions(index, onShelf, waiting)).toEqual(shown);
  });
});

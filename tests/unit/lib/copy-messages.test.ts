import { describe, expect, test } from 'vitest';
import { COPY_MESSAGES } from '#shared/copies';

describe('the refusal of a lowered total', () => {
  test.each([
    [1, 2, 'Only 1 copy is on the shelf; 2 are out, held or damaged. The total can go down by at most 1.'],
    [3, 1, 'Only 3 copies are on the shelf; 1 is out, held or damaged. The total can go down by at most 3.'],
    [0, 4, 'No copy is on the shelf; 4 are out, held or damaged. The total cannot go down now.'],
  ])('%i on the shelf, %i away', (onShelf, away, message) => {
    expect(COPY_MESSAGES.shelfTooShort(onShelf, away)).toBe(message);
  });
});

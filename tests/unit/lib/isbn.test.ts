import { describe, expect, test } from 'vitest';
import { ISBN_MESSAGE, isValidIsbn, normaliseIsbn } from '#shared/isbn';

describe('normaliseIsbn', () => {
  test.each([
    ['0441172717', '0441172717'],
    ['0-441-17271-7', '0441172717'],
    ['0 441 17271 7', '0441172717'],
    ['080442957X', '080442957X'],
    ['0-8044-2957-x', '080442957X'],
    ['9780441172719', '9780441172719'],
    ['978-0-441-17271-9', '9780441172719'],
    ['  978-0-441-17271-9  ', '9780441172719'],
  ])('accepts %j as %j', (raw, normalised) => {
    expect(normaliseIsbn(raw)).toBe(normalised);
  });

  test.each([
    ['0441172718', 'wrong ISBN-10 check digit'],
    ['9780441172710', 'wrong ISBN-13 check digit'],
    ['978044117271X', 'X in an ISBN-13'],
    ['X441172717', 'X before the last place'],
    ['12345', 'too short'],
    ['97804411727190', 'too long'],
    ['-0441172717', 'leading hyphen'],
    ['0441172717-', 'trailing hyphen'],
    ['0--441172717', 'doubled hyphen'],
    ['0441 17271a7', 'a letter'],
    ['', 'empty'],
  ])('refuses %j (%s)', (raw) => {
    expect(normaliseIsbn(raw)).toBeUndefined();
    expect(isValidIsbn(raw)).toBe(false);
  });

  test('uses the server message', () => {
    expect(ISBN_MESSAGE).toBe('Enter a valid ISBN-10 or ISBN-13.');
  });
});

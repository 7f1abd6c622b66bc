import { describe, expect, it } from 'vitest';
import { isbnCheckDigit, isValidIsbn, normaliseIsbn } from '#shared/isbn';

describe('ISBN normaliser and checksum', () => {
  it.each([
    ['0306406152', '0306406152'],
    ['0-306-40615-2', '0306406152'],
    ['0 306 40615 2', '0306406152'],
    ['080442957X', '080442957X'],
    ['0-8044-2957-x', '080442957X'],
    ['9780306406157', '9780306406157'],
    ['978-0-306-40615-7', '9780306406157'],
    ['978 0 306 40615 7', '9780306406157'],
    [' 9781861972712 ', '9781861972712'],
  ])('accepts %s as %s', (raw, normalised) => {
    expect(normaliseIsbn(raw)).toBe(normalised);
  });

  it.each([
    ['0306406153', 'ISBN-10 with a wrong check digit'],
    ['9780306406158', 'ISBN-13 with a wrong check digit'],
    ['X306406152', 'X not in the last place'],
    ['97803064061X7', 'X inside an ISBN-13'],
    ['978030640615X', 'X as ISBN-13 check digit'],
    ['030640615', '9 digits'],
    ['97803064061577', '14 digits'],
    ['-0306406152', 'a leading hyphen'],
    ['0306--406152', 'a doubled hyphen'],
    ['ISBN 0306406152', 'a prefix'],
    ['', 'empty'],
  ])('refuses %s (%s)', (raw) => {
    expect(isValidIsbn(raw)).toBe(false);
  });

  it('computes check digits that validate', () => {
    expect(isbnCheckDigit('030640615')).toBe('2');
    expect(isbnCheckDigit('080442957')).toBe('X');
    expect(isbnCheckDigit('978030640615')).toBe('7');
    for (let i = 0; i < 50; i++) {
      const body = `978${String(100000000 + i * 7919).padStart(9, '0')}`;
      expect(isValidIsbn(body + isbnCheckDigit(body))).toBe(true);
    }
  });
});

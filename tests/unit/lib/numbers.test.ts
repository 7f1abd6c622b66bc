import { describe, expect, test } from 'vitest';
import { formatCount } from '#shared/numbers';

describe('numbers for people', () => {
  test.each([
    [0, 3, '0'],
    [7, 3, '7'],
    [999, 3, '999'],
    [1000, 3, '1,000'],
    [1234567, 3, '1,234,567'],
    [-1234567, 3, '-1,234,567'],
    [1234.5678, 3, '1,234.568'],
    [1234.5, 2, '1,234.5'],
    [1.005, 2, '1.01'],
    [2.5, 0, '3'],
    [-2.5, 0, '-3'],
    [999.9996, 3, '1,000'],
    [0.0001, 3, '0'],
    [-0.0001, 3, '0'],
    [-0, 3, '0'],
    [1e21, 0, '1,000,000,000,000,000,000,000'],
    [123456789.125, 2, '123,456,789.13'],
  ])('%o with at most %o decimals is %o', (value, digits, text) => {
    expect(formatCount(value, digits)).toBe(text);
  });

  test('not-finite values come back as they are', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  test('reads the same as en-US Intl for counts, amounts and decimals', () => {
    // Intl is the reference the site used before (it writes a negative that rounds to nothing as
    // "-0"; we write "0"); the site no longer creates it at start-up.
    const intl = [0, 2, 3].map((digits) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }));
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 5000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12);
      const value = (next() - 0.3) * magnitude;
      const rounded = i % 3 === 0 ? Math.round(value) : i % 3 === 1 ? Math.round(value * 100) / 100 : value;
      [0, 2, 3].forEach((digits, k) => expect(formatCount(rounded, digits), `${rounded} / ${digits}`).toBe(intl[k]!.format(rounded).replace(/^-0$/, '0')));
    }
  });
});

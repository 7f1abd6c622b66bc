/**
 * Amounts and whole numbers a person types: one parser and one message per rule, in
 * `#shared/money` and `#shared/numbers`, used by the site's forms and the server's schemas. A guard
 * reads the site and server sources so that no other wording of "not an amount" or "not a whole
 * number" comes back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { AMOUNT_MESSAGES, amountProblem } from '#shared/money';
import { BOUND_MESSAGES, readWholeNumber, WHOLE_NUMBER_MESSAGES, wholeNumberProblem } from '#shared/numbers';

describe('an amount of 0 or more typed in a form', () => {
  test.each([
    ['10', null],
    ['10.5', null],
    ['10.50', null],
    [' 0 ', null],
    ['0.01', null],
    ['10.005', AMOUNT_MESSAGES.decimals],
    ['1.000', AMOUNT_MESSAGES.decimals],
    ['ten', AMOUNT_MESSAGES.invalid],
    ['-1', AMOUNT_MESSAGES.invalid],
    ['-0.5', AMOUNT_MESSAGES.invalid],
    ['.5', AMOUNT_MESSAGES.invalid],
    ['10.', AMOUNT_MESSAGES.invalid],
    ['1e3', AMOUNT_MESSAGES.invalid],
    ['1,250', AMOUNT_MESSAGES.invalid],
    ['', AMOUNT_MESSAGES.invalid],
  ])('%o → %o', (text, message) => {
    expect(amountProblem(text)).toBe(message);
  });

  test.each([
    ['1,250', null],
    ['1,250.505', AMOUNT_MESSAGES.decimals],
    ['-1,250', AMOUNT_MESSAGES.invalid],
  ])('with thousands commas allowed, %o → %o', (text, message) => {
    expect(amountProblem(text, { grouped: true })).toBe(message);
  });

  test('the words: one for "not an amount", DRF\'s for too many decimals, the ledger\'s for a negative one, a charge\'s for nothing', () => {
    expect(AMOUNT_MESSAGES).toEqual({
      invalid: 'Enter an amount of 0 or more, with at most 2 decimals.',
      decimals: 'Ensure that there are no more than 2 decimal places.',
      negative: 'Cannot be negative',
      positive: 'Enter an amount greater than 0.',
    });
  });
});

describe('a whole number typed in a form', () => {
  test.each([
    ['0', 0],
    [' 42 ', 42],
    ['007', 7],
    ['2.5', null],
    ['-1', null],
    ['1e3', null],
    ['ten', null],
    ['', null],
    ['99999999999999999999', null],
  ])('%o reads %o', (text, value) => {
    expect(readWholeNumber(text)).toBe(value);
  });

  test.each([
    ['5', undefined],
    ['', undefined],
    ['2.5', 'Loan period must be a whole number.'],
    ['two', 'Loan period must be a whole number.'],
    ['-3', 'Loan period must be a whole number.'],
    ['0', 'Loan period must be at least 1.'],
    ['3651', 'Loan period must be at most 3,650.'],
  ])('a labelled field from 1 to 3,650: %o → %o', (text, message) => {
    expect(wholeNumberProblem(text, 'Loan period', { min: 1, max: 3650 })).toBe(message);
  });

  test.each([
    [1, 30, 'Enter a whole number from 1 to 30.'],
    [0, 20, 'Enter a whole number from 0 to 20.'],
    [1, 100_000, 'Enter a whole number from 1 to 100,000.'],
    [1, 2_147_483_647, 'Enter a whole number from 1 to 2,147,483,647.'],
  ])('a range %o to %o reads %o', (min, max, message) => {
    expect(WHOLE_NUMBER_MESSAGES.range(min, max)).toBe(message);
  });

  test("the API's word for a body field that is not a whole number is DRF's", () => {
    expect(WHOLE_NUMBER_MESSAGES.invalid).toBe('A valid integer is required.');
  });

  test.each([
    [BOUND_MESSAGES.atLeast(0), 'Ensure this value is greater than or equal to 0.'],
    [BOUND_MESSAGES.atLeast(1), 'Ensure this value is greater than or equal to 1.'],
    [BOUND_MESSAGES.atMost(100000), 'Ensure this value is less than or equal to 100000.'],
  ])("the API's words for a number out of its bounds are DRF's: %s", (message, expected) => {
    expect(message).toBe(expected);
  });
});

const root = new URL('../../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one wording per rule', () => {
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'server/src'))].filter((file) => !/src\/shared\/(money|numbers)\.ts$/.test(file));

  test.each([
    ['not an amount', /['"`](A valid number is required\.|Enter an amount[^'"`]*)['"`]/],
    ['not a whole number', /['"`](A valid integer is required\.|[^'"`]*must be a whole number\.|Enter a whole number from[^'"`]*)['"`]/],
    ['too many decimals', /['"`]Ensure that there are no more than 2 decimal places\.['"`]/],
    ['a negative amount', /['"`]Cannot be negative['"`]/],
    ['a number out of its bounds', /['"`]Ensure this value is (greater|less) than or equal to/],
  ])('%s is written only in #shared/money or #shared/numbers', (_rule, wording) => {
    const offenders = files.filter((file) => wording.test(readFileSync(file, 'utf8'))).map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});

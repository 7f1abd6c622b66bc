import { describe, expect, test } from 'vitest';
import { AMOUNT_MESSAGES, formatAmount, formatMoney, readAmount, toDecimalString, toMinorUnits } from '#shared/money';

describe('money in minor units', () => {
  test.each([
    ['0', 0],
    ['0.1', 10],
    ['0.10', 10],
    ['12', 1200],
    ['12.5', 1250],
    ['1,250.00', 125000],
    [' 7.05 ', 705],
    ['-2.50', -250],
    ['-0', 0],
    [12.5, 1250],
    [0.1 + 0.2, 30],
    ['12.345', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    ['.5', null],
    [Number.NaN, null],
    [null, null],
  ])('%o is %o minor units', (value, minor) => {
    expect(toMinorUnits(value)).toBe(minor);
  });

  test('adding parsed amounts has no floating-point drift', () => {
    expect(toDecimalString(toMinorUnits('0.1')! + toMinorUnits('0.2')!)).toBe('0.30');
  });

  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [125000, '1250.00'],
    [-250, '-2.50'],
  ])('%o minor units travel as %o', (minor, text) => {
    expect(toDecimalString(minor)).toBe(text);
    expect(toMinorUnits(text)).toBe(minor);
  });

  test.each([
    [0, 'Rs. 0.00'],
    [125000, 'Rs. 1,250.00'],
    [123456789, 'Rs. 1,234,567.89'],
    [-250, '-Rs. 2.50'],
  ])('%o minor units read %o', (minor, text) => {
    expect(formatMoney(minor)).toBe(text);
  });

  test.each([
    ['0.00', 'Rs. 0.00'],
    ['1250.5', 'Rs. 1,250.50'],
    [99, 'Rs. 99.00'],
    ['n/a', 'n/a'],
    [null, null],
    ['', null],
  ])('a wire amount %o reads %o', (value, text) => {
    expect(formatAmount(value)).toBe(text);
  });
});

describe('an amount a person entered', () => {
  test.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10.50', 1050],
    [' 1,250.00 ', 125000],
    ['-2.50', -250],
    [12.5, 1250],
    [0, 0],
  ])('%o is read as %o minor units', (value, minor) => {
    expect(readAmount(value)).toEqual({ ok: true, minor });
  });

  test.each([
    ['10.005', AMOUNT_MESSAGES.decimals],
    [10.005, AMOUNT_MESSAGES.decimals],
    ['10.000', AMOUNT_MESSAGES.decimals],
    ['-0.001', AMOUNT_MESSAGES.decimals],
    [0.1 + 0.2, AMOUNT_MESSAGES.decimals],
    ['abc', AMOUNT_MESSAGES.invalid],
    ['', AMOUNT_MESSAGES.invalid],
    ['.5', AMOUNT_MESSAGES.invalid],
    ['1e3', AMOUNT_MESSAGES.invalid],
    [1e21, AMOUNT_MESSAGES.invalid],
    [Number.NaN, AMOUNT_MESSAGES.invalid],
    ['99999999999999999', AMOUNT_MESSAGES.invalid],
  ])('%o is refused: %s', (value, message) => {
    expect(readAmount(value)).toEqual({ ok: false, message });
  });
});

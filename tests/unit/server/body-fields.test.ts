/**
 * Every body is read one way: a shape of superstruct field structs read by `readFields` (or one
 * struct by `parseBody`). These tables hold what each field struct accepts and refuses, with the
 * contract's wording, and that hostile values (arrays, objects, prototype names, control
 * characters, huge lists) come back as field messages, never as a thrown TypeError.
 */
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../../server/src/errors.js';
import { formChoice, formFlag, formId, formInteger, formMoney, formOptionalText, formSecret, formText, givenChoice, givenDate, givenId, givenMoney, givenText, required } from '../../../server/src/http/fields.js';
import { bodyObject, parseBody, readFields } from '../../../server/src/http/validation.js';
import { type } from 'superstruct';

/** Reads one value with one struct: the value, or the field's message. */
function read(struct: Parameters<typeof readFields>[0][string], raw: unknown): { value?: unknown; error?: string } {
  const { values, errors } = readFields({ field: struct }, raw === undefined ? {} : { field: raw });
  const messages = errors.toObject()['field'];
  return messages ? { error: messages[0] } : { value: values.field };
}

describe('form field structs (multipart strings or JSON values)', () => {
  test.each([
    ['text trims', formText(), '  Dune ', { value: 'Dune' }],
    ['text reads a number as written', formText(), 42, { value: '42' }],
    ['text refuses blank', formText(), '   ', { error: 'This field may not be blank.' }],
    ['text reads null as blank', formText(), null, { error: 'This field may not be blank.' }],
    ['text refuses an object', formText(), { a: 1 }, { error: 'Not a valid string.' }],
    ['text refuses an array', formText(), ['a', 'b'], { error: 'Not a valid string.' }],
    ['text refuses more than max', formText({ max: 3 }), 'abcd', { error: 'Ensure this field has no more than 3 characters.' }],
    ['one-line text refuses a newline', formText(), 'a\nb', { error: expect.stringMatching(/./) }],
    ['multi-line text keeps a newline', formText({ lines: 'multi' }), 'a\nb', { value: 'a\nb' }],
    ['optional text reads blank as null', formOptionalText(), ' ', { value: null }],
    ['absent stays absent', formText(), undefined, { value: undefined }],
    ['choice', formChoice(['LIGHT', 'DARK'] as const), 'DARK', { value: 'DARK' }],
    ['choice refuses others', formChoice(['LIGHT', 'DARK'] as const), 'pink', { error: '"pink" is not a valid choice.' }],
    ['integer', formInteger(1, 10), ' 7 ', { value: 7 }],
    ['integer refuses a fraction', formInteger(1, 10), '7.5', { error: 'A valid integer is required.' }],
    ['integer refuses huge digits', formInteger(1, 10), '9'.repeat(40), { error: 'A valid integer is required.' }],
    ['money in minor units', formMoney(100), '12.50', { value: 1250 }],
    ['money refuses three decimals', formMoney(100), '1.005', { error: expect.stringMatching(/decimal/) }],
    ['flag', formFlag(), 'on', { value: true }],
    ['flag reads no as false', formFlag(), 'off', { value: false }],
    ['flag refuses a word that is not yes or no', formFlag(), 'maybe', { error: 'Must be a valid boolean.' }],
    ['text refuses a JSON boolean', formText(), true, { error: 'Not a valid string.' }],
    ['id', formId(), '12', { value: 12 }],
    ['id reads blank as null', formId(), '', { value: null }],
    ['id refuses words', formId(), 'twelve', { error: 'Incorrect type. Expected pk value, received str.' }],
    ['secret is not trimmed', formSecret(), ' pass ', { value: ' pass ' }],
    ['secret reads blank as absent', formSecret(), '', { value: undefined }],
  ])('%s', (_title, struct, raw, expected) => {
    expect(read(struct, raw)).toEqual(expected);
  });
});

describe('desk field structs (JSON, null and blank read as absent)', () => {
  test.each([
    ['id from digits', givenId(), '5', { value: 5 }],
    ['id beyond the id column', givenId(), 2_147_483_648, { error: 'Invalid pk "2147483648" - object does not exist.' }],
    ['id refuses a list', givenId(), [1], { error: 'A valid integer is required.' }],
    ['null id is absent', givenId(), null, { value: undefined }],
    ['required id', required(givenId()), null, { error: 'This field is required.' }],
    ['date', givenDate(), '2026-02-28', { value: '2026-02-28' }],
    ['impossible date', givenDate(), '2026-02-30', { error: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.' }],
    ['money from a number', givenMoney(), 12.5, { value: 1250 }],
    ['money refuses an object', givenMoney(), { amount: 1 }, { error: expect.any(String) }],
    ['text turns control characters into spaces', givenText(20), 'a\u0007b', { value: 'a b' }],
    ['text refuses a number', givenText(20), 5, { error: 'Not a valid string.' }],
    ['choice in any case', givenChoice(['LOST', 'RETURNED'] as const), 'lost', { value: 'LOST' }],
  ])('%s', (_title, struct, raw, expected) => {
    expect(read(struct, raw)).toEqual(expected);
  });
});

describe('reading a body', () => {
  test('every invalid field is reported at once, the valid ones are read', () => {
    const { values, errors } = readFields({ title: required(formText()), copies: formInteger(1, 5), price: formMoney(10) }, { copies: '9', price: '2.5' });
    expect(values).toEqual({ title: undefined, copies: undefined, price: 250 });
    expect(errors.toObject()).toEqual({ title: ['This field is required.'], copies: ['Ensure this value is less than or equal to 5.'] });
  });

  test('a field hidden in a sent __proto__ is not read', () => {
    const { values, errors } = readFields({ title: required(formText()) }, JSON.parse('{"__proto__": {"title": "Dune"}, "constructor": "x"}'));
    expect(values).toEqual({ title: undefined });
    expect(errors.toObject()).toEqual({ title: ['This field is required.'] });
  });

  test('a body that is not an object is refused with the call\'s own words', () => {
    expect(() => bodyObject([1, 2], 'Invalid data format.')).toThrow(ValidationError);
    expect(() => parseBody(type({}), 'text')).toThrow(ValidationError);
    expect(bodyObject(undefined)).toEqual({});
  });
});

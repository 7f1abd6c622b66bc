/**
 * Field errors are keyed by field names that can come from the caller (a CSV header, a form field):
 * a name such as `constructor` or `__proto__` is an ordinary key, never the object's own machinery.
 */
import { describe, expect, test } from 'vitest';
import { FieldErrorList, ValidationError } from '../../../server/src/errors.js';

describe('a list of field errors', () => {
  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])('takes a field named %s like any other', (name) => {
    const errors = new FieldErrorList();
    expect(errors.has(name)).toBe(false);
    errors.add(name, 'This field is required.');
    errors.add(name, 'Ensure this field has no more than 5 characters.');
    expect(errors.has(name)).toBe(true);
    expect(errors.empty).toBe(false);
    expect(errors.toObject()[name]).toEqual(['This field is required.', 'Ensure this field has no more than 5 characters.']);
    expect(() => errors.throwIfAny()).toThrow(ValidationError);
  });

  test('is empty until a message is added, and its copy is not the list itself', () => {
    const errors = new FieldErrorList();
    expect(errors.empty).toBe(true);
    expect(() => errors.throwIfAny()).not.toThrow();
    errors.add('title', 'This field is required.');
    const copy = errors.toObject();
    copy.title!.push('changed');
    expect(errors.toObject()).toEqual({ title: ['This field is required.'] });
  });
});

import { describe, expect, test } from 'vitest';
import {
  hasErrors,
  isEmailShape,
  validatePasswordPair,
  validateRegistration,
  type RegistrationValues,
} from '../../../src/lib/account-forms';

const valid: RegistrationValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'analytical',
  password2: 'analytical',
  department: '',
  session: '',
};

describe('validateRegistration', () => {
  test('accepts a complete form without department or session', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  test.each([
    ['first name', { first_name: ' ' }, { first_name: 'Enter your first name.' }],
    ['last name', { last_name: '' }, { last_name: 'Enter your last name.' }],
    ['username', { username: '' }, { username: 'Choose a username.' }],
    ['e-mail', { email: '' }, { email: 'Enter your e-mail address.' }],
    ['password and its confirmation', { password: '', password2: '' }, { password: 'Choose a password.', password2: 'Enter the password again.' }],
  ])('requires the %s', (_, change, expected) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual(expected);
  });

  test.each([
    ['an e-mail without a domain', { email: 'ada@' }, { email: 'Enter an e-mail address like name@example.com.' }],
    ['a username with spaces', { username: 'ada l' }, { username: 'A username cannot contain spaces.' }],
    ['a password under 8 characters', { password: 'short', password2: 'short' }, { password: 'Use at least 8 characters.' }],
    ['passwords that differ', { password2: 'analytica1' }, { password2: 'The passwords do not match.' }],
  ])('refuses %s', (_, change, expected) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual(expected);
  });
});

describe('validatePasswordPair', () => {
  test.each([
    ['a long enough matching pair', 'abcdefgh', 'abcdefgh', {}],
    ['a seven-character password', 'abcdefg', 'abcdefg', { password: 'Use at least 8 characters.' }],
    ['a missing confirmation', 'abcdefgh', '', { confirmation: 'Enter the password again.' }],
    ['a different confirmation', 'abcdefgh', 'abcdefgx', { confirmation: 'The passwords do not match.' }],
  ])('judges %s', (_, password, confirmation, expected) => {
    expect(validatePasswordPair(password, confirmation)).toEqual(expected);
  });
});

describe('isEmailShape and hasErrors', () => {
  test.each([
    ['name@example.com', true],
    [' name@example.com ', true],
    ['name@example', false],
    ['name example@x.com', false],
    ['@example.com', false],
  ])('says %s looks like an e-mail: %s', (value, expected) => {
    expect(isEmailShape(value)).toBe(expected);
  });

  test('says whether an error record holds an error', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ email: undefined })).toBe(false);
    expect(hasErrors({ email: 'Bad.' })).toBe(true);
  });
});

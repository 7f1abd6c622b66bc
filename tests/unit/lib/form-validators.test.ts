import { describe, expect, test } from 'vitest';
import {
  validateRoleName,
  FORM_MESSAGES,
  hasFieldErrors,
  isEmailShape,
  validateManager,
  validatePasswordChange,
  validatePasswordPair,
  validateRegistration,
  validateStaffDetails,
  type RegistrationValues,
} from '../../../src/lib/forms';
import { MIN_PASSWORD_LENGTH } from '#shared/password-rules';
import { passwordProblems } from '../../../server/src/modules/accounts/passwords';

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
    ['username', { username: '' }, { username: 'Enter a username.' }],
    ['e-mail', { email: '' }, { email: 'Enter an e-mail address.' }],
    ['password and its confirmation', { password: '', password2: '' }, { password: 'Choose a password.', password2: 'Enter the password again.' }],
  ])('requires the %s', (_, change, expected) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual(expected);
  });

  test.each([
    ['an e-mail without a domain', { email: 'ada@' }, { email: 'Enter an e-mail address like name@example.com.' }],
    ['a username with spaces', { username: 'ada l' }, { username: 'A username cannot contain spaces.' }],
    ['a password under 8 characters', { password: 'short', password2: 'short' }, { password: 'Use at least 8 characters.' }],
    ['passwords that differ', { password2: 'analytica1' }, { password2: 'Passwords do not match.' }],
  ])('refuses %s', (_, change, expected) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual(expected);
  });
});

describe('validateRoleName', () => {
  test.each([
    ['', 'Role name is required.'],
    ['   ', 'Role name is required.'],
    ['Librarian', undefined],
  ])('%o', (name, message) => {
    expect(validateRoleName({ name }).name).toBe(message);
  });
});

describe('validatePasswordPair', () => {
  test.each([
    ['a long enough matching pair', 'abcdefgh', 'abcdefgh', {}],
    ['a seven-character password', 'abcdefg', 'abcdefg', { password: 'Use at least 8 characters.' }],
    ['a missing confirmation', 'abcdefgh', '', { confirmation: 'Enter the password again.' }],
    ['a different confirmation', 'abcdefgh', 'abcdefgx', { confirmation: 'Passwords do not match.' }],
  ])('judges %s', (_, password, confirmation, expected) => {
    expect(validatePasswordPair(password, confirmation)).toEqual(expected);
  });
});

describe('isEmailShape and hasFieldErrors', () => {
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
    expect(hasFieldErrors({})).toBe(false);
    expect(hasFieldErrors({ email: undefined })).toBe(false);
    expect(hasFieldErrors({ email: 'Bad.' })).toBe(true);
  });
});

describe('one wording per message, one password rule', () => {
  test('every form says "Passwords do not match." the same way', () => {
    const differ = FORM_MESSAGES.passwordsDiffer;
    expect(validateRegistration({ ...valid, password2: 'analytica1' }).password2).toBe(differ);
    expect(validateManager({ username: 'desk', email: 'd@example.com', password: 'abcdefgh', password2: 'abcdefgx' }).password2).toBe(differ);
    expect(validatePasswordChange({ old_password: 'x', new_password: 'abcdefgh', confirm_password: 'abcdefgx' }).confirm_password).toBe(differ);
  });

  test('every form checks the e-mail and username the same way', () => {
    expect(validateStaffDetails({ username: '', email: 'nope' })).toEqual({ username: 'Enter a username.', email: 'Enter an e-mail address like name@example.com.' });
    expect(validateManager({ username: 'a b', email: '', password: 'abcdefgh', password2: 'abcdefgh' })).toEqual({ username: 'A username cannot contain spaces.', email: 'Enter an e-mail address.' });
  });

  test('the site and the server share the password minimum', () => {
    const justShort = 'x7Qp!'.padEnd(MIN_PASSWORD_LENGTH - 1, 'z');
    const justLong = 'x7Qp!'.padEnd(MIN_PASSWORD_LENGTH, 'z');
    expect(validatePasswordPair(justShort, justShort).password).toBe(FORM_MESSAGES.passwordTooShort);
    expect(passwordProblems(justShort, {}).some((p) => p.includes('too short'))).toBe(true);
    expect(validatePasswordPair(justLong, justLong)).toEqual({});
    expect(passwordProblems(justLong, {}).some((p) => p.includes('too short'))).toBe(false);
  });
});

import { describe, expect, test } from 'vitest';
import {
  FORM_MESSAGES,
  failedSubmission,
  formReducer,
  formState,
  summaryOr,
  validateAccountName,
  validatePasswordReset,
  validateSignIn,
  type FormState,
} from '../../../src/lib/forms';

type Values = { username: string; password: string };
type State = FormState<Values, 'username' | 'password' | 'photo'>;

const typed: State = {
  values: { username: 'ada', password: 'secret' },
  errors: { username: 'Taken.', password: 'Too short.' },
  summary: 'Check the highlighted fields.',
  saving: false,
};

describe('formReducer', () => {
  test('a change keeps the other values and clears only that field’s error', () => {
    const next = formReducer(typed, { type: 'change', field: 'username', value: 'grace' });
    expect(next.values).toEqual({ username: 'grace', password: 'secret' });
    expect(next.errors).toEqual({ username: undefined, password: 'Too short.' });
    expect(next.summary).toBe(typed.summary);
  });

  test('a change before the values loaded is ignored', () => {
    const loading = formState<Values, 'username'>(null);
    expect(formReducer(loading, { type: 'change', field: 'username', value: 'x' })).toBe(loading);
  });

  test('sending clears the errors and the summary and sets the saving flag', () => {
    expect(formReducer(typed, { type: 'sending' })).toEqual({ ...typed, errors: {}, summary: null, saving: true });
  });

  test('a failed save shows its errors and summary and keeps what was typed', () => {
    const sending = formReducer(typed, { type: 'sending' });
    const failed = formReducer(sending, { type: 'failed', errors: { password: 'Wrong.' }, summary: 'Login failed.' });
    expect(failed).toEqual({ values: typed.values, errors: { password: 'Wrong.' }, summary: 'Login failed.', saving: false });
  });

  test('failing the client checks replaces the errors and clears the summary', () => {
    expect(formReducer(typed, { type: 'invalid', errors: { username: 'Enter a username.' } })).toEqual({
      ...typed,
      errors: { username: 'Enter a username.' },
      summary: null,
    });
  });

  test('reset puts in new values with no errors, no summary and not saving', () => {
    const saving = { ...typed, saving: true };
    expect(formReducer(saving, { type: 'reset', values: { username: 'b', password: '' } })).toEqual(
      formState({ username: 'b', password: '' }),
    );
  });

  test('an error set on a field that is not a value (a file) shows, and clears again', () => {
    const shown = formReducer(typed, { type: 'set-error', field: 'photo', message: 'Choose an image.' });
    expect(shown.errors.photo).toBe('Choose an image.');
    expect(formReducer(shown, { type: 'set-error', field: 'photo', message: undefined }).errors.photo).toBeUndefined();
  });

  test('done ends saving and changes nothing else', () => {
    expect(formReducer({ ...typed, saving: true }, { type: 'done' })).toEqual(typed);
  });
});

describe('failedSubmission', () => {
  test.each<{ name: string; server: Record<string, string>; expected: unknown }>([
    {
      name: 'shows the form’s own fields under them and tells the summary so',
      server: { username: 'Taken.', detail: 'ignored', avatar: 'Not a field here.' },
      expected: { errors: { username: 'Taken.' }, summary: 'shown' },
    },
    { name: 'tells the summary when no field error shows', server: { other: 'x' }, expected: { errors: {}, summary: 'none shown' } },
  ])('$name', ({ server, expected }) => {
    const result = failedSubmission(server, ['username', 'password'], (shown) => (shown ? 'shown' : 'none shown'));
    expect(result).toEqual(expected);
  });

  test.each<{ name: string; server: Record<string, string>; expected: unknown }>([
    { name: 'shows the summary under the named field of a one-field form', server: {}, expected: { errors: { name: 'Error Adding Category' }, summary: null } },
    { name: 'keeps the server’s own error of that field', server: { name: 'Exists.' }, expected: { errors: { name: 'Exists.' }, summary: null } },
  ])('$name', ({ server, expected }) => {
    expect(failedSubmission(server, ['name'], () => 'Error Adding Category', 'name')).toEqual(expected);
  });

  test('an empty summary shows none', () => {
    expect(failedSubmission({}, ['username'], () => '').summary).toBeNull();
  });
});

describe('summaryOr', () => {
  test.each([
    { message: 'Server says no.', shown: true, expected: 'Server says no.' },
    { message: '', shown: true, expected: FORM_MESSAGES.checkFields },
    { message: '', shown: false, expected: 'Could not save.' },
  ])('"$message" with field errors shown=$shown reads "$expected"', ({ message, shown, expected }) => {
    expect(summaryOr(message, shown, 'Could not save.')).toBe(expected);
  });
});

describe('sign-in page validators', () => {
  test.each([
    { values: { username: ' ', password: '' }, expected: { username: FORM_MESSAGES.accountNameRequired, password: FORM_MESSAGES.signInPasswordRequired } },
    { values: { username: 'ada', password: 'x' }, expected: { username: undefined, password: undefined } },
  ])('sign-in $values', ({ values, expected }) => {
    expect(validateSignIn(values)).toEqual(expected);
  });

  test('the forgotten-password form needs an account name', () => {
    expect(validateAccountName({ username: '  ' })).toEqual({ username: FORM_MESSAGES.accountNameRequired });
    expect(validateAccountName({ username: 'ada' })).toEqual({ username: undefined });
  });

  test.each([
    { values: { password: '', confirm_password: '' }, expected: { password: FORM_MESSAGES.passwordRequired, confirm_password: FORM_MESSAGES.confirmationRequired } },
    { values: { password: 'longenough1', confirm_password: 'different1' }, expected: { password: undefined, confirm_password: FORM_MESSAGES.passwordsDiffer } },
    { values: { password: 'longenough1', confirm_password: 'longenough1' }, expected: { password: undefined, confirm_password: undefined } },
  ])('reset password $values', ({ values, expected }) => {
    expect(validatePasswordReset(values)).toEqual(expected);
  });
});

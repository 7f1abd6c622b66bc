import { describe, expect, test } from 'vitest';
import {
  bookSettingsFetchErrorMessage,
  bookSettingsSaveErrorMessage,
  errorMessage,
  fieldErrors,
  firstFieldError,
  generalSettingsSaveErrorMessage,
  invitationErrorMessage,
  isNetworkError,
  loginErrorMessage,
  notificationSettingsErrorMessage,
  registrationErrorMessage,
  settingsErrorMessage,
} from '../../../src/lib/errors';

/** What redaxios rejects with for an HTTP error: the response itself. */
const answer = (status: number, data: unknown) => ({ status, statusText: '', data });
/** What fetch rejects with when the network fails. */
const offline = new TypeError('Failed to fetch');

describe('loginErrorMessage', () => {
  test.each([
    ['the first non_field_errors entry', answer(400, { non_field_errors: ['Please verify your email before logging in.', 'second'] }), 'Please verify your email before logging in.'],
    ['non_field_errors before detail', answer(400, { detail: 'later', non_field_errors: ['first'] }), 'first'],
    ['detail when there is no non_field_errors', answer(401, { detail: 'No active account found with the given credentials' }), 'No active account found with the given credentials'],
    ['the network error message when no answer came', offline, 'Failed to fetch'],
    ['the generic sentence for an answer without a message', answer(500, '<html>oops</html>'), 'Login failed. Please try again.'],
    ['the generic sentence for an empty non_field_errors list', answer(400, { non_field_errors: [] }), 'Login failed. Please try again.'],
    ['the generic sentence for nothing at all', undefined, 'Login failed. Please try again.'],
    ['an axios-style error body too', { response: { status: 400, data: { detail: 'axios shape' } } }, 'axios shape'],
  ])('shows %s', (_, error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });
});

describe('registrationErrorMessage', () => {
  test.each([
    ['the password error first', answer(400, { username: ['taken'], email: ['bad'], password: ['too short'] }), 'too short'],
    ['the e-mail error before the username error', answer(400, { username: ['taken'], email: ['A user with that email already exists.'] }), 'A user with that email already exists.'],
    ['the username error last', answer(400, { username: ['A user with that username already exists.'] }), 'A user with that username already exists.'],
    ['the fallback for other fields', answer(400, { first_name: ['Required'] }), 'Registrations Failed.'],
    ['the fallback for a detail answer', answer(429, { detail: 'Slow down' }), 'Registrations Failed.'],
    ['the fallback for a network error', offline, 'Registrations Failed.'],
  ])('shows %s', (_, error, expected) => {
    expect(registrationErrorMessage(error)).toBe(expected);
  });
});

describe('invitationErrorMessage', () => {
  test.each([
    ['detail of a spent invitation first', answer(400, { detail: 'Invalid or expired invitation.', password: ['x'] }), 'Invalid or expired invitation.'],
    ['a field error when there is no detail', answer(400, { email: ['bad e-mail'] }), 'bad e-mail'],
    ['the network error message', offline, 'Failed to fetch'],
    ['the registration fallback', answer(500, {}), 'Registrations Failed.'],
  ])('shows %s', (_, error, expected) => {
    expect(invitationErrorMessage(error)).toBe(expected);
  });
});

describe('settings error messages', () => {
  test.each([
    ['non_field_errors first', answer(400, { non_field_errors: ['nfe'], detail: 'd' }), 'nfe'],
    ['detail next', answer(403, { detail: 'You do not have permission to perform this action.' }), 'You do not have permission to perform this action.'],
    ['the transport error last', offline, 'Failed to fetch'],
    ['an empty string when nothing is known', answer(500, {}), ''],
  ])('settingsErrorMessage shows %s', (_, error, expected) => {
    expect(settingsErrorMessage(error)).toBe(expected);
  });

  test('settingsErrorMessage takes a caller fallback', () => {
    expect(settingsErrorMessage(answer(500, {}), 'Unkown Error')).toBe('Unkown Error');
  });

  test.each([
    ['detail first', answer(400, { detail: 'd', message: 'm' }), 'd'],
    ['the body message next', answer(400, { message: 'm' }), 'm'],
    ['the error message of a network failure', offline, 'Failed to fetch'],
    ["'Error Updating Settigns' (sic) at last", answer(500, {}), 'Error Updating Settigns'],
    ['no non_field_errors at all', answer(400, { non_field_errors: ['ignored'] }), 'Error Updating Settigns'],
  ])('generalSettingsSaveErrorMessage shows %s', (_, error, expected) => {
    expect(generalSettingsSaveErrorMessage(error)).toBe(expected);
  });

  test.each([
    ['detail first', answer(400, { detail: 'd', message: 'm' }), 'd'],
    ['the message next', answer(400, { message: 'm' }), 'm'],
    ['an empty string at last', answer(500, {}), ''],
  ])('notificationSettingsErrorMessage shows %s', (_, error, expected) => {
    expect(notificationSettingsErrorMessage(error)).toBe(expected);
  });

  test.each([
    ['non_field_errors first', answer(400, { non_field_errors: ['n'], detail: 'd', message: 'm' }), 'n'],
    ['detail next', answer(400, { detail: 'd', message: 'm' }), 'd'],
    ['message next', answer(400, { message: 'm' }), 'm'],
    ['an empty string at last', answer(500, null), ''],
  ])('bookSettingsFetchErrorMessage shows %s', (_, error, expected) => {
    expect(bookSettingsFetchErrorMessage(error)).toBe(expected);
  });

  test.each([
    ['non_field_errors first', answer(400, { non_field_errors: ['n'], detail: 'd' }), 'n'],
    ['detail next', answer(400, { detail: 'd' }), 'd'],
    ['the network message', offline, 'Failed to fetch'],
  ])('bookSettingsSaveErrorMessage shows %s', (_, error, expected) => {
    expect(bookSettingsSaveErrorMessage(error)).toBe(expected);
  });
});

describe('firstFieldError', () => {
  test.each([
    ['a string field error', answer(400, { isbn: 'ISBN taken' }), 'ISBN taken'],
    ['the first field of several', answer(400, { title: ['Required'], author: ['Required too'] }), 'Required'],
    ['a list joined', answer(400, { total_copies: ['A valid integer is required.', 'Must be positive.'] }), 'A valid integer is required., Must be positive.'],
    ['the first field that holds a message', answer(400, { code: 12, title: ['Required'] }), 'Required'],
    ['the fallback for an empty body', answer(400, {}), 'Known Error Occurs'],
    ['the fallback for a network error', offline, 'Known Error Occurs'],
  ])('reads %s', (_, error, expected) => {
    expect(firstFieldError(error, 'Known Error Occurs')).toBe(expected);
  });
});

describe('errorMessage', () => {
  test.each([
    ['the first source present', answer(400, { book: ['Book is reserved'], detail: 'd' }), ['book', 'detail'], 'Known Error Occurs', 'Book is reserved'],
    ['a later source when earlier ones are missing', answer(404, { detail: 'Not found.' }), ['book', 'detail'], 'Known Error Occurs', 'Not found.'],
    ['the final fallback when none is present', answer(500, {}), ['name', 'detail'], 'Unkown Error', 'Unkown Error'],
    ['transport only for network errors', answer(500, {}), ['transport'], 'Error', 'Error'],
    ['blank strings skipped', answer(400, { detail: '  ' }), ['detail'], 'An unknown error occurred', 'An unknown error occurred'],
  ])('uses %s', (_, error, sources, fallback, expected) => {
    expect(errorMessage(error, sources, fallback)).toBe(expected);
  });
});

describe('fieldErrors', () => {
  test.each([
    ['one message per field, lists joined', answer(400, { email: ['Bad.', 'Taken.'], username: 'Taken.' }), { email: 'Bad. Taken.', username: 'Taken.' }],
    ['without detail, non_field_errors, message and code', answer(400, { detail: 'd', non_field_errors: ['n'], message: 'm', code: 'c', password: ['Too short.'] }), { password: 'Too short.' }],
    ['nothing for a network error', offline, {}],
    ['nothing for a non-object body', answer(500, 'Server Error'), {}],
  ])('returns %s', (_, error, expected) => {
    expect(fieldErrors(error)).toEqual(expected);
  });
});

describe('isNetworkError', () => {
  test.each([
    ['a fetch TypeError', offline, true],
    ['an HTTP error answer', answer(401, {}), false],
    ['an Error carrying a status', Object.assign(new Error('x'), { status: 500 }), false],
    ['a string', 'boom', false],
  ])('says %s is %s', (_, error, expected) => {
    expect(isNetworkError(error)).toBe(expected);
  });
});

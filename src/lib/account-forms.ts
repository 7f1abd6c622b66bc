/**
 * Client-side checks of the account forms, run before anything is sent. The server checks again
 * and its field errors are shown the same way (under the field).
 */

import type { RegistrationPayload } from './api/auth';

/** Shortest password the forms accept. */
export const MIN_PASSWORD_LENGTH = 8;

export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** A plausible e-mail address: something@something.tld, no spaces. */
export function isEmailShape(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The registration form's values: every field of the payload, as typed (text). */
export type RegistrationValues = Record<keyof Required<RegistrationPayload>, string>;

export type RegistrationField = keyof RegistrationValues;

const REQUIRED: [RegistrationField, string][] = [
  ['first_name', 'Enter your first name.'],
  ['last_name', 'Enter your last name.'],
  ['username', 'Choose a username.'],
  ['email', 'Enter your e-mail address.'],
  ['password', 'Choose a password.'],
  ['password2', 'Enter the password again.'],
];

/** Password and confirmation: required, long enough, equal. */
export function validatePasswordPair(
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (!password) errors.password = 'Choose a password.';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (!confirmation) errors.confirmation = 'Enter the password again.';
  else if (password && confirmation !== password) errors.confirmation = 'The passwords do not match.';
  return errors;
}

/** Errors of the registration form by field; empty when it may be sent. */
export function validateRegistration(values: RegistrationValues): FormErrors<RegistrationField> {
  const errors: FormErrors<RegistrationField> = {};
  for (const [field, message] of REQUIRED) {
    if (!values[field].trim()) errors[field] = message;
  }
  if (!errors.username && /\s/.test(values.username.trim())) errors.username = 'A username cannot contain spaces.';
  if (!errors.email && !isEmailShape(values.email)) errors.email = 'Enter an e-mail address like name@example.com.';
  const pair = validatePasswordPair(values.password, values.password2);
  if (pair.password) errors.password = pair.password;
  if (pair.confirmation) errors.password2 = pair.confirmation;
  return errors;
}

/** Whether a form's error record holds any error. */
export const hasErrors = (errors: Partial<Record<string, string>>): boolean =>
  Object.values(errors).some((message) => Boolean(message));

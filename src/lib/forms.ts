/**
 * The one forms module: the error-map type, the messages (one wording each), the client-side
 * validators of every account form (run before anything is sent; the server checks again and its
 * field errors show the same way, under the field), and multipart bodies for the settings and
 * profile forms. Text values are trimmed; `undefined` means "not sent" (the API treats multipart
 * bodies as partial updates). A file slot is either kept as it is, replaced by a new file, or
 * cleared (`<name>_clear=true`, as docs/API.md defines it).
 */
import type { RegistrationPayload } from './api/auth';
import { MIN_PASSWORD_LENGTH } from '#shared/password-rules';
import { COLLECT_MESSAGES, collectTooMuchMessage } from '#shared/collect-messages';
import { LOAN_DATE_MESSAGES } from '#shared/loan-dates';
import { CONTROL_CHARACTERS_MESSAGE, controlCharactersError } from '#shared/control-characters';

export { MIN_PASSWORD_LENGTH };

/** Every message of the account forms, one wording each. */
export const FORM_MESSAGES = {
  firstNameRequired: 'Enter your first name.',
  lastNameRequired: 'Enter your last name.',
  usernameRequired: 'Enter a username.',
  usernameSpaces: 'A username cannot contain spaces.',
  emailRequired: 'Enter an e-mail address.',
  emailInvalid: 'Enter an e-mail address like name@example.com.',
  passwordRequired: 'Choose a password.',
  passwordTooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  confirmationRequired: 'Enter the password again.',
  passwordsDiffer: 'Passwords do not match.',
  currentPasswordRequired: 'Enter your current password.',
  newPasswordRequired: 'Enter a new password.',
  accountNameRequired: 'Enter your username or e-mail.',
  signInPasswordRequired: 'Enter your password.',
  checkFields: 'Check the highlighted fields.',
  correctPassword: 'Please correct the password below.',
  passwordNotChanged: 'The password could not be changed. Please try again.',
  loanRulesNotSaved: 'The loan rules could not be saved.',
  accessionSettingsNotSaved: 'The accession settings could not be saved.',
  bookDeletePasswordRequired: 'Enter your password to delete this book.',
  imageRequired: 'Choose an image file.',
  // The Add Member form: staff fill someone else's details.
  memberFirstNameRequired: "Enter the member's first name.",
  memberLastNameRequired: "Enter the member's last name.",
  roleNameRequired: 'Role name is required.',
  // The Book issue dialog (the issue form's required fields).
  issueDateRequired: 'Issue date is required',
  dueDateRequired: 'Due date is required',
  bookRequired: 'Book is required',
  memberRequired: 'Member is required',
  dueBeforeIssue: LOAN_DATE_MESSAGES.dueBeforeIssue,
  // Collecting fines (the server answers the same words).
  ...COLLECT_MESSAGES,
  // Notification settings (the server answers the same words).
  notBlank: 'This field may not be blank.',
  timeOfDay: 'Enter a time as HH:MM.',
  // Moving a reservation in its title's queue (the server answers the same words).
  moveReasonRequired: 'Give a reason for changing the queue.',
  // Any text field (the server's rule and words, src/lib/control-characters.ts).
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
} as const;

/** Notification settings: a text longer than the limit (the server's words). */
export const tooLongMessage = (limit: number): string => `Ensure this field has no more than ${limit} characters.`;

/** Notification settings: `{names}` a template may not use (the server's words). */
export const unknownPlaceholderMessage = (names: readonly string[]): string =>
  `Unknown placeholder ${names.map((name) => `{${name}}`).join(', ')}.`;

/** A reservation's new place must be within its queue: "Enter a position from 1 to 4." */
export const queuePositionMessage = (queueLength: number): string => `Enter a position from 1 to ${Math.max(1, queueLength)}.`;

export { collectTooMuchMessage };

/** An image upload's "too large" message, for the server's limit already written out ('2 MB'). */
export const imageTooLargeMessage = (limit: string): string => `The image must be ${limit} or smaller.`;

/** A value a form sends: text, a number, a flag, a file, or undefined to leave it out. */
export type FormValue = string | number | boolean | Blob | null | undefined;

/** What the user did with an uploaded file: kept it, chose a new one, or removed it. */
export type FileChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'clear' };

/** The unchanged file slot. */
export const KEEP_FILE: FileChange = { kind: 'keep' };

/** Builds a FormData: strings trimmed, numbers and flags as text, null as an empty value, undefined skipped. */
export function buildFormData(fields: Record<string, FormValue>, files: Record<string, FileChange> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) body.append(name, '');
    else if (value instanceof Blob) body.append(name, value);
    else if (typeof value === 'string') body.append(name, value.trim());
    else body.append(name, String(value));
  }
  for (const [name, change] of Object.entries(files)) {
    if (change.kind === 'replace') body.append(name, change.file, change.file.name);
    else if (change.kind === 'clear') body.append(`${name}_clear`, 'true');
  }
  return body;
}

/** Whether a chosen file is an image (by its type, or its extension when the browser gives none). */
export function isImageFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type.startsWith('image/');
  return /\.(png|jpe?g|gif|webp|ico|svg|bmp|avif)$/i.test(file.name);
}

/** Field errors of a form, by field name; an absent or undefined entry means valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string | undefined>>;

/**
 * A form's errors with the server's control-character rule added: every text value not already in
 * error is one line unless its field is named in `multiLine` (tabs and newlines allowed there).
 * Passwords are left alone: they are never stored or shown.
 */
export function withControlCharacterErrors<F extends string>(errors: FieldErrors<F>, values: object, multiLine: readonly string[] = []): FieldErrors<F> {
  const result: FieldErrors<F> = { ...errors };
  for (const [field, value] of Object.entries(values)) {
    if (typeof value !== 'string' || field.includes('password') || result[field as F]) continue;
    const problem = controlCharactersError(value.trim(), multiLine.includes(field) ? 'multi' : 'single');
    if (problem) result[field as F] = problem;
  }
  return result;
}

/** Whether any field has an error. */
export const hasFieldErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some((message) => Boolean(message));

/** The server's field errors for the fields a form shows; the others are left for the summary. */
export function knownFieldErrors<F extends string>(serverErrors: Record<string, string>, fields: readonly F[]): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const field of fields) {
    const message = serverErrors[field];
    if (message) result[field] = message;
  }
  return result;
}

/* ---------- The state of every form (the `useForm` hook in src/components runs this reducer) ---------- */

/** What a form shows: its values (null until loaded), field errors, the summary and the saving flag. */
export interface FormState<V, E extends string> {
  values: V | null;
  errors: FieldErrors<E>;
  summary: string | null;
  saving: boolean;
}

/** Every change a form goes through, from loading to a failed or finished save. */
export type FormAction<V, E extends string> =
  | { type: 'reset'; values: V | null }
  | { type: 'change'; field: keyof V & string; value: V[keyof V] }
  | { type: 'set-error'; field: E; message: string | undefined }
  | { type: 'invalid'; errors: FieldErrors<E> }
  | { type: 'sending' }
  | { type: 'failed'; errors: FieldErrors<E>; summary: string | null }
  | { type: 'done' };

/** A fresh form: `values` as given, no errors, no summary, not saving. */
export const formState = <V, E extends string>(values: V | null): FormState<V, E> => ({ values, errors: {}, summary: null, saving: false });

/**
 * The form's next state. A change keeps every other value and clears only that field's error; a
 * failed save keeps what was typed; a change before the values loaded is ignored.
 */
export function formReducer<V, E extends string>(state: FormState<V, E>, action: FormAction<V, E>): FormState<V, E> {
  switch (action.type) {
    case 'reset':
      return formState(action.values);
    case 'change': {
      if (!state.values) return state;
      const field = action.field as string as E;
      const errors = state.errors[field] ? { ...state.errors, [field]: undefined } : state.errors;
      return { ...state, values: { ...state.values, [action.field]: action.value }, errors };
    }
    case 'set-error':
      return { ...state, errors: { ...state.errors, [action.field]: action.message } };
    case 'invalid':
      return { ...state, errors: action.errors, summary: null };
    case 'sending':
      return { ...state, errors: {}, summary: null, saving: true };
    case 'failed':
      return { ...state, errors: action.errors, summary: action.summary, saving: false };
    case 'done':
      return { ...state, saving: false };
  }
}

/**
 * What a failed save shows: the server's errors of the fields the form has (under them) and a
 * summary from the call's error-message rule (`summarize` is told whether field errors show). A
 * one-field form may name `summaryField`: the summary then shows under that field, unless the
 * server already put an error there.
 */
export function failedSubmission<E extends string>(
  serverErrors: Record<string, string>,
  fields: readonly E[],
  summarize: (fieldErrorsShown: boolean) => string | null,
  summaryField?: E,
): { errors: FieldErrors<E>; summary: string | null } {
  const errors = knownFieldErrors(serverErrors, fields);
  const summary = summarize(hasFieldErrors(errors)) || null;
  if (summaryField === undefined) return { errors, summary };
  return { errors: { ...errors, [summaryField]: errors[summaryField] ?? summary ?? undefined }, summary: null };
}

/** The error catalogue's message, else "check the fields" when field errors show, else `fallback`. */
export const summaryOr = (message: string, fieldErrorsShown: boolean, fallback: string): string =>
  message || (fieldErrorsShown ? FORM_MESSAGES.checkFields : fallback);

export interface PasswordChangeValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** Client checks of the "Change password" form; the server checks the old password. */
export function validatePasswordChange(values: PasswordChangeValues): FieldErrors<keyof PasswordChangeValues> {
  const errors: FieldErrors<keyof PasswordChangeValues> = {};
  if (!values.old_password) errors.old_password = FORM_MESSAGES.currentPasswordRequired;
  const pair = validatePasswordPair(values.new_password, values.confirm_password);
  if (pair.password) errors.new_password = values.new_password ? pair.password : FORM_MESSAGES.newPasswordRequired;
  if (pair.confirmation) errors.confirm_password = pair.confirmation;
  return errors;
}

/** Sign-in: the account name and the password are both required. */
export function validateSignIn(values: { username: string; password: string }): FieldErrors<'username' | 'password'> {
  const errors = {
    username: values.username.trim() ? undefined : FORM_MESSAGES.accountNameRequired,
    password: values.password ? undefined : FORM_MESSAGES.signInPasswordRequired,
  };
  return withControlCharacterErrors(errors, values);
}

/** Forgotten password: the account name is required. */
export function validateAccountName(values: { username: string }): FieldErrors<'username'> {
  return withControlCharacterErrors({ username: values.username.trim() ? undefined : FORM_MESSAGES.accountNameRequired }, values);
}

/** Reset password: the new password and its confirmation (the server's field names). */
export function validatePasswordReset(values: { password: string; confirm_password: string }): FieldErrors<'password' | 'confirm_password'> {
  const pair = validatePasswordPair(values.password, values.confirm_password);
  return { password: pair.password, confirm_password: pair.confirmation };
}

/** Password and confirmation: required, long enough, equal. */
export function validatePasswordPair(password: string, confirmation: string): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (!password) errors.password = FORM_MESSAGES.passwordRequired;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = FORM_MESSAGES.passwordTooShort;
  if (!confirmation) errors.confirmation = FORM_MESSAGES.confirmationRequired;
  else if (password && confirmation !== password) errors.confirmation = FORM_MESSAGES.passwordsDiffer;
  return errors;
}

/** The e-mail field of any form: required and shaped like an address. */
export function checkEmail(value: string): string | undefined {
  if (!value.trim()) return FORM_MESSAGES.emailRequired;
  return isEmailShape(value) ? undefined : FORM_MESSAGES.emailInvalid;
}

/** The username field of any form: required, no spaces. */
export function checkUsername(value: string): string | undefined {
  if (!value.trim()) return FORM_MESSAGES.usernameRequired;
  return /\s/.test(value.trim()) ? FORM_MESSAGES.usernameSpaces : undefined;
}

/** The registration form's values: every field of the payload, as typed (text). */
export type RegistrationValues = Record<keyof Required<RegistrationPayload>, string>;
export type RegistrationField = keyof RegistrationValues;

/** Errors of the registration form by field; empty when it may be sent. */
export function validateRegistration(values: RegistrationValues): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  if (!values.first_name.trim()) errors.first_name = FORM_MESSAGES.firstNameRequired;
  if (!values.last_name.trim()) errors.last_name = FORM_MESSAGES.lastNameRequired;
  errors.username = checkUsername(values.username);
  errors.email = checkEmail(values.email);
  const pair = validatePasswordPair(values.password, values.password2);
  errors.password = pair.password;
  errors.password2 = pair.confirmation;
  return withControlCharacterErrors(errors, values);
}

/** The staff profile's details (username and e-mail; names and ids are free text). */
export function validateStaffDetails(values: { username: string; email: string }): FieldErrors<'username' | 'email'> {
  return withControlCharacterErrors({ username: checkUsername(values.username), email: checkEmail(values.email) }, values);
}

/** The Register Manager form's values (names and ids are free text). */
export interface ManagerValues {
  username: string;
  email: string;
  password: string;
  password2: string;
  first_name?: string;
  last_name?: string;
  member_id?: string;
  contact_number?: string;
}

/** Register Manager: username, e-mail, a password long enough and repeated; no control characters. */
export function validateManager(values: ManagerValues): FieldErrors<keyof ManagerValues> {
  const pair = validatePasswordPair(values.password, values.password2);
  const errors = { username: checkUsername(values.username), email: checkEmail(values.email), password: pair.password, password2: pair.confirmation };
  return withControlCharacterErrors(errors, values);
}

/** A plausible e-mail address: something@something.tld, no spaces (the server has the final word). */
/** A role's name (creating, renaming, the role editor): required. */
export function validateRoleName(values: { name: string }): FieldErrors<'name'> {
  return withControlCharacterErrors(values.name.trim() ? {} : { name: FORM_MESSAGES.roleNameRequired }, values);
}

export const isEmailShape = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Messages of the username / e-mail change rule (the server answers the same on `current_password`). */
export const ACCOUNT_CHANGE_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your username or e-mail.',
} as const;

/**
 * Whether a profile edit changes the username or the e-mail address, which the server accepts
 * only with the current password (`current_password`).
 */
export function needsCurrentPassword(saved: { username?: string | null; email?: string | null }, edited: { username?: string; email?: string }): boolean {
  const changed = (before: string | null | undefined, after: string | undefined) => after !== undefined && after.trim() !== (before ?? '').trim();
  return changed(saved.username, edited.username) || changed(saved.email, edited.email);
}

/** A profile edit's values that guard the sign-in: username (if editable), e-mail, and the current password. */
export interface AccountChangeValues {
  username?: string;
  email: string;
  current_password: string;
}

/**
 * A profile edit (staff or member): the e-mail (and the username, when the form has it) must be
 * valid, and changing either needs the current password; no text field (names, ids, the address,
 * which may hold several lines) holds a control character.
 */
export function validateProfileEdit<V extends AccountChangeValues>(
  values: V,
  saved: { username?: string | null; email?: string | null },
): FieldErrors<(keyof V & string) | 'username' | 'email' | 'current_password'> {
  const errors: FieldErrors<'username' | 'email' | 'current_password'> = {
    ...(values.username !== undefined ? { username: checkUsername(values.username) } : {}),
    email: checkEmail(values.email),
    current_password: checkCurrentPassword(needsCurrentPassword(saved, values), values.current_password),
  };
  return withControlCharacterErrors(errors as FieldErrors<(keyof V & string) | 'username' | 'email' | 'current_password'>, values, ['home_address']);
}

/** Checks the current-password field of a profile edit that changes the username or e-mail. */
export function checkCurrentPassword(needed: boolean, currentPassword: string): string | undefined {
  return needed && currentPassword === '' ? ACCOUNT_CHANGE_MESSAGES.currentPasswordRequired : undefined;
}

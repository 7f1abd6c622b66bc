/**
 * Multipart bodies for the settings and profile forms. Text values are trimmed; `undefined` means
 * "not sent" (the API treats multipart bodies as partial updates). A file slot is either kept as
 * it is, replaced by a new file, or cleared (`<name>_clear=true`, as docs/API.md defines it).
 */

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

/** Minimum length the server's password rules accept. */
export const MIN_NEW_PASSWORD_LENGTH = 8;

export interface PasswordChangeValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** Client checks of the "Change password" form; the server checks the old password. */
export function validatePasswordChange(values: PasswordChangeValues): FieldErrors<keyof PasswordChangeValues> {
  const errors: FieldErrors<keyof PasswordChangeValues> = {};
  if (!values.old_password) errors.old_password = 'Enter your current password.';
  if (!values.new_password) errors.new_password = 'Enter a new password.';
  else if (values.new_password.length < MIN_NEW_PASSWORD_LENGTH)
    errors.new_password = `Use at least ${MIN_NEW_PASSWORD_LENGTH} characters.`;
  if (!values.confirm_password) errors.confirm_password = 'Repeat the new password.';
  else if (values.new_password && values.confirm_password !== values.new_password)
    errors.confirm_password = 'Passwords do not match.';
  return errors;
}

/** A simple e-mail shape check for profile forms (the server has the final word). */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

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

/** Checks the current-password field of a profile edit that changes the username or e-mail. */
export function checkCurrentPassword(needed: boolean, currentPassword: string): string | undefined {
  return needed && currentPassword === '' ? ACCOUNT_CHANGE_MESSAGES.currentPasswordRequired : undefined;
}

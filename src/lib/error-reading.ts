/**
 * Reading a failed call (where the error catalogue looks: body keys, transport; and the sign-in pages' messages), apart from the table
 * of every call's message in `errors.ts` (which re-exports all of this), so the sign-in pages carry
 * only what they use. The error catalogue's readers as pure functions over what a failed call rejects with:
 * redaxios rejects with the response itself (`status`, `data`), fetch with an Error (`message`)
 * when the network failed. An axios-style `{response: {status, data}}` is read too.
 *
 * Each rule is a list of sources tried in order, then a final fallback:
 * - a body key (`non_field_errors`, `detail`, `password`...): its string, or the first string of
 *   its list;
 * - `transport`: the error's own message when no response came back (a network error);
 * - `message`: the body's `message`, else the error's own message.
 * The fallback strings are the specification's, spelling included.
 */

/** Where a message may come from: a key of the error body, `transport` or `message`. */
export type MessageSource = string;

type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The HTTP status of a failed call, or undefined for a network error. */
export function errorStatus(error: unknown): number | undefined {
  if (!isRecord(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  const response = error.response;
  return isRecord(response) && typeof response.status === 'number' ? response.status : undefined;
}

/** The JSON body of a failed call's answer, when it is an object. */
export function errorBody(error: unknown): Body | null {
  if (!isRecord(error)) return null;
  if (typeof error.status === 'number') return isRecord(error.data) ? error.data : null;
  const response = error.response;
  return isRecord(response) && isRecord(response.data) ? response.data : null;
}

/** Whether the call failed without an answer (offline, DNS, CORS, server down). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof Error && errorStatus(error) === undefined;
}

const ownMessage = (error: unknown): string | undefined =>
  isRecord(error) && typeof error.message === 'string' && error.message.trim() ? error.message : undefined;

/** A message value as text: a string, or the first string of a list. */
function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined;
  if (Array.isArray(value)) return value.map(firstText).find((text) => text !== undefined);
  return undefined;
}

/** A message value as text: a string, or every string of a list joined. */
function joinedText(value: unknown, separator: string): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.map((item) => firstText(item)).filter((text): text is string => text !== undefined);
    return parts.length ? parts.join(separator) : undefined;
  }
  return firstText(value);
}

function fromSource(error: unknown, body: Body | null, source: MessageSource): string | undefined {
  if (source === 'transport') return isNetworkError(error) ? ownMessage(error) : undefined;
  if (source === 'message') return firstText(body?.message) ?? ownMessage(error);
  return firstText(body?.[source]);
}

/** The first message found in `sources`, else `finalFallback`. */
export function errorMessage(error: unknown, sources: readonly MessageSource[], finalFallback: string): string {
  const body = errorBody(error);
  for (const source of sources) {
    const text = fromSource(error, body, source);
    if (text !== undefined) return text;
  }
  return finalFallback;
}

/** Login: first of non_field_errors, detail, the network error, else the generic sentence. */
export const loginErrorMessage = (error: unknown): string =>
  errorMessage(error, ['non_field_errors', 'detail', 'transport'], 'Login failed. Please try again.');

/** Registration: the password, e-mail or username error first, else 'Registrations Failed.'. */
export const registrationErrorMessage = (error: unknown): string =>
  errorMessage(error, ['password', 'email', 'username'], 'Registrations Failed.');

/**
 * Invitation confirmation: the specification only says its errors are rethrown; a spent or
 * unknown invitation answers `detail`, so that comes first, then the registration order.
 */
export const invitationErrorMessage = (error: unknown): string =>
  errorMessage(
    error,
    ['detail', 'non_field_errors', 'token', 'password', 'email', 'username', 'transport'],
    'Registrations Failed.',
  );

/** Settings calls in general: non_field_errors, detail, then the transport error. */
export const settingsErrorMessage = (error: unknown, finalFallback = ''): string =>
  errorMessage(error, ['non_field_errors', 'detail', 'transport'], finalFallback);

/** General-settings PUT: detail, message, else 'Error Updating Settigns' (sic). */
export const generalSettingsSaveErrorMessage = (error: unknown): string =>
  errorMessage(error, ['detail', 'message'], 'Error Updating Settigns');

/** Notification settings GET and PUT: detail, message, else empty. */
export const notificationSettingsErrorMessage = (error: unknown): string =>
  errorMessage(error, ['detail', 'message'], '');

/** Book settings GET: non_field_errors, detail, message, else empty. */
export const bookSettingsFetchErrorMessage = (error: unknown): string =>
  errorMessage(error, ['non_field_errors', 'detail', 'message'], '');

/** Book settings POST: non_field_errors, detail, message (empty when none). */
export const bookSettingsSaveErrorMessage = (error: unknown): string =>
  errorMessage(error, ['non_field_errors', 'detail', 'message'], '');

/** Book calls: the first field's error (a string, or a list joined), else `fallback`. */
export function firstFieldError(error: unknown, fallback: string): string {
  const body = errorBody(error);
  if (body) {
    for (const value of Object.values(body)) {
      const text = joinedText(value, ', ');
      if (text !== undefined) return text;
    }
  }
  return fallback;
}

const NOT_FIELDS = new Set(['detail', 'non_field_errors', 'message', 'code']);

/** Field errors of a 400 answer, one line per field, for showing under the inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  const body = errorBody(error);
  const result: Record<string, string> = {};
  if (!body) return result;
  for (const [field, value] of Object.entries(body)) {
    if (NOT_FIELDS.has(field)) continue;
    const text = joinedText(value, ' ');
    if (text !== undefined) result[field] = text;
  }
  return result;
}

/**
 * The errors services throw. Each carries its status and the DRF-shaped body of docs/API.md, so
 * the one error handler only has to send it; services stay free of HTTP objects.
 */

export type FieldErrors = Record<string, string[]>;

/** An error whose body is safe to show to the caller. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body['detail'] === 'string' ? body['detail'] : `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

/** 400 with `{field: [message]}`; `non_field_errors` for rules about several fields. */
export class ValidationError extends ApiError {
  constructor(readonly fields: FieldErrors) {
    super(400, fields);
    this.name = 'ValidationError';
  }

  /** One message for one field. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** Collects field errors, then throws them all at once. */
export class FieldErrorList {
  /** A map, not an object: a field name such as `constructor` or `__proto__` is an ordinary key. */
  private readonly fields = new Map<string, string[]>();

  add(field: string, message: string): void {
    const messages = this.fields.get(field);
    if (messages) messages.push(message);
    else this.fields.set(field, [message]);
  }

  has(field: string): boolean {
    return this.fields.has(field);
  }

  get empty(): boolean {
    return this.fields.size === 0;
  }

  /** The messages so far by field (a copy), for callers that report rather than throw them (CSV rows). */
  toObject(): FieldErrors {
    return Object.fromEntries([...this.fields].map(([field, messages]) => [field, [...messages]]));
  }

  throwIfAny(): void {
    if (!this.empty) throw new ValidationError(this.toObject());
  }
}

export const MESSAGES = {
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenNotValid: 'Given token not valid for any token type',
  refreshNotValid: 'Token is invalid or expired',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  serverError: 'A server error occurred.',
  required: 'This field is required.',
} as const;

/** 400 `{detail}`: a whole-request problem such as a spent link. */
export const badRequest = (detail: string): ApiError => new ApiError(400, { detail });

/** 400 `{non_field_errors: [message]}`: a rule about the account or several fields. */
export const nonFieldError = (message: string): ValidationError => new ValidationError({ non_field_errors: [message] });

/** 401 without credentials. */
export const notAuthenticated = (): ApiError => new ApiError(401, { detail: MESSAGES.notAuthenticated });

/** 401 for an access token that is expired, forged or of the wrong type. */
export const accessTokenNotValid = (): ApiError =>
  new ApiError(401, { detail: MESSAGES.tokenNotValid, code: 'token_not_valid' });

/** 401 for a refresh token that is expired, forged, spent or revoked. */
export const refreshTokenNotValid = (): ApiError =>
  new ApiError(401, { detail: MESSAGES.refreshNotValid, code: 'token_not_valid' });

/** 401 with a message of its own (failed sign-in, inactive account). */
export const authenticationFailed = (detail: string, code?: string): ApiError =>
  new ApiError(401, code ? { detail, code } : { detail });

export const permissionDenied = (): ApiError => new ApiError(403, { detail: MESSAGES.permissionDenied });

export const notFound = (detail: string = MESSAGES.notFound): ApiError => new ApiError(404, { detail });

export const tooManyRequests = (detail: string): ApiError => new ApiError(429, { detail });

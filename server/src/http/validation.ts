/**
 * Request body validation with superstruct. `parseBody` turns every failure into the DRF field
 * map of docs/API.md (`{field: ["message"]}`), with Django REST framework's wording. The field
 * builders below carry their own messages, so route schemas stay one line per field.
 */
import { array, coerce, define, optional, refine, string, validate, type Infer, type Struct } from 'superstruct';
import { badRequest, FieldErrorList, MESSAGES, notFound, ValidationError, type FieldErrors } from '../errors.js';
import { controlCharactersError, type TextLines } from '#shared/control-characters';
import { WHOLE_NUMBER_MESSAGES } from '#shared/numbers';

const TYPE_NAMES: Record<string, string> = { object: 'dict', string: 'str', number: 'int', boolean: 'bool' };

function pythonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'float';
  return TYPE_NAMES[typeof value] ?? typeof value;
}

function messageFor(failure: { value: unknown; type: string; refinement: string | undefined; message: string }): string {
  if (failure.refinement) return failure.message;
  if (failure.value === undefined) return MESSAGES.required;
  if (failure.value === null) return 'This field may not be null.';
  if (failure.type === 'string') return 'Not a valid string.';
  if (failure.type === 'integer' || failure.type === 'number') return WHOLE_NUMBER_MESSAGES.invalid;
  return failure.message;
}

/** The body as an object: none or blank reads as `{}`; anything else is refused with `notObject` (DRF's wording by default). */
export function bodyObject(body: unknown, notObject?: string): Record<string, unknown> {
  const input = body === undefined || body === null || body === '' ? {} : body;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationError({ non_field_errors: [notObject ?? `Invalid data. Expected a dictionary, but got ${pythonTypeName(input)}.`] });
  }
  return input as Record<string, unknown>;
}

/**
 * Validates a JSON body against a struct (coercions applied: strings trimmed) and returns the
 * typed value, or throws a ValidationError listing every invalid field.
 */
export function parseBody<T, S>(struct: Struct<T, S>, body: unknown, notObject?: string): T {
  const [error, value] = validate(bodyObject(body, notObject), struct, { coerce: true });
  if (!error) return value;
  const fields: FieldErrors = {};
  for (const failure of error.failures()) {
    const key = failure.path.length > 0 ? String(failure.path[0]) : 'non_field_errors';
    const list = (fields[key] ??= []);
    const message = messageFor(failure);
    if (!list.includes(message)) list.push(message);
  }
  throw new ValidationError(fields);
}

/** The fields of a body, each a struct (see fields.ts). */
export type BodyShape = Record<string, Struct<any, any>>;
/** What a shape read: each valid field's value (undefined when absent or refused). */
export type ShapeValues<S extends BodyShape> = { [K in keyof S]: Infer<S[K]> | undefined };

/**
 * Reads a body field by field with the structs of its shape: the valid values, and each invalid
 * field's message in `errors` (so file checks and cross-field rules can add theirs before the
 * caller throws them all at once with `errors.throwIfAny()`). Fields the shape does not name are ignored.
 */
export function readFields<S extends BodyShape>(shape: S, input: Record<string, unknown>, errors = new FieldErrorList()): { values: ShapeValues<S>; errors: FieldErrorList } {
  const values = {} as Record<string, unknown>;
  for (const [name, struct] of Object.entries(shape)) {
    const raw = Object.prototype.hasOwnProperty.call(input, name) ? input[name] : undefined;
    const [error, value] = validate(raw, struct, { coerce: true });
    if (error) errors.add(name, messageFor(error.failures()[0]!));
    else values[name] = value;
  }
  return { values: values as ShapeValues<S>, errors };
}

const trimmed = (struct: Struct<string, null>): Struct<string, null> => coerce(struct, string(), (v) => v.trim());

function boundedText(max: number, lines: TextLines, blank: boolean): Struct<string, null> {
  return refine(trimmed(string()), 'text', (value) => {
    if (value.length === 0 && !blank) return 'This field may not be blank.';
    if (value.length > max) return `Ensure this field has no more than ${max} characters.`;
    return controlCharactersError(value, lines) ?? true;
  });
}

/** A required one-line string, trimmed, not blank, at most `max` characters, no control characters. */
export function text(max = 150): Struct<string, null> {
  return boundedText(max, 'single', false);
}

/** A one-line string that may be blank, trimmed, at most `max` characters, no control characters. */
export function blankableText(max: number): Struct<string, null> {
  return boundedText(max, 'single', true);
}

/** A password: not trimmed, not blank (strength rules live in the auth service). */
export function secret(): Struct<string, null> {
  return refine(string(), 'secret', (value) => (value.length === 0 ? 'This field may not be blank.' : true));
}

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Whether a trimmed string is an acceptable e-mail address. */
export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

/** A required e-mail address, trimmed. */
export function emailAddress(): Struct<string, null> {
  return refine(trimmed(string()), 'email', (value) => {
    if (value.length === 0) return 'This field may not be blank.';
    if (value.length > 254 || !EMAIL.test(value)) return 'Enter a valid email address.';
    return true;
  });
}

/** An optional primary key: a positive integer, a numeric string, or null/"" for none. */
export function optionalId(): Struct<number | null | undefined, null> {
  const id = define<number | null>('id', (value) => {
    if (value === null) return true;
    if (isRowId(value)) return true;
    if (typeof value === 'number' && Number.isInteger(value) && value > MAX_ID) return `Invalid pk "${value}" - object does not exist.`;
    return `Incorrect type. Expected pk value, received ${pythonTypeName(value)}.`;
  });
  const normalised = coerce(id, string(), (value) => {
    const v = value.trim();
    if (v === '') return null;
    return /^\d+$/.test(v) ? Number(v) : value;
  });
  return optional(normalised);
}

/** The largest id a row can have (PostgreSQL's integer/serial columns). */
export const MAX_ID = 2_147_483_647;

/** Whether a value is a row id: a positive integer no larger than MAX_ID. */
export const isRowId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;

/**
 * Reads a numeric route parameter; undefined when it is not a positive integer (callers answer
 * 404). Digits beyond the largest id answer 400 at once, never reaching the database.
 */
export function idParam(raw: string | undefined): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  if (raw.length > 10 || Number(raw) > MAX_ID) throw badRequest(`Ensure this id is no larger than ${MAX_ID}.`);
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/** The id of a path, or 404 (400 beyond the id column, as `idParam`). */
export function pathId(raw: string | undefined): number {
  const id = idParam(raw);
  if (id === undefined) throw notFound();
  return id;
}

/** An array of row ids, at most `max` of them (a larger one is refused before any query is built). */
export function idList(max = 1000): Struct<number[], Struct<number, null>> {
  return refine(array(rowId()), 'idList', (value) => (value.length <= max ? true : `Ensure this list has no more than ${max} elements.`));
}

/** One row id (a positive integer no larger than MAX_ID). */
export function rowId(): Struct<number, null> {
  return define<number>('rowId', (value) =>
    isRowId(value) ? true : typeof value === 'number' && Number.isInteger(value) ? `Ensure this value is between 1 and ${MAX_ID}.` : WHOLE_NUMBER_MESSAGES.invalid,
  );
}

/**
 * Field structs for bodies read field by field (`readFields` in validation.ts): multipart forms,
 * whose values are strings, and JSON bodies whose fields join file checks or cross-field rules.
 * Each struct reads one raw value: absent stays undefined (the body's shape decides whether a
 * field is required), a bad value is refused with the DRF-worded message the contract gives.
 *
 * Two readings of "absent": a form field (`form*`) is absent only when not sent (null reads as
 * blank), while a JSON field of the desk calls (`given*`) is absent when null or blank too.
 */
import { coerce, define, refine, unknown, type Struct } from 'superstruct';
import { MESSAGES } from '../errors.js';
import { AMOUNT_MESSAGES, readAmount } from '#shared/money';
import { BOUND_MESSAGES, WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { parseDate } from '#shared/dates';
import { controlCharactersError, type TextLines } from '#shared/control-characters';
import { AMOUNT_MAX_WHOLE } from '#shared/field-limits';
import { isRowId, MAX_ID } from './validation.js';

const BLANK = 'This field may not be blank.';
const NOT_A_STRING = 'Not a valid string.';
const MUST_BE_A_BOOLEAN = 'Must be a valid boolean.';
const NOT_AN_INTEGER = WHOLE_NUMBER_MESSAGES.invalid;
const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
/** The largest amount a desk call reads (its own rules bound it further), in minor units. */
const GIVEN_AMOUNT_MAX_MINOR = 100_000_000_00;

/** A field's refusal: its message becomes the field's error. */
export class Refusal {
  constructor(readonly message: string) {}
}

const refuse = (message: string): Refusal => new Refusal(message);

/** A field struct from a reader of one raw value (undefined in, undefined out: absent). */
export function field<T>(name: string, read: (raw: unknown) => T | undefined | Refusal): Struct<T | undefined, null> {
  const checked = define<T | undefined>(name, (value) => (value instanceof Refusal ? value.message : true));
  return coerce(checked, unknown(), (raw) => (raw === undefined ? undefined : read(raw)));
}

/** The same field, required: absent is refused with DRF's "This field is required.". */
export function required<T>(struct: Struct<T | undefined, null>): Struct<T, null> {
  return refine(struct, 'required', (value) => (value === undefined ? MESSAGES.required : true)) as unknown as Struct<T, null>;
}

/**
 * A form value as text: null reads as blank, numbers as written, anything else is refused (a JSON
 * boolean too: `true` is not a name, a number or a choice, and was stored as the word "true").
 */
function formRaw(raw: unknown): string | Refusal {
  if (raw === null) return '';
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number') return String(raw);
  return refuse(NOT_A_STRING);
}

function readText(raw: unknown, min: number, max: number, lines: TextLines): string | Refusal {
  const text = formRaw(raw);
  if (text instanceof Refusal) return text;
  const value = text.trim();
  if (value.length === 0 && min > 0) return refuse(BLANK);
  if (value.length > max) return refuse(`Ensure this field has no more than ${max} characters.`);
  const refused = controlCharactersError(value, lines);
  return refused ? refuse(refused) : value;
}

/**
 * Trimmed text of `min`..`max` characters; `min` 0 allows blank (read as ''). One line unless
 * `lines` is 'multi' (then tabs and newlines are allowed); other control characters never.
 */
export function formText({ min = 1, max = 150, lines = 'single' }: { min?: number; max?: number; lines?: TextLines } = {}): Struct<string | undefined, null> {
  return field('formText', (raw) => readText(raw, min, max, lines));
}

/** Optional text: blank reads as null. */
export function formOptionalText(max = 255, lines: TextLines = 'single'): Struct<string | null | undefined, null> {
  return field('formOptionalText', (raw) => {
    const value = readText(raw, 0, max, lines);
    return value === '' ? null : value;
  });
}

/** One of a fixed set of values. */
export function formChoice<T extends string>(values: readonly T[]): Struct<T | undefined, null> {
  return field('formChoice', (raw) => {
    const text = formRaw(raw);
    if (text instanceof Refusal) return text;
    const value = text.trim();
    return (values as readonly string[]).includes(value) ? (value as T) : refuse(`"${value}" is not a valid choice.`);
  });
}

/** A whole number from `min` to `max`. */
export function formInteger(min = 1, max = 1_000_000): Struct<number | undefined, null> {
  return field('formInteger', (raw) => {
    const text = formRaw(raw);
    if (text instanceof Refusal) return text;
    const value = text.trim();
    if (!/^-?\d{1,9}$/.test(value)) return refuse(NOT_AN_INTEGER);
    const n = Number(value);
    if (n < min) return refuse(BOUND_MESSAGES.atLeast(min));
    if (n > max) return refuse(BOUND_MESSAGES.atMost(max));
    return n;
  });
}

/** A non-negative decimal amount of at most `maxWhole` with at most 2 places (more refused, never rounded), as integer minor units. */
export function formMoney(maxWhole: number = AMOUNT_MAX_WHOLE): Struct<number | undefined, null> {
  return field('formMoney', (raw) => {
    const text = formRaw(raw);
    if (text instanceof Refusal) return text;
    const value = text.trim();
    // Digits only here (no thousands commas): the shared reader decides decimals and readability.
    const amount = /^-?[\d.]+$/.test(value) ? readAmount(value) : { ok: false as const, message: AMOUNT_MESSAGES.invalid };
    if (!amount.ok) return refuse(amount.message);
    if (amount.minor < 0) return refuse(BOUND_MESSAGES.atLeast(0));
    if (amount.minor > maxWhole * 100) return refuse(BOUND_MESSAGES.atMost(maxWhole));
    return amount.minor;
  });
}

const FLAG_WORDS: Readonly<Record<string, boolean>> = { true: true, 1: true, on: true, yes: true, false: false, 0: false, off: false, no: false, '': false };

/** A boolean flag: a JSON boolean, or "true"/"1"/"on"/"yes" and "false"/"0"/"off"/"no"/blank/null; anything else is refused. */
export function formFlag(): Struct<boolean | undefined, null> {
  return field('formFlag', (raw) => {
    if (typeof raw === 'boolean') return raw;
    if (raw === null) return false;
    const flag = typeof raw === 'string' ? FLAG_WORDS[raw.trim().toLowerCase()] : undefined;
    return flag ?? refuse(MUST_BE_A_BOOLEAN);
  });
}

/** A primary key, or null for blank. */
export function formId(): Struct<number | null | undefined, null> {
  return field('formId', (raw) => {
    const text = formRaw(raw);
    if (text instanceof Refusal) return text;
    const value = text.trim();
    if (value === '' || value === 'null') return null;
    if (!/^\d{1,15}$/.test(value) || Number(value) < 1) return refuse('Incorrect type. Expected pk value, received str.');
    // Beyond the id columns no row can match (PostgreSQL would refuse the query).
    if (Number(value) > MAX_ID) return refuse(`Invalid pk "${value}" - object does not exist.`);
    return Number(value);
  });
}

/** A raw secret (not trimmed); blank counts as absent. */
export function formSecret(): Struct<string | undefined, null> {
  return field('formSecret', (raw) => (raw === null || raw === '' ? undefined : typeof raw === 'string' ? raw : refuse(NOT_A_STRING)));
}

/** A JSON field of the desk calls, with null and blank strings read as absent. */
function given<T>(name: string, read: (raw: unknown) => T | Refusal): Struct<T | undefined, null> {
  return field(name, (raw) => (raw === null || (typeof raw === 'string' && raw.trim() === '') ? undefined : read(raw)));
}

/** A row id (number or digits). */
export function givenId(): Struct<number | undefined, null> {
  return given('givenId', (raw) => {
    const value = typeof raw === 'string' && /^\d{1,12}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    if (isRowId(value)) return value;
    if (typeof value === 'number' && Number.isInteger(value) && value > MAX_ID) return refuse(`Invalid pk "${value}" - object does not exist.`);
    return refuse(NOT_AN_INTEGER);
  });
}

/** A `YYYY-MM-DD` date. */
export function givenDate(): Struct<string | undefined, null> {
  return given('givenDate', (raw) => {
    const date = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? parseDate(raw.trim()) : null;
    return date ?? refuse(DATE_FORMAT);
  });
}

/** A decimal amount (string or number) in minor units, more than two decimals refused. Negative amounts are left to the fine rules. */
export function givenMoney(): Struct<number | undefined, null> {
  return given('givenMoney', (raw) => {
    const amount = typeof raw === 'string' || typeof raw === 'number' ? readAmount(raw) : null;
    if (amount?.ok && Math.abs(amount.minor) <= GIVEN_AMOUNT_MAX_MINOR) return amount.minor;
    return refuse(amount && !amount.ok ? amount.message : AMOUNT_MESSAGES.invalid);
  });
}

/** Free text up to `max` characters, control characters turned into spaces. */
export function givenText(max: number): Struct<string | undefined, null> {
  return given('givenText', (raw) => {
    if (typeof raw !== 'string') return refuse(NOT_A_STRING);
    const value = raw.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
    return value.length > max ? refuse(`Ensure this field has no more than ${max} characters.`) : value;
  });
}

/** One of `choices`, in any case. */
export function givenChoice<T extends string>(choices: readonly T[]): Struct<T | undefined, null> {
  return given('givenChoice', (raw) => {
    const value = typeof raw === 'string' ? raw.trim().toUpperCase() : undefined;
    return value !== undefined && (choices as readonly string[]).includes(value) ? (value as T) : refuse(`"${String(raw)}" is not a valid choice.`);
  });
}

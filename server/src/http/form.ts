/**
 * Field readers for form bodies (multipart strings or JSON values). Each reader returns
 * undefined when the field is absent, records a DRF-worded field error when it is invalid, and
 * the caller throws them all at once with `errors.throwIfAny()`.
 */
import { FieldErrorList } from '../errors.js';
import { AMOUNT_MESSAGES, readAmount } from '#shared/money';
import { WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { controlCharactersError, type TextLines } from '#shared/control-characters';
import { AMOUNT_MAX_WHOLE } from '#shared/field-limits';

const BLANK = 'This field may not be blank.';

export class FormReader {
  readonly errors = new FieldErrorList();

  constructor(readonly fields: Record<string, unknown>) {}

  has(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.fields, name) && this.fields[name] !== undefined;
  }

  private raw(name: string): string | undefined {
    if (!this.has(name)) return undefined;
    const value = this.fields[name];
    if (value === null) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    this.errors.add(name, 'Not a valid string.');
    return undefined;
  }

  /**
   * Trimmed text of `min`..`max` characters; `min` 0 allows blank (returned as ''). One line
   * unless `lines` is 'multi' (then tabs and newlines are allowed); other control characters never.
   */
  text(name: string, { min = 1, max = 150, lines = 'single' }: { min?: number; max?: number; lines?: TextLines } = {}): string | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    const value = raw.trim();
    if (value.length === 0 && min > 0) return void this.errors.add(name, BLANK);
    if (value.length > max) return void this.errors.add(name, `Ensure this field has no more than ${max} characters.`);
    const refused = controlCharactersError(value, lines);
    if (refused) return void this.errors.add(name, refused);
    return value;
  }

  /** Optional text: blank becomes null. */
  optionalText(name: string, max = 255, lines: TextLines = 'single'): string | null | undefined {
    const value = this.text(name, { min: 0, max, lines });
    return value === undefined ? undefined : value === '' ? null : value;
  }

  /** One of a fixed set of values. */
  choice<T extends string>(name: string, values: readonly T[]): T | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    const value = raw.trim();
    if ((values as readonly string[]).includes(value)) return value as T;
    this.errors.add(name, `"${value}" is not a valid choice.`);
    return undefined;
  }

  /** A whole number of at least `min`. */
  integer(name: string, min = 1, max = 1_000_000): number | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    const value = raw.trim();
    if (!/^-?\d{1,9}$/.test(value)) return void this.errors.add(name, WHOLE_NUMBER_MESSAGES.invalid);
    const n = Number(value);
    if (n < min) return void this.errors.add(name, `Ensure this value is greater than or equal to ${min}.`);
    if (n > max) return void this.errors.add(name, `Ensure this value is less than or equal to ${max}.`);
    return n;
  }

  /** A non-negative decimal amount of at most `maxWhole` with at most 2 places (more refused, never rounded), as integer minor units. */
  money(name: string, maxWhole: number = AMOUNT_MAX_WHOLE): number | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    const value = raw.trim();
    // Digits only here (no thousands commas): the shared reader decides decimals and readability.
    const amount = /^-?[\d.]+$/.test(value) ? readAmount(value) : { ok: false as const, message: AMOUNT_MESSAGES.invalid };
    if (!amount.ok) return void this.errors.add(name, amount.message);
    if (amount.minor < 0) return void this.errors.add(name, 'Ensure this value is greater than or equal to 0.');
    if (amount.minor > maxWhole * 100) return void this.errors.add(name, `Ensure this value is less than or equal to ${maxWhole}.`);
    return amount.minor;
  }

  /** A boolean flag ("true"/"1"/"on" or a JSON boolean); absent is false. */
  flag(name: string): boolean {
    const value = this.fields[name];
    if (typeof value === 'boolean') return value;
    return typeof value === 'string' && ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase());
  }

  /** A primary key, or null for blank. */
  id(name: string): number | null | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    const value = raw.trim();
    if (value === '' || value === 'null') return null;
    if (!/^\d{1,15}$/.test(value) || Number(value) < 1) return void this.errors.add(name, `Incorrect type. Expected pk value, received str.`);
    return Number(value);
  }

  /** A raw secret (not trimmed); blank counts as absent. */
  secret(name: string): string | undefined {
    const value = this.fields[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return void this.errors.add(name, 'Not a valid string.');
    return value;
  }
}

/** Conversions between stored values and API values, shared by every service. */
import type { Flag } from './schema.js';
import { libraryNow } from '../lib/library-clock.js';

/** Stores a boolean as 0/1 (better-sqlite3 cannot bind JS booleans). */
export const flag = (value: boolean): Flag => (value ? 1 : 0);

/** Reads a stored 0/1 (PostgreSQL or SQLite) as a boolean. */
export const isSet = (value: Flag | null | undefined): boolean => Number(value) === 1;

/** The current time as stored (the library's clock): ISO 8601 UTC text, which sorts chronologically. */
export const nowIso = (): string => libraryNow().toISOString();

/** A time `seconds` from now (negative for the past), as stored. */
export const isoIn = (seconds: number, from: Date = new Date()): string =>
  new Date(from.getTime() + seconds * 1000).toISOString();

/** Whether a driver error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Names the violated constraint or column, when the driver tells it. */
export function violatedConstraint(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const e = error as { constraint?: unknown; message?: unknown };
  return `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
}

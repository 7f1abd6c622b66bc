/**
 * Reading query strings: one value per parameter (a repeated one is already refused by the
 * error handler's hook; these readers refuse it again for callers that run without it), id
 * filters, and a bounded page. Every list call that does not follow the catalogue's paging
 * (`paging.ts`) reads its page here, with the bound written plainly in the refusal.
 */
import { badRequest, ValidationError } from '../errors.js';
import { isRowId, MAX_ID } from './validation.js';
import { BOUND_MESSAGES, WHOLE_NUMBER_MESSAGES } from '#shared/numbers';

/** A single-valued query parameter: a repeated one is refused (400), never silently picked. */
export function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`The parameter "${name}" may be given only once.`);
  return value;
}

/** Reads every parameter the calls know once, refusing repeats (the paging readers want plain strings). */
export function singles(query: Record<string, unknown>, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, single(query, name)]));
}

/** A call that reads no parameter still refuses one given twice (every parameter once). */
export function parseOnceEach(query: unknown): void {
  for (const name of Object.keys((query ?? {}) as Record<string, unknown>)) single(query as Record<string, unknown>, name);
}

/** An id filter of a query string: digits up to the id columns, else 400. */
export function idFilter(query: Record<string, unknown>, name: string): number | undefined {
  const raw = single(query, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,10}$/.test(raw) || !isRowId(Number(raw))) throw ValidationError.field(name, WHOLE_NUMBER_MESSAGES.range(1, MAX_ID));
  return Number(raw);
}

/** A whole number parameter from 1 to `max`; `fallback` when absent or empty; else 400 naming it. */
export function wholeParam(query: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const raw = single(query, name)?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw ValidationError.field(name, WHOLE_NUMBER_MESSAGES.invalid);
  const value = Number(raw);
  if (value < 1) throw ValidationError.field(name, BOUND_MESSAGES.atLeast(1));
  if (value > max) throw ValidationError.field(name, BOUND_MESSAGES.atMost(max));
  return value;
}

/** The highest page number any list accepts. */
export const MAX_PAGE_NUMBER = 1_000_000;

/** A page of a list: `page` from 1 and `page_size` from 1 to `maxSize` (`defaultSize` unless asked). */
export interface BoundedPage {
  page: number;
  size: number;
}

/** Reads `page` and `page_size` within their bounds (400 beyond them, naming the bound). */
export function readBoundedPage(query: Record<string, unknown>, { defaultSize, maxSize }: { defaultSize: number; maxSize: number }): BoundedPage {
  return { page: wholeParam(query, 'page', 1, MAX_PAGE_NUMBER), size: wholeParam(query, 'page_size', defaultSize, maxSize) };
}

/**
 * Paging and ordering of list calls, as docs/API.md states them for the catalogue: `page` (a
 * number or `last`), `page_size` (default 20, larger values capped at 100), `ordering` (comma
 * list of declared columns, `-` for descending, unknown names ignored), answers
 * `{count, next, previous, results}` with absolute links. A page past the end is 404 "Invalid page.".
 */
import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  /** A page number from 1, or -1 for the last page. */
  number: number;
  size: number;
}

/** The page asked for, or undefined without `page`. */
export function readPage(query: { page?: unknown; page_size?: unknown }): PageRequest | undefined {
  const raw = typeof query.page === 'string' ? query.page.trim() : '';
  if (raw === '') return undefined;
  let number: number;
  if (raw === 'last') number = -1;
  else if (/^\d{1,9}$/.test(raw) && Number(raw) >= 1) number = Number(raw);
  else throw notFound('Invalid page.');
  let size = DEFAULT_PAGE_SIZE;
  const rawSize = typeof query.page_size === 'string' ? query.page_size.trim() : '';
  if (/^\d{1,9}$/.test(rawSize) && Number(rawSize) >= 1) size = Math.min(Number(rawSize), MAX_PAGE_SIZE);
  return { number, size };
}

export interface OrderTerm<F extends string> {
  field: F;
  desc: boolean;
}

/** The ordering asked for over the declared columns; `fallback` when none of them is named. */
export function readOrdering<F extends string>(raw: unknown, fields: readonly F[], fallback: OrderTerm<F>[]): OrderTerm<F>[] {
  const orders: OrderTerm<F>[] = [];
  for (const part of (typeof raw === 'string' ? raw : '').split(',')) {
    const term = part.trim();
    const desc = term.startsWith('-');
    const field = (desc ? term.slice(1) : term) as F;
    if ((fields as readonly string[]).includes(field) && !orders.some((o) => o.field === field)) orders.push({ field, desc });
  }
  return orders.length > 0 ? orders : fallback;
}

/** What every searchable, ordered list reads from its query string: the page, the ordering, the search term. */
export interface ListQuery<F extends string> {
  page: PageRequest | undefined;
  orders: OrderTerm<F>[];
  term: string;
}

export interface PageWindow {
  number: number;
  last: number;
  count: number;
  offset: number;
  limit: number;
}

/** Where the asked page lies among `count` rows (404 past the end). */
export function pageWindow(count: number, page: PageRequest): PageWindow {
  const last = Math.max(1, Math.ceil(count / page.size));
  const number = page.number === -1 ? last : page.number;
  if (number > last) throw notFound('Invalid page.');
  return { number, last, count, offset: (number - 1) * page.size, limit: page.size };
}

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The paged answer with absolute links to the neighbouring pages. */
export function pagedAnswer<T>(request: FastifyRequest, apiPublicUrl: string, window: PageWindow, results: T[]): Paged<T> {
  const link = (n: number): string => {
    const url = new URL(request.url, apiPublicUrl);
    url.searchParams.set('page', String(n));
    return `${apiPublicUrl}${url.pathname}${url.search}`;
  };
  return {
    count: window.count,
    next: window.number < window.last ? link(window.number + 1) : null,
    previous: window.number > 1 ? link(window.number - 1) : null,
    results,
  };
}

/** A search term as lists read it: trimmed, at most 100 characters (one with a control character never gets here: 400 before any route). */
export const readSearch = (raw: unknown): string => (typeof raw === 'string' ? raw : '').trim().slice(0, 100);

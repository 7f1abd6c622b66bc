/**
 * What the circulation calls accept: the JSON bodies of issue, due-date change, return and
 * renew-all, and the query strings of the issued list and the returned history. Hostile input
 * (a repeated parameter, an id beyond the id columns, a body that is not an object) is refused
 * here with a 400 before any service runs, so nothing is written.
 */
import { badRequest, MESSAGES, nonFieldError, ValidationError, type FieldErrors } from '../../errors.js';
import { readOrdering, readPage, readSearch, type OrderTerm, type PageRequest } from '../../http/paging.js';
import { isRowId, MAX_ID } from '../../http/validation.js';
import { readAmount } from '#shared/money';
import { parseDate } from '#shared/dates';
import { RETURN_STATUSES, type ReturnStatus } from '#shared/fines';
import { COLLECT_MESSAGES } from '#shared/collect-messages';

type Body = Record<string, unknown>;

/** The body as an object, or 400 (DRF's wording for a body that is not a dictionary). */
export function objectBody(body: unknown): Body {
  const input = body === undefined || body === null || body === '' ? {} : body;
  if (typeof input !== 'object' || Array.isArray(input)) throw nonFieldError('Invalid data format.');
  return input as Body;
}

/** Collects field errors while a body is read. */
export class BodyReader {
  readonly errors: FieldErrors = {};
  constructor(readonly body: Body) {}

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  present(field: string): boolean {
    const value = this.body[field];
    return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
  }

  /** A row id (number or digits); `required` reports a missing one. */
  id(field: string, required: boolean): number | undefined {
    if (!this.present(field)) {
      if (required) this.add(field, MESSAGES.required);
      return undefined;
    }
    const raw = this.body[field];
    const value = typeof raw === 'string' && /^\d{1,12}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    if (isRowId(value)) return value;
    if (typeof value === 'number' && Number.isInteger(value) && value > MAX_ID) this.add(field, `Invalid pk "${value}" - object does not exist.`);
    else this.add(field, 'A valid integer is required.');
    return undefined;
  }

  /** A `YYYY-MM-DD` date; undefined when absent. */
  date(field: string): string | undefined {
    if (!this.present(field)) return undefined;
    const raw = this.body[field];
    const date = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? parseDate(raw.trim()) : null;
    if (date === null) {
      this.add(field, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
      return undefined;
    }
    return date;
  }

  /** A decimal amount (string or number) in minor units, more than two decimals refused; 0 when absent. Negative amounts are left to the fine rules. */
  money(field: string): number {
    if (!this.present(field)) return 0;
    const raw = this.body[field];
    const amount = typeof raw === 'string' || typeof raw === 'number' ? readAmount(raw) : null;
    if (!amount?.ok || Math.abs(amount.minor) > 100_000_000_00) {
      this.add(field, amount && !amount.ok ? amount.message : 'A valid number is required.');
      return 0;
    }
    return amount.minor;
  }

  /** Free text up to `max` characters; undefined when absent. */
  text(field: string, max: number): string | undefined {
    if (!this.present(field)) return undefined;
    const raw = this.body[field];
    if (typeof raw !== 'string') {
      this.add(field, 'Not a valid string.');
      return undefined;
    }
    const value = raw.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
    if (value.length > max) this.add(field, `Ensure this field has no more than ${max} characters.`);
    return value;
  }

  /** One of `choices`; `fallback` when absent. */
  choice<T extends string>(field: string, choices: readonly T[], fallback: T): T {
    if (!this.present(field)) return fallback;
    const raw = this.body[field];
    if (typeof raw === 'string' && (choices as readonly string[]).includes(raw.trim().toUpperCase())) return raw.trim().toUpperCase() as T;
    this.add(field, `"${String(raw)}" is not a valid choice.`);
    return fallback;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors);
  }
}

/** An issue as asked: dates default in the service (today, today + the member's loan period). */
export interface IssueInput {
  book: number;
  member: number;
  issueDate: string | undefined;
  dueDate: string | undefined;
}

/** Reads `{issue_date?, due_date?, status?: "ISSUED", book, member}`. */
export function parseIssueBody(body: unknown): IssueInput {
  const r = new BodyReader(objectBody(body));
  const book = r.id('book', true);
  const member = r.id('member', true);
  const issueDate = r.date('issue_date');
  const dueDate = r.date('due_date');
  r.choice('status', ['ISSUED'] as const, 'ISSUED');
  r.throwIfAny();
  return { book: book!, member: member!, issueDate, dueDate };
}

/** Reads `{due_date}` of the due-date change. */
export function parseDueDateBody(body: unknown): { dueDate: string } {
  const r = new BodyReader(objectBody(body));
  const dueDate = r.date('due_date');
  if (dueDate === undefined && !r.errors['due_date']) r.add('due_date', MESSAGES.required);
  r.throwIfAny();
  return { dueDate: dueDate! };
}

/** A return as asked; amounts in minor units (checked against the fine by the service). */
export interface ReturnInput {
  returnDate: string | undefined;
  collected: number;
  discount: number;
  discountReason: string | undefined;
  status: ReturnStatus;
}

/** Reads `{returnDate?, fine_collected_amount?, discount?, discount_reason?, status?}` (`return_date` accepted too); a discount needs a reason. */
export function parseReturnBody(body: unknown): ReturnInput {
  const r = new BodyReader(objectBody(body));
  const returnDate = r.present('returnDate') ? r.date('returnDate') : r.date('return_date');
  const collected = r.money('fine_collected_amount');
  const discount = r.money('discount');
  const discountReason = r.text('discount_reason', 255);
  // The fines desk's rule: nothing is waived without a reason.
  if (discount > 0 && !discountReason && !r.errors['discount_reason']) r.add('discount_reason', COLLECT_MESSAGES.discountReasonRequired);
  const status = r.choice('status', RETURN_STATUSES, 'RETURNED');
  r.throwIfAny();
  return { returnDate, collected, discount, discountReason, status };
}

/** Reads `{member?}` of renew-all. */
export function parseRenewAllBody(body: unknown): { member: number | undefined } {
  const r = new BodyReader(objectBody(body));
  const member = r.id('member', false);
  r.throwIfAny();
  return { member };
}

/** A single-valued query parameter: a repeated one is refused (400), never silently picked. */
export function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`The parameter "${name}" may be given only once.`);
  return value;
}

/** An id filter of a query string: digits up to the id columns, else 400. */
export function idFilter(query: Record<string, unknown>, name: string): number | undefined {
  const raw = single(query, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,10}$/.test(raw) || !isRowId(Number(raw))) throw ValidationError.field(name, `Enter a whole number from 1 to ${MAX_ID}.`);
  return Number(raw);
}

/** Reads every parameter the calls know once, refusing repeats (the paging readers want plain strings). */
export function singles(query: Record<string, unknown>, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, single(query, name)]));
}

export const ISSUED_ORDERING = ['issue_date', 'due_date', 'title', 'member'] as const;
export type IssuedOrderField = (typeof ISSUED_ORDERING)[number];

/** The issued list's query, read. */
export interface IssuedListQuery {
  page: PageRequest | undefined;
  orders: OrderTerm<IssuedOrderField>[];
  term: string;
  member: number | undefined;
  book: number | undefined;
  overdue: boolean;
}

/** Reads `search`, `member`, `book`, `overdue`, `ordering`, `page`, `page_size` of the issued list. */
export function parseIssuedListQuery(query: Record<string, unknown>): IssuedListQuery {
  const q = singles(query, ['search', 'ordering', 'page', 'page_size', 'overdue']);
  const overdue = (q['overdue'] ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(overdue)) throw ValidationError.field('overdue', 'Must be a valid boolean.');
  return {
    page: readPage(q),
    orders: readOrdering(q['ordering'], ISSUED_ORDERING, [{ field: 'issue_date', desc: true }]),
    term: readSearch(q['search']),
    member: idFilter(query, 'member'),
    book: idFilter(query, 'book'),
    overdue: overdue === 'true' || overdue === '1',
  };
}

/** The returned history's query, read. */
export interface HistoryQuery {
  page: PageRequest | undefined;
  term: string;
}

/** Reads `search`, `page`, `page_size` of the returned history. */
export function parseHistoryQuery(query: Record<string, unknown>): HistoryQuery {
  const q = singles(query, ['search', 'page', 'page_size']);
  return { page: readPage(q), term: readSearch(q['search']) };
}

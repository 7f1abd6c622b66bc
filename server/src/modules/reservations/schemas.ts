/**
 * What the reservation calls accept: the JSON bodies of create, cancel, issue and move, and the
 * query strings of the lists. Read with circulation's readers (one body reader, one rule for
 * repeated parameters and ids), so hostile input is refused with a 400 before a service runs.
 */
import { ValidationError } from '../../errors.js';
import { readOrdering, readPage, readSearch, type OrderTerm, type PageRequest } from '../../http/paging.js';
import type { ReservationStatus } from '../../db/schema.js';
import { BodyReader, idFilter, objectBody, singles } from '../circulation/schemas.js';

/** Every status a reservation may have. */
export const RESERVATION_STATUSES: readonly ReservationStatus[] = ['PENDING', 'FULFILLED', 'ISSUED', 'CANCELLED', 'EXPIRED'];

/** A `status` filter: one status, or `active` (PENDING and FULFILLED). */
export type StatusFilter = ReservationStatus | 'active';

/** Longest note on a reservation, and longest reason of a move or cancel. */
export const NOTES_MAX = 500;
export const REASON_MAX = 200;

/** The queue screen's largest page. */
export const QUEUE_MAX_PAGE_SIZE = 50;

export const MOVE_MESSAGES = {
  reason: 'Give a reason for changing the queue.',
  position: (last: number) => `Enter a position from 1 to ${last}.`,
} as const;

/** A reservation as asked: `member` only when staff reserve for someone. */
export interface CreateInput {
  book: number;
  member: number | undefined;
  notes: string | null;
}

/** Reads `{book, member?, notes?}`; `staff` makes `member` required. */
export function parseCreateBody(body: unknown, staff: boolean): CreateInput {
  const r = new BodyReader(objectBody(body));
  const book = r.id('book', true);
  const member = staff ? r.id('member', true) : undefined;
  const notes = r.text('notes', NOTES_MAX);
  r.throwIfAny();
  return { book: book!, member, notes: notes || null };
}

/** Reads `{reason?}` of a cancel. */
export function parseCancelBody(body: unknown): { reason: string | null } {
  const r = new BodyReader(objectBody(body));
  const reason = r.text('reason', REASON_MAX);
  r.throwIfAny();
  return { reason: reason || null };
}

/** Reads `{issue_date?, due_date?}` of a reservation's issue. */
export function parseReservationIssueBody(body: unknown): { issueDate: string | undefined; dueDate: string | undefined } {
  const r = new BodyReader(objectBody(body));
  const issueDate = r.date('issue_date');
  const dueDate = r.date('due_date');
  r.throwIfAny();
  return { issueDate, dueDate };
}

/** Reads `{position, reason}` of a move; the upper bound of `position` is the service's (the queue's length). */
export function parseMoveBody(body: unknown): { position: number; reason: string } {
  const r = new BodyReader(objectBody(body));
  const raw = r.body['position'];
  const position = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d{1,9}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!r.present('position')) r.add('position', 'This field is required.');
  else if (!Number.isInteger(position)) r.add('position', 'A valid integer is required.');
  const reason = r.text('reason', REASON_MAX);
  if (!reason && !r.errors['reason']) r.add('reason', MOVE_MESSAGES.reason);
  r.throwIfAny();
  return { position, reason: reason! };
}

/** A `status` parameter, or 400. */
function readStatus(raw: string | undefined): StatusFilter | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  if (value.toLowerCase() === 'active') return 'active';
  const upper = value.toUpperCase() as ReservationStatus;
  if (RESERVATION_STATUSES.includes(upper)) return upper;
  throw ValidationError.field('status', `Select a valid choice. ${value.slice(0, 40)} is not one of the available choices.`);
}

export const RESERVATION_ORDERING = ['reserved_at', 'title', 'member', 'status', 'hold_until', 'position'] as const;
export type ReservationOrderField = (typeof RESERVATION_ORDERING)[number];

/** The reservation list's query, read. */
export interface ReservationListQuery {
  page: PageRequest | undefined;
  orders: OrderTerm<ReservationOrderField>[];
  term: string;
  status: StatusFilter | undefined;
  member: number | undefined;
  book: number | undefined;
}

/** Reads `status`, `search`, `member`, `book`, `ordering`, `page`, `page_size` of the list. */
export function parseReservationListQuery(query: Record<string, unknown>): ReservationListQuery {
  const q = singles(query, ['status', 'search', 'ordering', 'page', 'page_size']);
  return {
    page: readPage(q),
    orders: readOrdering(q['ordering'], RESERVATION_ORDERING, [{ field: 'reserved_at', desc: true }]),
    term: readSearch(q['search']),
    status: readStatus(q['status']),
    member: idFilter(query, 'member'),
    book: idFilter(query, 'book'),
  };
}

/** Reads `status` of a member's reservations. */
export function parseByMemberQuery(query: Record<string, unknown>): { status: StatusFilter | undefined } {
  return { status: readStatus(singles(query, ['status'])['status']) };
}

/** The queue screen's query, read: always paged (page 1 of 20 unless asked). */
export interface QueueQuery {
  page: PageRequest;
  term: string;
}

/** Reads `search`, `page`, `page_size` of the queue (pages of at most 50). */
export function parseQueueQuery(query: Record<string, unknown>): QueueQuery {
  const q = singles(query, ['search', 'page', 'page_size']);
  const page = readPage({ page: q['page'] ?? '1', page_size: q['page_size'] }) ?? { number: 1, size: 20 };
  return { page: { ...page, size: Math.min(page.size, QUEUE_MAX_PAGE_SIZE) }, term: readSearch(q['search']) };
}

/**
 * What the reservation calls accept: the JSON bodies of create, cancel, issue and move, and the
 * query strings of the lists. Bodies are read with the field structs every body uses, queries
 * with circulation's rule for repeated parameters and ids, so hostile input is refused with a
 * 400 before a service runs.
 */
import { ValidationError } from '../../errors.js';
import { readOrdering, readPage, readSearch, type ListQuery, type PageRequest } from '../../http/paging.js';
import type { ReservationStatus } from '../../db/schema.js';
import { bodyObject, readFields } from '../../http/validation.js';
import { field, givenDate, givenId, givenText, Refusal, required } from '../../http/fields.js';
import { givenOverrideReason, NOT_AN_OBJECT } from '../circulation/schemas.js';
import { idFilter, singles } from '../../http/query.js';
import { WHOLE_NUMBER_MESSAGES } from '#shared/numbers';

/** Every status a reservation may have. */
export const RESERVATION_STATUSES: readonly ReservationStatus[] = ['PENDING', 'FULFILLED', 'ISSUED', 'CANCELLED', 'EXPIRED'];

/** A `status` filter: one status, or `active` (PENDING and FULFILLED). */
export type StatusFilter = ReservationStatus | 'active';

/** Longest note on a reservation. */
export const NOTES_MAX = 500;
/** Longest reason of a move or a cancel. */
export const REASON_MAX = 200;

/** The queue screen's largest page. */
export const QUEUE_MAX_PAGE_SIZE = 50;

/** The move's refusals (docs/API.md). */
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
  const shape = { book: required(givenId()), member: staff ? required(givenId()) : givenId(), notes: givenText(NOTES_MAX) };
  const { values, errors } = readFields(shape, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { book: values.book!, member: staff ? values.member : undefined, notes: values.notes || null };
}

/** Reads `{reason?}` of a cancel. */
export function parseCancelBody(body: unknown): { reason: string | null } {
  const { values, errors } = readFields({ reason: givenText(REASON_MAX) }, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { reason: values.reason || null };
}

/** What a reservation's issue (the pickup) is given: its dates, and why the member's blocks are overridden. */
export interface ReservationIssueInput {
  issueDate: string | undefined;
  dueDate: string | undefined;
  overrideReason: string | undefined;
}

/** Reads `{issue_date?, due_date?, override_reason?}` of a reservation's issue. */
export function parseReservationIssueBody(body: unknown): ReservationIssueInput {
  const { values, errors } = readFields({ issue_date: givenDate(), due_date: givenDate(), override_reason: givenOverrideReason() }, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { issueDate: values.issue_date, dueDate: values.due_date, overrideReason: values.override_reason };
}

/** A queue position: a whole number (its bounds are the service's, the queue's length). */
const position = (): ReturnType<typeof givenId> =>
  field('position', (raw) => {
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d{1,9}\s*$/.test(raw) ? Number(raw) : NaN;
    return raw === null || (typeof raw === 'string' && raw.trim() === '') ? undefined : Number.isInteger(value) ? value : new Refusal(WHOLE_NUMBER_MESSAGES.invalid);
  });

/** Reads `{position, reason}` of a move; the upper bound of `position` is the service's (the queue's length). */
export function parseMoveBody(body: unknown): { position: number; reason: string } {
  const { values, errors } = readFields({ position: required(position()), reason: givenText(REASON_MAX) }, bodyObject(body, NOT_AN_OBJECT));
  if (!values.reason && !errors.has('reason')) errors.add('reason', MOVE_MESSAGES.reason);
  errors.throwIfAny();
  return { position: values.position!, reason: values.reason! };
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

/** The list's `ordering` columns. */
export const RESERVATION_ORDERING = ['reserved_at', 'title', 'member', 'status', 'hold_until', 'position'] as const;
/** One of the list's `ordering` columns. */
export type ReservationOrderField = (typeof RESERVATION_ORDERING)[number];

/** The reservation list's query, read. */
export interface ReservationListQuery extends ListQuery<ReservationOrderField> {
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

/**
 * Reservation wording and rules the screens share, pure: how a status is named and toned, the
 * member's standing ("Position 2 of 5", "Ready — pick up by 28/11/2026"), whether a pickup
 * deadline has passed, the "held for" line of the Return dialog, the Reserve action's answer, the
 * Book Reservation List's URL state and query, and the Move dialog's checks and body.
 */
import type { ReservationQuery, ReservationStatusQuery } from './api/reservations';
import { daysBetween, formatDate, parseDate, todayIn } from '#shared/dates';
import { readWholeNumber } from '#shared/numbers';
import { FORM_MESSAGES, queuePositionMessage, tooLongMessage, withControlCharacterErrors, type FieldErrors } from './forms';
import type { Reservation, ReservationMember, ReservationStatus } from './schemas/reservations';
import { choiceFilter, type TableSpec, type TableState } from './table-query';

/** Each state as the screens name it (a waiting reservation is "Waiting", a held copy "Ready"). */
export const STATUS_LABELS: Record<ReservationStatus, string> = {
  PENDING: 'Waiting',
  FULFILLED: 'Ready',
  ISSUED: 'Issued',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

/** The badge tone of each state. */
export const STATUS_TONES: Record<ReservationStatus, 'success' | 'warning' | 'danger' | 'neutral'> = {
  PENDING: 'warning',
  FULFILLED: 'success',
  ISSUED: 'neutral',
  CANCELLED: 'neutral',
  EXPIRED: 'danger',
};

/** "Position 2 of 5" (the count left out when the server does not give it). */
export function positionText(position: number | null | undefined, queueLength?: number | null): string | null {
  if (typeof position !== 'number' || position < 1) return null;
  return typeof queueLength === 'number' && queueLength >= position ? `Position ${position} of ${queueLength}` : `Position ${position}`;
}

/** "Ready — pick up by 28/11/2026" in the library's date format. */
export function readyText(holdUntil: string | null | undefined, dateFormat: string | null | undefined): string {
  const date = formatDate(holdUntil, dateFormat);
  return date ? `Ready — pick up by ${date}` : 'Ready — pick up at the desk';
}

/** Where a reservation stands, in one line: its place while waiting, the pickup deadline while held, else null. */
export function standingText(reservation: Pick<Reservation, 'status' | 'position' | 'queue_length' | 'hold_until'>, dateFormat: string | null | undefined): string | null {
  if (reservation.status === 'PENDING') return positionText(reservation.position, reservation.queue_length);
  if (reservation.status === 'FULFILLED') return readyText(reservation.hold_until, dateFormat);
  return null;
}

/** Whether a held copy's pickup deadline has passed (the expiry job has not released it yet). */
export function holdOverdue(holdUntil: string | null | undefined, today: string): boolean {
  const until = parseDate(holdUntil);
  return until !== null && parseDate(today) !== null && daysBetween(until, today) > 0;
}

/** The library's calendar date of a timestamp (`reserved_at`), or null when it is not one. */
export function libraryDateOf(timestamp: string | null | undefined, timeZone: string | null | undefined): string | null {
  if (!timestamp) return null;
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? parseDate(timestamp) : todayIn(timeZone, at);
}

/** A member as the reservation screens name him: the full name, else the username (else his number or id). */
export function reservationMemberName(member: ReservationMember | null | undefined, fallback?: string | null): string {
  return member?.full_name?.trim() || member?.username || fallback || member?.member_id || (member ? `#${member.id}` : '—');
}

/** The member of a reservation (his nested record, else the username the list gives). */
export const memberOf = (reservation: Reservation): ReservationMember | null =>
  reservation.member ?? (reservation.user !== undefined && reservation.user !== null ? { id: reservation.user, username: reservation.user_name } : null);

/** The Return dialog's line when someone waits for the title: "This copy will be held for Ana Khan (M-0042)." */
export function heldForText(member: ReservationMember): string {
  const name = reservationMemberName(member);
  return member.member_id ? `This copy will be held for ${name} (${member.member_id}).` : `This copy will be held for ${name}.`;
}

/** The Reserve action after the answer: "Reserved — position 3". */
export function reservedText(reservation: Pick<Reservation, 'status' | 'position' | 'hold_until'>, dateFormat: string | null | undefined): string {
  if (reservation.status === 'FULFILLED') return readyText(reservation.hold_until, dateFormat);
  return typeof reservation.position === 'number' ? `Reserved — position ${reservation.position}` : 'Reserved';
}

/** Whether the desk can fulfil it now: first in line while a copy is on the shelf (unknown counts as yes; the server decides). */
export function canFulfil(reservation: Pick<Reservation, 'status' | 'position' | 'available_copies'>): boolean {
  if (reservation.status !== 'PENDING') return false;
  const first = typeof reservation.position !== 'number' || reservation.position === 1;
  const onShelf = typeof reservation.available_copies !== 'number' || reservation.available_copies > 0;
  return first && onShelf;
}

/** Whether a reservation is still open (waiting or held), so it may be cancelled. */
export const isActive = (reservation: Pick<Reservation, 'status'>): boolean => reservation.status === 'PENDING' || reservation.status === 'FULFILLED';

/* ---------- The Book Reservation List ---------- */

/** The status filter's choices, the URL value → the server's `status=`. */
export const STATUS_FILTERS: readonly { value: string; label: string; query: ReservationStatusQuery }[] = [
  { value: 'active', label: 'Active', query: 'active' },
  { value: 'waiting', label: 'Waiting', query: 'PENDING' },
  { value: 'ready', label: 'Ready', query: 'FULFILLED' },
  { value: 'issued', label: 'Issued', query: 'ISSUED' },
  { value: 'cancelled', label: 'Cancelled', query: 'CANCELLED' },
  { value: 'expired', label: 'Expired', query: 'EXPIRED' },
];

/** The list's sortable columns (the server's `ordering` keys). */
export const RESERVATION_SORT_KEYS = ['reserved_at', 'title', 'member', 'status', 'hold_until', 'position'] as const;

export type ReservationFilter = 'status';

/** What the Book Reservation List keeps in its URL. */
export const RESERVATION_LIST_SPEC: TableSpec<ReservationFilter> = {
  filters: { status: choiceFilter(STATUS_FILTERS.map((choice) => choice.value)) },
  sortKeys: RESERVATION_SORT_KEYS,
  defaultPageSize: 20,
};

/** The list call's query for the URL state (always paged). */
export function reservationListQuery(state: TableState<ReservationFilter>): ReservationQuery & { page: number; page_size: number } {
  return {
    status: STATUS_FILTERS.find((choice) => choice.value === state.filters.status)?.query,
    search: state.search.trim() || undefined,
    ordering: state.ordering || undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}

/* ---------- Moving a reservation in its queue ---------- */

/** The Move dialog's values, as typed. */
export interface MoveValues {
  position: string;
  reason: string;
}

/** The longest reason the server keeps. */
export const MOVE_REASON_MAX = 200;

/** The Move dialog's checks: a whole position from 1 to the queue's length, and a reason of 1–200 characters (several lines allowed, no other control characters). */
export function validateMove(values: MoveValues, queueLength: number): FieldErrors<keyof MoveValues> {
  const errors: FieldErrors<keyof MoveValues> = {};
  const position = readWholeNumber(values.position);
  if (position === null || position < 1 || position > queueLength) errors.position = queuePositionMessage(queueLength);
  const reason = values.reason.trim();
  if (!reason) errors.reason = FORM_MESSAGES.moveReasonRequired;
  else if (reason.length > MOVE_REASON_MAX) errors.reason = tooLongMessage(MOVE_REASON_MAX);
  return withControlCharacterErrors(errors, values, ['reason']);
}

/** The Move call's body. */
export const moveBody = (values: MoveValues): { position: number; reason: string } => ({ position: Number(values.position.trim()), reason: values.reason.trim() });

/** A member's reservations for his page: held copies first, then waiting, then the rest; newest first within each. */
export function openFirst(reservations: readonly Reservation[]): Reservation[] {
  const rank = (status: ReservationStatus): number => (status === 'FULFILLED' ? 0 : status === 'PENDING' ? 1 : 2);
  return reservations
    .map((reservation, index) => ({ reservation, index }))
    .sort((a, b) => rank(a.reservation.status) - rank(b.reservation.status) || a.index - b.index)
    .map(({ reservation }) => reservation);
}

/* ---------- The Reserved Book Queue ---------- */

/** Titles per page the queue offers (the server sends at most 50). */
export const QUEUE_PAGE_SIZES = [10, 20, 50] as const;

/** What the queue keeps in its URL: a search and paging (the server orders the longest-waiting first). */
export const QUEUE_SPEC: TableSpec<never> = { filters: {}, sortKeys: [], defaultPageSize: 10 };

/** A return's `held_for` in the result: "Ana Khan (M-0042) until 28/11/2026". */
export function heldForWhom(held: { member: ReservationMember; hold_until?: string | null | undefined }, dateFormat: string | null | undefined): string {
  const name = reservationMemberName(held.member);
  const until = formatDate(held.hold_until, dateFormat);
  return `${name}${held.member.member_id ? ` (${held.member.member_id})` : ''}${until ? ` until ${until}` : ''}`;
}

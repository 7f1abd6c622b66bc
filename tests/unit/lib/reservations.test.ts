import { describe, expect, test } from 'vitest';
import { callErrorMessage } from '../../../src/lib/errors';
import { FORM_MESSAGES } from '../../../src/lib/forms';
import {
  canFulfil,
  heldForText,
  heldForWhom,
  holdOverdue,
  libraryDateOf,
  moveBody,
  openFirst,
  positionText,
  readyText,
  reservationListQuery,
  reservationMemberName,
  reservedText,
  standingText,
  validateMove,
} from '../../../src/lib/reservations';
import { loanFromRecord, loanFromSummary } from '../../../src/lib/return-form';
import type { Reservation } from '../../../src/lib/schemas/reservations';
import { defaultTableState, parseTableState } from '../../../src/lib/table-query';
import { RESERVATION_LIST_SPEC } from '../../../src/lib/reservations';

const reservation = (over: Partial<Reservation>): Reservation => ({
  id: 1,
  book: 7,
  book_title: 'Dune',
  status: 'PENDING',
  reserved_at: '2026-11-20T20:30:00.000Z',
  ...over,
});

describe('where a reservation stands', () => {
  test.each([
    [2, 5, 'Position 2 of 5'],
    [1, 1, 'Position 1 of 1'],
    [3, null, 'Position 3'],
    [3, 2, 'Position 3'],
    [null, 5, null],
    [0, 5, null],
  ])('position %j of %j reads %j', (position, length, expected) => {
    expect(positionText(position, length)).toBe(expected);
  });

  test.each([
    ['DD/MM/YYYY', 'Ready — pick up by 28/11/2026'],
    ['MM/DD/YYYY', 'Ready — pick up by 11/28/2026'],
    ['YYYY-MM-DD', 'Ready — pick up by 2026-11-28'],
  ])('a held copy reads its pickup deadline in the library format %s', (format, expected) => {
    expect(readyText('2026-11-28', format)).toBe(expected);
  });

  test('a held copy without a deadline still says it is ready', () => {
    expect(readyText(null, 'DD/MM/YYYY')).toBe('Ready — pick up at the desk');
  });

  test.each([
    [{ status: 'PENDING', position: 2, queue_length: 5 }, 'Position 2 of 5'],
    [{ status: 'FULFILLED', hold_until: '2026-11-28' }, 'Ready — pick up by 28/11/2026'],
    [{ status: 'ISSUED', hold_until: '2026-11-28' }, null],
    [{ status: 'CANCELLED' }, null],
    [{ status: 'EXPIRED', hold_until: '2026-11-20' }, null],
  ] as const)('%j stands at %j', (over, expected) => {
    expect(standingText(reservation(over), 'DD/MM/YYYY')).toBe(expected);
  });

  test.each([
    [{ status: 'PENDING', position: 3 }, 'Reserved — position 3'],
    [{ status: 'PENDING', position: null }, 'Reserved'],
    [{ status: 'FULFILLED', hold_until: '2026-11-28' }, 'Ready — pick up by 28/11/2026'],
  ] as const)('after reserving, %j reads %j', (over, expected) => {
    expect(reservedText(reservation(over), 'DD/MM/YYYY')).toBe(expected);
  });
});

describe('pickup deadlines', () => {
  test.each([
    ['2026-11-25', '2026-11-25', false],
    ['2026-11-24', '2026-11-25', true],
    ['2026-11-26', '2026-11-25', false],
    [null, '2026-11-25', false],
    ['soon', '2026-11-25', false],
  ])('held until %j is overdue on %s: %j', (until, today, expected) => {
    expect(holdOverdue(until, today)).toBe(expected);
  });

  test('the day a reservation was made is the library’s date, not UTC’s', () => {
    expect(libraryDateOf('2026-11-20T20:30:00.000Z', 'Asia/Karachi')).toBe('2026-11-21');
    expect(libraryDateOf('2026-11-20T20:30:00.000Z', 'UTC')).toBe('2026-11-20');
    expect(libraryDateOf(null, 'UTC')).toBeNull();
  });
});

describe('naming the member', () => {
  test.each([
    [{ id: 4, username: 'ana', full_name: 'Ana Khan', member_id: 'M-0042' }, 'This copy will be held for Ana Khan (M-0042).'],
    [{ id: 4, username: 'ana', full_name: ' ', member_id: 'M-0042' }, 'This copy will be held for ana (M-0042).'],
    [{ id: 4, username: 'ana', full_name: null, member_id: null }, 'This copy will be held for ana.'],
  ])('the Return dialog names %j', (member, expected) => {
    expect(heldForText(member)).toBe(expected);
  });

  test('the result says until when the copy is held', () => {
    expect(heldForWhom({ member: { id: 4, username: 'ana', full_name: 'Ana Khan', member_id: 'M-0042' }, hold_until: '2026-11-28' }, 'DD/MM/YYYY')).toBe('Ana Khan (M-0042) until 28/11/2026');
  });

  test('a member without a name falls back to the list’s username', () => {
    expect(reservationMemberName(null, 'ana')).toBe('ana');
    expect(reservationMemberName({ id: 9 })).toBe('#9');
  });

  test('a loan someone waits for carries him into the Return dialog; one nobody waits for does not', () => {
    const base = { id: 1, issue_date: '2026-11-01', due_date: '2026-11-08', status: 'ISSUED', book: { id: 2, title: 'Dune' }, member: { id: 3, name: 'bob' } };
    const member = { id: 4, username: 'ana', full_name: 'Ana Khan', member_id: 'M-0042' };
    expect(loanFromRecord({ ...base, reserved_for: { reservation_id: 9, member } }).heldFor).toEqual(member);
    expect(loanFromRecord({ ...base, reserved_for: null }).heldFor).toBeUndefined();
    expect(loanFromRecord(base).heldFor).toBeUndefined();
  });

  test('a loan from the member issue summary (his profile) carries whom the copy is held for too', () => {
    const summary = { member: { id: 11, username: 'ada' }, issued_count: 1, fine_per_day: '5.00', issued_books: [] };
    const loan = { issue_id: 7, issue_date: '2026-03-01', due_date: '2026-03-10', book: { id: 3, title: 'Dune', price: '1200' } };
    const member = { id: 4, username: 'ana', full_name: 'Ana Khan', member_id: 'M-0042' };
    expect(loanFromSummary(summary, { ...loan, reserved_for: { reservation_id: 9, member } }).heldFor).toEqual(member);
    expect(loanFromSummary(summary, { ...loan, reserved_for: null }).heldFor).toBeUndefined();
  });
});

describe('the member’s page order', () => {
  test('held copies first, then waiting, then the rest, newest first within each', () => {
    const rows = [
      reservation({ id: 1, status: 'ISSUED' }),
      reservation({ id: 2, status: 'PENDING' }),
      reservation({ id: 3, status: 'FULFILLED' }),
      reservation({ id: 4, status: 'CANCELLED' }),
      reservation({ id: 5, status: 'PENDING' }),
    ];
    expect(openFirst(rows).map((row) => row.id)).toEqual([3, 2, 5, 1, 4]);
  });
});

describe('the Book Reservation List’s URL state', () => {
  test.each([
    ['', undefined],
    ['active', 'active'],
    ['waiting', 'PENDING'],
    ['ready', 'FULFILLED'],
    ['issued', 'ISSUED'],
    ['cancelled', 'CANCELLED'],
    ['expired', 'EXPIRED'],
  ])('the filter %j asks the server for status %j', (filter, status) => {
    const state = { ...defaultTableState(RESERVATION_LIST_SPEC), filters: { status: filter } };
    expect(reservationListQuery(state).status).toBe(status);
  });

  test.each([
    ['Ready', 'ready'],
    ['nonsense', ''],
    ['PENDING', ''],
  ])('a status %j in the URL reads as %j', (raw, expected) => {
    expect(parseTableState(RESERVATION_LIST_SPEC, new URLSearchParams({ status: raw })).filters.status).toBe(expected);
  });

  test('search, ordering and paging go to the server as they are', () => {
    const state = { ...defaultTableState(RESERVATION_LIST_SPEC), search: ' dune ', ordering: '-hold_until', page: 3, pageSize: 50 };
    expect(reservationListQuery(state)).toEqual({ status: undefined, search: 'dune', ordering: '-hold_until', page: 3, page_size: 50 });
  });
});

describe('moving a reservation', () => {
  test.each([
    [{ position: '1', reason: 'Staff priority' }, 4, {}],
    [{ position: '4', reason: 'x' }, 4, {}],
    [{ position: '0', reason: 'x' }, 4, { position: 'Enter a position from 1 to 4.' }],
    [{ position: '5', reason: 'x' }, 4, { position: 'Enter a position from 1 to 4.' }],
    [{ position: '2.5', reason: 'x' }, 4, { position: 'Enter a position from 1 to 4.' }],
    [{ position: '', reason: 'x' }, 4, { position: 'Enter a position from 1 to 4.' }],
    [{ position: '2', reason: '   ' }, 4, { reason: FORM_MESSAGES.moveReasonRequired }],
    [{ position: '2', reason: 'a'.repeat(201) }, 4, { reason: 'Ensure this field has no more than 200 characters.' }],
    [{ position: '2', reason: 'a'.repeat(200) }, 4, {}],
  ])('%j in a queue of %i gives %j', (values, length, expected) => {
    expect(validateMove(values, length)).toEqual(expected);
  });

  test('the body carries a number and the trimmed reason', () => {
    expect(moveBody({ position: ' 2 ', reason: ' Staff priority ' })).toEqual({ position: 2, reason: 'Staff priority' });
  });
});

describe('the error catalogue for reservation calls', () => {
  const answer = (data: unknown) => ({ status: 400, data });
  test.each([
    ['reserve-book', { book: ['You already have an active reservation for this book.'] }, 'You already have an active reservation for this book.'],
    ['reserve-book', { detail: 'Not allowed', book: ['Book not found.'] }, 'Book not found.'],
    ['reserve-book', { member: ["This member's account is not active."] }, "This member's account is not active."],
    ['reserve-book', {}, 'Known Error Occurs'],
    ['reservation-fulfil', { detail: 'No available copies; this reservation cannot be fulfilled yet.' }, 'No available copies; this reservation cannot be fulfilled yet.'],
    ['reservation-issue', { detail: 'x', non_field_errors: ['Only fulfilled reservations can be issued.'] }, 'Only fulfilled reservations can be issued.'],
    ['reservation-issue', { member: ['This member already has 3 books issued. Max allowed is 3.'] }, 'This member already has 3 books issued. Max allowed is 3.'],
    ['reservation-move', { reason: ['Give a reason for changing the queue.'] }, 'Give a reason for changing the queue.'],
    ['reservation-cancel', {}, 'Known Error Occurs'],
  ] as const)('%s answering %j shows %j', (call, data, expected) => {
    expect(callErrorMessage(call, answer(data))).toBe(expected);
  });
});

describe('fulfilling from the list', () => {
  test.each([
    [{ status: 'PENDING', position: 1, available_copies: 1 }, true],
    [{ status: 'PENDING', position: 2, available_copies: 3 }, false],
    [{ status: 'PENDING', position: 1, available_copies: 0 }, false],
    [{ status: 'PENDING' }, true],
    [{ status: 'FULFILLED', position: null, available_copies: 2 }, false],
  ] as const)('%j may be fulfilled: %j', (over, expected) => {
    expect(canFulfil(reservation(over))).toBe(expected);
  });
});

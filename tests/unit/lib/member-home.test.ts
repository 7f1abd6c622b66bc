import { describe, expect, test } from 'vitest';
import { dueWording, loansByDueDate, readyForPickup } from '../../../src/lib/member-home';

describe('dueWording', () => {
  test.each([
    ['2026-11-28', '2026-11-25', '3 days left', 'neutral', 3],
    ['2026-11-27', '2026-11-25', '2 days left', 'warning', 2],
    ['2026-11-26', '2026-11-25', '1 day left', 'warning', 1],
    ['2026-11-25', '2026-11-25', 'Due today', 'warning', 0],
    ['2026-11-24', '2026-11-25', '1 day overdue', 'danger', -1],
    ['2026-11-23', '2026-11-25', '2 days overdue', 'danger', -2],
    ['2026-02-28', '2026-03-02', '2 days overdue', 'danger', -2],
    ['2027-01-01', '2026-12-31', '1 day left', 'warning', 1],
    ['2026-11-28T00:00:00Z', '2026-11-25', '3 days left', 'neutral', 3],
  ])('a loan due %s on %s reads %j', (due, today, text, tone, daysLeft) => {
    expect(dueWording(due, today)).toEqual({ text, tone, daysLeft });
  });

  test.each([
    [null, '2026-11-25'],
    ['2026-11-25', undefined],
    ['soon', '2026-11-25'],
  ])('says nothing for a due date %j on %j', (due, today) => {
    expect(dueWording(due, today)).toBeNull();
  });
});

test('lists his loans soonest due first', () => {
  const loan = (id: number, title: string, due_date: string) => ({ id, book: { id, title }, issue_date: '2026-11-01', due_date, days_left: 0, overdue: false });
  const sorted = loansByDueDate([loan(1, 'B', '2026-11-30'), loan(2, 'A', '2026-11-20'), loan(3, 'A', '2026-11-30')]);
  expect(sorted.map((row) => row.id)).toEqual([2, 3, 1]);
});

test('counts the reservations ready for pickup', () => {
  expect(readyForPickup([{ status: 'FULFILLED' }, { status: 'PENDING' }, { status: 'FULFILLED' }])).toBe(2);
});

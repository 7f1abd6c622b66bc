/**
 * The member home's wording, pure: how much time a loan has left ("3 days left", "Due today",
 * "2 days overdue", counted in calendar days from the library's today through dates.ts) and the
 * tone it is shown in.
 */
import { daysBetween, parseDate } from '#shared/dates';
import type { MemberDashboard } from '#shared/schemas/reports';

export type DueTone = 'neutral' | 'warning' | 'danger';

/** A loan's time as the member reads it, with its tone; null when a date is missing or not a date. */
export function dueWording(dueDate: string | null | undefined, today: string | null | undefined): { text: string; tone: DueTone; daysLeft: number } | null {
  const due = parseDate(dueDate);
  const now = parseDate(today);
  if (!due || !now) return null;
  const left = daysBetween(now, due);
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
  if (left === 0) return { text: 'Due today', tone: 'warning', daysLeft: 0 };
  if (left > 0) return { text: `${days(left)} left`, tone: left <= 2 ? 'warning' : 'neutral', daysLeft: left };
  return { text: `${days(-left)} overdue`, tone: 'danger', daysLeft: left };
}

/** His loans soonest due first (the overdue ones at the top), ties by title. */
export function loansByDueDate(loans: readonly MemberDashboard['loans'][number][]): MemberDashboard['loans'] {
  return [...loans].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.book.title.localeCompare(b.book.title));
}

/** How many of his reservations hold a copy for him to pick up. */
export const readyForPickup = (reservations: readonly { status: string }[]): number => reservations.filter((reservation) => reservation.status === 'FULFILLED').length;

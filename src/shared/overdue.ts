/**
 * "Overdue", the one rule: a loan still out (no return recorded) whose due date is before the
 * library's today. A loan due today is not late yet; a returned loan is never overdue, however
 * late it came back (its late days are the fine's business, `fines.ts`). Dates are `YYYY-MM-DD`
 * calendar dates of the library's time zone (`dates.ts`). The server's SQL form of this rule is
 * `server/src/db/overdue.ts`; a table test holds the two to the same answers.
 */
import { daysBetween, parseDate } from './dates.js';

/** What the rule reads of a loan: its due date and, when known, its return. */
export interface OverdueFacts {
  due_date: string;
  returned_at?: string | null | undefined;
}

/** Whether a loan is overdue on `today`; false when either date does not read as a date. */
export function isOverdue(loan: OverdueFacts, today: string): boolean {
  if (loan.returned_at !== null && loan.returned_at !== undefined) return false;
  const due = parseDate(loan.due_date);
  const now = parseDate(today);
  return due !== null && now !== null && daysBetween(due, now) > 0;
}

/**
 * The window every date a person enters on a loan must fall in, one rule for the site's forms and
 * the server's checks (the server compiles this module): a loan is issued today or up to a year
 * back, falls due on or after its issue date and at most a year after it (a renewal may not carry
 * it further), and comes back on or after its issue date and never after the library's today.
 * Dates are `YYYY-MM-DD` calendar dates of the library's zone; `today` is `todayIn(timezone)`.
 * Each check answers the message to show, or null when the date may be stored.
 */
import { addDays, daysBetween, parseDate } from './dates.js';

/** How far back an issue date may go, and how far after its issue date a loan may fall due. */
export const LOAN_WINDOW_DAYS = 365;

export const LOAN_DATE_MESSAGES = {
  notADate: 'Enter a date as YYYY-MM-DD.',
  issueInFuture: 'Issue date cannot be in the future.',
  issueTooOld: `Issue date cannot be more than ${LOAN_WINDOW_DAYS} days before today.`,
  dueBeforeIssue: 'Due date cannot be before the issue date.',
  dueTooFar: `Due date cannot be more than ${LOAN_WINDOW_DAYS} days after the issue date.`,
  renewTooFar: `This loan cannot be renewed: its due date would be more than ${LOAN_WINDOW_DAYS} days after the issue date.`,
  returnInFuture: 'Return date cannot be in the future.',
  returnBeforeIssue: 'Return date cannot be before the issue date.',
} as const;

/** Days from `from` to `to`, or null when either is not a date (a stored date the product cannot read). */
function span(from: string, to: string): number | null {
  return parseDate(from) === from && parseDate(to) === to ? daysBetween(from, to) : null;
}

/** Why an issue date may not be stored (today or up to the window back), or null. */
export function issueDateProblem(issueDate: string, today: string): string | null {
  const back = span(issueDate, today);
  if (back === null) return LOAN_DATE_MESSAGES.notADate;
  if (back < 0) return LOAN_DATE_MESSAGES.issueInFuture;
  if (back > LOAN_WINDOW_DAYS) return LOAN_DATE_MESSAGES.issueTooOld;
  return null;
}

/** Why a due date may not be stored for a loan issued on `issueDate` (on or after it, at most the window after), or null. */
export function dueDateProblem(dueDate: string, issueDate: string): string | null {
  const length = span(issueDate, dueDate);
  if (length === null) return parseDate(dueDate) === dueDate ? null : LOAN_DATE_MESSAGES.notADate;
  if (length < 0) return LOAN_DATE_MESSAGES.dueBeforeIssue;
  if (length > LOAN_WINDOW_DAYS) return LOAN_DATE_MESSAGES.dueTooFar;
  return null;
}

/** Why a renewal to `newDueDate` is refused (past the window after the issue date), or null. */
export function renewalDateProblem(newDueDate: string, issueDate: string): string | null {
  const length = span(issueDate, newDueDate);
  return length === null || length > LOAN_WINDOW_DAYS ? LOAN_DATE_MESSAGES.renewTooFar : null;
}

/** Why a return date may not be stored (on or after the issue date, not after today), or null. */
export function returnDateProblem(returnDate: string, issueDate: string, today: string): string | null {
  const ahead = span(today, returnDate);
  if (ahead === null) return LOAN_DATE_MESSAGES.notADate;
  if (ahead > 0) return LOAN_DATE_MESSAGES.returnInFuture;
  const kept = span(issueDate, returnDate);
  if (kept !== null && kept < 0) return LOAN_DATE_MESSAGES.returnBeforeIssue;
  return null;
}

/** The latest due date a loan issued on `issueDate` may have (the date inputs' `max`); '' when not a date. */
export function latestDueDate(issueDate: string): string {
  return parseDate(issueDate) === issueDate ? addDays(issueDate, LOAN_WINDOW_DAYS) : '';
}

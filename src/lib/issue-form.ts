/**
 * The Book issue dialog's form, pure: its start values (the library's today, due after the
 * member's loan period, 3 days until a member is chosen), the issue date carrying the due date
 * with it, the issue form's required-field checks, the payload, and the confirmation that precedes submission.
 */
import type { IssuePayload } from './api/circulation';
import { addDays, daysBetween, parseDate } from '#shared/dates';
import { FORM_MESSAGES, type FieldErrors } from './forms';
import { dueDateProblem, issueDateProblem } from '#shared/loan-dates';
import { formatMoney, toMinorUnits } from '#shared/money';
import { isOverdue } from '#shared/overdue';

/** The form's values, all text (ids as text; empty when not chosen). */
export interface IssueFormValues {
  issue_date: string;
  due_date: string;
  book: string;
  member: string;
}

export type IssueField = keyof IssueFormValues;

/** The fields whose server refusals show under them. */
export const ISSUE_FIELDS: readonly IssueField[] = ['issue_date', 'due_date', 'book', 'member'];

/** The default loan period (3 days), used until the member's own is known. */
export const DEFAULT_LOAN_DAYS = 3;

/** The loan period to use: the member's (from his issue summary) when known and positive, else the default. */
export function loanDays(memberLoanDays: number | null | undefined): number {
  return typeof memberLoanDays === 'number' && Number.isInteger(memberLoanDays) && memberLoanDays > 0 ? memberLoanDays : DEFAULT_LOAN_DAYS;
}

/** The due date of a loan issued on `issueDate` (empty when the issue date is not a date). */
export function dueDateFor(issueDate: string, memberLoanDays?: number | null): string {
  return parseDate(issueDate) ? addDays(issueDate, loanDays(memberLoanDays)) : '';
}

/** A new loan's start values: issued today, due after the default period, nothing chosen. */
export function issueDefaults(today: string): IssueFormValues {
  return { issue_date: today, due_date: dueDateFor(today), book: '', member: '' };
}

/** The values after the issue date changed: the due date moves with it by the loan period. */
export function withIssueDate(values: IssueFormValues, issueDate: string, memberLoanDays?: number | null): IssueFormValues {
  const due = dueDateFor(issueDate, memberLoanDays);
  return { ...values, issue_date: issueDate, due_date: due || values.due_date };
}

/**
 * The issue form's required-field checks, plus the loan date window of `loan-dates.ts` for the due date: not before
 * the issue date, at most a year after it (also when editing a loan, whose issue date is fixed).
 */
export function validateIssue(values: IssueFormValues): FieldErrors<IssueField> {
  const errors: FieldErrors<IssueField> = {};
  if (!values.issue_date.trim()) errors.issue_date = FORM_MESSAGES.issueDateRequired;
  if (!values.due_date.trim()) errors.due_date = FORM_MESSAGES.dueDateRequired;
  if (!values.book.trim()) errors.book = FORM_MESSAGES.bookRequired;
  if (!values.member.trim()) errors.member = FORM_MESSAGES.memberRequired;
  const issue = parseDate(values.issue_date);
  const due = parseDate(values.due_date);
  if (issue && due && daysBetween(issue, due) < 0) errors.due_date = FORM_MESSAGES.dueBeforeIssue;
  else if (issue && due) errors.due_date = dueDateProblem(due, issue) ?? undefined;
  return errors;
}

/** The checks of a new loan on the library's `today`: `validateIssue` plus an issue date today or up to a year back. */
export function issueValidator(today: string): (values: IssueFormValues) => FieldErrors<IssueField> {
  return (values) => {
    const errors = validateIssue(values);
    const issue = parseDate(values.issue_date);
    if (issue && !errors.issue_date) errors.issue_date = issueDateProblem(issue, today) ?? undefined;
    return errors;
  };
}

/**
 * The checks of the Book issue dialog: a new loan's on the library's `today` (`issueValidator`),
 * the server's window and wording; an edit changes only the due date of a loan whose issue date
 * is fixed, so only the due date's window applies (`validateIssue`).
 */
export function issueChecks(today: string, editing: boolean): (values: IssueFormValues) => FieldErrors<IssueField> {
  return editing ? validateIssue : issueValidator(today);
}

/** The issue payload: issue_date, due_date, status ISSUED, book id, member id. */
export function issuePayload(values: IssueFormValues): IssuePayload {
  return { issue_date: values.issue_date, due_date: values.due_date, status: 'ISSUED', book: values.book.trim(), member: values.member.trim() };
}

/** The confirmation texts, as the specification spells them (the defaulter's too). */
export const ISSUE_CONFIRM = {
  plain: 'Are you sure you want to issue this book?',
  defaulter: (amount: string): string => `The Member is Defaulter with due amount Rs.${amount}, Still Continue?`,
} as const;

/** The amount as the defaulter confirmation writes it: "1,250.00" (no currency; the sentence has it). */
export function confirmAmount(value: string | number | null | undefined): string {
  const minor = toMinorUnits(value) ?? 0;
  return formatMoney(minor).replace(/^(-?)Rs\. /, '$1');
}

/** The question asked before issuing: the defaulter's, with his due amount, or the plain one. */
export function issueConfirmation(member: { isDefaulter?: boolean | null | undefined; fine_amount?: string | number | null | undefined } | null | undefined): string {
  return member?.isDefaulter ? ISSUE_CONFIRM.defaulter(confirmAmount(member.fine_amount)) : ISSUE_CONFIRM.plain;
}

/** Whether a member may take one more loan (no limit known: yes). */
export function underLoanLimit(issuedCount: number, limit: number | null | undefined): boolean {
  return typeof limit !== 'number' || issuedCount < limit;
}

/** Days from today to the due date: positive left, 0 due today, negative overdue. */
export function daysLeft(dueDate: string, today: string): number | null {
  return parseDate(dueDate) && parseDate(today) ? daysBetween(today, dueDate) : null;
}

/** The badge text of an overdue loan ("Overdue · 3 days"), or null when it is not overdue. */
export function overdueLabel(dueDate: string, today: string): string | null {
  const left = daysLeft(dueDate, today);
  if (left === null || !isOverdue({ due_date: dueDate }, today)) return null;
  const late = -left;
  return `Overdue · ${late} ${late === 1 ? 'day' : 'days'}`;
}

/** A member's view of his loan's time: "3 days left", "Due today", or the overdue label. */
export function dueStatus(dueDate: string, today: string): string {
  const left = daysLeft(dueDate, today);
  if (left === null) return '';
  if (left === 0) return 'Due today';
  if (left > 0) return `${left} ${left === 1 ? 'day' : 'days'} left`;
  return overdueLabel(dueDate, today) ?? '';
}

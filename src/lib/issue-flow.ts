/**
 * The issuing flow, pure: one flow for the three ways a loan's dates are sent (a new loan at the
 * desk, the due date of an issued loan, a held reservation becoming a loan). It says what the form
 * starts with, which checks apply, which fields show the server's refusals, whether the desk asks
 * its confirmation first, what request is sent, and which notice follows. `issueDeskReducer` holds
 * the desk's picks and scan input: a member's figures (loan period, limit, fine) are read afresh on
 * every pick and only the newest pick's answer counts. The hook `use-issue-flow` wires it to the
 * calls; the Book issue dialog and the reserved-book issue dialog both use it.
 */
import { formatDate } from '#shared/dates';
import type { IssuePayload } from './api/circulation';
import type { CallName } from './errors';
import type { FieldErrors } from './forms';
import { ISSUE_FIELDS, dueDateFor, issueChecks, issueDefaults, issuePayload, type IssueField, type IssueFormValues } from './issue-form';
import { NOTICES } from './notices';
import { SCAN_MESSAGES } from './scan';
import { copyIssueProblem, type ScannedCopy } from './scan-code';

type Id = string | number;

/** The loan whose due date is edited: only what the flow reads of it. */
export interface EditedLoan {
  id: Id;
  issue_date: string;
  due_date: string;
  book: { id: Id; title: string };
  member: { id: Id };
}

/** What the issue form issues: a new loan at the desk, an issued loan's due date, or a held reservation. */
export type IssueTarget =
  | { kind: 'desk' }
  | { kind: 'edit'; loan: EditedLoan }
  | { kind: 'reservation'; reservationId: Id; book: Id; member: Id | null };

/** The request one submission sends, by the call that sends it. */
export type IssueRequest =
  | { call: 'issue-book'; payload: IssuePayload & { copy?: string } }
  | { call: 'update-loan'; loanId: Id; dueDate: string }
  | { call: 'reservation-issue'; reservationId: Id; body: { issue_date: string; due_date: string } };

/** The form's start values: the desk starts empty on today, an edit on the loan's own dates, a reservation with its book and member. */
export function issueStartValues(target: IssueTarget, today: string): IssueFormValues {
  switch (target.kind) {
    case 'desk':
      return issueDefaults(today);
    case 'edit': {
      const { loan } = target;
      return { issue_date: loan.issue_date.slice(0, 10), due_date: loan.due_date.slice(0, 10), book: String(loan.book.id), member: String(loan.member.id) };
    }
    case 'reservation':
      return { ...issueDefaults(today), book: String(target.book), member: String(target.member ?? '') };
  }
}

/** The client checks: a new loan's (desk or reservation) on the library's today, an edit's due date window alone. */
export function issueCheck(target: IssueTarget, today: string): (values: IssueFormValues) => FieldErrors<IssueField> {
  return issueChecks(today, target.kind === 'edit');
}

/** The fields whose server refusals show under them: a reservation's form has only its two dates. */
export function issueFieldsOf(target: IssueTarget): readonly IssueField[] {
  return target.kind === 'reservation' ? ['issue_date', 'due_date'] : ISSUE_FIELDS;
}

/** The call whose error-message rule (`CALL_ERRORS`) words a failure. */
export function issueCallOf(target: IssueTarget): Extract<CallName, IssueRequest['call']> {
  return target.kind === 'desk' ? 'issue-book' : target.kind === 'edit' ? 'update-loan' : 'reservation-issue';
}

/** Whether the desk's confirmation (the defaulter's when he owes) precedes the call: only for a new desk loan. */
export const asksConfirmation = (target: IssueTarget): boolean => target.kind === 'desk';

/** Whether a failed call is also told by a toast (the Book issue dialog's habit; the reservation form shows it above its buttons alone). */
export const toastsFailure = (target: IssueTarget): boolean => target.kind !== 'reservation';

/** Whether the dialog closes after a success: the desk stays open for the next loan. */
export const closesAfterIssue = (target: IssueTarget): boolean => target.kind !== 'desk';

/** The code a copy is sent by: its barcode, else its accession number. */
const copyCode = (copy: ScannedCopy): string => copy.barcode || copy.accession_no;

/**
 * What one submission sends. A desk loan of a scanned copy also sends `copy` (its barcode), so that
 * exact copy is lent; only while the title picked is the copy's (a title picked by hand lets the server choose).
 */
export function issueRequest(target: IssueTarget, values: IssueFormValues, copy: ScannedCopy | null = null): IssueRequest {
  switch (target.kind) {
    case 'desk': {
      const payload = issuePayload(values);
      return { call: 'issue-book', payload: copy && String(copy.book.id) === String(payload.book) ? { ...payload, copy: copyCode(copy) } : payload };
    }
    case 'edit':
      return { call: 'update-loan', loanId: target.loan.id, dueDate: values.due_date };
    case 'reservation':
      return { call: 'reservation-issue', reservationId: target.reservationId, body: { issue_date: values.issue_date, due_date: values.due_date } };
  }
}

/** The checks of one submission: the form's, and for a desk loan of a scanned copy, whether it may go to this member (under Book). */
export function deskCheck(target: IssueTarget, today: string, copy: ScannedCopy | null): (values: IssueFormValues) => FieldErrors<IssueField> {
  const check = issueCheck(target, today);
  if (target.kind !== 'desk' || !copy) return check;
  return (values) => {
    const errors = check(values);
    const problem = String(copy.book.id) === values.book.trim() ? copyIssueProblem(copy, values.member.trim()) : null;
    return problem && !errors.book ? { ...errors, book: problem } : errors;
  };
}

/** The accession number of the copy a loan answer names, else of the copy scanned, else null. */
export function issuedAccession(answer: unknown, scanned: ScannedCopy | null): string | null {
  const copy = typeof answer === 'object' && answer !== null ? (answer as { copy?: { accession_no?: unknown } | null }).copy : null;
  if (copy && typeof copy.accession_no === 'string' && copy.accession_no) return copy.accession_no;
  return scanned?.accession_no ?? null;
}

/** The notice after a success; a desk loan names the copy's accession number when known. */
export function issueNotice(target: IssueTarget, values: IssueFormValues, dateFormat?: string | null, accession?: string | null): string {
  switch (target.kind) {
    case 'desk':
      return accession ? NOTICES.bookIssuedCopy(accession) : NOTICES.bookIssued;
    case 'edit':
      return NOTICES.dueDateUpdated(target.loan.book.title, formatDate(values.due_date, dateFormat) ?? '');
    case 'reservation':
      return NOTICES.reservationIssued;
  }
}

/** The due date once the member's loan period is known: from the current issue date, else unchanged. */
export function dueDateWithPeriod(values: IssueFormValues, loanPeriodDays: number | null | undefined): string {
  return dueDateFor(values.issue_date, loanPeriodDays) || values.due_date;
}

/** The member's figures the desk shows and the due date follows. */
export interface MemberFigures {
  loan_period_days?: number | null | undefined;
}

/** The desk's picks, the member's figures read for the newest pick, and the scan input. */
export interface IssueDeskState<B, M, S extends MemberFigures> {
  book: B | null;
  /** The copy scanned (its title is `book`); null when the title was picked by hand. */
  copy: ScannedCopy | null;
  member: M | null;
  memberSummary: S | null;
  summaryError: string | null;
  /** The number of the newest member pick (or read); an answer for another is stale. */
  pick: number;
  scan: string;
  scanMessage: string | null;
  scanning: boolean;
}

/** What happens at the desk. */
export type IssueDeskAction<B, M, S> =
  | { type: 'pick-member'; member: M | null; pick: number }
  | { type: 'summary'; pick: number; summary: S }
  | { type: 'summary-failed'; pick: number; message: string }
  | { type: 'pick-book'; book: B | null }
  | { type: 'pick-copy'; copy: ScannedCopy; book: B }
  | { type: 'scan-typed'; text: string }
  | { type: 'scan-started' }
  | { type: 'scan-missed'; message: string }
  /** A scan resolved; `code` is what it resolved, so a next code typed meanwhile stays in the input. */
  | { type: 'scan-found'; code?: string }
  | { type: 'next-loan'; pick: number };

/** Nothing picked, nothing scanned. */
export function emptyDesk<B, M, S extends MemberFigures>(pick = 0): IssueDeskState<B, M, S> {
  return { book: null, copy: null, member: null, memberSummary: null, summaryError: null, pick, scan: '', scanMessage: null, scanning: false };
}

/** The desk's next state; an answer for a member pick other than the newest changes nothing. */
export function issueDeskReducer<B, M, S extends MemberFigures>(state: IssueDeskState<B, M, S>, action: IssueDeskAction<B, M, S>): IssueDeskState<B, M, S> {
  switch (action.type) {
    case 'pick-member':
      return { ...state, member: action.member, memberSummary: null, summaryError: null, pick: action.pick };
    case 'summary':
      return action.pick === state.pick ? { ...state, memberSummary: action.summary, summaryError: null } : state;
    case 'summary-failed':
      return action.pick === state.pick ? { ...state, summaryError: action.message } : state;
    case 'pick-book':
      return { ...state, book: action.book, copy: null };
    case 'pick-copy':
      return { ...state, book: action.book, copy: action.copy };
    case 'scan-typed':
      return { ...state, scan: action.text, scanMessage: null };
    case 'scan-started':
      return { ...state, scanning: true };
    case 'scan-missed':
      return { ...state, scanning: false, scanMessage: action.message };
    case 'scan-found':
      return { ...state, scanning: false, scan: action.code === undefined || state.scan.trim() === action.code ? '' : state.scan, scanMessage: null };
    case 'next-loan':
      return emptyDesk(action.pick);
  }
}

/** The hint under the scan input: what to scan next. */
export function scanHint(picked: { book: unknown; member: unknown }): string {
  if (picked.member && !picked.book) return 'Member picked: now scan the book.';
  if (picked.book && !picked.member) return 'Book picked: now scan the member number.';
  return SCAN_MESSAGES.empty;
}

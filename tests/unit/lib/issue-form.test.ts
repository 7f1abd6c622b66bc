import { describe, expect, test } from 'vitest';
import { FORM_MESSAGES } from '../../../src/lib/forms';
import {
  DEFAULT_LOAN_DAYS,
  confirmAmount,
  dueDateFor,
  dueStatus,
  issueConfirmation,
  issueDefaults,
  issuePayload,
  overdueLabel,
  underLoanLimit,
  issueChecks,
  issueValidator,
  validateIssue,
  withIssueDate,
  type IssueFormValues,
} from '../../../src/lib/issue-form';
import { LOAN_DATE_MESSAGES } from '#shared/loan-dates';

const filled: IssueFormValues = { issue_date: '2026-03-01', due_date: '2026-03-04', book: '12', member: '7' };

describe('issue form defaults and due date', () => {
  test('a new loan is issued today and due after the default 3 days', () => {
    expect(DEFAULT_LOAN_DAYS).toBe(3);
    expect(issueDefaults('2026-02-27')).toEqual({ issue_date: '2026-02-27', due_date: '2026-03-02', book: '', member: '' });
  });

  test.each<[string, number | null | undefined, string]>([
    ['2026-03-01', undefined, '2026-03-04'],
    ['2026-03-01', null, '2026-03-04'],
    ['2026-03-01', 14, '2026-03-15'],
    ['2026-12-25', 7, '2027-01-01'],
    ['2026-03-01', 0, '2026-03-04'],
    ['2026-03-01', -2, '2026-03-04'],
    ['not a date', 14, ''],
  ])('issued %s with a loan period of %s is due %s', (issue, days, due) => {
    expect(dueDateFor(issue, days)).toBe(due);
  });

  test('moving the issue date moves the due date by the member period', () => {
    expect(withIssueDate(filled, '2026-03-10', 14)).toEqual({ ...filled, issue_date: '2026-03-10', due_date: '2026-03-24' });
    // A cleared issue date keeps the due date the user had.
    expect(withIssueDate(filled, '', 14)).toEqual({ ...filled, issue_date: '' });
  });
});

describe('issue form checks', () => {
  test.each<[string, Partial<IssueFormValues>, Record<string, string>]>([
    ['all filled', {}, {}],
    ['no issue date', { issue_date: '' }, { issue_date: FORM_MESSAGES.issueDateRequired }],
    ['no due date', { due_date: ' ' }, { due_date: FORM_MESSAGES.dueDateRequired }],
    ['no book', { book: '' }, { book: FORM_MESSAGES.bookRequired }],
    ['no member', { member: '' }, { member: FORM_MESSAGES.memberRequired }],
    ['due before issue', { due_date: '2026-02-28' }, { due_date: FORM_MESSAGES.dueBeforeIssue }],
    ['due on the issue day is allowed', { due_date: '2026-03-01' }, {}],
    ['due a year after the issue is allowed', { due_date: '2027-03-01' }, {}],
    ['due a year and a day after the issue', { due_date: '2027-03-02' }, { due_date: LOAN_DATE_MESSAGES.dueTooFar }],
    ['due on 9999-12-31', { due_date: '9999-12-31' }, { due_date: LOAN_DATE_MESSAGES.dueTooFar }],
  ])('%s', (_t, change, expected) => {
    const errors = Object.fromEntries(Object.entries(validateIssue({ ...filled, ...change })).filter(([, v]) => v));
    expect(errors).toEqual(expected);
  });

  test.each<[string, Partial<IssueFormValues>, Record<string, string>]>([
    ['issued today', {}, {}],
    ['issued tomorrow', { issue_date: '2026-03-02', due_date: '2026-03-05' }, { issue_date: LOAN_DATE_MESSAGES.issueInFuture }],
    ['issued a year back', { issue_date: '2025-03-01', due_date: '2025-03-04' }, {}],
    ['issued a year and a day back', { issue_date: '2025-02-28', due_date: '2025-03-04' }, { issue_date: LOAN_DATE_MESSAGES.issueTooOld }],
  ])('a new loan on 2026-03-01, %s', (_t, change, expected) => {
    const errors = Object.fromEntries(Object.entries(issueValidator('2026-03-01')({ ...filled, ...change })).filter(([, v]) => v));
    expect(errors).toEqual(expected);
  });

  test.each<[string, boolean, Partial<IssueFormValues>, Record<string, string>]>([
    ['a new loan issued a year and a day back', false, { issue_date: '2025-02-28', due_date: '2025-03-04' }, { issue_date: LOAN_DATE_MESSAGES.issueTooOld }],
    ['a new loan issued tomorrow', false, { issue_date: '2026-03-02', due_date: '2026-03-05' }, { issue_date: LOAN_DATE_MESSAGES.issueInFuture }],
    ['a new loan due a year and a day after its issue', false, { due_date: '2027-03-02' }, { due_date: LOAN_DATE_MESSAGES.dueTooFar }],
    ['an edited loan issued long ago (its issue date is fixed)', true, { issue_date: '2024-01-01', due_date: '2024-01-10' }, {}],
    ['an edited loan due a year and a day after its issue', true, { issue_date: '2025-02-28', due_date: '2026-03-01' }, { due_date: LOAN_DATE_MESSAGES.dueTooFar }],
  ])('the issue dialog on 2026-03-01 checks %s', (_t, editing, change, expected) => {
    const errors = Object.fromEntries(Object.entries(issueChecks('2026-03-01', editing)({ ...filled, ...change })).filter(([, v]) => v));
    expect(errors).toEqual(expected);
  });

  test('the messages are the specification wording', () => {
    expect(validateIssue({ issue_date: '', due_date: '', book: '', member: '' })).toEqual({
      issue_date: 'Issue date is required',
      due_date: 'Due date is required',
      book: 'Book is required',
      member: 'Member is required',
    });
  });

  test('the payload is the issue payload of the original contract', () => {
    expect(issuePayload(filled)).toEqual({ issue_date: '2026-03-01', due_date: '2026-03-04', status: 'ISSUED', book: '12', member: '7' });
  });
});

describe('issue confirmation', () => {
  test.each<[string, Parameters<typeof issueConfirmation>[0], string]>([
    ['no summary yet', null, 'Are you sure you want to issue this book?'],
    ['not a defaulter', { isDefaulter: false, fine_amount: '50.00' }, 'Are you sure you want to issue this book?'],
    ['a defaulter', { isDefaulter: true, fine_amount: '1250.00' }, 'The Member is Defaulter with due amount Rs.1,250.00, Still Continue?'],
    ['a defaulter with a bare number', { isDefaulter: true, fine_amount: 40 }, 'The Member is Defaulter with due amount Rs.40.00, Still Continue?'],
  ])('%s', (_t, member, text) => expect(issueConfirmation(member)).toBe(text));

  test.each([
    ['1250', '1,250.00'],
    ['0.5', '0.50'],
    [null, '0.00'],
  ])('amount %j reads %s', (value, text) => expect(confirmAmount(value)).toBe(text));
});

describe('loan time', () => {
  test.each<[string, string, string | null, string]>([
    ['2026-03-04', '2026-03-01', null, '3 days left'],
    ['2026-03-02', '2026-03-01', null, '1 day left'],
    ['2026-03-01', '2026-03-01', null, 'Due today'],
    ['2026-02-28', '2026-03-01', 'Overdue · 1 day', 'Overdue · 1 day'],
    ['2026-02-20', '2026-03-01', 'Overdue · 9 days', 'Overdue · 9 days'],
  ])('due %s on %s', (due, today, badge, status) => {
    expect(overdueLabel(due, today)).toBe(badge);
    expect(dueStatus(due, today)).toBe(status);
  });

  test.each<[number, number | null | undefined, boolean]>([
    [2, 3, true],
    [3, 3, false],
    [5, null, true],
  ])('%d issued under a limit of %s: %s', (count, limit, ok) => expect(underLoanLimit(count, limit)).toBe(ok));
});

import { describe, expect, test } from 'vitest';
import { dueDateProblem, issueDateProblem, latestDueDate, LOAN_DATE_MESSAGES as M, LOAN_WINDOW_DAYS, renewalDateProblem, returnDateProblem } from '#shared/loan-dates';

const TODAY = '2026-03-09';

describe('the loan date window', () => {
  test('is a year', () => {
    expect(LOAN_WINDOW_DAYS).toBe(365);
  });

  test.each([
    ['2026-03-09', null],
    ['2025-03-09', null],
    ['2025-03-08', M.issueTooOld],
    ['2026-03-10', M.issueInFuture],
    ['9999-12-31', M.issueInFuture],
    ['0001-01-01', M.issueTooOld],
    ['2026-02-30', M.notADate],
    ['', M.notADate],
  ])('an issue date of %o on %s: %o', (issueDate, problem) => {
    expect(issueDateProblem(issueDate, TODAY)).toBe(problem);
  });

  test.each([
    ['2026-03-09', '2026-03-09', null],
    ['2027-03-09', '2026-03-09', null],
    ['2027-03-10', '2026-03-09', M.dueTooFar],
    ['9999-12-31', '2026-03-09', M.dueTooFar],
    ['2026-03-08', '2026-03-09', M.dueBeforeIssue],
    ['2026-13-01', '2026-03-09', M.notADate],
    // A loan whose stored issue date does not read: the due date alone is checked as a date.
    ['2026-03-20', '10000-01-03x', null],
  ])('a due date of %o for a loan issued %o: %o', (dueDate, issueDate, problem) => {
    expect(dueDateProblem(dueDate, issueDate)).toBe(problem);
  });

  test.each([
    ['2027-03-09', '2026-03-09', null],
    ['2027-03-10', '2026-03-09', M.renewTooFar],
    ['10000-01-03', '2026-03-09', M.renewTooFar],
    ['2026-04-01', 'not a date', M.renewTooFar],
  ])('a renewal to %o of a loan issued %o: %o', (newDue, issueDate, problem) => {
    expect(renewalDateProblem(newDue, issueDate)).toBe(problem);
  });

  test.each([
    ['2026-03-09', '2026-03-01', null],
    ['2026-03-01', '2026-03-01', null],
    ['2026-03-10', '2026-03-01', M.returnInFuture],
    ['2036-03-09', '2026-03-01', M.returnInFuture],
    ['2026-02-28', '2026-03-01', M.returnBeforeIssue],
    ['2026-03-09', '0001-01-01', null],
    ['2026-3-9', '2026-03-01', M.notADate],
  ])('a return on %o of a loan issued %o: %o', (returnDate, issueDate, problem) => {
    expect(returnDateProblem(returnDate, issueDate, TODAY)).toBe(problem);
  });

  test.each([
    ['2026-03-09', '2027-03-09'],
    ['2024-03-01', '2025-03-01'],
    ['', ''],
  ])('a loan issued %o may fall due by %o', (issueDate, latest) => {
    expect(latestDueDate(issueDate)).toBe(latest);
  });
});

/** The one issuing flow of the Book issue dialog and the reserved-book issue dialog, without a browser. */
import { describe, expect, test } from 'vitest';
import { formatDate } from '#shared/dates';
import { FORM_MESSAGES } from '../../../src/lib/forms';
import {
  asksConfirmation,
  closesAfterIssue,
  dueDateWithPeriod,
  emptyDesk,
  issueCallOf,
  issueCheck,
  issueDeskReducer,
  issueFieldsOf,
  issueNotice,
  issueRequest,
  issueStartValues,
  scanHint,
  toastsFailure,
  type IssueDeskAction,
  type IssueDeskState,
  type IssueTarget,
} from '../../../src/lib/issue-flow';
import { NOTICES } from '../../../src/lib/notices';

const today = '2026-03-10';
const loan = { id: 41, issue_date: '2026-03-01T09:00:00Z', due_date: '2026-03-08T00:00:00Z', book: { id: 7, title: 'Dune' }, member: { id: 3 } };
const desk: IssueTarget = { kind: 'desk' };
const edit: IssueTarget = { kind: 'edit', loan };
const reservation: IssueTarget = { kind: 'reservation', reservationId: 90, book: 7, member: 3 };

describe('what the issue form starts with', () => {
  test.each([
    ['a desk loan starts on today, due in 3 days, nothing picked', desk, { issue_date: today, due_date: '2026-03-13', book: '', member: '' }],
    ['an edit starts on the loan’s own dates and picks', edit, { issue_date: '2026-03-01', due_date: '2026-03-08', book: '7', member: '3' }],
    ['a reservation starts on today with its book and member', reservation, { issue_date: today, due_date: '2026-03-13', book: '7', member: '3' }],
  ])('%s', (_title, target, values) => {
    expect(issueStartValues(target, today)).toEqual(values);
  });

  test('a reservation without a member starts with no member id', () => {
    expect(issueStartValues({ kind: 'reservation', reservationId: 1, book: 2, member: null }, today).member).toBe('');
  });
});

describe('what one submission sends', () => {
  const values = { issue_date: '2026-03-10', due_date: '2026-03-24', book: ' 7 ', member: '3' };
  test.each([
    ['a desk loan sends the issue payload of the original contract', desk, { call: 'issue-book', payload: { issue_date: '2026-03-10', due_date: '2026-03-24', status: 'ISSUED', book: '7', member: '3' } }],
    ['an edit sends the due date alone for that loan', edit, { call: 'update-loan', loanId: 41, dueDate: '2026-03-24' }],
    ['a reservation sends its two dates for that reservation', reservation, { call: 'reservation-issue', reservationId: 90, body: { issue_date: '2026-03-10', due_date: '2026-03-24' } }],
  ])('%s', (_title, target, request) => {
    expect(issueRequest(target, values)).toEqual(request);
  });

  test.each([
    ['a desk loan', desk, 'issue-book', true, true, false],
    ['an edit', edit, 'update-loan', false, true, true],
    ['a reservation', reservation, 'reservation-issue', false, false, true],
  ] as const)('%s words failures by %s, confirms first: %s, toasts failures: %s, closes after: %s', (_title, target, call, confirms, toasts, closes) => {
    expect(issueCallOf(target)).toBe(call);
    expect(asksConfirmation(target)).toBe(confirms);
    expect(toastsFailure(target)).toBe(toasts);
    expect(closesAfterIssue(target)).toBe(closes);
  });

  test('a reservation shows server refusals under its two date fields only; the desk under all four', () => {
    expect(issueFieldsOf(reservation)).toEqual(['issue_date', 'due_date']);
    expect(issueFieldsOf(desk)).toEqual(['issue_date', 'due_date', 'book', 'member']);
  });

  test.each([
    ['a desk loan', desk, NOTICES.bookIssued],
    ['an edit', edit, NOTICES.dueDateUpdated('Dune', formatDate('2026-03-24', 'DD-MM-YYYY') ?? '')],
    ['a reservation', reservation, NOTICES.reservationIssued],
  ])('tells %s with its own notice', (_title, target, notice) => {
    expect(issueNotice(target, values, 'DD-MM-YYYY')).toBe(notice);
  });
});

describe('which checks apply', () => {
  const blank = { issue_date: '2026-03-10', due_date: '2026-03-12', book: '', member: '' };
  test('a new loan needs a book and a member', () => {
    expect(issueCheck(desk, today)(blank)).toMatchObject({ book: FORM_MESSAGES.bookRequired, member: FORM_MESSAGES.memberRequired });
  });

  test('a new loan (desk or reservation) may not be issued in the future; an edit keeps its fixed issue date', () => {
    const future = { issue_date: '2026-04-10', due_date: '2026-04-12', book: '7', member: '3' };
    expect(issueCheck(desk, today)(future).issue_date).toBeTruthy();
    expect(issueCheck(reservation, today)(future).issue_date).toBeTruthy();
    expect(issueCheck(edit, today)(future).issue_date).toBeUndefined();
  });
});

describe('the due date follows the member’s loan period', () => {
  test.each([
    ['moves to the issue date plus his period', { issue_date: '2026-03-10', due_date: '2026-03-13', book: '', member: '' }, 14, '2026-03-24'],
    ['keeps the default 3 days when he has none', { issue_date: '2026-03-12', due_date: '2026-03-13', book: '', member: '' }, null, '2026-03-15'],
    ['keeps the due date when the issue date is not a date', { issue_date: '', due_date: '2026-03-13', book: '', member: '' }, 14, '2026-03-13'],
  ])('%s', (_title, values, period, due) => {
    expect(dueDateWithPeriod(values, period)).toBe(due);
  });
});

type Desk = IssueDeskState<string, string, { loan_period_days: number }>;
type DeskAction = IssueDeskAction<string, string, { loan_period_days: number }>;
const run = (actions: DeskAction[], start: Desk = emptyDesk()): Desk => actions.reduce(issueDeskReducer, start);

describe('the desk’s picks and scan', () => {
  test('a member pick clears the last member’s figures and waits for his own', () => {
    const state = run([
      { type: 'pick-member', member: 'ann', pick: 1 },
      { type: 'summary', pick: 1, summary: { loan_period_days: 14 } },
      { type: 'pick-member', member: 'bob', pick: 2 },
    ]);
    expect(state).toMatchObject({ member: 'bob', memberSummary: null, summaryError: null, pick: 2 });
  });

  test('only the newest pick’s answer is shown, however late the older one arrives', () => {
    const state = run([
      { type: 'pick-member', member: 'ann', pick: 1 },
      { type: 'pick-member', member: 'bob', pick: 2 },
      { type: 'summary', pick: 2, summary: { loan_period_days: 7 } },
      { type: 'summary', pick: 1, summary: { loan_period_days: 30 } },
      { type: 'summary-failed', pick: 1, message: 'late failure' },
    ]);
    expect(state).toMatchObject({ member: 'bob', memberSummary: { loan_period_days: 7 }, summaryError: null });
  });

  test('a failed read of the newest pick shows its message', () => {
    expect(run([{ type: 'pick-member', member: 'ann', pick: 1 }, { type: 'summary-failed', pick: 1, message: 'Network down' }]).summaryError).toBe('Network down');
  });

  test('typing clears the scan message; a miss shows it and keeps the text; a find empties the input', () => {
    const missed = run([{ type: 'scan-typed', text: 'X1' }, { type: 'scan-started' }, { type: 'scan-missed', message: 'No match' }]);
    expect(missed).toMatchObject({ scan: 'X1', scanMessage: 'No match', scanning: false });
    expect(issueDeskReducer(missed, { type: 'scan-typed', text: 'X12' })).toMatchObject({ scan: 'X12', scanMessage: null });
    expect(run([{ type: 'scan-typed', text: '7' }, { type: 'scan-started' }, { type: 'scan-found' }])).toMatchObject({ scan: '', scanning: false, scanMessage: null });
  });

  test('the next loan starts with nothing picked and ignores the last member’s answer', () => {
    const state = run([{ type: 'pick-book', book: 'dune' }, { type: 'pick-member', member: 'ann', pick: 1 }, { type: 'next-loan', pick: 2 }, { type: 'summary', pick: 1, summary: { loan_period_days: 9 } }]);
    expect(state).toEqual(emptyDesk(2));
  });

  test.each([
    [{ book: null, member: 'ann' }, 'Member picked: now scan the book.'],
    [{ book: 'dune', member: null }, 'Book picked: now scan the member number.'],
    [{ book: null, member: null }, 'Scan or type a member number, ISBN or book id.'],
    [{ book: 'dune', member: 'ann' }, 'Scan or type a member number, ISBN or book id.'],
  ])('the scan hint for %o says what is next', (picked, hint) => {
    expect(scanHint(picked)).toBe(hint);
  });
});

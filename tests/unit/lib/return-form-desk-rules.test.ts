/** The Return dialog's fine preview counts with the server's rules: the calendar, closed days, the plan's cap and the processing fee. */
import { describe, expect, test } from 'vitest';
import { deskRulesFrom, loanFromRecord, loanFromSummary, returnFine, returnFormForLoan, returnFormReducer, type ReturnFormAction, type ReturnFormState, type ReturnLoan } from '../../../src/lib/return-form';

const TODAY = '2026-03-20'; // a Friday
const LOAN: ReturnLoan = {
  id: '7',
  issueDate: '2026-03-01',
  dueDate: '2026-03-10', // a Tuesday: 10 calendar days late on TODAY, one of them a Sunday
  finePerDay: 500,
  bookPrice: 120_000,
  book: { id: '3', label: 'Dune (3)' },
  member: { id: '11', label: 'Ada Lovelace (ada)' },
};
const run = (state: ReturnFormState, ...actions: ReturnFormAction[]): ReturnFormState => actions.reduce(returnFormReducer, state);
const open = (loan: ReturnLoan = LOAN) => returnFormForLoan(loan, TODAY, null, true);

describe('the desk rules from the public settings', () => {
  test('read the calendar, whether fines count closed days and the processing fee', () => {
    expect(deskRulesFrom({ calendar: { closed_weekdays: [0], holidays: ['2026-03-17'] }, fines_count_closed_days: false, lost_processing_fee: '50.00' })).toEqual({
      calendar: { closedWeekdays: [0], holidays: ['2026-03-17'] },
      countClosedDays: false,
      processingFee: 5000,
    });
    expect(deskRulesFrom(null)).toEqual({ calendar: { closedWeekdays: [], holidays: [] }, countClosedDays: true, processingFee: 0 });
  });
});

describe('the fine preview', () => {
  const rules = deskRulesFrom({ calendar: { closed_weekdays: [0], holidays: ['2026-03-17'] }, fines_count_closed_days: false, lost_processing_fee: '50.00' });

  test('counts every day when fines count closed days (the seed rule)', () => {
    expect(returnFine(open())?.overdueFine).toBe(5000);
    expect(returnFine(run(open(), { type: 'set-desk-rules', rules: { ...rules, countClosedDays: true } }))?.lateDays).toBe(10);
  });

  test('skips the Sunday and the holiday when fines do not count closed days', () => {
    const fine = returnFine(run(open(), { type: 'set-desk-rules', rules }));
    expect(fine).toMatchObject({ lateDays: 8, overdueFine: 4000, processingFee: null, total: 4000 });
  });

  test("stops at the plan's cap", () => {
    expect(returnFine(run(open({ ...LOAN, cap: 3000 }), { type: 'set-desk-rules', rules }))).toMatchObject({ overdueFine: 3000, total: 3000 });
  });

  test('charges the processing fee with a lost copy', () => {
    const state = run(open(), { type: 'set-desk-rules', rules }, { type: 'set-lost', lost: true }, { type: 'set-status', status: 'LOST' });
    expect(returnFine(state)).toMatchObject({ overdueFine: 4000, bookPrice: 120_000, processingFee: 5000, total: 129_000 });
  });
});

describe("the member's plan's cap, as the loan answers name it", () => {
  test('the issued list and the member summary carry the cap into the preview', () => {
    const record = { id: 7, issue_date: '2026-03-01', due_date: '2026-03-10', status: 'ISSUED', fine_per_day: '5.00', max_overdue_fine: '30.00', book: { id: 3, title: 'Dune', price: '1200' }, member: { id: 11, name: 'ada' } };
    const fromRecord = loanFromRecord(record);
    expect(fromRecord.cap).toBe(3000);
    expect(returnFine(open(fromRecord))).toMatchObject({ lateDays: 10, overdueFine: 3000 });
    const summary = { member: { id: 11, username: 'ada' }, issued_count: 1, fine_per_day: '5.00', max_overdue_fine: null, issued_books: [] };
    const loan = { issue_id: 7, issue_date: '2026-03-01', due_date: '2026-03-10', book: { id: 3, title: 'Dune', price: '1200' } };
    expect(loanFromSummary(summary, loan).cap).toBeUndefined();
    expect(returnFine(open(loanFromSummary(summary, loan)))?.overdueFine).toBe(5000);
  });
});

import { todayIn } from '#shared/dates';
import { describe, expect, test } from 'vitest';
import { DEFAULT_FINE_PER_DAY, RETURN_MONEY_MESSAGES } from '#shared/fines';
import { LOAN_DATE_MESSAGES } from '#shared/loan-dates';
import { AMOUNT_MESSAGES } from '#shared/money';
import {
  RETURN_MESSAGES,
  canSubmitReturn,
  initialReturnForm,
  loanFromRecord,
  loanFromSummary,
  returnFine,
  returnFormForLoan,
  returnFormReducer,
  returnPayload,
  returnSettlement,
  secondaryLabel,
  tickLocks,
  validateReturn,
  type ReturnFormAction,
  type ReturnFormState,
  type ReturnLoan,
} from '../../../src/lib/return-form';

const TODAY = '2026-03-20';
const LOAN: ReturnLoan = {
  id: '7',
  issueDate: '2026-03-01',
  dueDate: '2026-03-10', // 10 days late on TODAY
  finePerDay: 500, // Rs. 5 a day
  bookPrice: 120_000, // Rs. 1,200
  book: { id: '3', label: 'Dune (3)' },
  member: { id: '11', label: 'Ada Lovelace (ada)' },
};
const MEMBER = { id: '11', label: 'Ada Lovelace (ada)' };

const run = (state: ReturnFormState, ...actions: ReturnFormAction[]): ReturnFormState => actions.reduce(returnFormReducer, state);
/** The loan chosen, by a fine collector (money controls offered). */
const ready = (...actions: ReturnFormAction[]): ReturnFormState => run(returnFormForLoan(LOAN, TODAY, null, true), ...actions);
/** The loan chosen, by staff who may take books back but not money. */
const readyWithoutMoney = (...actions: ReturnFormAction[]): ReturnFormState => run(returnFormForLoan(LOAN, TODAY), ...actions);

describe('a new form', () => {
  test('starts in Book mode on the library’s today with nothing picked and Submit disabled', () => {
    const form = initialReturnForm(TODAY);
    expect(form).toMatchObject({ mode: 'book', returnDate: TODAY, primary: null, loan: null, lost: false, libraryRate: DEFAULT_FINE_PER_DAY });
    expect(canSubmitReturn(form)).toBe(false);
  });

  test('today is the library’s date in its time zone, not the browser’s', () => {
    const lateEvening = new Date('2026-03-20T20:30:00Z'); // 01:30 next day in Karachi
    expect(todayIn('Asia/Karachi', lateEvening)).toBe('2026-03-21');
    expect(todayIn(null, lateEvening)).toBe('2026-03-20');
  });

  test('opened for one loan: Member mode, both picks made, Submit enabled', () => {
    const form = returnFormForLoan(LOAN, TODAY);
    expect(form).toMatchObject({ mode: 'member', primary: LOAN.member, loan: LOAN });
    expect(canSubmitReturn(form)).toBe(true);
  });
});

describe('Submit is disabled until both picks are made', () => {
  test.each([
    ['nothing picked', [], false],
    ['only the member', [{ type: 'pick-primary', pick: MEMBER }], false],
    ['the member and his loan', [{ type: 'pick-primary', pick: MEMBER }, { type: 'pick-loan', loan: LOAN }], true],
    ['the loan cleared again', [{ type: 'pick-primary', pick: MEMBER }, { type: 'pick-loan', loan: LOAN }, { type: 'pick-loan', loan: null }], false],
    ['the member changed after the loan', [{ type: 'pick-primary', pick: MEMBER }, { type: 'pick-loan', loan: LOAN }, { type: 'pick-primary', pick: { id: '12', label: 'bob' } }], false],
  ] as [string, ReturnFormAction[], boolean][])('%s', (_name, actions, enabled) => {
    expect(canSubmitReturn(run(initialReturnForm(TODAY, 'member'), ...actions))).toBe(enabled);
  });
});

describe('Fine Collected and Partial Payment exclude each other', () => {
  test.each([
    ['Fine Collected alone', [{ type: 'set-fine-collected', on: true }], { fineCollected: true, partialPayment: false }, { fineCollectedDisabled: false, partialPaymentDisabled: true }],
    ['Partial Payment alone', [{ type: 'set-partial-payment', on: true }], { fineCollected: false, partialPayment: true }, { fineCollectedDisabled: true, partialPaymentDisabled: false }],
    ['Partial Payment refused while Fine Collected is on', [{ type: 'set-fine-collected', on: true }, { type: 'set-partial-payment', on: true }], { fineCollected: true, partialPayment: false }, { fineCollectedDisabled: false, partialPaymentDisabled: true }],
    ['Fine Collected refused while Partial Payment is on', [{ type: 'set-partial-payment', on: true }, { type: 'set-fine-collected', on: true }], { fineCollected: false, partialPayment: true }, { fineCollectedDisabled: true, partialPaymentDisabled: false }],
    ['unticking one frees the other', [{ type: 'set-fine-collected', on: true }, { type: 'set-fine-collected', on: false }, { type: 'set-partial-payment', on: true }], { fineCollected: false, partialPayment: true }, { fineCollectedDisabled: true, partialPaymentDisabled: false }],
  ] as [string, ReturnFormAction[], Partial<ReturnFormState>, ReturnType<typeof tickLocks>][])('%s', (_name, actions, ticks, locks) => {
    const form = ready(...actions);
    expect(form).toMatchObject(ticks);
    expect(tickLocks(form)).toEqual(locks);
  });
});

describe('changing a pick or the return date clears both ticks', () => {
  const ticked = (): ReturnFormState => ready({ type: 'set-return-date', value: '2026-03-15' }, { type: 'set-fine-collected', on: true });

  test.each([
    ['a new loan', { type: 'pick-loan', loan: { ...LOAN, id: '8' } }, TODAY],
    ['the loan cleared', { type: 'pick-loan', loan: null }, TODAY],
    ['a new member', { type: 'pick-primary', pick: { id: '12', label: 'bob' } }, TODAY],
    ['the other search mode', { type: 'set-mode', mode: 'book' }, TODAY],
    // The user's own date edit is kept as typed (see the module comment), the ticks still clear.
    ['the return date edited', { type: 'set-return-date', value: '2026-03-18' }, '2026-03-18'],
  ] as [string, ReturnFormAction, string][])('%s', (_name, action, returnDate) => {
    const before = ticked();
    expect(before.fineCollected).toBe(true);
    const after = returnFormReducer(before, action);
    expect(after).toMatchObject({ fineCollected: false, partialPayment: false, returnDate });
  });

  test('Partial Payment clears too, and its typed amounts come back when ticked again', () => {
    const partial = ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' }, { type: 'set-discount', value: '5' });
    const after = run(partial, { type: 'set-return-date', value: '2026-03-19' });
    expect(after.partialPayment).toBe(false);
    expect(run(after, { type: 'set-partial-payment', on: true })).toMatchObject({ amountReceived: '20', discount: '5' });
  });

  test('choosing the same pick again changes nothing', () => {
    const before = ready({ type: 'set-fine-collected', on: true });
    expect(returnFormReducer(before, { type: 'pick-loan', loan: LOAN })).toBe(before);
    expect(returnFormReducer(before, { type: 'pick-primary', pick: MEMBER })).toBe(before);
  });

  test('switching the search mode clears both picks', () => {
    expect(ready({ type: 'set-mode', mode: 'book' })).toMatchObject({ mode: 'book', primary: null, loan: null });
  });

  test('opening afresh replaces everything, ticks and typed amounts included', () => {
    const used = ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' });
    const fresh = initialReturnForm(TODAY);
    expect(returnFormReducer(used, { type: 'replace', state: fresh })).toBe(fresh);
  });

  test('Lost / Damage off forgets the chosen status', () => {
    expect(ready({ type: 'set-lost', lost: true }, { type: 'set-status', status: 'LOST' }, { type: 'set-lost', lost: false }).status).toBe('');
  });
});

describe('the read-only Fine follows computeFine', () => {
  test.each([
    ['10 days late at the loan’s Rs. 5', [], 10, 5000],
    ['on time', [{ type: 'set-return-date', value: '2026-03-10' }], 0, 0],
    ['returned before the due date', [{ type: 'set-return-date', value: '2026-03-05' }], 0, 0],
    ['lost on time: the price alone', [{ type: 'set-return-date', value: '2026-03-10' }, { type: 'set-lost', lost: true }], 0, 120_000],
    ['lost and late: late fine plus price', [{ type: 'set-lost', lost: true }], 10, 125_000],
  ] as [string, ReturnFormAction[], number, number][])('%s', (_name, actions, lateDays, total) => {
    expect(returnFine(ready(...actions))).toMatchObject({ lateDays, total });
  });

  test('a loan with no rate of its own uses the library’s, Rs. 10 until it is known', () => {
    const noRate = returnFormForLoan({ ...LOAN, finePerDay: null }, TODAY);
    expect(returnFine(noRate)?.total).toBe(10 * DEFAULT_FINE_PER_DAY);
    expect(returnFine(run(noRate, { type: 'set-library-rate', rate: 700 }))?.total).toBe(7000);
  });

  test('no fine before a loan or without a return date', () => {
    expect(returnFine(initialReturnForm(TODAY))).toBeNull();
    expect(returnFine(ready({ type: 'set-return-date', value: '' }))).toBeNull();
  });
});

describe('validation messages', () => {
  test.each([
    ['nothing picked', initialReturnForm(TODAY), { primary: 'Required', loan: 'Required' }],
    ['only the primary pick', run(initialReturnForm(TODAY, 'member'), { type: 'pick-primary', pick: MEMBER }), { loan: 'Required' }],
    ['no return date', ready({ type: 'set-return-date', value: '' }), { returnDate: 'Required' }],
    ['an impossible return date', ready({ type: 'set-return-date', value: '2026-02-30' }), { returnDate: 'Required' }],
    ['Lost / Damage without a status', ready({ type: 'set-lost', lost: true }), { status: 'Required' }],
    ['Partial Payment with nothing typed', ready({ type: 'set-partial-payment', on: true }), { fine_collected_amount: 'Required', discount: 'Required' }],
    ['a negative amount received', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '-5' }, { type: 'set-discount', value: '0' }), { fine_collected_amount: 'Cannot be negative' }],
    ['a negative discount', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '5' }, { type: 'set-discount', value: '-1' }), { discount: 'Cannot be negative' }],
    ['an amount with three decimals', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '5.555' }, { type: 'set-discount', value: '0' }), { fine_collected_amount: AMOUNT_MESSAGES.decimals }],
    ['a discount with three decimals', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '5' }, { type: 'set-discount', value: '10.005' }), { discount: AMOUNT_MESSAGES.decimals }],
    ['an amount that is no number', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: 'ten' }, { type: 'set-discount', value: '0' }), { fine_collected_amount: AMOUNT_MESSAGES.invalid }],
    ['a discount without a reason', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' }, { type: 'set-discount', value: '5' }), { discount_reason: RETURN_MESSAGES.reasonRequired }],
    ['an Auto Discount without a reason', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' }, { type: 'set-auto-discount', on: true }), { discount_reason: RETURN_MESSAGES.reasonRequired }],
    ['a discount with its reason', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' }, { type: 'set-discount', value: '5' }, { type: 'set-discount-reason', value: 'First time' }), {}],
    ['a return date tomorrow', ready({ type: 'set-return-date', value: '2026-03-21' }), { returnDate: LOAN_DATE_MESSAGES.returnInFuture }],
    ['a return date ten years ahead', ready({ type: 'set-return-date', value: '2036-03-20' }), { returnDate: LOAN_DATE_MESSAGES.returnInFuture }],
    ['a return date before the issue date', ready({ type: 'set-return-date', value: '2026-02-28' }), { returnDate: LOAN_DATE_MESSAGES.returnBeforeIssue }],
    ['a fine collector backdating to the due date', ready({ type: 'set-return-date', value: '2026-03-10' }), {}],
    ['staff without money backdating to the due date (Rs. 50 removed)', readyWithoutMoney({ type: 'set-return-date', value: '2026-03-10' }), { returnDate: RETURN_MONEY_MESSAGES.backdating('Rs. 50.00') }],
    ['staff without money backdating a loan that is not late either way', readyWithoutMoney({ type: 'pick-loan', loan: { ...LOAN, id: '9', dueDate: '2026-03-25' } }, { type: 'set-return-date', value: '2026-03-15' }), {}],
    ['staff without money: ticks and amounts are ignored', readyWithoutMoney({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: 'x' }), {}],
    ['amounts above the fine (Rs. 50)', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '40' }, { type: 'set-discount', value: '10.01' }), { fine_collected_amount: 'Amount received and discount together cannot exceed the fine.' }],
    ['Auto Discount needs no typed discount', ready({ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' }, { type: 'set-auto-discount', on: true }, { type: 'set-discount-reason', value: 'Hardship' }), {}],
    ['amounts ignored without Partial Payment', ready({ type: 'set-amount-received', value: '-5' }), {}],
    ['a complete form', ready(), {}],
  ] as [string, ReturnFormState, Record<string, string>][])('%s', (_name, form, errors) => {
    expect(validateReturn(form)).toEqual(errors);
  });

  test('the amount messages are the server’s wording', () => {
    expect(AMOUNT_MESSAGES.decimals).toBe('Ensure that there are no more than 2 decimal places.');
  });
});

describe('payloads (fine Rs. 50: 10 days × Rs. 5)', () => {
  test.each([
    ['returned, nothing paid', [], { returnDate: TODAY, fine_collected_amount: '0.00', discount: '0.00', status: 'RETURNED' }, { collected: 0, discount: 0, remaining: 5000 }],
    ['Fine Collected: the whole fine', [{ type: 'set-fine-collected', on: true }], { fine_collected_amount: '50.00', discount: '0.00', status: 'RETURNED' }, { collected: 5000, discount: 0, remaining: 0 }],
    ['Partial Payment with a typed discount', [{ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' }, { type: 'set-discount', value: '5.50' }, { type: 'set-discount-reason', value: ' First time ' }], { fine_collected_amount: '20.00', discount: '5.50', discount_reason: 'First time' }, { collected: 2000, discount: 550, remaining: 2450 }],
    ['Partial Payment with Auto Discount', [{ type: 'set-partial-payment', on: true }, { type: 'set-amount-received', value: '20' }, { type: 'set-discount', value: '1' }, { type: 'set-auto-discount', on: true }, { type: 'set-discount-reason', value: 'Hardship' }], { fine_collected_amount: '20.00', discount: '30.00', discount_reason: 'Hardship' }, { collected: 2000, discount: 3000, remaining: 0 }],
    ['Auto Discount does nothing without Partial Payment', [{ type: 'set-auto-discount', on: true }], { fine_collected_amount: '0.00', discount: '0.00' }, { collected: 0, discount: 0, remaining: 5000 }],
    ['an earlier return date', [{ type: 'set-return-date', value: '2026-03-12' }, { type: 'set-fine-collected', on: true }], { returnDate: '2026-03-12', fine_collected_amount: '10.00' }, { collected: 1000, discount: 0, remaining: 0 }],
    ['lost on time, price collected', [{ type: 'set-return-date', value: '2026-03-10' }, { type: 'set-lost', lost: true }, { type: 'set-status', status: 'LOST' }, { type: 'set-fine-collected', on: true }], { status: 'LOST', fine_collected_amount: '1200.00' }, { collected: 120_000, discount: 0, remaining: 0 }],
    ['written off and late', [{ type: 'set-lost', lost: true }, { type: 'set-status', status: 'WRITE_OFF' }], { status: 'WRITE_OFF', fine_collected_amount: '0.00' }, { collected: 0, discount: 0, remaining: 125_000 }],
  ] as [string, ReturnFormAction[], Record<string, string>, { collected: number; discount: number; remaining: number }][])('%s', (_name, actions, payload, settlement) => {
    const form = ready(...actions);
    expect(returnSettlement(form)).toEqual(settlement);
    expect(returnPayload(form)).toEqual({ loanId: '7', payload: expect.objectContaining(payload) });
  });

  test('staff without the permission for money send the date and status only: the whole fine is owed', () => {
    const form = readyWithoutMoney({ type: 'set-fine-collected', on: true });
    expect(returnSettlement(form)).toEqual({ collected: 0, discount: 0, remaining: 5000 });
    expect(returnPayload(form)).toEqual({ loanId: '7', payload: { returnDate: TODAY, status: 'RETURNED' } });
  });

  test('the permission for money read after the form opened keeps the picks and drops ticks made under the other rule', () => {
    const granted = run(returnFormForLoan(LOAN, TODAY), { type: 'set-handles-money', on: true });
    expect(granted).toMatchObject({ handlesMoney: true, loan: LOAN, primary: LOAN.member });
    expect(returnPayload(run(granted, { type: 'set-fine-collected', on: true }))?.payload).toMatchObject({ fine_collected_amount: '50.00' });
    const withdrawn = ready({ type: 'set-fine-collected', on: true }, { type: 'set-handles-money', on: false });
    expect(withdrawn).toMatchObject({ handlesMoney: false, fineCollected: false, partialPayment: false, loan: LOAN });
    expect(returnPayload(withdrawn)).toEqual({ loanId: '7', payload: { returnDate: TODAY, status: 'RETURNED' } });
    const same = ready();
    expect(run(same, { type: 'set-handles-money', on: true })).toBe(same);
  });

  test('no payload while the form does not validate', () => {
    expect(returnPayload(initialReturnForm(TODAY))).toBeNull();
    expect(returnPayload(ready({ type: 'set-lost', lost: true }))).toBeNull();
    expect(returnPayload(ready({ type: 'set-partial-payment', on: true }))).toBeNull();
  });
});

describe('loans as the form holds them', () => {
  test('from the issued list: money in minor units, members named by full name and username', () => {
    const loan = loanFromRecord({
      id: 7,
      issue_date: '2026-03-01',
      due_date: '2026-03-10',
      status: 'ISSUED',
      fine_per_day: '5.00',
      book: { id: 3, title: 'Dune', price: '1200.00' },
      member: { id: 11, name: 'ada', full_name: 'Ada Lovelace', member_id: 'M-1' },
    });
    expect(loan).toEqual(LOAN);
    expect(secondaryLabel('book', loan)).toBe('Ada Lovelace (ada)');
    expect(secondaryLabel('member', loan)).toBe('Dune (3)');
  });

  test('an unknown price counts as 0 and an unknown rate leaves the library’s', () => {
    const loan = loanFromRecord({ id: 1, issue_date: 'x', due_date: 'y', status: 'ISSUED', book: { id: 2, title: 'T' }, member: { id: 4, name: 'bob' } });
    expect(loan).toMatchObject({ bookPrice: 0, finePerDay: null, member: { label: 'bob' } });
  });

  test('from a member issue summary: the member’s rate applies', () => {
    const loan = loanFromSummary(
      { member: { id: 11, username: 'ada', full_name: 'Ada Lovelace' }, issued_count: 1, fine_per_day: '5.00', issued_books: [] },
      { issue_id: 7, issue_date: '2026-03-01', due_date: '2026-03-10', book: { id: 3, title: 'Dune', price: '1200' } },
    );
    expect(loan).toEqual(LOAN);
  });
});

/** The return desk by scan: a copy's barcode finds its open loan and picks member and book, or says why not. */
import { describe, expect, test } from 'vitest';
import { initialReturnForm } from '../../../src/lib/return-form';
import { RETURN_SCAN_MESSAGES, emptyReturnScan, returnScanReducer, scannedReturnForm, scannedReturnLoan } from '../../../src/lib/return-flow';
import { SCAN_COPY_MESSAGES, type ScannedCopy } from '../../../src/lib/scan-code';
import type { IssuedRecord } from '../../../src/lib/schemas/circulation';

const book = { id: 12, title: 'Dune', author: 'Herbert', isbn: null };
const ann = { id: 7, username: 'ann', full_name: 'Ann Lee', member_id: 'MBR-0007' };
const onLoan: ScannedCopy & { effective_price: string | null } = {
  id: 3,
  accession_no: 'ACC-00003',
  barcode: 'ACC-00003',
  status: 'ON_LOAN',
  book,
  loan: { id: 41, member: ann, issue_date: '2026-03-01', due_date: '2026-03-04', overdue: true },
  hold: null,
  effective_price: '120.00',
};
const record = (id: number, memberId = 7): IssuedRecord => ({
  id,
  issue_date: '2026-03-01',
  due_date: '2026-03-04',
  status: 'ISSUED',
  fine_per_day: '2.00',
  book: { id: 12, title: 'Dune', author: 'Herbert', isbn: null, price: '500.00' },
  member: { id: memberId, name: 'ann', member_id: 'MBR-0007', full_name: 'Ann Lee' },
});

describe('scannedReturnLoan', () => {
  test('the copy’s open loan, with the borrower, the book naming the copy, and the copy’s own price for a lost return', () => {
    const found = scannedReturnLoan(onLoan, [record(40), record(41)]);
    expect(found).toEqual({
      kind: 'loan',
      loan: {
        id: '41',
        issueDate: '2026-03-01',
        dueDate: '2026-03-04',
        finePerDay: 200,
        bookPrice: 12000,
        book: { id: '12', label: 'Dune (12) · copy ACC-00003' },
        member: { id: '7', label: 'Ann Lee (ann)' },
      },
    });
  });

  test('a copy without a price of its own or the book’s keeps the loan’s book price', () => {
    const found = scannedReturnLoan({ ...onLoan, effective_price: null }, [record(41)]);
    expect(found.kind === 'loan' && found.loan.bookPrice).toBe(50000);
  });

  test('a copy not on loan says so', () => {
    const shelf: ScannedCopy = { ...onLoan, status: 'AVAILABLE', loan: null };
    expect(scannedReturnLoan(shelf, [])).toEqual({ kind: 'none', message: SCAN_COPY_MESSAGES.notOnLoan(shelf) });
  });

  test('a loan returned meanwhile (not among the open loans) says so', () => {
    expect(scannedReturnLoan(onLoan, [record(40)])).toEqual({ kind: 'none', message: RETURN_SCAN_MESSAGES.loanGone('ACC-00003') });
  });
});

describe('the form after a scan', () => {
  test('member mode with the borrower and the loan picked, the library’s rate and money permission kept', () => {
    const start = { ...initialReturnForm('2026-03-10', 'book', 300, true), returnDate: '2026-03-09' };
    const found = scannedReturnLoan(onLoan, [record(41)]);
    if (found.kind !== 'loan') throw new Error('no loan');
    const form = scannedReturnForm(start, found.loan);
    expect(form).toMatchObject({ mode: 'member', primary: found.loan.member, loan: found.loan, returnDate: '2026-03-10', libraryRate: 300, handlesMoney: true });
  });
});

describe('the scan input', () => {
  test('typing clears the message, a miss shows it, a find empties the input', () => {
    let state = returnScanReducer(emptyReturnScan, { type: 'typed', text: 'ACC-1' });
    state = returnScanReducer(state, { type: 'started' });
    expect(state.scanning).toBe(true);
    state = returnScanReducer(state, { type: 'missed', message: 'nope' });
    expect(state).toEqual({ text: 'ACC-1', message: 'nope', scanning: false });
    expect(returnScanReducer(state, { type: 'typed', text: 'ACC-2' }).message).toBeNull();
    expect(returnScanReducer(state, { type: 'found' })).toEqual(emptyReturnScan);
  });
});

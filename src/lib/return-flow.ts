/**
 * The Return Book dialog by scan, pure: a copy's barcode (looked up with `GET /books/copies/?barcode=`)
 * names its open loan, which is read from the title's open loans (for the member's own daily rate and
 * whom the copy will be held for) and picks member and book at once, so nobody chooses the borrower.
 * The book price a Lost / Damage return would charge is the copy's own, falling back to the book's,
 * as the server charges it. A copy not on loan, or a loan returned meanwhile, says so.
 */
import { toMinorUnits } from '#shared/money';
import { loanFromRecord, returnFormForLoan, type ReturnFormState, type ReturnLoan } from './return-form';
import { loanOfCopy, type ScannedCopy } from './scan-code';
import type { IssuedRecord } from './schemas/circulation';

/** The messages of a return by scan. */
export const RETURN_SCAN_MESSAGES = {
  hint: 'Scan a copy’s barcode to pick its borrower and book, or choose them below.',
  loanGone: (accession: string): string => `The loan of copy ${accession} is no longer open: it was returned meanwhile.`,
} as const;

/** The scanned copy's open loan as the form holds it, or why there is none. */
export function scannedReturnLoan(
  copy: ScannedCopy & { effective_price?: string | null | undefined },
  openLoans: readonly IssuedRecord[],
): { kind: 'loan'; loan: ReturnLoan } | { kind: 'none'; message: string } {
  const found = loanOfCopy(copy);
  if (found.kind === 'none') return found;
  const record = openLoans.find((loan) => String(loan.id) === found.loanId);
  if (!record) return { kind: 'none', message: RETURN_SCAN_MESSAGES.loanGone(copy.accession_no) };
  const loan = loanFromRecord(record);
  const copyPrice = toMinorUnits(copy.effective_price ?? null);
  return {
    kind: 'loan',
    loan: {
      ...loan,
      book: { ...loan.book, label: `${loan.book.label} · copy ${copy.accession_no}` },
      ...(copyPrice !== null && copyPrice >= 0 ? { bookPrice: copyPrice } : {}),
    },
  };
}

/** The form once a scan found a loan: member mode, borrower and loan picked, on the library's today; rate and money permission kept. */
export function scannedReturnForm(state: ReturnFormState, loan: ReturnLoan): ReturnFormState {
  return returnFormForLoan(loan, state.today, state.libraryRate, state.handlesMoney);
}

/** The scan input of the Return Book dialog. */
export interface ReturnScanState {
  text: string;
  message: string | null;
  scanning: boolean;
}

export type ReturnScanAction = { type: 'typed'; text: string } | { type: 'started' } | { type: 'missed'; message: string } | { type: 'found' };

export const emptyReturnScan: ReturnScanState = { text: '', message: null, scanning: false };

/** The scan input's next state: typing clears the message, a find empties it for the next copy. */
export function returnScanReducer(state: ReturnScanState, action: ReturnScanAction): ReturnScanState {
  switch (action.type) {
    case 'typed':
      return { ...state, text: action.text, message: null };
    case 'started':
      return { ...state, scanning: true };
    case 'missed':
      return { ...state, scanning: false, message: action.message };
    case 'found':
      return emptyReturnScan;
  }
}

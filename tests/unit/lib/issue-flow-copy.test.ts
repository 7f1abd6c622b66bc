/** The issue desk with copies: a scanned copy picks its title, is sent as `copy`, is checked against the member, and names its accession number. */
import { describe, expect, test } from 'vitest';
import {
  deskCheck,
  emptyDesk,
  issueDeskReducer,
  issueNotice,
  issueRequest,
  issuedAccession,
  type IssueDeskAction,
  type IssueDeskState,
} from '../../../src/lib/issue-flow';
import { NOTICES } from '../../../src/lib/notices';
import { SCAN_COPY_MESSAGES, type ScannedCopy } from '../../../src/lib/scan-code';

const book = { id: 12, title: 'Dune', author: null, isbn: null };
const ann = { id: 7, username: 'ann', full_name: 'Ann Lee', member_id: 'MBR-0007' };
const available: ScannedCopy = { id: 3, accession_no: 'ACC-00003', barcode: 'BC-3', status: 'AVAILABLE', book, loan: null, hold: null };
const held: ScannedCopy = { ...available, status: 'ON_HOLD', hold: { reservation_id: 5, member: ann, hold_until: null } };
const values = { issue_date: '2026-03-10', due_date: '2026-03-13', book: '12', member: '8' };

type State = IssueDeskState<string, string, { loan_period_days?: number }>;
const run = (actions: IssueDeskAction<string, string, { loan_period_days?: number }>[]): State =>
  actions.reduce<State>((state, action) => issueDeskReducer(state, action), emptyDesk());

describe('the desk’s copy', () => {
  test('a scanned copy picks its title and the copy', () => {
    const state = run([{ type: 'pick-copy', copy: available, book: 'dune' }]);
    expect(state.book).toBe('dune');
    expect(state.copy).toBe(available);
  });

  test('a title picked by hand lets the copy go (the server picks one)', () => {
    expect(run([{ type: 'pick-copy', copy: available, book: 'dune' }, { type: 'pick-book', book: 'emma' }]).copy).toBeNull();
  });

  test('the next loan starts with no copy', () => {
    expect(run([{ type: 'pick-copy', copy: available, book: 'dune' }, { type: 'next-loan', pick: 3 }])).toEqual(emptyDesk(3));
  });
});

describe('the scan input while a scan resolves', () => {
  test('a find clears the code it resolved, but not a next code typed meanwhile', () => {
    const typedOn = run([{ type: 'scan-typed', text: 'MBR-0001' }, { type: 'scan-started' }, { type: 'scan-typed', text: '97803' }, { type: 'scan-found', code: 'MBR-0001' }]);
    expect(typedOn).toMatchObject({ scan: '97803', scanning: false });
    expect(run([{ type: 'scan-typed', text: ' MBR-0001 ' }, { type: 'scan-started' }, { type: 'scan-found', code: 'MBR-0001' }]).scan).toBe('');
  });
});

describe('what a desk loan with a copy sends', () => {
  test('the scanned copy’s barcode goes as `copy`, beside the title', () => {
    expect(issueRequest({ kind: 'desk' }, values, available)).toEqual({
      call: 'issue-book',
      payload: { issue_date: '2026-03-10', due_date: '2026-03-13', status: 'ISSUED', book: '12', member: '8', copy: 'BC-3' },
    });
  });

  test('a copy without its own barcode goes by its accession number', () => {
    const request = issueRequest({ kind: 'desk' }, values, { ...available, barcode: null });
    expect(request.call === 'issue-book' && request.payload.copy).toBe('ACC-00003');
  });

  test('a copy of another title than the one picked is not sent', () => {
    const request = issueRequest({ kind: 'desk' }, { ...values, book: '13' }, available);
    expect(request.call === 'issue-book' && 'copy' in request.payload).toBe(false);
  });
});

describe('the desk’s checks with a copy', () => {
  test('a copy held for another member is refused under Book', () => {
    expect(deskCheck({ kind: 'desk' }, '2026-03-10', held)(values).book).toBe(SCAN_COPY_MESSAGES.heldForAnother(held));
  });

  test('a copy held for the member being served passes', () => {
    expect(deskCheck({ kind: 'desk' }, '2026-03-10', held)({ ...values, member: '7' }).book).toBeUndefined();
  });

  test('without a copy the checks are the issue form’s', () => {
    expect(deskCheck({ kind: 'desk' }, '2026-03-10', null)({ ...values, book: '' }).book).toBeDefined();
  });
});

describe('the notice names the copy lent', () => {
  test.each([
    ['the answer’s copy', { id: 1, copy: { id: 3, accession_no: 'ACC-00009', barcode: null } }, available, 'ACC-00009'],
    ['the scanned copy when the answer names none', { id: 1 }, available, 'ACC-00003'],
    ['nothing when neither names one', { id: 1, copy: null }, null, null],
  ])('%s', (_title, answer, scanned, accession) => {
    expect(issuedAccession(answer, scanned)).toBe(accession);
  });

  test('a desk loan’s notice with its accession number, and without', () => {
    expect(issueNotice({ kind: 'desk' }, values, null, 'ACC-00003')).toBe(NOTICES.bookIssuedCopy('ACC-00003'));
    expect(NOTICES.bookIssuedCopy('ACC-00003')).toContain(NOTICES.bookIssued);
    expect(issueNotice({ kind: 'desk' }, values, null, null)).toBe(NOTICES.bookIssued);
  });
});

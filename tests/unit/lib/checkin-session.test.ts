import { describe, expect, test } from 'vitest';
import {
  CHECKIN_MESSAGES,
  checkinBody,
  checkinErrorMessage,
  checkinReducer,
  emptyCheckinSession,
  holdSlipLines,
  holdText,
  pullRows,
  returnFacts,
  undoEligibility,
  type CheckinSession,
} from '../../../src/lib/checkin-session';
import type { CheckinAnswer } from '../../../src/lib/schemas/checkin';

const TODAY = '2026-11-27';

const returned = (over: Partial<CheckinAnswer> = {}): CheckinAnswer => ({
  result: 'RETURNED',
  id: 41,
  returnDate: TODAY,
  status: 'RETURNED',
  member: { id: 7, full_name: 'Ravi Kumar', member_id: 'M-0007' },
  book: { id: 3, title: 'Moby-Dick' },
  copy: { id: 9, accession_no: 'ACC-00009', status: 'AVAILABLE' },
  fine_details: { late_days: 3, total_fine: '15.00', fineCollectedAmount: '0.00', discount: '0.00', remaining_fine: '15.00' },
  hold_slip: null,
  ...over,
});

const slip = { reservation_id: 5, member: { id: 42, full_name: 'Sara Member', member_id: 'M-0042' }, book_title: 'Moby-Dick', accession_no: 'ACC-00009', hold_until: '2026-12-03' };

const scan = (session: CheckinSession, key: number, barcode: string) => checkinReducer(session, { type: 'scanned', key, barcode });

describe('the check-in session', () => {
  test('lists each scan at once, newest first, and ignores a blank scan', () => {
    let session = scan(emptyCheckinSession, 1, ' ACC-1 ');
    session = scan(session, 2, 'ACC-2');
    session = scan(session, 3, '   ');
    expect(session.entries.map((entry) => [entry.key, entry.barcode, entry.state])).toEqual([
      [2, 'ACC-2', 'sending'],
      [1, 'ACC-1', 'sending'],
    ]);
  });

  test('fills a row from a return: title, copy, member, late days and the fine left owed', () => {
    const session = checkinReducer(scan(emptyCheckinSession, 1, 'ACC-00009'), { type: 'answered', key: 1, answer: returned() });
    const [entry] = session.entries;
    expect(entry).toMatchObject({ state: 'done', result: 'RETURNED', loanId: '41', title: 'Moby-Dick', accessionNo: 'ACC-00009', lateDays: 3, fine: 1500, collected: 0, owed: 1500, returnDate: TODAY });
    expect(entry!.member).toEqual({ id: '7', name: 'Ravi Kumar', memberNo: 'M-0007' });
    expect(returnFacts(entry!)).toBe('3 days late · fine Rs. 15.00 · Rs. 15.00 owed');
  });

  test('says in words when the copy was not on loan, or was found', () => {
    const notOnLoan: CheckinAnswer = { result: 'NOT_ON_LOAN', copy: { id: 9, accession_no: 'ACC-00009', status: 'AVAILABLE' }, book: { id: 3, title: 'Moby-Dick' }, message: null };
    const found: CheckinAnswer = { ...notOnLoan, result: 'FOUND', message: 'Copy ACC-00009 was lost; it is back on the shelf and its lost charge is cancelled.' };
    let session = scan(scan(emptyCheckinSession, 1, 'a'), 2, 'b');
    session = checkinReducer(session, { type: 'answered', key: 1, answer: notOnLoan });
    session = checkinReducer(session, { type: 'answered', key: 2, answer: found });
    expect(session.entries.map((entry) => [entry.result, entry.message, entry.loanId])).toEqual([
      ['FOUND', found.message, null],
      ['NOT_ON_LOAN', CHECKIN_MESSAGES.notOnLoan, null],
    ]);
    expect(returnFacts(session.entries[1]!)).toBe('');
  });

  test('keeps the hold slip of a copy set aside and drops it when the check-in is undone', () => {
    let session = checkinReducer(scan(emptyCheckinSession, 1, 'x'), { type: 'answered', key: 1, answer: returned({ hold_slip: slip, fine_details: null }) });
    const entry = session.entries[0]!;
    expect(entry.holdSlip).toEqual({ reservationId: '5', memberName: 'Sara Member', memberNo: 'M-0042', holdUntil: '2026-12-03', title: 'Moby-Dick', accessionNo: 'ACC-00009' });
    expect(holdText(entry.holdSlip!, 'DD/MM/YYYY')).toBe('Hold for Sara Member (M-0042) until 03/12/2026');
    expect(returnFacts(entry)).toBe('On time');
    session = checkinReducer(session, { type: 'undone', key: 1 });
    expect(session.entries[0]).toMatchObject({ state: 'undone', holdSlip: null, message: CHECKIN_MESSAGES.undone });
  });

  test('a failed check-in keeps its row with the reason', () => {
    const session = checkinReducer(scan(emptyCheckinSession, 1, 'NOPE'), { type: 'failed', key: 1, message: 'No copy has this barcode or accession number.' });
    expect(session.entries[0]).toMatchObject({ state: 'failed', message: 'No copy has this barcode or accession number.' });
  });

  test('reads the reason of a refused check-in from the barcode field first', () => {
    const error = { status: 404, data: { barcode: ['No copy has this barcode or accession number.'] } };
    expect(checkinErrorMessage(error)).toBe('No copy has this barcode or accession number.');
    expect(checkinErrorMessage({ status: 500, data: {} })).toBe(CHECKIN_MESSAGES.checkinFailed);
  });
});

describe('undo eligibility', () => {
  const answered = (answer: CheckinAnswer) => checkinReducer(scan(emptyCheckinSession, 1, 'x'), { type: 'answered', key: 1, answer }).entries[0]!;

  test.each([
    ['a return of today with nothing paid', returned(), { ok: true }],
    ['a backdated return', returned({ returnDate: '2026-11-20' }), { ok: false, reason: CHECKIN_MESSAGES.undoNotToday }],
    ['a return whose fine was partly paid', returned({ fine_details: { late_days: 3, total_fine: '15.00', fineCollectedAmount: '5.00', remaining_fine: '10.00' } }), { ok: false, reason: CHECKIN_MESSAGES.undoPaid }],
    ['a copy that was not on loan', { result: 'NOT_ON_LOAN', book: { id: 1, title: 'T' } } as CheckinAnswer, null],
  ])('%s', (_title, answer, expected) => {
    expect(undoEligibility(answered(answer), TODAY)).toEqual(expected);
  });

  test('no Undo once the fine was collected at the desk, nor once undone', () => {
    let session = checkinReducer(scan(emptyCheckinSession, 1, 'x'), { type: 'answered', key: 1, answer: returned() });
    session = checkinReducer(session, { type: 'collected', key: 1, receiptNo: 'RCPT-7' });
    // The member's collection may have been partial or covered other fines: the row names the receipt, not a guessed amount.
    expect(session.entries[0]).toMatchObject({ collected: 0, owed: 1500, receiptNo: 'RCPT-7', message: CHECKIN_MESSAGES.collectedAtDesk('RCPT-7') });
    expect(undoEligibility(session.entries[0]!, TODAY)).toEqual({ ok: false, reason: CHECKIN_MESSAGES.undoPaid });
    const undone = checkinReducer(checkinReducer(scan(emptyCheckinSession, 1, 'x'), { type: 'answered', key: 1, answer: returned() }), { type: 'undone', key: 1 });
    expect(undoEligibility(undone.entries[0]!, TODAY)).toBeNull();
  });
});

describe('hold slips, the body sent and holds to pull', () => {
  test('a hold slip lists member, number, pickup deadline, title and accession number', () => {
    const entry = checkinReducer(scan(emptyCheckinSession, 1, 'x'), { type: 'answered', key: 1, answer: returned({ hold_slip: slip }) }).entries[0]!;
    expect(holdSlipLines(entry.holdSlip!, 'DD/MM/YYYY')).toEqual([
      { label: 'Hold for', value: 'Sara Member' },
      { label: 'Member no.', value: 'M-0042' },
      { label: 'Pick up by', value: '03/12/2026' },
      { label: 'Title', value: 'Moby-Dick' },
      { label: 'Accession no.', value: 'ACC-00009' },
    ]);
  });

  test.each([
    ['today: the code alone', ' ACC-1 ', TODAY, { barcode: 'ACC-1' }],
    ['another day: the code and the date', 'ACC-1', '2026-11-25', { barcode: 'ACC-1', return_date: '2026-11-25' }],
  ])('%s', (_title, code, date, body) => expect(checkinBody(code, date, TODAY)).toEqual(body));

  test('holds to pull become one row per shelf copy', () => {
    const rows = pullRows({
      count: 2,
      results: [
        { book: { id: 1, title: 'Dune', author: 'Frank Herbert' }, waiting: 2, copies: [{ id: 10, accession_no: 'ACC-10', call_number: '813.54 HER', shelf_location: 'A-1' }, { id: 11, accession_no: 'ACC-11', call_number: '813.54 HER', shelf_location: null }] },
        { book: { id: 2, title: 'Emma', author: null }, waiting: 1, copies: [] },
      ],
    });
    expect(rows).toEqual([
      { key: '1-10', callNumber: '813.54 HER', shelf: 'A-1', accessionNo: 'ACC-10', title: 'Dune', author: 'Frank Herbert', waiting: 2 },
      { key: '1-11', callNumber: '813.54 HER', shelf: '', accessionNo: 'ACC-11', title: 'Dune', author: 'Frank Herbert', waiting: 2 },
    ]);
  });
});

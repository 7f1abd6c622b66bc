import { describe, expect, test, vi } from 'vitest';
import { SCAN_MESSAGES } from '../../../src/lib/scan';
import {
  copyIssueProblem,
  copyPickText,
  loanOfCopy,
  mayBeCopyCode,
  resolveDeskScan,
  SCAN_COPY_MESSAGES,
  scanOrder,
  statusWords,
  type DeskScanCalls,
  type ScannedCopy,
} from '../../../src/lib/scan-code';

type M = { id: number; member_id: string };
type B = { id: number; isbn: string };
const ann = { id: 7, username: 'ann', full_name: 'Ann Lee', member_id: 'MBR-0007' };
const bob = { id: 8, username: 'bob', full_name: null, member_id: 'MBR-0008' };
const book = { id: 12, title: 'Dune', author: 'Herbert', isbn: '9780306406157' };

function copy(over: Partial<ScannedCopy> = {}): ScannedCopy {
  return { id: 3, accession_no: 'ACC-00003', barcode: 'ACC-00003', status: 'AVAILABLE', book, loan: null, hold: null, ...over };
}
const onLoan = copy({ status: 'ON_LOAN', loan: { id: 41, member: ann, issue_date: '2026-11-01', due_date: '2026-11-04', overdue: true } });
const held = copy({ status: 'ON_HOLD', hold: { reservation_id: 5, member: ann, hold_until: '2026-11-30' } });

function calls(copies: ScannedCopy[], members: M[] = [], books: B[] = []): DeskScanCalls<M, B> & { lookupCopy: ReturnType<typeof vi.fn> } {
  return {
    lookupCopy: vi.fn(async (code: string) => copies.find((c) => c.barcode === code || c.accession_no === code) ?? null),
    searchMembers: vi.fn(async () => members),
    searchBooks: vi.fn(async () => books),
    fetchBook: vi.fn(async (id: string) => books.find((b) => String(b.id) === id) ?? null),
  };
}

describe('what a scanned code may be', () => {
  test.each([
    ['ACC-00003', true, ['copy', 'code']],
    ['00017', true, ['copy', 'code']],
    ['MBR-0001', true, ['copy', 'code']],
    ['9780306406157', true, ['code', 'copy']],
    ['no-such-thing!', false, ['code']],
    ['MBR 0001', false, ['code']],
    ['x'.repeat(41), false, ['code']],
  ] as const)('%s: copy-shaped %s, tried in the order %j', (code, copyShaped, order) => {
    expect(mayBeCopyCode(code)).toBe(copyShaped);
    expect(scanOrder(code)).toEqual(order);
  });
});

describe('resolveDeskScan', () => {
  test('a copy barcode finds the copy, even when a member has the same number', async () => {
    const twin = { id: 1, member_id: 'ACC-00003' };
    expect(await resolveDeskScan(' ACC-00003 ', calls([onLoan], [twin]))).toEqual({ kind: 'copy', copy: onLoan });
  });

  test('the copy lookup and the member search are asked at once, not one after the other', async () => {
    let release: (copy: ScannedCopy | null) => void = () => undefined;
    const c = calls([]);
    c.lookupCopy.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    const pending = resolveDeskScan('MBR-0001', c);
    await Promise.resolve();
    expect(c.searchMembers).toHaveBeenCalledTimes(1);
    release(null);
    expect((await pending).kind).toBe('none');
  });

  test('a failed member search does not hide a copy found', async () => {
    const c = calls([onLoan]);
    c.searchMembers = vi.fn(async () => {
      throw new Error('offline');
    });
    expect(await resolveDeskScan('ACC-00003', c)).toEqual({ kind: 'copy', copy: onLoan });
  });

  test('a member number no copy has is read as a member number', async () => {
    const member = { id: 1, member_id: 'MBR-0001' };
    expect(await resolveDeskScan('mbr-0001', calls([], [member]))).toEqual({ kind: 'member', member });
  });

  test('an ISBN is read as an ISBN before any copy lookup', async () => {
    const b = { id: 12, isbn: '978-0-306-40615-7' };
    const c = calls([], [], [b]);
    expect(await resolveDeskScan('9780306406157', c)).toEqual({ kind: 'book', book: b });
    expect(c.lookupCopy).not.toHaveBeenCalled();
  });

  test('an ISBN no book has may still be a copy’s barcode', async () => {
    const isbnCopy = copy({ barcode: '9780306406157' });
    expect(await resolveDeskScan('9780306406157', calls([isbnCopy]))).toEqual({ kind: 'copy', copy: isbnCopy });
  });

  test('digits name a copy before a book id (an empty accession prefix gives digit barcodes)', async () => {
    const digits = copy({ accession_no: '00017', barcode: '00017' });
    expect(await resolveDeskScan('00017', calls([digits], [], [{ id: 17, isbn: '' }]))).toEqual({ kind: 'copy', copy: digits });
    expect(await resolveDeskScan('17', calls([digits], [], [{ id: 17, isbn: '' }]))).toEqual({ kind: 'book', book: { id: 17, isbn: '' } });
  });

  test.each([
    ['MBR-0001', `${SCAN_MESSAGES.noMember('MBR-0001')} ${SCAN_COPY_MESSAGES.noCopy('MBR-0001')}`],
    ['99', `${SCAN_MESSAGES.noBookId('99')} ${SCAN_COPY_MESSAGES.noCopy('99')}`],
    ['ada', SCAN_COPY_MESSAGES.unknown('ada')],
    ['no-such-thing!', SCAN_COPY_MESSAGES.unknown('no-such-thing!')],
    ['  ', SCAN_COPY_MESSAGES.empty],
  ])('nothing has %j: the message says what was looked for', async (code, message) => {
    expect(await resolveDeskScan(code, calls([]))).toEqual({ kind: 'none', message });
  });

  test('the unknown-code words keep the desk’s existing wording', () => {
    expect(SCAN_COPY_MESSAGES.unknown('x!')).toContain('is not a member number, ISBN or book id');
  });
});

describe('lending a scanned copy', () => {
  test.each<[string, ScannedCopy, number | null, string | null]>([
    ['an available copy to anyone', copy(), 8, null],
    ['an available copy before a member is picked', copy(), null, null],
    ['a copy held for the member being served', held, 7, null],
    ['a held copy before a member is picked', held, null, null],
    ['a copy held for another member', held, 8, SCAN_COPY_MESSAGES.heldForAnother(held)],
    ['a copy on loan', onLoan, 8, SCAN_COPY_MESSAGES.notOnShelf(onLoan)],
    ['a damaged copy', copy({ status: 'DAMAGED' }), 8, SCAN_COPY_MESSAGES.notOnShelf(copy({ status: 'DAMAGED' }))],
  ])('%s', (_title, scanned, member, problem) => {
    expect(copyIssueProblem(scanned, member)).toBe(problem);
  });

  test('the words name the accession number, the status and the person', () => {
    expect(SCAN_COPY_MESSAGES.notOnShelf(onLoan)).toBe('This copy is not on the shelf. Copy ACC-00003 is on loan to Ann Lee (MBR-0007).');
    expect(SCAN_COPY_MESSAGES.heldForAnother(held)).toBe('This copy is held for another member. Copy ACC-00003 is held for Ann Lee (MBR-0007).');
    expect(statusWords(copy({ status: 'WITHDRAWN' }))).toBe('withdrawn');
    expect(copyPickText(copy())).toBe('Copy ACC-00003');
    expect(copyPickText(held)).toBe('Copy ACC-00003, held for Ann Lee (MBR-0007)');
    expect(statusWords(copy({ status: 'ON_HOLD', hold: { reservation_id: 1, member: bob, hold_until: null } }))).toBe('held for MBR-0008');
  });
});

describe('returning a scanned copy', () => {
  test('a copy on loan names its loan, book and borrower', () => {
    expect(loanOfCopy(onLoan)).toEqual({ kind: 'loan', loanId: '41', bookId: '12', memberId: '7' });
  });

  test.each([
    ['on the shelf', copy()],
    ['held for pickup', held],
    ['lost', copy({ status: 'LOST' })],
  ])('a copy %s is not on loan, and says so', (_title, scanned) => {
    expect(loanOfCopy(scanned)).toEqual({ kind: 'none', message: SCAN_COPY_MESSAGES.notOnLoan(scanned) });
  });

  test('the not-on-loan words name the copy and the title', () => {
    expect(SCAN_COPY_MESSAGES.notOnLoan(copy())).toBe('Copy ACC-00003 of “Dune” is not on loan: it is available.');
  });
});

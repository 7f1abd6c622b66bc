import { describe, expect, test, vi } from 'vitest';
import { classifyCode, resolveCode, SCAN_MESSAGES, type ScanCalls, type ScannedCode } from '../../../src/lib/scan';

describe('classifyCode', () => {
  test.each<[string, ScannedCode]>([
    ['9780306406157', { kind: 'isbn', isbn: '9780306406157' }],
    ['978-0-306-40615-7', { kind: 'isbn', isbn: '9780306406157' }],
    ['0-306-40615-2', { kind: 'isbn', isbn: '0306406152' }],
    ['080442957x', { kind: 'isbn', isbn: '080442957X' }],
    ['0306406152', { kind: 'isbn', isbn: '0306406152' }],
    // 13 digits with a wrong check digit: not an ISBN, so digits alone, a book id.
    ['9780306406158', { kind: 'book-id', id: '9780306406158' }],
    ['42', { kind: 'book-id', id: '42' }],
    [' 007 ', { kind: 'book-id', id: '7' }],
    ['MBR-0001', { kind: 'member-number', number: 'MBR-0001' }],
    ['mbr-0012', { kind: 'member-number', number: 'MBR-0012' }],
    ['LIB/2024.15', { kind: 'member-number', number: 'LIB/2024.15' }],
    ['MBR-', { kind: 'unknown', text: 'MBR-' }],
    ['ada', { kind: 'unknown', text: 'ada' }],
    ['978-0-306', { kind: 'unknown', text: '978-0-306' }],
    ['', { kind: 'unknown', text: '' }],
    ['MBR 0001', { kind: 'unknown', text: 'MBR 0001' }],
  ])('%j', (raw, expected) => {
    expect(classifyCode(raw)).toEqual(expected);
  });
});

type M = { id: number; member_id: string };
type B = { id: number; isbn: string };
const ada: M = { id: 1, member_id: 'MBR-0001' };
const adam: M = { id: 2, member_id: 'MBR-00011' };
const dune: B = { id: 12, isbn: '978-0-306-40615-7' };
const other: B = { id: 13, isbn: '0306406152' };

function calls(members: M[], books: B[]): ScanCalls<M, B> & { [K in keyof ScanCalls<M, B>]: ReturnType<typeof vi.fn> } {
  return {
    searchMembers: vi.fn(async () => members),
    searchBooks: vi.fn(async () => books),
    fetchBook: vi.fn(async (id: string) => books.find((b) => String(b.id) === id) ?? null),
  };
}

describe('resolveCode', () => {
  test.each<[string, string, M[], B[], unknown]>([
    ['a member number picks the exact member, not a longer one', 'mbr-0001', [adam, ada], [], { kind: 'member', member: ada }],
    ['a member number with only near matches', 'MBR-0001', [adam], [], { kind: 'none', message: SCAN_MESSAGES.noMember('MBR-0001') }],
    ['an ISBN picks the book whose normalised ISBN is equal', '9780306406157', [], [other, dune], { kind: 'book', book: dune }],
    ['an ISBN nobody has', '9780306406157', [], [other], { kind: 'none', message: SCAN_MESSAGES.noIsbn('9780306406157') }],
    ['a book id', '13', [], [dune, other], { kind: 'book', book: other }],
    ['a missing book id', '99', [], [dune], { kind: 'none', message: SCAN_MESSAGES.noBookId('99') }],
    ['an unknown code', 'hello', [ada], [dune], { kind: 'none', message: SCAN_MESSAGES.unknown('hello') }],
    ['nothing typed', '  ', [ada], [dune], { kind: 'none', message: SCAN_MESSAGES.empty }],
  ])('%s', async (_title, raw, members, books, expected) => {
    expect(await resolveCode(raw, calls(members, books))).toEqual(expected);
  });

  test('each kind asks only its own call, with the normalised code', async () => {
    const c = calls([ada], [dune]);
    await resolveCode('978-0-306-40615-7', c);
    expect(c.searchBooks).toHaveBeenCalledWith('9780306406157');
    expect(c.searchMembers).not.toHaveBeenCalled();
    await resolveCode('mbr-0001', c);
    expect(c.searchMembers).toHaveBeenCalledWith('MBR-0001');
    expect(c.fetchBook).not.toHaveBeenCalled();
  });
});

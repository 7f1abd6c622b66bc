import { describe, expect, test } from 'vitest';
import { bookDetail, bookIdTerm, bookLabel, mergeBookMatches, type PickableBook } from '../../../src/lib/book-picker';

const dune: PickableBook = { id: 12, title: 'Dune', author: 'Frank Herbert', isbn: '9780441013593', available_copies: '3' };

describe('book picker', () => {
  test.each<[string, PickableBook, string, string]>([
    ['a full book', dune, 'Dune (12)', 'ISBN 9780441013593 · Frank Herbert · 3 available'],
    ['no copies left still says so', { ...dune, available_copies: 0 }, 'Dune (12)', 'ISBN 9780441013593 · Frank Herbert · 0 available'],
    ['nothing but the title', { id: 'x', title: 'T' }, 'T (x)', ''],
  ])('%s', (_t, book, label, detail) => {
    expect(bookLabel(book)).toBe(label);
    expect(bookDetail(book)).toBe(detail);
  });

  test.each([
    ['12', '12'],
    [' 012 ', '12'],
    ['12a', null],
    ['', null],
  ])('id term %j', (term, id) => expect(bookIdTerm(term)).toBe(id));

  test('the book found by id comes first, once', () => {
    const other = { ...dune, id: 13 };
    expect(mergeBookMatches(dune, [other, dune]).map((b) => b.id)).toEqual([12, 13]);
    expect(mergeBookMatches(null, [other]).map((b) => b.id)).toEqual([13]);
  });
});

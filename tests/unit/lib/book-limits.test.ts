import { describe, expect, test } from 'vitest';
import { BOOK_TEXT_LIMITS, MAX_COVERS, MAX_TOTAL_COPIES } from '#shared/book-limits';
import { previewBookCsvText } from '../../../src/lib/book-csv';
import { emptyBookValues, validateBookForm } from '../../../src/lib/book-form';
import { parseBookUpdateForm, parseNewBookForm, TOO_MANY_COVERS } from '../../../server/src/modules/books/schemas';

const HEADER = 'title,author,publisher,isbn,total_copies,category,department,language,rack_no';
const row = (title: string, copies: number) => `${title},An Author,A Publisher,9780306406157,${copies},Physics,Science,English,R-1`;

const book = { ...emptyBookValues(), title: 'Dune', author: 'Frank Herbert', isbn: '0-441-17271-7', department: '2', publisher: 'Chilton', total_copies: '3', category: '5', rack_no: 'R-12', language: '1' };
const coverImage = { field: 'cover_photo', filename: 'cover.png', buffer: Buffer.from([137, 80, 78, 71]), truncated: false };
const acceptsImages = { check: () => ({ type: 'png' }) } as unknown as Parameters<typeof parseNewBookForm>[1];
const coversRefused = (count: number): boolean =>
  parseNewBookForm({ fields: {}, files: {}, fileLists: { cover_photo: Array.from({ length: count }, () => coverImage) } }, acceptsImages).errors.has('cover_photo');

describe('book limits, one home for the form, the CSV preview and the server', () => {
  test('the form and the server take the most copies and refuse one more', () => {
    const formRefuses = (copies: number) => validateBookForm({ ...book, total_copies: String(copies) }, 'add').total_copies !== undefined;
    const serverRefuses = (copies: number) => parseBookUpdateForm({ fields: { total_copies: String(copies) }, files: {} }, acceptsImages).errors.has('total_copies');
    expect([formRefuses(MAX_TOTAL_COPIES), formRefuses(MAX_TOTAL_COPIES + 1)]).toEqual([false, true]);
    expect([serverRefuses(MAX_TOTAL_COPIES), serverRefuses(MAX_TOTAL_COPIES + 1)]).toEqual([false, true]);
  });

  test('the server takes a new book with the most covers and refuses one more', () => {
    expect(coversRefused(MAX_COVERS)).toBe(false);
    expect(coversRefused(MAX_COVERS + 1)).toBe(true);
    expect(TOO_MANY_COVERS).toContain(String(MAX_COVERS));
  });

  test('the CSV preview refuses one character past the title limit and copies past the maximum', () => {
    const ok = previewBookCsvText(`${HEADER}\n${row('T'.repeat(BOOK_TEXT_LIMITS.title), MAX_TOTAL_COPIES)}\n`);
    expect(ok.errors).toEqual([]);
    const bad = previewBookCsvText(`${HEADER}\n${row('T'.repeat(BOOK_TEXT_LIMITS.title + 1), MAX_TOTAL_COPIES + 1)}\n`);
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['title', 'total_copies']);
  });
});

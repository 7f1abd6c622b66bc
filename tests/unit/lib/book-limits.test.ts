import { describe, expect, test } from 'vitest';
import { BOOK_TEXT_LIMITS, MAX_COVERS, MAX_TOTAL_COPIES } from '../../../src/lib/book-limits';
import { previewBookCsvText } from '../../../src/lib/book-csv';
import { MAX_COVERS as FORM_COVERS, MAX_TOTAL_COPIES as FORM_MAX } from '../../../src/lib/book-form';
import { MAX_COVERS as SERVER_COVERS } from '../../../server/src/modules/books/service';

const HEADER = 'title,author,publisher,isbn,total_copies,category,department,language,rack_no';
const row = (title: string, copies: number) => `${title},An Author,A Publisher,9780306406157,${copies},Physics,Science,English,R-1`;

describe('book limits, one home for the form, the CSV preview and the server', () => {
  test('the form and the server read the same numbers', () => {
    expect(FORM_MAX).toBe(MAX_TOTAL_COPIES);
    expect(FORM_COVERS).toBe(MAX_COVERS);
    expect(SERVER_COVERS).toBe(MAX_COVERS);
  });

  test('the CSV preview refuses one character past the title limit and copies past the maximum', () => {
    const ok = previewBookCsvText(`${HEADER}\n${row('T'.repeat(BOOK_TEXT_LIMITS.title), MAX_TOTAL_COPIES)}\n`);
    expect(ok.errors).toEqual([]);
    const bad = previewBookCsvText(`${HEADER}\n${row('T'.repeat(BOOK_TEXT_LIMITS.title + 1), MAX_TOTAL_COPIES + 1)}\n`);
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['title', 'total_copies']);
  });
});

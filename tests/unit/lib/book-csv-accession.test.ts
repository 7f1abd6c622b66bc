import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { ACCESSION_CSV_MESSAGES, accessionNumbersProblem, BOOK_CSV_COLUMNS, splitAccessionNumbers } from '#shared/book-csv-columns';
import { previewBookCsvText, validateBookRow } from '../../../src/lib/book-csv';
import { BOOK_TEMPLATE_COLUMNS, BOOK_TEMPLATE_SAMPLE, type BookCsvRow } from '../../../src/lib/book-template';

const good: BookCsvRow = { ...BOOK_TEMPLATE_SAMPLE[0]!, total_copies: '2', accession_numbers: '' };
const line = (row: Partial<BookCsvRow>): string => Papa.unparse([BOOK_TEMPLATE_COLUMNS.map((c) => ({ ...good, ...row })[c])]);
const csv = (...rows: string[]): string => [BOOK_TEMPLATE_COLUMNS.join(','), ...rows].join('\n');

describe('the accession numbers column', () => {
  test('comes after the template’s columns and is optional', () => {
    expect(BOOK_CSV_COLUMNS.at(-1)).toBe('accession_numbers');
    expect(BOOK_CSV_COLUMNS.indexOf('accession_numbers')).toBe(12);
    const withoutIt = BOOK_TEMPLATE_COLUMNS.filter((c) => c !== 'accession_numbers');
    const preview = previewBookCsvText([withoutIt.join(','), Papa.unparse([withoutIt.map((c) => good[c])])].join('\n'));
    expect(preview.missingColumns).toEqual([]);
    expect(preview.missingOptionalColumns).toEqual(['accession_numbers']);
    expect(preview.errors).toEqual([]);
  });

  test.each([
    ['', []],
    ['ACC-1', ['ACC-1']],
    [' ACC-1 ; ACC-2 ', ['ACC-1', 'ACC-2']],
    ['ACC-1;;ACC-2;', ['ACC-1', 'ACC-2']],
  ])('splits %j at semicolons', (cell, numbers) => {
    expect(splitAccessionNumbers(cell)).toEqual(numbers);
  });

  test.each([
    ['none given: the library numbers the copies', [], 3, undefined],
    ['one per copy', ['A-1', 'A-2', 'A-3'], 3, undefined],
    ['too few', ['A-1', 'A-2'], 3, ACCESSION_CSV_MESSAGES.count(3, 2)],
    ['too many', ['A-1', 'A-2'], 1, 'Give one accession number per copy: total_copies is 1, this row has 2.'],
    ['count not checked when total_copies is wrong', ['A-1'], undefined, undefined],
    ['a space inside', ['A 1', 'A-2'], 2, 'Not a valid accession number: "A 1". Use letters, digits and . / _ - only, at most 40 characters each, with ; between numbers.'],
    ['commas instead of semicolons', ['A-1,A-2'], 2, ACCESSION_CSV_MESSAGES.invalid(['A-1,A-2'])],
    ['too long', ['A'.repeat(41)], 1, ACCESSION_CSV_MESSAGES.invalid(['A'.repeat(41)])],
    ['forty characters are fine', ['A'.repeat(40)], 1, undefined],
    ['twice in the row', ['A-1', 'A-1'], 2, 'Accession number "A-1" is given twice in this row.'],
  ])('%s', (_name, numbers, copies, problem) => {
    expect(accessionNumbersProblem(numbers, copies)).toBe(problem);
  });

  test('names the first three bad numbers and counts the rest', () => {
    expect(ACCESSION_CSV_MESSAGES.invalid(['a b', 'c d', 'e f', 'g h', 'i j'])).toContain('"a b", "c d", "e f" and 2 more');
  });
});

describe('the preview checks accession numbers', () => {
  test('one per copy, valid, on the row', () => {
    expect(validateBookRow({ ...good, accession_numbers: 'B-1;B-2' }, 1)).toEqual([]);
    expect(validateBookRow({ ...good, accession_numbers: 'B-1' }, 4)).toEqual([{ row: 4, field: 'accession_numbers', message: ACCESSION_CSV_MESSAGES.count(2, 1) }]);
    expect(validateBookRow({ ...good, total_copies: 'two', accession_numbers: 'B-1' }, 1).map((i) => i.field)).toEqual(['total_copies']);
  });

  test('a number given on an earlier row of the file is refused on the later one', () => {
    const preview = previewBookCsvText(csv(line({ isbn: '9780062316097', accession_numbers: 'C-1;C-2' }), line({ isbn: '9780465026562', accession_numbers: 'C-3;C-2' }), line({ isbn: '9780465024933', accession_numbers: '' })));
    expect(preview.errors).toEqual([{ row: 2, field: 'accession_numbers', message: 'Accession number "C-2" is already given on row 1 of this file.' }]);
  });
});

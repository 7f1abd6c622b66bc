import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { MAX_LISTED_ISSUES, canUploadPreview, knownNames, previewBookCsvText, validateBookRow } from '../../../src/lib/book-csv';
import { BOOK_TEMPLATE_COLUMNS, BOOK_TEMPLATE_SAMPLE, bookTemplateCsv, type BookCsvRow } from '../../../src/lib/book-template';
import { rejectedRowsCsv, uploadRowErrors } from '../../../src/lib/book-upload-result';

const HEADER = BOOK_TEMPLATE_COLUMNS.join(',');
const good: BookCsvRow = { ...BOOK_TEMPLATE_SAMPLE[0]! };
const line = (row: Partial<BookCsvRow>): string => Papa.unparse([BOOK_TEMPLATE_COLUMNS.map((c) => ({ ...good, ...row })[c])]);
const csv = (...rows: string[]): string => [HEADER, ...rows].join('\n');

/** The demo library's names (server/src/demo-catalogue.ts and provision.ts). */
const demo = knownNames({
  category: ['Fiction', 'Science', 'Computing', 'Mathematics', 'History', 'Poetry'].map((name) => ({ name })),
  department: ['Computer Science', 'Mathematics', 'English Literature'].map((name) => ({ name })),
  language: ['English', 'Urdu', 'Arabic', 'French'].map((name) => ({ name })),
});

describe('Book-Template.csv', () => {
  test('has the template columns in the specification order and 6 sample books', () => {
    const parsed = Papa.parse<string[]>(bookTemplateCsv(), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([
      'title', 'author', 'publisher', 'isbn', 'total_copies', 'category', 'department', 'language', 'edition', 'rack_no', 'shelf_location', 'brief_description',
      'accession_numbers',
    ]);
    expect(parsed.data).toHaveLength(7);
    expect(parsed.errors).toEqual([]);
  });

  test('every sample book passes the local rules and uses names the demo library has', () => {
    const preview = previewBookCsvText(bookTemplateCsv(), demo);
    expect(preview.rowCount).toBe(6);
    expect(preview.errors).toEqual([]);
    expect(preview.warnings).toEqual([]);
    expect(canUploadPreview(preview)).toBe(true);
    for (const [index, row] of BOOK_TEMPLATE_SAMPLE.entries()) expect(validateBookRow(row, index + 1)).toEqual([]);
  });

  test('sample ISBNs are outside the demo catalogue range (978-0-00-70xxxx)', () => {
    for (const row of BOOK_TEMPLATE_SAMPLE) expect(row.isbn.replace(/-/g, '')).not.toMatch(/^9780070/);
  });
});

describe('local preview', () => {
  test.each([
    ['blank title', line({ title: '' }), [{ row: 1, field: 'title', message: 'This field may not be blank.' }]],
    ['blank category and rack', line({ category: ' ', rack_no: '' }), [
      { row: 1, field: 'category', message: 'This field may not be blank.' },
      { row: 1, field: 'rack_no', message: 'This field may not be blank.' },
    ]],
    ['bad ISBN checksum', line({ isbn: '9780261102218' }), [{ row: 1, field: 'isbn', message: 'Enter a valid ISBN-10 or ISBN-13.' }]],
    ['ISBN-10 with X is fine', line({ isbn: '0-8044-2957-X' }), []],
    ['blank copies', line({ total_copies: '' }), [{ row: 1, field: 'total_copies', message: 'A valid integer is required.' }]],
    ['non-numeric copies', line({ total_copies: 'three' }), [{ row: 1, field: 'total_copies', message: 'A valid integer is required.' }]],
    ['fractional copies', line({ total_copies: '2.5' }), [{ row: 1, field: 'total_copies', message: 'A valid integer is required.' }]],
    ['zero copies', line({ total_copies: '0' }), [{ row: 1, field: 'total_copies', message: 'Ensure this value is greater than or equal to 1.' }]],
    ['too many copies', line({ total_copies: '100001' }), [{ row: 1, field: 'total_copies', message: 'Ensure this value is less than or equal to 100000.' }]],
    ['long brief description', line({ brief_description: 'x'.repeat(101) }), [{ row: 1, field: 'brief_description', message: 'Ensure this field has no more than 100 characters.' }]],
    ['optional fields blank', line({ edition: '', shelf_location: '', brief_description: '' }), []],
  ])('%s', (_name, row, expected) => {
    expect(previewBookCsvText(csv(row)).errors).toEqual(expected);
  });

  test('a duplicate ISBN in the file names the first row (hyphens do not hide it)', () => {
    const preview = previewBookCsvText(csv(line({}), line({ isbn: '9780261102217' }), line({ isbn: '978-0-261-10221-7' })));
    expect(preview.errors).toEqual([
      { row: 2, field: 'isbn', message: 'Duplicate ISBN in this file (first on row 1).' },
      { row: 3, field: 'isbn', message: 'Duplicate ISBN in this file (first on row 1).' },
    ]);
    expect(preview.rowsWithErrors).toBe(2);
  });

  test('missing required columns block the upload; missing optional and unknown columns do not', () => {
    const blocked = previewBookCsvText('name,writer,isbn\nA,B,9780261102217\n');
    expect(blocked.missingColumns).toEqual(['title', 'author', 'publisher', 'total_copies', 'category', 'department', 'language', 'rack_no']);
    expect(blocked.unknownColumns).toEqual(['name', 'writer']);
    expect(blocked.rowCount).toBe(1);
    expect(blocked.errors).toEqual([]);
    expect(canUploadPreview(blocked)).toBe(false);

    const required = ['title', 'author', 'publisher', 'isbn', 'total_copies', 'category', 'department', 'language', 'rack_no'];
    const lean = previewBookCsvText(`${required.join(',')},notes\nT,A,P,9780261102217,2,Fiction,Mathematics,English,R1,hello\n`);
    expect(lean.missingColumns).toEqual([]);
    expect(lean.missingOptionalColumns).toEqual(['edition', 'shelf_location', 'brief_description', 'accession_numbers']);
    expect(lean.unknownColumns).toEqual(['notes']);
    expect(lean.errors).toEqual([]);
    expect(canUploadPreview(lean)).toBe(true);
  });

  test('the original export\'s specification_description stands in for brief_description', () => {
    const header = HEADER.replace('brief_description', 'specification_description');
    const preview = previewBookCsvText(`${header}\n${line({ brief_description: 'Short' })}`);
    expect(preview.unknownColumns).toEqual([]);
    expect(preview.missingOptionalColumns).toEqual([]);
    expect(preview.sampleRows[0]!.brief_description).toBe('Short');
  });

  test('a row with an unclosed quote is one row error', () => {
    const preview = previewBookCsvText(csv(line({}), `${line({ isbn: '9780062316097' })}\n"Open quote,A,P`));
    expect(preview.rowCount).toBe(3);
    expect(preview.errors).toEqual([{ row: 3, field: '', message: 'Malformed row: a quoted value is not closed.' }]);
  });

  test('a file with a header only cannot be uploaded', () => {
    expect(canUploadPreview(previewBookCsvText(`${HEADER}\n`))).toBe(false);
  });

  test('header columns are matched in any order and case, around spaces', () => {
    const shuffled = [...BOOK_TEMPLATE_COLUMNS].reverse();
    const text = `${shuffled.map((c) => ` ${c.toUpperCase()} `).join(',')}\n${Papa.unparse([shuffled.map((c) => good[c])])}`;
    const preview = previewBookCsvText(text);
    expect(preview.missingColumns).toEqual([]);
    expect(preview.sampleRows[0]).toEqual(good);
  });

  test('BOM, CRLF, quoted commas and blank lines are handled', () => {
    const text = `\uFEFF${HEADER}\r\n${line({ title: 'Cats, Dogs and "Mice"' })}\r\n\r\n,,,,,,,,,,,\r\n${line({ isbn: '9780062316097' })}\r\n`;
    const preview = previewBookCsvText(text);
    expect(preview.header[0]).toBe('title');
    expect(preview.missingColumns).toEqual([]);
    expect(preview.rowCount).toBe(2);
    expect(preview.sampleRows[0]!.title).toBe('Cats, Dogs and "Mice"');
    expect(preview.errors).toEqual([]);
  });

  test('unknown category, department and language names are warnings, each name listed once', () => {
    const preview = previewBookCsvText(
      csv(line({ category: 'Cookery' }), line({ isbn: '9780062316097', category: 'cookery', language: 'Klingon' }), line({ isbn: '9780465026562', category: 'fiction' })),
      demo,
    );
    expect(preview.errors).toEqual([]);
    expect(preview.warningCount).toBe(3);
    expect(preview.warnings[0]).toEqual({ row: 1, field: 'category', message: 'Unknown category "Cookery".' });
    expect(preview.unknownNames).toEqual({ category: ['Cookery'], department: [], language: ['Klingon'] });
    expect(preview.checkedNames).toEqual(['category', 'department', 'language']);
  });

  test('names are not checked when the lists could not be read', () => {
    const preview = previewBookCsvText(csv(line({ category: 'Cookery' })), knownNames({ language: [{ name: 'English' }] }));
    expect(preview.warnings).toEqual([]);
    expect(preview.checkedNames).toEqual(['language']);
  });

  test('a large file keeps the first 50 issues, counts them all and previews 5 rows', () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => line({ title: i % 2 === 0 ? '' : `Book ${i}`, isbn: '' }));
    const started = performance.now();
    const preview = previewBookCsvText(csv(...rows));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(preview.rowCount).toBe(12_000);
    expect(preview.errors).toHaveLength(MAX_LISTED_ISSUES);
    expect(preview.errorCount).toBe(6_000 + 12_000);
    expect(preview.rowsWithErrors).toBe(12_000);
    expect(preview.sampleRows).toHaveLength(5);
  });
});

describe('upload result', () => {
  test('row errors are read in our shape and in the original {"Row 3": "..."} shape', () => {
    expect(uploadRowErrors([{ row: 2, field: 'isbn', message: 'bad' }, { 'Row 5': 'Category not found' }, {}, null])).toEqual([
      { row: 2, field: 'isbn', message: 'bad' },
      { row: 5, field: '', message: 'Category not found' },
    ]);
    expect(uploadRowErrors(undefined)).toEqual([]);
  });

  test('rejected rows keep their original cells and gain an error column', () => {
    const text = `\uFEFF${HEADER}\r\n${line({ title: 'Kept, fine' })}\r\n\r\n${line({ title: '', isbn: '123' })}\r\n`;
    const out = Papa.parse<string[]>(rejectedRowsCsv(text, [
      { row: 2, field: 'title', message: 'This field may not be blank.' },
      { row: 2, field: 'isbn', message: 'Enter a valid ISBN-10 or ISBN-13.' },
    ])).data;
    expect(out[0]).toEqual([...BOOK_TEMPLATE_COLUMNS, 'error']);
    expect(out).toHaveLength(2);
    expect(out[1]![0]).toBe('');
    expect(out[1]![3]).toBe('123');
    expect(out[1]![13]).toBe('title: This field may not be blank.; isbn: Enter a valid ISBN-10 or ISBN-13.');
  });

  test('the rejected-rows download neutralises formulas in every cell, on every line', () => {
    const text = `${HEADER}\n${line({ title: '=HYPERLINK("http://evil.test")', author: 'A\n@cmd', isbn: '123' })}\n`;
    const out = Papa.parse<string[]>(rejectedRowsCsv(text, [{ row: 1, field: 'isbn', message: 'Enter a valid ISBN-10 or ISBN-13.' }])).data;
    expect(out[1]![0]).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(out[1]![1]).toBe("A\n'@cmd");
  });
});

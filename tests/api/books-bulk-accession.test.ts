/**
 * The book CSV's optional accession numbers: one per copy, kept as given; without them the
 * library's sequence numbers the copies; a wrong count, a bad number, a number given twice in the
 * file or one the library already has refuses the row (and writes nothing for it).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { isbnCheckDigit } from '#shared/isbn';
import { ACCESSION_CSV_MESSAGES, BOOK_CSV_COLUMNS } from '#shared/book-csv-columns';
import { access, bearer, postJson, t, useSignedInApp } from './support/harness.js';
import { multipart } from './support/multipart.js';

useSignedInApp({}, [['admin', 'SUPER USER'], ['desk', 'MANAGER']]);

beforeAll(async () => {
  await postJson(t.app, '/admin-departments/', { name: 'Science' }, bearer(access['admin']!));
  await postJson(t.app, '/categories/', { name: 'Physics' }, bearer(access['admin']!));
  await postJson(t.app, '/language/', { name: 'English' }, bearer(access['admin']!));
});

let serial = 300000;
const nextIsbn = (): string => {
  const body = `978${String(serial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

const HEADER = BOOK_CSV_COLUMNS.join(',');

/** One CSV line in the template's order, with the accession numbers last. */
const line = (copies: number, numbers: string, isbn = nextIsbn()): string =>
  ['Six Easy Pieces', 'Richard P. Feynman', 'Basic Books', isbn, String(copies), 'Physics', 'Science', 'English', '1st', 'P-01', 'Shelf 2', 'Lectures.', numbers].join(',');

const upload = (rows: string[]) => {
  const body = multipart({}, { file: { filename: 'books.csv', content: Buffer.from(`${HEADER}\n${rows.join('\n')}\n`), contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...bearer(access['desk']!) } });
};

const copiesOf = async (isbn: string) =>
  t.db
    .selectFrom('copies')
    .innerJoin('books', 'books.id', 'copies.book_id')
    .select(['copies.copy_no', 'copies.accession_no', 'copies.barcode', 'copies.status', 'copies.shelf_location', 'copies.acquired_on', 'books.date_of_entry', 'books.total_copies', 'books.available_copies'])
    .where('books.isbn', '=', isbn)
    .orderBy('copies.copy_no')
    .execute();

const copyCount = async () => Number((await t.db.selectFrom('copies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /books/bulk-upload/ with accession numbers', () => {
  test('keeps the numbers a row gives, one per copy in order, as accession number and barcode', async () => {
    const isbn = nextIsbn();
    const response = await upload([line(3, 'PHY-0100; PHY-0101 ;PHY-0102', isbn)]);
    expect(response.json()).toEqual({ detail: '1 book uploaded.', imported: 1, errors: [], error_count: 0 });
    const copies = await copiesOf(isbn);
    expect(copies.map((c) => [c.copy_no, c.accession_no, c.barcode, c.status, c.shelf_location])).toEqual([
      [1, 'PHY-0100', 'PHY-0100', 'AVAILABLE', 'Shelf 2'],
      [2, 'PHY-0101', 'PHY-0101', 'AVAILABLE', 'Shelf 2'],
      [3, 'PHY-0102', 'PHY-0102', 'AVAILABLE', 'Shelf 2'],
    ]);
    expect(copies[0]).toMatchObject({ acquired_on: copies[0]!.date_of_entry, total_copies: 3, available_copies: 3 });
  });

  test('numbers the copies from the library’s sequence when the column is blank, skipping numbers the file gives', async () => {
    await t.db.updateTable('library_settings').set({ accession_prefix: 'SEQ-', accession_digits: 4, accession_next: 500 }).execute();
    const [blank, given] = [nextIsbn(), nextIsbn()];
    const response = await upload([line(2, '', blank), line(1, 'SEQ-0500', given)]);
    expect(response.json()).toMatchObject({ imported: 2, errors: [] });
    expect((await copiesOf(given)).map((c) => c.accession_no)).toEqual(['SEQ-0500']);
    expect((await copiesOf(blank)).map((c) => c.accession_no)).toEqual(['SEQ-0501', 'SEQ-0502']);
  });

  test('refuses rows whose numbers do not match the copies, are not valid or repeat, and writes nothing for them', async () => {
    const before = await copyCount();
    const good = nextIsbn();
    const response = await upload([
      line(3, 'BAD-1;BAD-2', nextIsbn()), // 1
      line(2, 'BAD 3;BAD-4', nextIsbn()), // 2
      line(2, 'BAD-5;BAD-5', nextIsbn()), // 3
      line(2, 'OK-1;OK-2', good), // 4
      line(1, 'OK-2', nextIsbn()), // 5
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      detail: '1 book uploaded.',
      imported: 1,
      errors: [
        { row: 1, field: 'accession_numbers', message: ACCESSION_CSV_MESSAGES.count(3, 2) },
        { row: 2, field: 'accession_numbers', message: ACCESSION_CSV_MESSAGES.invalid(['BAD 3']) },
        { row: 3, field: 'accession_numbers', message: 'Accession number "BAD-5" is given twice in this row.' },
        { row: 5, field: 'accession_numbers', message: 'Accession number "OK-2" is already given on row 4 of this file.' },
      ],
      error_count: 4,
    });
    expect(await copyCount()).toBe(before + 2);
    expect((await copiesOf(good)).map((c) => c.accession_no)).toEqual(['OK-1', 'OK-2']);
  });

  test('refuses a number a copy of the library already has, as accession number or as barcode', async () => {
    const isbn = nextIsbn();
    expect((await upload([line(2, 'LIB-1;LIB-2', isbn)])).json()).toMatchObject({ imported: 1 });
    await t.db.updateTable('copies').set({ barcode: 'SCAN-77' }).where('accession_no', '=', 'LIB-2').execute();
    const [again, scanned] = [nextIsbn(), nextIsbn()];
    const response = await upload([line(2, 'LIB-1;LIB-9', again), line(1, 'SCAN-77', scanned)]);
    expect(response.json()).toEqual({
      detail: '0 books uploaded.',
      imported: 0,
      errors: [
        { row: 1, field: 'accession_numbers', message: 'Accession number already used by a copy in the library: "LIB-1".' },
        { row: 2, field: 'accession_numbers', message: 'Accession number already used by a copy in the library: "SCAN-77".' },
      ],
      error_count: 2,
    });
    expect(await t.db.selectFrom('books').select('id').where('isbn', 'in', [again, scanned]).execute()).toEqual([]);
  });

  test('reads a file without the column as before: the sequence numbers every copy', async () => {
    const isbn = nextIsbn();
    const header = BOOK_CSV_COLUMNS.filter((c) => c !== 'accession_numbers').join(',');
    const row = line(2, '', isbn).replace(/,$/, '');
    const body = multipart({}, { file: { filename: 'books.csv', content: Buffer.from(`${header}\n${row}\n`), contentType: 'text/csv' } });
    const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...bearer(access['desk']!) } });
    expect(response.json()).toMatchObject({ imported: 1, errors: [] });
    expect((await copiesOf(isbn)).map((c) => c.copy_no)).toEqual([1, 2]);
  });
});

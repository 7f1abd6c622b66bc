/** The CSV bulk upload dialog's flow without a browser: stages, stale readings, refusals, outcomes. */
import { describe, expect, test } from 'vitest';
import { UPLOAD_REFUSALS, failedUpload, isCsvName, refusalOf, uploadOutcome, uploadReducer, uploadStart, type UploadAction, type UploadState } from '../../../src/lib/bulk-upload-flow';
import type { CsvPreview } from '../../../src/lib/csv-preview';

type File = { name: string };
const books = { name: 'books.csv' };
const other = { name: 'other.csv' };
const preview = { rowCount: 3 } as unknown as CsvPreview<string>;
const run = (actions: UploadAction<File>[], start: UploadState<File> = uploadStart()): UploadState<File> => actions.reduce(uploadReducer, start);

describe('the upload dialog’s stages', () => {
  test('choosing a file reads it, clearing the last refusal, failure and option', () => {
    const start = { ...uploadStart<File>(), rejection: 'old', uploadError: 'old', createMissing: true };
    expect(run([{ type: 'choose', file: books, reading: 1 }], start)).toEqual({ stage: { kind: 'reading', file: books, progress: 0 }, rejection: null, uploadError: null, createMissing: false, reading: 1 });
  });

  test('a reading shows progress, then its preview', () => {
    const state = run([{ type: 'choose', file: books, reading: 1 }, { type: 'progress', reading: 1, fraction: 0.5 }]);
    expect(state.stage).toEqual({ kind: 'reading', file: books, progress: 0.5 });
    expect(uploadReducer(state, { type: 'read', reading: 1, preview }).stage).toEqual({ kind: 'preview', file: books, preview });
  });

  test('an older reading’s progress, preview or failure changes nothing once another file is chosen', () => {
    const state = run([
      { type: 'choose', file: books, reading: 1 },
      { type: 'choose', file: other, reading: 2 },
      { type: 'progress', reading: 1, fraction: 0.9 },
      { type: 'read', reading: 1, preview },
      { type: 'unreadable', reading: 1, name: 'books.csv' },
    ]);
    expect(state).toMatchObject({ stage: { kind: 'reading', file: other, progress: 0 }, rejection: null });
  });

  test('a file that cannot be read goes back to choosing, saying so', () => {
    const state = run([{ type: 'choose', file: books, reading: 1 }, { type: 'unreadable', reading: 1, name: 'books.csv' }]);
    expect(state).toMatchObject({ stage: { kind: 'choose' }, rejection: UPLOAD_REFUSALS.unreadable('books.csv') });
  });

  test('an upload ends done with its outcome', () => {
    const outcome = { detail: null, imported: 3, issues: [] };
    const state = run([{ type: 'choose', file: books, reading: 1 }, { type: 'read', reading: 1, preview }, { type: 'upload' }, { type: 'uploaded', outcome }]);
    expect(state.stage).toEqual({ kind: 'done', file: books, outcome });
  });

  test('a failed upload goes back to the preview with its message; the next upload clears it', () => {
    const failed = run([{ type: 'choose', file: books, reading: 1 }, { type: 'read', reading: 1, preview }, { type: 'upload' }, { type: 'upload-failed', message: 'Bad file' }]);
    expect(failed).toMatchObject({ stage: { kind: 'preview', file: books, preview }, uploadError: 'Bad file' });
    expect(uploadReducer(failed, { type: 'upload' })).toMatchObject({ stage: { kind: 'uploading' }, uploadError: null });
  });

  test('nothing is uploaded without a preview', () => {
    expect(run([{ type: 'upload' }]).stage).toEqual({ kind: 'choose' });
  });

  test('starting again forgets the file and the option', () => {
    const state = run([{ type: 'choose', file: books, reading: 1 }, { type: 'create-missing', value: true }, { type: 'again', reading: 2 }]);
    expect(state).toEqual(uploadStart(2));
  });
});

describe('which files are taken', () => {
  test.each([
    ['books.csv', true],
    [' BOOKS.CSV ', true],
    ['books.xlsx', false],
    ['csv', false],
  ])('%s is a CSV name: %s', (name, csv) => {
    expect(isCsvName(name)).toBe(csv);
  });

  test.each([
    ['two files', [{ name: 'a.csv', errors: [] }, { name: 'b.csv', errors: [] }], UPLOAD_REFUSALS.oneAtATime],
    ['too many files', [{ name: 'a.csv', errors: ['TOO_MANY_FILES'] }], UPLOAD_REFUSALS.oneAtATime],
    ['a file too large', [{ name: 'a.csv', errors: ['FILE_TOO_LARGE'] }], UPLOAD_REFUSALS.tooLarge('a.csv', 1024)],
    ['another type', [{ name: 'a.pdf', errors: ['FILE_INVALID_TYPE'] }], UPLOAD_REFUSALS.notCsv('a.pdf')],
    ['nothing', [], null],
  ])('refuses %s with its words', (_title, rejected, message) => {
    expect(refusalOf(rejected, 1024)).toBe(message);
  });
});

describe('what an answer says', () => {
  test('counts the rows not rejected when the server does not say how many landed', () => {
    const answer = { errors: [{ row: 2, field: 'isbn', message: 'Bad' }, { row: 2, field: 'title', message: 'Bad' }] };
    expect(uploadOutcome(answer, 5)).toMatchObject({ imported: 4, detail: null });
  });

  test('takes the server’s count and detail when given', () => {
    expect(uploadOutcome({ imported: 7, detail: 'Done', error_count: 0, errors: [] }, 9)).toEqual({ detail: 'Done', imported: 7, issues: [], errorCount: 0 });
  });

  test.each([
    ['refused whole: the reason alone', { detail: 'Row 9 broke' }, undefined, { message: 'Upload failed', partly: false }],
    ['refused part-way: the file’s reason and the detail', { imported: 4, detail: 'Rows 1-4 imported.' }, 'Bad byte in row 5.', { message: 'Bad byte in row 5. Rows 1-4 imported.', partly: true }],
    ['refused part-way with no file reason: the reason and the detail', { imported: 4, detail: 'Rows 1-4 imported.' }, undefined, { message: 'Upload failed Rows 1-4 imported.', partly: true }],
  ])('%s', (_title, body, fileError, result) => {
    expect(failedUpload(body, 'Upload failed', fileError)).toEqual(result);
  });
});

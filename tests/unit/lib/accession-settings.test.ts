import { describe, expect, test } from 'vitest';
import { accessionBody, accessionChanged, accessionToValues, nextAccessionPreview, validateAccession } from '../../../src/lib/accession-settings';

const good = { accession_prefix: 'LIB/', accession_digits: '6', next_accession_number: '1200', label_sheet: '4x10' };

describe('accession settings form', () => {
  test('values from the server answer; the defaults where a value is missing or unknown', () => {
    expect(accessionToValues({ accession_prefix: '', accession_digits: 4, next_accession_number: 17, label_sheet: '3x7' })).toEqual({ accession_prefix: '', accession_digits: '4', next_accession_number: '17', label_sheet: '3x7' });
    expect(accessionToValues(null)).toEqual({ accession_prefix: 'ACC-', accession_digits: '5', next_accession_number: '1', label_sheet: '3x8' });
    expect(accessionToValues({ label_sheet: '9x9' }).label_sheet).toBe('3x8');
  });

  test.each([
    [{}, {}],
    [{ accession_prefix: '' }, {}],
    [{ accession_prefix: 'has space' }, { accession_prefix: 'Use letters, digits and . / _ - only (no spaces).' }],
    [{ accession_prefix: 'x'.repeat(13) }, { accession_prefix: 'Use at most 12 characters.' }],
    [{ accession_digits: '' }, { accession_digits: 'Digits are required.' }],
    [{ accession_digits: '13' }, { accession_digits: expect.stringContaining('12') }],
    [{ accession_digits: '0' }, { accession_digits: expect.stringContaining('1') }],
    [{ next_accession_number: '0' }, { next_accession_number: expect.stringContaining('1') }],
    [{ next_accession_number: 'first' }, { next_accession_number: expect.any(String) }],
    [{ label_sheet: '9x9' }, { label_sheet: 'Choose a label sheet.' }],
  ])('checks %j', (change, errors) => {
    expect(validateAccession({ ...good, ...change })).toEqual(errors);
  });

  test('previews the next accession number, none while the settings do not read', () => {
    expect(nextAccessionPreview(good)).toBe('LIB/001200');
    expect(nextAccessionPreview({ ...good, accession_prefix: '', accession_digits: '3', next_accession_number: '7' })).toBe('007');
    expect(nextAccessionPreview({ ...good, accession_digits: 'x' })).toBeNull();
  });

  test('the body repeats the loan rules as read and sends the accession settings as numbers', () => {
    expect(accessionBody({ ...good, accession_prefix: ' LIB/ ' }, { max_books_per_member: 3, max_issue_duration: '14', fine_per_day: '10.00' })).toEqual({
      max_books_per_member: 3,
      max_issue_duration: 14,
      fine_per_day: '10.00',
      accession_prefix: 'LIB/',
      accession_digits: 6,
      next_accession_number: 1200,
      label_sheet: '4x10',
    });
  });

  test('knows when the form differs from what is saved', () => {
    expect(accessionChanged(good, { ...good })).toBe(false);
    expect(accessionChanged({ ...good, label_sheet: '3x8' }, good)).toBe(true);
  });
});

/** An audit entry's fields as people read them: labels, money from minor units, dates in the library's format, only what changed. */
import { describe, expect, test } from 'vitest';
import { fieldChanges, fieldLabel, fieldValueText, flatFields } from '#shared/audit-fields';

describe('audit fields', () => {
  test.each([
    ['due_date', 'Due date'],
    ['isbn', 'ISBN'],
    ['receipt_no', 'Receipt number'],
    ['book.available_copies', 'Book: available copies'],
    ['fine_per_day', 'Fine per day'],
  ])('labels %s as “%s”', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });

  test.each([
    ['fine', 125000, 'Rs. 1,250.00'],
    ['remaining', 0, 'Rs. 0.00'],
    ['fee', '500.00', 'Rs. 500.00'],
    ['book.price', 30000, 'Rs. 300.00'],
    ['renewals', 2, '2'],
    ['due_date', '2026-12-03', '03/12/2026'],
    ['is_verified', true, 'Yes'],
    ['accession_numbers', ['ACC-1', 'ACC-2'], 'ACC-1, ACC-2'],
    ['reason', null, '—'],
  ])('shows %s = %j as “%s”', (key, value, text) => {
    expect(fieldValueText(key, value, { date_format: 'DD/MM/YYYY' })).toBe(text);
  });

  test('a moment reads in the library zone and formats', () => {
    expect(fieldValueText('expires_at', '2026-03-08T07:00:00.000Z', { timezone: 'Asia/Karachi', date_format: 'DD/MM/YYYY', time_format: '24hr' })).toBe('08/03/2026 12:00');
  });

  test('the change table lists only changed fields, labelled, money and dates formatted, nested records opened', () => {
    const before = JSON.stringify({ status: 'ISSUED', due_date: '2026-12-03', book: { available_copies: 0, status: 'ACTIVE' } });
    const after = JSON.stringify({ status: 'RETURNED', due_date: '2026-12-03', fine: 125000, book: { available_copies: 1, status: 'ACTIVE' } });
    expect(fieldChanges(before, after, { date_format: 'DD/MM/YYYY' })).toEqual([
      { key: 'status', label: 'Status', before: 'ISSUED', after: 'RETURNED' },
      { key: 'book.available_copies', label: 'Book: available copies', before: '0', after: '1' },
      { key: 'fine', label: 'Fine', before: '—', after: 'Rs. 1,250.00' },
    ]);
  });

  test('a field empty on one side and null on the other is not a change', () => {
    expect(fieldChanges({ status: 'ISSUED' }, { status: 'RETURNED', receipt_no: null, discount_reason: '' })).toEqual([{ key: 'status', label: 'Status', before: 'ISSUED', after: 'RETURNED' }]);
  });

  test('a record made or removed shows every field on its one side', () => {
    expect(fieldChanges(null, { title: 'Dune', price: 30000 })).toEqual([
      { key: 'title', label: 'Title', before: '—', after: 'Dune' },
      { key: 'price', label: 'Price', before: '—', after: 'Rs. 300.00' },
    ]);
    expect(flatFields(null)).toEqual([]);
  });
});

import { describe, expect, test } from 'vitest';
import {
  filterByName,
  formatFine,
  loanRulesBody,
  loanRulesChanged,
  loanRulesToValues,
  referenceErrorMessage,
  referenceFallback,
  referencePermissions,
  sortByName,
  validateLoanRules,
  validateReferenceName,
} from '../../../src/lib/book-settings';

const good = { max_books_per_member: '3', max_issue_duration: '14', fine_per_day: '10.00' };

describe('loan rules form', () => {
  test('values from the server answer: numbers as text, the fine with 2 places', () => {
    expect(loanRulesToValues({ max_books_per_member: 3, max_issue_duration: 14, fine_per_day: '10.5' })).toEqual({ max_books_per_member: '3', max_issue_duration: '14', fine_per_day: '10.50' });
    expect(loanRulesToValues({ max_books_per_member: '5', max_issue_duration: '7', fine_per_day: 2 })).toEqual({ max_books_per_member: '5', max_issue_duration: '7', fine_per_day: '2.00' });
    expect(loanRulesToValues(null)).toEqual({ max_books_per_member: '', max_issue_duration: '', fine_per_day: '' });
  });

  test('formatFine pads and trims leading zeros, leaves other text alone', () => {
    expect(formatFine(' 7 ')).toBe('7.00');
    expect(formatFine('007.5')).toBe('7.50');
    expect(formatFine('abc')).toBe('abc');
  });

  test('valid values pass', () => {
    expect(validateLoanRules(good)).toEqual({});
    expect(validateLoanRules({ max_books_per_member: ' 1000 ', max_issue_duration: '3650', fine_per_day: '0' })).toEqual({});
  });

  test('every field is required', () => {
    expect(validateLoanRules({ max_books_per_member: ' ', max_issue_duration: '', fine_per_day: '' })).toEqual({
      max_books_per_member: 'Maximum books per member is required.',
      max_issue_duration: 'Loan period is required.',
      fine_per_day: 'Fine per day is required.',
    });
  });

  test('whole numbers within the server bounds', () => {
    expect(validateLoanRules({ ...good, max_books_per_member: '2.5' }).max_books_per_member).toBe('Maximum books per member must be a whole number.');
    expect(validateLoanRules({ ...good, max_books_per_member: '0' }).max_books_per_member).toBe('Maximum books per member must be at least 1.');
    expect(validateLoanRules({ ...good, max_books_per_member: '1001' }).max_books_per_member).toBe('Maximum books per member must be at most 1,000.');
    expect(validateLoanRules({ ...good, max_issue_duration: 'two' }).max_issue_duration).toBe('Loan period must be a whole number.');
    expect(validateLoanRules({ ...good, max_issue_duration: '-3' }).max_issue_duration).toBe('Loan period must be a whole number.');
    expect(validateLoanRules({ ...good, max_issue_duration: '3651' }).max_issue_duration).toBe('Loan period must be at most 3,650.');
  });

  test('money: not negative, at most 2 decimals, within the limit', () => {
    expect(validateLoanRules({ ...good, fine_per_day: '-1' }).fine_per_day).toBe('Fine per day cannot be negative.');
    expect(validateLoanRules({ ...good, fine_per_day: '1.234' }).fine_per_day).toBe('Ensure that there are no more than 2 decimal places.');
    expect(validateLoanRules({ ...good, fine_per_day: 'ten' }).fine_per_day).toMatch(/Enter an amount/);
    expect(validateLoanRules({ ...good, fine_per_day: '10000000' }).fine_per_day).toBe('Fine per day must be at most 9999999.');
    expect(validateLoanRules({ ...good, fine_per_day: '12.5' })).toEqual({});
  });

  test('the POST body: numbers and a 2-place fine string', () => {
    expect(loanRulesBody({ max_books_per_member: ' 4 ', max_issue_duration: '21', fine_per_day: '12.5' })).toEqual({ max_books_per_member: 4, max_issue_duration: 21, fine_per_day: '12.50' });
  });

  test('changed compares trimmed text', () => {
    expect(loanRulesChanged({ ...good, max_issue_duration: ' 14 ' }, good)).toBe(false);
    expect(loanRulesChanged({ ...good, max_issue_duration: '15' }, good)).toBe(true);
  });
});

describe('reference data helpers', () => {
  test('the error catalogue fallbacks name the action and the kind', () => {
    expect(referenceFallback('category', 'add')).toBe('Error Adding Category');
    expect(referenceFallback('language', 'fetch')).toBe('Error Fetching Language');
    expect(referenceFallback('department', 'update')).toBe('Error Updating Department');
    expect(referenceFallback('department', 'delete')).toBe('Error Deleting Department');
  });

  test.each([
    ['fetch', 'Error Fetching Sessions'],
    ['add', 'Error Adding Sessions'],
    ['update', 'Error Updating Sessions'],
    ['delete', 'Error Deleting Sessions'],
  ] as const)('sessions: a failed %s without a message says %s (spelled in the plural)', (action, message) => {
    expect(referenceFallback('session', action)).toBe(message);
    expect(referenceErrorMessage({ status: 500, data: null }, 'session', action)).toBe(message);
  });

  test('sessions: the server\'s reason or field error comes first', () => {
    expect(referenceErrorMessage({ status: 409, data: { detail: 'This session is used by 2 members.' } }, 'session', 'delete')).toBe('This session is used by 2 members.');
    expect(referenceErrorMessage({ status: 400, data: { session_range: ['session settings with this session range already exists.'] } }, 'session', 'add')).toBe(
      'session settings with this session range already exists.',
    );
  });

  test('messages: the detail (409), then a field error, else the fallback', () => {
    expect(referenceErrorMessage({ status: 409, data: { detail: 'This category is used by 3 books.' } }, 'category', 'delete')).toBe('This category is used by 3 books.');
    expect(referenceErrorMessage({ status: 400, data: { name: ['language with this name already exists.'] } }, 'language', 'add')).toBe('language with this name already exists.');
    expect(referenceErrorMessage({ status: 500, data: null }, 'category', 'add')).toBe('Error Adding Category');
    expect(referenceErrorMessage(new TypeError('Failed to fetch'), 'department', 'fetch')).toBe('Error Fetching Department');
  });

  test('permissions per kind; only departments need a view permission', () => {
    expect(referencePermissions('department')).toEqual({ view: 'view_department', add: 'add_department', change: 'change_department', delete: 'delete_department' });
    expect(referencePermissions('category').view).toBeNull();
    expect(referencePermissions('language').add).toBe('add_language');
    expect(referencePermissions('session')).toEqual({ view: 'view_sessionsettings', add: 'add_sessionsettings', change: 'change_sessionsettings', delete: 'delete_sessionsettings' });
  });

  test('sorting is alphabetical, case-insensitive and numeric; filtering by part of a name', () => {
    const items = [{ id: 1, name: 'urdu' }, { id: 2, name: 'Arabic' }, { id: 3, name: 'Book 10' }, { id: 4, name: 'Book 2' }];
    expect(sortByName(items).map((i) => i.name)).toEqual(['Arabic', 'Book 2', 'Book 10', 'urdu']);
    expect(filterByName(items, ' BOOK ').map((i) => i.id)).toEqual([3, 4]);
    expect(filterByName(items, '')).toHaveLength(4);
  });

  test('names: required, at most 100 characters, no duplicate of another entry', () => {
    const items = [{ id: 1, name: 'English' }, { id: 2, name: 'Urdu' }];
    expect(validateReferenceName('  ', items)).toBe('Name is required.');
    expect(validateReferenceName('x'.repeat(101), items)).toBe('Use at most 100 characters.');
    expect(validateReferenceName(' english ', items)).toBe('“English” already exists.');
    expect(validateReferenceName('ENGLISH', items, 1)).toBeUndefined();
    expect(validateReferenceName('French', items)).toBeUndefined();
    expect(validateReferenceName('2024-2028-2032-2036-x', items, undefined, 20)).toBe('Use at most 20 characters.');
  });
});

import { describe, expect, test } from 'vitest';
import {
  blocksBody,
  blocksToValues,
  calendarBody,
  calendarToValues,
  holidayBody,
  lostCopiesBody,
  lostCopiesToValues,
  toggleWeekday,
  validateBlocks,
  validateCalendar,
  validateHoliday,
  validateLostCopies,
} from '../../../src/lib/book-settings-desk';

const rules = { max_books_per_member: 3, max_issue_duration: '14', fine_per_day: '10.00' };

describe('the Blocks panel', () => {
  test('reads the answer: amounts as typed money, a null count or days as blank, the flag as yes/no', () => {
    expect(blocksToValues({ block_fines_over: '500.00', block_overdue_count: null, block_overdue_days: 30, block_membership_expired: false })).toEqual({
      block_fines_over: '500.00',
      block_overdue_count: '',
      block_overdue_days: '30',
      block_membership_expired: 'no',
    });
    expect(blocksToValues({})).toEqual({ block_fines_over: '0.00', block_overdue_count: '', block_overdue_days: '', block_membership_expired: 'yes' });
  });

  test.each([
    [{ block_fines_over: '-1' }, 'block_fines_over'],
    [{ block_fines_over: '1.234' }, 'block_fines_over'],
    [{ block_fines_over: 'abc' }, 'block_fines_over'],
    [{ block_overdue_count: '2.5' }, 'block_overdue_count'],
    [{ block_overdue_count: '-3' }, 'block_overdue_count'],
    [{ block_overdue_days: 'x' }, 'block_overdue_days'],
    [{ block_overdue_days: '99999' }, 'block_overdue_days'],
  ])('refuses %o under its field', (change, field) => {
    const values = { ...blocksToValues({}), ...change };
    expect(Object.keys(validateBlocks(values))).toEqual([field]);
  });

  test('a blank amount is 0 (no block) and blank counts are null (no block); the loan rules are repeated', () => {
    const values = { block_fines_over: ' ', block_overdue_count: '', block_overdue_days: '7', block_membership_expired: 'no' };
    expect(validateBlocks(values)).toEqual({});
    expect(blocksBody(values, rules)).toEqual({
      max_books_per_member: 3,
      max_issue_duration: 14,
      fine_per_day: '10.00',
      block_fines_over: '0.00',
      block_overdue_count: null,
      block_overdue_days: 7,
      block_membership_expired: false,
    });
  });
});

describe('the Lost copies panel', () => {
  test('reads and sends the processing fee and the found-again action', () => {
    const values = lostCopiesToValues({ lost_processing_fee: '50', lost_found_action: 'REFUND' });
    expect(values).toEqual({ lost_processing_fee: '50.00', lost_found_action: 'REFUND' });
    expect(lostCopiesBody(values, rules)).toMatchObject({ lost_processing_fee: '50.00', lost_found_action: 'REFUND', max_books_per_member: 3 });
    expect(lostCopiesToValues({})).toEqual({ lost_processing_fee: '0.00', lost_found_action: 'CANCEL' });
  });

  test('refuses a negative fee and an unknown action', () => {
    expect(Object.keys(validateLostCopies({ lost_processing_fee: '-5', lost_found_action: 'CANCEL' }))).toEqual(['lost_processing_fee']);
    expect(Object.keys(validateLostCopies({ lost_processing_fee: '5', lost_found_action: 'KEEP' }))).toEqual(['lost_found_action']);
  });
});

describe('the Calendar panel', () => {
  test('keeps the closing days as a sorted list and sends them as numbers', () => {
    const values = calendarToValues({ closed_weekdays: [6, 0], fines_count_closed_days: false });
    expect(values).toEqual({ closed_weekdays: '0,6', fines_count_closed_days: 'no' });
    expect(toggleWeekday('0,6', 5)).toBe('0,5,6');
    expect(toggleWeekday('0,5,6', 0)).toBe('5,6');
    expect(calendarBody({ closed_weekdays: '5,6', fines_count_closed_days: 'yes' }, rules)).toMatchObject({ closed_weekdays: [5, 6], fines_count_closed_days: true });
    expect(calendarBody({ closed_weekdays: '', fines_count_closed_days: 'yes' }, rules).closed_weekdays).toEqual([]);
  });

  test('refuses a library closed every day of the week', () => {
    expect(validateCalendar({ closed_weekdays: '0,1,2,3,4,5,6', fines_count_closed_days: 'yes' })).toHaveProperty('closed_weekdays');
    expect(validateCalendar({ closed_weekdays: '0', fines_count_closed_days: 'yes' })).toEqual({});
  });

  test('a holiday needs a real date not listed already and a name', () => {
    const listed = [{ id: 1, date: '2026-12-25', name: 'Christmas' }];
    expect(validateHoliday({ date: '', name: '' }, listed)).toEqual({ date: 'Choose a date.', name: 'Give the holiday a name.' });
    expect(validateHoliday({ date: '2026-02-30', name: 'X' }, listed)).toHaveProperty('date');
    expect(validateHoliday({ date: '2026-12-25', name: 'Again' }, listed).date).toMatch(/already a holiday/);
    expect(validateHoliday({ date: '2026-12-26', name: 'x'.repeat(101) }, listed)).toHaveProperty('name');
    expect(validateHoliday({ date: '2026-12-26', name: ' Boxing Day ' }, listed)).toEqual({});
    expect(holidayBody({ date: '2026-12-26', name: ' Boxing Day ' })).toEqual({ date: '2026-12-26', name: 'Boxing Day' });
  });
});

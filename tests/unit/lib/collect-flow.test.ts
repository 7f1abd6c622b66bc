/** The Collect fines dialog's flow without a browser: ticks, the question, the server's field names. */
import { describe, expect, test } from 'vitest';
import { collectQuestion, fineTotals, renameCollectFields, toggled } from '../../../src/lib/collect-flow';

describe('the Collect fines dialog', () => {
  test('ticking adds a fine and unticking removes it, leaving the old set alone', () => {
    const start = new Set([1, 2]);
    expect([...toggled(start, 3, true)]).toEqual([1, 2, 3]);
    expect([...toggled(start, 1, false)]).toEqual([2]);
    expect([...start]).toEqual([1, 2]);
  });

  test.each([
    ['cash alone', { cash: 150_00, discount: 0, remaining: 50_00 }, 'Record Rs. 150.00 received from Ann? Rs. 50.00 will remain on the ticked fines.'],
    ['cash and a discount', { cash: 100_00, discount: 20_00, remaining: 0 }, 'Record Rs. 100.00 received and Rs. 20.00 discount from Ann? Rs. 0.00 will remain on the ticked fines.'],
  ])('asks before recording %s', (_title, preview, question) => {
    expect(collectQuestion(preview, 'Ann')).toBe(question);
  });

  test('the server’s refusals show under the form’s own fields', () => {
    const failure = { status: 400, data: { issued_ids: ['Pick a fine.'], collected_amount: ['Too much.'], detail: 'x' } };
    expect(renameCollectFields(failure)).toEqual({ status: 400, data: { fines: ['Pick a fine.'], amount: ['Too much.'], detail: 'x' } });
  });

  test.each([null, 'down', { status: 500 }, { data: ['list'] }])('leaves a failure without field errors as it is: %o', (failure) => {
    expect(renameCollectFields(failure)).toBe(failure);
  });
});

describe('a member’s fine totals', () => {
  test('adds charged, paid, waived and owed in minor units, reading decimal strings', () => {
    const rows = [
      { amount: '100.50', collected_amount: '50.00', discount: 0, remaining_fines: '50.50' },
      { amount: 20, collected_amount: '0', discount: '5.25', remaining_fines: '14.75' },
    ];
    expect(fineTotals(rows)).toEqual({ charged: 120_50, paid: 50_00, waived: 5_25, cancelled: 0, owed: 65_25 });
  });

  test('a cancelled charge counts as cancelled, never as owed', () => {
    const rows = [
      { amount: '100.00', collected_amount: '30.00', discount: 0, remaining_fines: '0.00', cancelled_amount: '70.00' },
      { amount: '10.00', collected_amount: '0', discount: 0, remaining_fines: '10.00', cancelled_amount: null },
    ];
    expect(fineTotals(rows)).toEqual({ charged: 110_00, paid: 30_00, waived: 0, cancelled: 70_00, owed: 10_00 });
  });

  test('owes nothing without fines', () => {
    expect(fineTotals([])).toEqual({ charged: 0, paid: 0, waived: 0, cancelled: 0, owed: 0 });
  });
});

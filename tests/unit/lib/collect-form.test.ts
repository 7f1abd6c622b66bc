import { describe, expect, test } from 'vitest';
import { collectBody, collectPreview, collectableFines, validateCollect, type CollectValues } from '../../../src/lib/collect-form';
import type { FineRow } from '../../../src/lib/schemas/fines';

const row = (id: number, loan: number, remaining: string, created: string): FineRow => ({
  id, issued_book: loan, user_id: '7', username: 'amira', member_id: 'M-1', full_name: 'Amira', book_title: `Book ${id}`,
  amount: remaining, collected_amount: '0.00', discount: '0.00', remaining_fines: remaining, collected: remaining === '0.00', created_at: created, return_date: null,
});

// Fine 3 is the oldest though its id is highest; fine 9 owes nothing and is never offered.
const FINES = collectableFines([row(1, 11, '200.00', '2026-03-10T10:00:00Z'), row(3, 13, '300.00', '2026-02-01T10:00:00Z'), row(9, 19, '0.00', '2026-01-01T10:00:00Z')]);
const ALL = new Set<string | number>([1, 3]);
const values = (v: Partial<CollectValues>): CollectValues => ({ full_payment: '', amount: '', discount: '', discount_reason: '', ...v });

describe('collectableFines', () => {
  test('keeps fines with something remaining, oldest first, remaining in minor units', () => {
    expect(FINES.map((f) => [f.row.id, f.remaining])).toEqual([[3, 30000], [1, 20000]]);
  });
});

describe('collectPreview', () => {
  type Expected = { cash: number; discount: number; shares: [discount: number, cash: number, remaining: number][]; remaining: number } | null;
  test.each<[string, CollectValues, ReadonlySet<string | number>, Expected, string | null]>([
    // Shares are listed oldest fine (3, Rs. 300) first, then fine 1 (Rs. 200).
    ['discount first, then cash, oldest first', values({ amount: '300', discount: '50', discount_reason: 'ill' }), ALL, { cash: 30000, discount: 5000, shares: [[5000, 25000, 0], [0, 5000, 15000]], remaining: 15000 }, null],
    ['full payment less a discount', values({ full_payment: 'true', discount: '20.50', discount_reason: 'x' }), ALL, { cash: 47950, discount: 2050, shares: [[2050, 27950, 0], [0, 20000, 0]], remaining: 0 }, null],
    ['cash alone stops at what it covers', values({ amount: '100' }), ALL, { cash: 10000, discount: 0, shares: [[0, 10000, 20000], [0, 0, 20000]], remaining: 40000 }, null],
    ['only the ticked fine', values({ amount: '50' }), new Set([1]), { cash: 5000, discount: 0, shares: [[0, 5000, 15000]], remaining: 15000 }, null],
    ['more than owed', values({ amount: '450', discount: '60', discount_reason: 'x' }), ALL, null, 'Rs. 510.00 is more than the Rs. 500.00 owed on these fines.'],
    ['nothing entered', values({}), ALL, null, 'Enter the amount received or a discount.'],
    ['an unreadable amount', values({ amount: '1.234' }), ALL, null, 'Enter an amount of 0 or more, with at most 2 decimals.'],
    ['a negative discount', values({ amount: '1', discount: '-5' }), ALL, null, 'Enter an amount of 0 or more, with at most 2 decimals.'],
  ])('%s', (_name, input, ticked, expected, problem) => {
    const preview = collectPreview(FINES, ticked, input);
    expect(preview.problem).toBe(problem);
    if (expected) {
      expect({ cash: preview.cash, discount: preview.discount, shares: preview.shares.map((s) => [s.discount, s.cash, s.remaining]), remaining: preview.remaining }).toEqual(expected);
    }
  });
});

describe('validateCollect', () => {
  test.each([
    ['no fine ticked', values({ amount: '10' }), new Set<number>(), { fines: 'Choose at least one fine.' }],
    ['a discount without a reason', values({ amount: '10', discount: '5', discount_reason: '  ' }), ALL, { discount_reason: 'Give a reason for the discount.' }],
    ['too much shows under the amount', values({ amount: '600' }), ALL, { amount: 'Rs. 600.00 is more than the Rs. 500.00 owed on these fines.' }],
    ['too much discount with full payment shows under the discount', values({ full_payment: 'true', discount: '600', discount_reason: 'x' }), ALL, { discount: 'Rs. 600.00 is more than the Rs. 500.00 owed on these fines.' }],
    ['an unreadable amount', values({ amount: 'abc' }), ALL, { amount: 'Enter an amount of 0 or more, with at most 2 decimals.' }],
    ['an amount with three decimals', values({ amount: '10.005' }), ALL, { amount: 'Ensure that there are no more than 2 decimal places.' }],
    ['a discount with three decimals', values({ amount: '10', discount: '1.255', discount_reason: 'x' }), ALL, { discount: 'Ensure that there are no more than 2 decimal places.' }],
    ['a good partial payment', values({ amount: '300', discount: '50', discount_reason: 'ill' }), ALL, {}],
    ['full payment ignores the amount box', values({ full_payment: 'true', amount: 'abc' }), ALL, {}],
  ] as const)('%s', (_name, input, ticked, errors) => {
    expect(validateCollect(input, collectPreview(FINES, ticked, input), ticked.size)).toEqual(errors);
  });
});

describe('collectBody', () => {
  test('sends the ticked charges by id and their loans (for a server that knows only loans), decimal strings and the reason only with a discount', () => {
    expect(collectBody(7, FINES, ALL, values({ amount: '300', discount: '50', discount_reason: ' ill ' }))).toEqual({
      member_id: 7, issued_ids: [13, 11], fine_ids: [3, 1], collected_amount: '300.00', discount: '50.00', discount_reason: 'ill', full_payment: false,
    });
    expect(collectBody(7, FINES, new Set([1]), values({ full_payment: 'true', amount: '99', discount_reason: 'unused' }))).toEqual({
      member_id: 7, issued_ids: [11], fine_ids: [1], collected_amount: '0.00', discount: '0.00', full_payment: true,
    });
  });

  test('a charge without a loan (a membership fee, a manual charge) is offered and sent by its id alone', () => {
    const fee: FineRow = { ...row(5, 0, '500.00', '2026-04-01T10:00:00Z'), issued_book: null };
    const fines = collectableFines([fee, row(1, 11, '200.00', '2026-03-10T10:00:00Z')]);
    expect(fines.map((fine) => fine.row.id)).toEqual([1, 5]);
    expect(collectBody(7, fines, new Set([5]), values({ amount: '500' }))).toMatchObject({ issued_ids: [], fine_ids: [5] });
  });
});

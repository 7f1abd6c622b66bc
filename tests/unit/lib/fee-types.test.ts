import { describe, expect, test } from 'vitest';
import { chargeDescription, FEE_TYPES, FEE_TYPE_LABELS, feeTypeLabel, isFeeType, MANUAL_FEE_TYPES } from '#shared/fee-types';
import { computeFine, fineCharges } from '#shared/fines';

describe('fee types', () => {
  test('each type has its words; unknown stored values show as they are', () => {
    for (const type of FEE_TYPES) expect(feeTypeLabel(type)).toBe(FEE_TYPE_LABELS[type]);
    expect(feeTypeLabel('legacy')).toBe('legacy');
    expect(isFeeType('lost')).toBe(true);
    expect(isFeeType('LOST')).toBe(false);
    expect(MANUAL_FEE_TYPES.every(isFeeType)).toBe(true);
    expect(MANUAL_FEE_TYPES).not.toContain('overdue');
  });

  test('descriptions name the copy and the title', () => {
    expect(chargeDescription({ feeType: 'lost', bookTitle: 'Moby-Dick', accessionNo: 'ACC-00042' })).toBe('Charge for the lost copy ACC-00042 of "Moby-Dick"');
    expect(chargeDescription({ feeType: 'overdue', bookTitle: 'Moby-Dick', lateDays: 3 })).toBe('Overdue fine for "Moby-Dick" (3 days late)');
    expect(chargeDescription({ feeType: 'overdue', bookTitle: 'Moby-Dick', lateDays: 1 })).toBe('Overdue fine for "Moby-Dick" (1 day late)');
    expect(chargeDescription({ feeType: 'damage', bookTitle: 'Emma', accessionNo: 'B-7', note: 'Torn cover' })).toBe('Damage to the copy B-7 of "Emma": Torn cover');
    expect(chargeDescription({ feeType: 'membership' })).toBe('Membership fee');
    expect(chargeDescription({ feeType: 'manual', note: 'Replacement card' })).toBe('Charge: Replacement card');
    expect(chargeDescription({ feeType: 'processing', bookTitle: 'Emma', accessionNo: 'B-7' })).toBe('Processing fee for the lost copy B-7 of "Emma"');
  });
});

describe('the charges of a return', () => {
  const base = { dueDate: '2026-11-20', returnDate: '2026-11-24', finePerDay: 1000, bookPrice: 30000 };

  test('returned late: one overdue charge; returned on time: a zero overdue charge', () => {
    expect(fineCharges(computeFine({ ...base, lost: false }))).toEqual([{ feeType: 'overdue', amount: 4000 }]);
    expect(fineCharges(computeFine({ ...base, returnDate: '2026-11-20', lost: false }))).toEqual([{ feeType: 'overdue', amount: 0 }]);
  });

  test('lost: overdue, the price and the processing fee, adding up to the total', () => {
    const fine = computeFine({ ...base, lost: true, processingFee: 5000 });
    expect(fine).toMatchObject({ overdueFine: 4000, bookPrice: 30000, processingFee: 5000, total: 39000 });
    expect(fineCharges(fine)).toEqual([{ feeType: 'overdue', amount: 4000 }, { feeType: 'lost', amount: 30000 }, { feeType: 'processing', amount: 5000 }]);
    expect(fineCharges(fine).reduce((sum, c) => sum + c.amount, 0)).toBe(fine.total);
  });

  test('no processing fee unless lost, and none when the fee is 0', () => {
    expect(computeFine({ ...base, lost: false, processingFee: 5000 }).processingFee).toBeNull();
    expect(fineCharges(computeFine({ ...base, lost: true, processingFee: 0 })).map((c) => c.feeType)).toEqual(['overdue', 'lost']);
  });

  test('the cap limits the overdue part only, never the price', () => {
    const fine = computeFine({ ...base, returnDate: '2027-01-20', lost: true, cap: 10000 });
    expect(fine.overdueFine).toBe(10000);
    expect(fine.total).toBe(40000);
  });
});

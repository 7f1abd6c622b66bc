import { describe, expect, test } from 'vitest';
import { receiptLineFigures, takenOffBefore, type ReceiptLineLedger } from '#shared/receipt-lines';

const line = (change: Partial<ReceiptLineLedger>): ReceiptLineLedger => ({ amount: 7000, cash: 0, discount: 0, paidBefore: 0, discountBefore: 0, cancelledByThen: 0, refunded: 0, ...change });

describe('receiptLineFigures', () => {
  test.each([
    ['a first payment with a discount', line({ cash: 2000, discount: 1000 }), { cancelledBefore: 0, owedBefore: 7000, remaining: 4000 }],
    ['a second payment after 20 paid and 10 waived', line({ cash: 2500, paidBefore: 2000, discountBefore: 1000 }), { cancelledBefore: 0, owedBefore: 4000, remaining: 1500 }],
    ['the payment that settles the fine', line({ cash: 1500, paidBefore: 4500, discountBefore: 1000 }), { cancelledBefore: 0, owedBefore: 1500, remaining: 0 }],
    ['a refund after a payment of 30 and a cancellation of 40', line({ cash: -3000, paidBefore: 3000, cancelledByThen: 7000, refunded: 3000 }), { cancelledBefore: 4000, owedBefore: 0, remaining: 0 }],
    ['a refund leaves what is owed as it was', line({ cash: -1000, paidBefore: 1000 }), { cancelledBefore: 0, owedBefore: 6000, remaining: 6000 }],
    ['never below nothing', line({ cash: 500, paidBefore: 7000 }), { cancelledBefore: 0, owedBefore: 0, remaining: 0 }],
  ])('%s', (_name, given, expected) => {
    expect(receiptLineFigures(given)).toEqual(expected);
  });

  test('what it owed before, less this receipt, is what remains; before it, the amount less what was taken off', () => {
    for (const paidBefore of [0, 1000, 3000]) {
      for (const cash of [0, 500, 2000]) {
        const figures = receiptLineFigures(line({ paidBefore, cash, discount: 500 }));
        expect(figures.remaining).toBe(Math.max(0, figures.owedBefore - cash - 500));
        expect(takenOffBefore(7000, figures.owedBefore)).toBe(paidBefore);
      }
    }
  });
});

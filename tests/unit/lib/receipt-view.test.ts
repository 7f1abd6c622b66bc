import { describe, expect, test } from 'vitest';
import { create } from 'superstruct';
import { receiptCells, receiptHeadings, receiptsByFine, receiptView } from '../../../src/lib/receipt-view';
import { ReceiptStruct, type Receipt, type ReceiptLine } from '../../../src/lib/schemas/fines';

const line = (change: Partial<ReceiptLine> = {}): ReceiptLine => ({
  fine_id: 7,
  book_title: 'Moby-Dick',
  description: 'Overdue fine for "Moby-Dick" (7 days late)',
  amount: '70.00',
  paid_before: '20.00',
  discount_before: '10.00',
  cancelled_before: '0.00',
  owed_before: '40.00',
  cash: '25.00',
  discount: '0.00',
  remaining: '15.00',
  ...change,
});

const receipt = (change: Partial<Receipt> = {}): Receipt => ({
  receipt_no: 'R-20261128-000002',
  kind: 'PAYMENT',
  created_at: '2026-11-28T10:00:00.000Z',
  member: { id: 3, username: 'amira', full_name: 'Amira Khan', member_id: 'M-1' },
  collected_by: 'desk',
  collected_by_name: 'Dina Desk',
  cash: '25.00',
  discount: '0.00',
  discount_reason: null,
  total: '25.00',
  owed_before: '40.00',
  remaining: '15.00',
  lines: [line()],
  ...change,
});

describe('receiptView', () => {
  test('the second part of a fine: amount 70, 30 taken off earlier (paid 20, discount 10), cash 25, 15 remaining', () => {
    const view = receiptView(receipt());
    expect(view).toMatchObject({ title: 'Fine receipt', refund: false, showEarlier: true, showDiscount: false });
    expect(view.lines[0]).toEqual({
      key: '7',
      text: 'Overdue fine for "Moby-Dick" (7 days late)',
      amount: 'Rs. 70.00',
      earlier: { total: 'Rs. 30.00', parts: 'paid Rs. 20.00, discount Rs. 10.00' },
      cash: 'Rs. 25.00',
      discount: 'Rs. 0.00',
      remaining: 'Rs. 15.00',
    });
    expect(receiptHeadings(view)).toEqual(['Charge', 'Amount', 'Taken off earlier', 'Cash', 'Remaining']);
    expect(receiptCells(view, view.lines[0]!)).toEqual(['Overdue fine for "Moby-Dick" (7 days late)', 'Rs. 70.00', { total: 'Rs. 30.00', parts: 'paid Rs. 20.00, discount Rs. 10.00' }, 'Rs. 25.00', 'Rs. 15.00']);
    expect(view.totals).toEqual([
      { label: 'Cash received', value: 'Rs. 25.00', id: 'receipt-cash' },
      { label: 'Discount', value: 'Rs. 0.00', id: 'receipt-discount' },
      { label: 'Total settled', value: 'Rs. 25.00', id: 'receipt-total' },
      { label: 'Still owed on these fines', value: 'Rs. 15.00', id: 'receipt-remaining' },
    ]);
  });

  test('a first payment with a discount: nothing taken off earlier, the discount column and its reason', () => {
    const first = line({ paid_before: '0.00', discount_before: '0.00', owed_before: '70.00', cash: '20.00', discount: '10.00', remaining: '40.00' });
    const view = receiptView(receipt({ cash: '20.00', discount: '10.00', discount_reason: 'First time late', total: '30.00', lines: [first] }));
    expect(view.lines[0]!.earlier).toEqual({ total: 'Rs. 0.00', parts: '' });
    expect(receiptHeadings(view)).toEqual(['Charge', 'Amount', 'Taken off earlier', 'Cash', 'Discount', 'Remaining']);
    expect(receiptCells(view, view.lines[0]!).slice(3)).toEqual(['Rs. 20.00', 'Rs. 10.00', 'Rs. 40.00']);
    expect(view.totals.find((t) => t.id === 'receipt-discount-reason')).toEqual({ label: 'Reason', value: 'First time late', id: 'receipt-discount-reason' });
  });

  test('a refund reads as a refund: the money handed back as a positive figure, the cancellation before it named', () => {
    const refund = line({ paid_before: '30.00', discount_before: '0.00', cancelled_before: '40.00', owed_before: '0.00', cash: '-30.00', remaining: '0.00' });
    const view = receiptView(receipt({ kind: 'REFUND', cash: '-30.00', total: '-30.00', remaining: '0.00', lines: [refund] }));
    expect(view).toMatchObject({ title: 'Refund', refund: true, showDiscount: false });
    expect(receiptHeadings(view)).toEqual(['Charge', 'Amount', 'Taken off earlier', 'Refunded', 'Remaining']);
    expect(view.lines[0]).toMatchObject({ cash: 'Rs. 30.00', earlier: { total: 'Rs. 70.00', parts: 'paid Rs. 30.00, cancelled Rs. 40.00' } });
    expect(view.totals).toEqual([
      { label: 'Cash refunded', value: 'Rs. 30.00', id: 'receipt-cash' },
      { label: 'Still owed on these fines', value: 'Rs. 0.00', id: 'receipt-remaining' },
    ]);
  });

  test('a server without the earlier figures: its answer still reads and the receipt shows what it has', () => {
    const old = { ...receipt(), lines: [{ fine_id: 7, book_title: 'Moby-Dick', amount: '70.00', cash: '25.00', discount: '0.00', remaining: '15.00' }] } as Record<string, unknown>;
    delete old.owed_before;
    delete old.remaining;
    const view = receiptView(create(old, ReceiptStruct));
    expect(view.showEarlier).toBe(false);
    expect(receiptHeadings(view)).toEqual(['Charge', 'Amount', 'Cash', 'Remaining']);
    expect(receiptCells(view, view.lines[0]!)).toEqual(['Moby-Dick', 'Rs. 70.00', 'Rs. 25.00', 'Rs. 15.00']);
    expect(view.totals.map((t) => t.label)).toEqual(['Cash received', 'Discount', 'Total settled']);
  });
});

test('receiptsByFine: each fine lists its receipts oldest first', () => {
  const second = { receipt_no: 'R-2', lines: [line({ fine_id: 7 })] };
  const first = { receipt_no: 'R-1', lines: [line({ fine_id: 7 }), line({ fine_id: 8 })] };
  const byFine = receiptsByFine([second, first]);
  expect(byFine.get('7')).toEqual(['R-1', 'R-2']);
  expect(byFine.get('8')).toEqual(['R-1']);
  expect(byFine.get('9')).toBeUndefined();
});

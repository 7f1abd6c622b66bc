/**
 * A receipt as it is read and printed, as pure data: a line per fine with its amount, what earlier
 * receipts and a cancellation took off before this one, this receipt's cash and discount, and what
 * remained after it, so each line adds up on paper; then the totals. A refund reads as a refund
 * (the money handed back, as a positive figure). A server that does not send the earlier figures
 * gets a receipt without that column (what it has, shown); a receipt without a discount has no
 * discount column.
 */
import { formatMoney, toMinorUnits } from '#shared/money';
import { takenOffBefore } from '#shared/receipt-lines';
import { receiptLineText, receiptTitle } from './collect-charges';
import type { Receipt, ReceiptLine } from './schemas/fines';

const minor = (value: string | number | null | undefined): number => toMinorUnits(value ?? 0) ?? 0;
const known = (value: string | number | null | undefined): boolean => value !== undefined && value !== null && toMinorUnits(value) !== null;

/** What earlier receipts and a cancellation took off a fine before this receipt, with its parts in words. */
export interface EarlierFigures {
  total: string;
  /** "paid Rs. 20.00, discount Rs. 10.00"; empty when nothing was taken off. */
  parts: string;
}

/** One line, ready to show. */
export interface ReceiptLineView {
  key: string;
  text: string;
  amount: string;
  /** Null when the server does not tell it. */
  earlier: EarlierFigures | null;
  /** This receipt's cash on the fine (handed back, on a refund) and discount. */
  cash: string;
  discount: string;
  remaining: string;
}

/** One figure of the totals. */
export interface ReceiptFigure {
  label: string;
  value: string;
  /** The test id of the figure's value. */
  id: string;
}

export interface ReceiptView {
  title: string;
  refund: boolean;
  /** Which optional columns the table has. */
  showEarlier: boolean;
  showDiscount: boolean;
  lines: ReceiptLineView[];
  totals: ReceiptFigure[];
}

/** What a line says was taken off earlier, or null when the answer lacks what it owed before this receipt. */
export function earlierFigures(line: ReceiptLine): EarlierFigures | null {
  if (!known(line.owed_before)) return null;
  const parts = [
    ['paid', minor(line.paid_before)],
    ['discount', minor(line.discount_before)],
    ['cancelled', minor(line.cancelled_before)],
  ] as const;
  return {
    total: formatMoney(takenOffBefore(minor(line.amount), minor(line.owed_before))),
    parts: parts.filter(([, value]) => value > 0).map(([word, value]) => `${word} ${formatMoney(value)}`).join(', '),
  };
}

/** The receipt's lines, columns and totals as shown and printed. */
export function receiptView(receipt: Receipt): ReceiptView {
  const refund = receipt.kind === 'REFUND' || minor(receipt.cash) < 0;
  // A refund's cash is negative on the wire: it reads as money handed back.
  const cash = (value: string | number) => formatMoney(refund ? Math.abs(minor(value)) : minor(value));
  const lines = receipt.lines.map((line) => ({
    key: String(line.fine_id),
    text: receiptLineText(line),
    amount: formatMoney(minor(line.amount)),
    earlier: earlierFigures(line),
    cash: cash(line.cash),
    discount: formatMoney(minor(line.discount)),
    remaining: formatMoney(minor(line.remaining)),
  }));
  const discounted = minor(receipt.discount) !== 0 || receipt.lines.some((line) => minor(line.discount) !== 0);
  const totals: ReceiptFigure[] = refund
    ? [{ label: 'Cash refunded', value: cash(receipt.cash), id: 'receipt-cash' }]
    : [
        { label: 'Cash received', value: cash(receipt.cash), id: 'receipt-cash' },
        { label: 'Discount', value: formatMoney(minor(receipt.discount)), id: 'receipt-discount' },
        ...(discounted ? [{ label: 'Reason', value: receipt.discount_reason || '—', id: 'receipt-discount-reason' }] : []),
        { label: 'Total settled', value: formatMoney(minor(receipt.total)), id: 'receipt-total' },
      ];
  if (known(receipt.remaining)) totals.push({ label: 'Still owed on these fines', value: formatMoney(minor(receipt.remaining)), id: 'receipt-remaining' });
  return {
    title: receiptTitle(receipt),
    refund,
    showEarlier: lines.length > 0 && lines.every((line) => line.earlier !== null),
    showDiscount: !refund && discounted,
    lines,
    totals,
  };
}

/** The table's headings, in column order, for the view's columns. */
export function receiptHeadings(view: Pick<ReceiptView, 'refund' | 'showEarlier' | 'showDiscount'>): string[] {
  return ['Charge', 'Amount', ...(view.showEarlier ? ['Taken off earlier'] : []), view.refund ? 'Refunded' : 'Cash', ...(view.showDiscount ? ['Discount'] : []), 'Remaining'];
}

/** A line's cells in the headings' order (the first, the charge, as text). */
export function receiptCells(view: Pick<ReceiptView, 'showEarlier' | 'showDiscount'>, line: ReceiptLineView): (string | EarlierFigures)[] {
  return [line.text, line.amount, ...(view.showEarlier && line.earlier ? [line.earlier] : []), line.cash, ...(view.showDiscount ? [line.discount] : []), line.remaining];
}

/** Each fine's receipts (their numbers, oldest first) from a member's receipts (newest first, as the server answers them). */
export function receiptsByFine(receipts: readonly Pick<Receipt, 'receipt_no' | 'lines'>[]): Map<string, string[]> {
  const byFine = new Map<string, string[]>();
  for (const receipt of [...receipts].reverse()) {
    for (const line of receipt.lines) {
      const key = String(line.fine_id);
      const numbers = byFine.get(key) ?? [];
      if (!numbers.includes(receipt.receipt_no)) numbers.push(receipt.receipt_no);
      byFine.set(key, numbers);
    }
  }
  return byFine;
}

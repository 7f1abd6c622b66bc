/**
 * A receipt line's figures, so a receipt adds up on paper: the fine's amount, less what earlier
 * receipts took off (cash paid, discount) and a cancellation made before this receipt, is what it
 * owed before this receipt; less this receipt's cash and discount, what remained after it. A
 * refund (negative cash) hands money back and leaves what is owed as it was. The server writes
 * the figures from the ledger (minor units); the site reads them back the same way. Pure.
 */

/** What the ledger says of one fine at one receipt, in minor units. */
export interface ReceiptLineLedger {
  amount: number;
  /** This receipt's cash on the fine (negative on a refund) and discount. */
  cash: number;
  discount: number;
  /** Cash (payments only, not refunds) and discount of the receipts before this one. */
  paidBefore: number;
  discountBefore: number;
  /**
   * The fine's cancelled amount when it was cancelled by this receipt's time, else 0. The ledger
   * adds refunded cash to it, so `refunded` (every refund of the fine) is taken back out.
   */
  cancelledByThen: number;
  refunded: number;
}

/** The line's derived figures, in minor units. */
export interface ReceiptLineFigures {
  /** What a cancellation made before this receipt forgave. */
  cancelledBefore: number;
  /** What the fine owed right before this receipt. */
  owedBefore: number;
  /** What the fine owed right after it. */
  remaining: number;
}

/** A receipt line's cancellation, what was owed before it and what remained after it (never below 0). */
export function receiptLineFigures(line: ReceiptLineLedger): ReceiptLineFigures {
  const cancelledBefore = Math.max(0, line.cancelledByThen - line.refunded);
  const owedBefore = Math.max(0, line.amount - line.paidBefore - line.discountBefore - cancelledBefore);
  const settled = line.cash < 0 ? 0 : line.cash + line.discount;
  return { cancelledBefore, owedBefore, remaining: Math.max(0, owedBefore - settled) };
}

/** What earlier receipts and a cancellation took off a fine before this receipt (the amount less what it owed then). */
export const takenOffBefore = (amount: number, owedBefore: number): number => Math.max(0, amount - owedBefore);

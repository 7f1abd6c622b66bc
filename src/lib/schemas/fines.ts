/** The fines desk's answers (docs/API.md "Circulation and fines"): FineRow, a page of them, a collection, a receipt. */
import { array, boolean, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

const text = () => optional(nullable(string()));
/** Money on the wire: a decimal string ("10.00"); a number is accepted too. */
const Amount = union([string(), number()]);

/**
 * What every fine answer says of a charge: its fee type (and the type in words), its description
 * ("Charge for the lost copy ACC-00042 of "Moby-Dick""), its note and copy, and its cancellation.
 * Optional so an older answer without them still reads (an overdue fine, then).
 */
const chargeFields = {
  fee_type: optional(string()),
  fee_type_label: text(),
  description: text(),
  note: text(),
  copy: optional(nullable(type({ id: IdStruct, accession_no: string() }))),
  cancelled_at: text(),
  cancel_reason: text(),
  cancelled_amount: optional(nullable(Amount)),
};

/** One fine as the lists show it; a membership or manual charge has no loan and no book. */
export const FineRowStruct = type({
  ...chargeFields,
  id: IdStruct,
  issued_book: optional(nullable(IdStruct)),
  user_id: union([string(), number()]),
  username: string(),
  member_id: text(),
  full_name: text(),
  book_id: optional(nullable(IdStruct)),
  book_title: text(),
  status: text(),
  late_days: optional(number()),
  overdue_fine: optional(nullable(Amount)),
  book_price: optional(nullable(Amount)),
  amount: Amount,
  collected_amount: Amount,
  discount: Amount,
  remaining_fines: Amount,
  collected: boolean(),
  created_at: text(),
  return_date: text(),
});
export type FineRow = Infer<typeof FineRowStruct>;

/** One page of the pending list. */
export const FinePageStruct = type({ count: number(), next: text(), previous: text(), results: array(FineRowStruct) });
export type FinePage = Infer<typeof FinePageStruct>;

/** `POST /fines-viewset/collect/`'s answer. */
export const CollectAnswerStruct = type({
  detail: text(),
  member_id: optional(IdStruct),
  full_payment: optional(boolean()),
  all_fully_paid_selected: optional(boolean()),
  receipt_no: optional(nullable(string())),
  remaining_total: optional(nullable(Amount)),
});
export type CollectAnswer = Infer<typeof CollectAnswerStruct>;

/**
 * One payment line of a receipt: the fine's amount, what earlier receipts and a cancellation took
 * off before it (optional: an older server does not send them), this receipt's cash and discount,
 * and what remained after it.
 */
export const ReceiptLineStruct = type({
  ...chargeFields,
  fine_id: IdStruct,
  loan_id: optional(nullable(IdStruct)),
  book_id: optional(nullable(IdStruct)),
  book_title: text(),
  amount: Amount,
  paid_before: optional(nullable(Amount)),
  discount_before: optional(nullable(Amount)),
  cancelled_before: optional(nullable(Amount)),
  owed_before: optional(nullable(Amount)),
  cash: Amount,
  discount: Amount,
  remaining: Amount,
});
export type ReceiptLine = Infer<typeof ReceiptLineStruct>;

/** A collection's receipt. */
export const ReceiptStruct = type({
  receipt_no: string(),
  /** PAYMENT, or REFUND (money handed back: negative cash). */
  kind: optional(string()),
  created_at: string(),
  member: type({ id: IdStruct, username: string(), full_name: text(), member_id: text() }),
  collected_by: text(),
  collected_by_name: text(),
  cash: Amount,
  discount: Amount,
  discount_reason: text(),
  total: Amount,
  /** What the receipt's fines owed right before and right after it (optional, as above). */
  owed_before: optional(nullable(Amount)),
  remaining: optional(nullable(Amount)),
  lines: array(ReceiptLineStruct),
});
export type Receipt = Infer<typeof ReceiptStruct>;

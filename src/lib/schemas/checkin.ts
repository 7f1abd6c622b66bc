/**
 * Check-in answers (docs/API.md "Check-in"): `POST /circulation/check-in/` (a copy returned by its
 * barcode, or a copy that was not on loan, put back when it was lost or missing; either may name the
 * member the copy is now held for) and `GET /books/reservations/to-pull/` (titles with waiting holds
 * and copies on the shelf). Fields this site can live without are optional.
 */
import { array, enums, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

const Text = optional(nullable(string()));
/** A decimal amount as the server sends it ("10.00"); numbers accepted from other servers. */
const Amount = optional(nullable(union([string(), number()])));

/** What a check-in did: the loan returned, or the copy was not on loan (FOUND: a lost or missing copy put back). */
export const CHECKIN_RESULTS = ['RETURNED', 'NOT_ON_LOAN', 'FOUND'] as const;
export type CheckinResult = (typeof CHECKIN_RESULTS)[number];

/** The member a copy is now set aside for, and until when: what the hold slip prints. */
export const HoldSlipStruct = type({
  reservation_id: IdStruct,
  member: type({ id: IdStruct, full_name: Text, member_id: Text }),
  book_title: string(),
  accession_no: Text,
  hold_until: Text,
});
export type HoldSlipAnswer = Infer<typeof HoldSlipStruct>;

/** `POST /circulation/check-in/`: a return's answer plus who and what, or a copy not on loan. */
export const CheckinAnswerStruct = type({
  result: enums(CHECKIN_RESULTS),
  /** The loan returned (RETURNED only). */
  id: optional(nullable(IdStruct)),
  returnDate: Text,
  status: Text,
  member: optional(nullable(type({ id: IdStruct, full_name: Text, member_id: Text }))),
  book: optional(nullable(type({ id: IdStruct, title: string() }))),
  copy: optional(nullable(type({ id: IdStruct, accession_no: Text, status: Text }))),
  fine_details: optional(
    nullable(
      type({
        late_days: optional(nullable(number())),
        total_fine: Amount,
        fineCollectedAmount: Amount,
        discount: Amount,
        remaining_fine: Amount,
      }),
    ),
  ),
  receipt_no: Text,
  message: Text,
  cancelled: Amount,
  refunded: Amount,
  refund_receipt_no: Text,
  hold_slip: optional(nullable(HoldSlipStruct)),
});
export type CheckinAnswer = Infer<typeof CheckinAnswerStruct>;

/** One title of `GET /books/reservations/to-pull/`: its waiting holds and shelf copies to pull (no more than wait). */
export const ToPullTitleStruct = type({
  book: type({ id: IdStruct, title: string(), author: Text }),
  waiting: number(),
  copies: array(type({ id: IdStruct, accession_no: Text, call_number: Text, shelf_location: Text })),
});

/** `GET /books/reservations/to-pull/`. */
export const ToPullStruct = type({ count: number(), results: array(ToPullTitleStruct) });
export type ToPull = Infer<typeof ToPullStruct>;

/**
 * Copy answers (docs/API.md "Copies"): one physical copy of a title as the API answers it
 * (CopyView), a page of them, the answer of adding copies, and a copy's history. Money arrives as
 * decimal strings; read them with `toMinorUnits` (money.ts) before computing.
 */
import { array, boolean, enums, literal, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { COPY_SOURCES, COPY_STATUSES } from '#shared/copies';

const Text = optional(nullable(string()));

/** A copy's status, one of the shared vocabulary's. */
export const CopyStatusStruct = enums(COPY_STATUSES);
/** Where a copy came from, or null when nobody said. */
export const CopySourceStruct = nullable(enums(COPY_SOURCES));

/** The member a copy is lent to or held for. */
export const CopyMemberStruct = type({ id: IdStruct, username: Text, full_name: Text, member_id: Text });
export type CopyMember = Infer<typeof CopyMemberStruct>;

/** The title a copy belongs to (always present). */
export const CopyBookStruct = type({ id: IdStruct, title: string(), author: Text, isbn: Text });

/** The copy's open loan. */
export const CopyLoanStruct = type({ id: IdStruct, member: CopyMemberStruct, issue_date: string(), due_date: string(), overdue: boolean() });
export type CopyLoan = Infer<typeof CopyLoanStruct>;

/** The FULFILLED hold the copy is kept for. */
export const CopyHoldStruct = type({ reservation_id: IdStruct, member: CopyMemberStruct, hold_until: Text });
export type CopyHold = Infer<typeof CopyHoldStruct>;

/** One copy (CopyView). */
export const CopyViewStruct = type({
  id: IdStruct,
  book_id: IdStruct,
  copy_no: number(),
  accession_no: string(),
  barcode: Text,
  call_number: Text,
  shelf_location: Text,
  /** YYYY-MM-DD or null. */
  acquired_on: Text,
  source: CopySourceStruct,
  /** The copy's own price ("120.00"), null when it is the book's. */
  price: Text,
  /** The copy's price, else the book's. */
  effective_price: Text,
  condition_note: Text,
  status: CopyStatusStruct,
  status_reason: Text,
  status_changed_at: Text,
  withdrawn_on: Text,
  created_at: string(),
  book: CopyBookStruct,
  loan: nullable(CopyLoanStruct),
  hold: nullable(CopyHoldStruct),
});
export type CopyView = Infer<typeof CopyViewStruct>;

/** `GET /books/books/{id}/copies/` and `GET /books/copies/?…`: a page of copies. */
export const CopyPageStruct = type({ count: number(), results: array(CopyViewStruct) });
export type CopyPage = Infer<typeof CopyPageStruct>;

/** `POST /books/books/{id}/copies/` → 201. */
export const CopiesAddedStruct = type({ detail: Text, results: array(CopyViewStruct) });
export type CopiesAdded = Infer<typeof CopiesAddedStruct>;

/** One row of `GET /books/copies/{id}/history/` (newest first). */
export const CopyHistoryEntryStruct = union([
  type({
    at: string(),
    kind: literal('loan'),
    loan_id: IdStruct,
    member: nullable(CopyMemberStruct),
    issue_date: string(),
    due_date: string(),
    returned_at: Text,
    status: string(),
  }),
  type({ at: string(), kind: literal('hold'), reservation_id: IdStruct, member: nullable(CopyMemberStruct), status: string(), hold_until: Text }),
  type({
    at: string(),
    kind: literal('status'),
    from_status: nullable(CopyStatusStruct),
    to_status: CopyStatusStruct,
    reason: Text,
    user: nullable(type({ id: IdStruct, name: Text })),
  }),
]);
export type CopyHistoryEntry = Infer<typeof CopyHistoryEntryStruct>;

export const CopyHistoryStruct = type({ results: array(CopyHistoryEntryStruct) });
export type CopyHistory = Infer<typeof CopyHistoryStruct>;

/** How a loan, a return or a held reservation names its copy. */
export const CopyRefStruct = type({ id: IdStruct, accession_no: string(), barcode: string() });
export type CopyRef = Infer<typeof CopyRefStruct>;

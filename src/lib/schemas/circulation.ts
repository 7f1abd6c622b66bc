/**
 * Circulation answers (docs/API.md "Circulation and fines"): the issued record, a page of them,
 * the member issue summary, the return answer, renewals and the returned history. Money arrives
 * as decimal strings; read them with `toMinorUnits` (money.ts) before computing.
 */
import { array, boolean, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { HeldForStruct, ReservedForStruct } from './reservations';
import { CopyRefStruct } from './copies';

/** The copy a loan names (absent from servers without copies; null on loans closed before copies). */
const LoanCopy = optional(nullable(CopyRefStruct));

const Text = optional(nullable(string()));
/** A decimal amount as the server sends it ("10.00"); numbers accepted from other servers. */
const Amount = optional(nullable(union([string(), number()])));

/** The book of a loan. */
export const LoanBookStruct = type({ id: IdStruct, title: string(), author: Text, isbn: Text, price: Amount });

/** One loan (IssuedRecord). */
export const IssuedRecordStruct = type({
  id: IdStruct,
  issue_date: string(),
  due_date: string(),
  returned_at: Text,
  status: string(),
  renewals: optional(nullable(number())),
  overdue: optional(nullable(boolean())),
  late_days: optional(nullable(number())),
  fine_per_day: Amount,
  /** The member's plan's cap on one loan's overdue fine; null or absent = none. */
  max_overdue_fine: Amount,
  fine_amount: Amount,
  book: LoanBookStruct,
  member: type({ id: IdStruct, name: Text, member_id: Text, full_name: Text }),
  copy: LoanCopy,
  /** The first in the title's queue while the loan is out (absent from servers without reservations). */
  reserved_for: optional(nullable(ReservedForStruct)),
});
export type IssuedRecord = Infer<typeof IssuedRecordStruct>;

/** A page of the issued list. */
export const IssuedPageStruct = type({ count: number(), next: Text, previous: Text, results: array(IssuedRecordStruct) });
export type IssuedPage = Infer<typeof IssuedPageStruct>;

/** One open loan of a member as the desk reads it (the member issue summary's and the desk panel's). */
export const SummaryLoanStruct = type({
  issue_id: IdStruct,
  issue_date: string(),
  due_date: string(),
  status: Text,
  overdue: optional(nullable(boolean())),
  late_days: optional(nullable(number())),
  fine_amount: Amount,
  renewals: optional(nullable(number())),
  reserved_for: optional(nullable(ReservedForStruct)),
  copy: LoanCopy,
  book: type({ id: IdStruct, title: string(), author: Text, isbn: Text, price: Amount }),
});

/** `GET /reports/members/{id}/issued-books/`: what the desk needs to know about a member. */
export const MemberIssueSummaryStruct = type({
  member: type({
    id: IdStruct,
    username: Text,
    email: Text,
    member_id: Text,
    full_name: Text,
    isDefaulter: optional(nullable(boolean())),
    fine_amount: Amount,
    is_active: optional(nullable(boolean())),
  }),
  issued_count: number(),
  overdue_count: optional(nullable(number())),
  loan_limit: optional(nullable(number())),
  loan_period_days: optional(nullable(number())),
  fine_per_day: Amount,
  /** The member's plan's cap on one loan's overdue fine; null or absent = none. */
  max_overdue_fine: Amount,
  issued_books: array(SummaryLoanStruct),
});
export type MemberIssueSummary = Infer<typeof MemberIssueSummaryStruct>;

/** `POST /books/issued-books/{id}/return/`: the fine as the server computed and recorded it. */
export const ReturnAnswerStruct = type({
  id: optional(IdStruct),
  book: optional(nullable(IdStruct)),
  member: optional(nullable(IdStruct)),
  copy: LoanCopy,
  returnDate: Text,
  status: Text,
  fine_details: optional(
    nullable(
      type({
        late_days: optional(nullable(number())),
        overdue_fine: Amount,
        book_price: Amount,
        total_fine: Amount,
        fineCollectedAmount: Amount,
        discount: Amount,
        remaining_fine: Amount,
      }),
    ),
  ),
  isDefaulter: optional(nullable(boolean())),
  receipt_no: Text,
  /** Set when the returned copy is now held for the next in line. */
  held_for: optional(nullable(HeldForStruct)),
});
export type ReturnAnswer = Infer<typeof ReturnAnswerStruct>;

/** `POST /books/issued-books/renew-all/`. */
export const RenewAllAnswerStruct = type({
  detail: Text,
  renewed: array(IssuedRecordStruct),
  refused: array(type({ id: IdStruct, title: Text, reason: Text })),
});
export type RenewAllAnswer = Infer<typeof RenewAllAnswerStruct>;

/** `GET reports/books/returned-history/` and `/reports/returned-books/{memberId}/`. */
export const ReturnedHistoryStruct = type({
  returned_count: number(),
  history: array(
    type({
      issue_id: IdStruct,
      return_date: Text,
      issued_on: Text,
      due_date: Text,
      status: Text,
      fine_amount: Amount,
      book: type({ id: IdStruct, title: string(), isbn: Text, author: Text }),
      copy: LoanCopy,
      member: type({ id: IdStruct, username: Text, email: Text, member_id: Text, roll_no: Text }),
    }),
  ),
});
export type ReturnedHistory = Infer<typeof ReturnedHistoryStruct>;

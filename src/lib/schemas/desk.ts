/**
 * The desk's answers (docs/API.md "The desk"): a member's blocks (`GET /circulation/blocks/`), the
 * member panel in one answer (`GET /circulation/desk/members/{id}/`), the refusal of an issue,
 * renewal or pickup that meets blocks (400 `{member: [...], blocks: [...]}`), a membership renewal
 * and the loan slip mailed. Money arrives as decimal strings; dates as YYYY-MM-DD.
 */
import { array, boolean, enums, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { BLOCK_CODES } from '#shared/blocks';
import { IdStruct } from '#shared/schemas/common';
import { FineRowStruct } from './fines';
import { SummaryLoanStruct } from './circulation';

const Text = optional(nullable(string()));
/** A decimal amount as the server sends it ("10.00"); numbers accepted from other servers. */
const Amount = optional(nullable(union([string(), number()])));
const Count = optional(nullable(number()));

/** One block in words ({code, reason}); an unknown code from a newer server is still shown by its reason. */
export const BlockStruct = type({ code: union([enums(BLOCK_CODES), string()]), reason: string() });
export type DeskBlock = Infer<typeof BlockStruct>;

/** `GET /circulation/blocks/?member={id}`. */
export const BlocksAnswerStruct = type({ member: IdStruct, blocks: array(BlockStruct), can_override: boolean() });
export type BlocksAnswer = Infer<typeof BlocksAnswerStruct>;

/** The 400 of an issue, renewal or pickup refused by blocks: each reason under `member`, and the blocks. */
export const BlockRefusalStruct = type({ member: optional(array(string())), blocks: array(BlockStruct) });
export type BlockRefusal = Infer<typeof BlockRefusalStruct>;

/** The member's plan as the panel shows it. */
export const DeskPlanStruct = type({
  id: IdStruct,
  name: string(),
  loan_limit: Count,
  loan_period_days: Count,
  fine_per_day: Amount,
  fee: Amount,
  validity_months: Count,
});
export type DeskPlan = Infer<typeof DeskPlanStruct>;

/** One of his open loans (the member issue summary's loan). */
export const DeskLoanStruct = SummaryLoanStruct;
export type DeskLoan = Infer<typeof DeskLoanStruct>;

/** A hold ready for him to pick up. */
export const DeskHoldStruct = type({
  reservation_id: IdStruct,
  book: type({ id: IdStruct, title: string() }),
  copy: optional(nullable(type({ id: IdStruct, accession_no: string() }))),
  hold_until: Text,
});
export type DeskHold = Infer<typeof DeskHoldStruct>;

/** The member himself on the panel. */
export const DeskMemberStruct = type({
  id: IdStruct,
  username: string(),
  full_name: Text,
  member_id: Text,
  email: Text,
  photo_url: Text,
  state: string(),
  plan: optional(nullable(DeskPlanStruct)),
  membership_start: Text,
  membership_expires: Text,
  membership_standing: Text,
});
export type DeskMember = Infer<typeof DeskMemberStruct>;

/** `GET /circulation/desk/members/{id}/`: the desk's member panel in one answer. */
export const DeskPanelStruct = type({
  member: DeskMemberStruct,
  loans: array(DeskLoanStruct),
  holds_ready: array(DeskHoldStruct),
  holds_waiting: optional(nullable(number())),
  owed: Amount,
  blocks: array(BlockStruct),
  can_override: boolean(),
});
export type DeskPanel = Infer<typeof DeskPanelStruct>;

/** `POST /members/{id}/membership/renew/`: the new term, the charge and the receipt when collected. */
export const MembershipRenewalStruct = type({
  membership_start: Text,
  membership_expires: Text,
  membership_standing: Text,
  charge: optional(nullable(FineRowStruct)),
  receipt_no: Text,
});
export type MembershipRenewal = Infer<typeof MembershipRenewalStruct>;

/** `POST /circulation/loan-slip/` and other answers that only say what was done. */
export const DetailAnswerStruct = type({ detail: Text });
export type DetailAnswer = Infer<typeof DetailAnswerStruct>;

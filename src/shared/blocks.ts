/**
 * Circulation blocks: the conditions under which the desk may not issue (or renew, or hand over a
 * held copy) without an override, evaluated by one pure rule for the desk's member panel and the
 * server, which enforces them on every issue, renewal and reservation pickup. The library sets the
 * thresholds in Book Settings; the loan limit and an account that is not active always block.
 * Staff holding `BLOCK_OVERRIDE_PERMISSION` may override with a reason (audited).
 */
import { formatDate } from './dates.js';
import { formatMoney } from './money.js';
import type { MemberState } from './member-state.js';

/** The permission that overrides a block. */
export const BLOCK_OVERRIDE_PERMISSION = 'override_circulation_block';

export const BLOCK_CODES = ['account', 'membership_expired', 'fines', 'overdue_count', 'overdue_days', 'loan_limit'] as const;
export type BlockCode = (typeof BLOCK_CODES)[number];

/** What a block stops: a new loan (issue, reservation pickup) or a renewal (which adds no loan, so the loan limit does not apply). */
export type BlockedAction = 'issue' | 'renew';

/** The library's block conditions (Book Settings). */
export interface BlockSettings {
  /** Fines owed above this many minor units block; 0 = no block (the defaulter confirmation alone). */
  finesOver: number;
  /** More overdue loans than this block; null = no block. */
  overdueCount: number | null;
  /** A loan overdue by more than this many days blocks; null = no block. */
  overdueDays: number | null;
  /** An expired membership blocks. */
  membershipExpired: boolean;
}

/** The facts about a member the rule reads (one query each on the server; the member panel has them all). */
export interface MemberStanding {
  state: MemberState;
  /** What he owes, minor units. */
  owed: number;
  /** His open loans past their due date. */
  overdueLoans: number;
  /** Days the most overdue of them is late (0 when none). */
  mostDaysOverdue: number;
  /** YYYY-MM-DD, or null (never approved / no term). */
  membershipExpires: string | null;
  openLoans: number;
  loanLimit: number;
  /** The library's today, YYYY-MM-DD. */
  today: string;
}

export interface Block {
  code: BlockCode;
  /** In words, for the desk and the error answer ("Owes Rs. 1,250.00 — over the Rs. 500.00 limit"). */
  reason: string;
}

export const BLOCK_MESSAGES = {
  // {n} is what he holds now: more than the limit when his plan's limit was lowered since.
  limit: (held: number, max: number) => `This member already has ${held} ${held === 1 ? 'book' : 'books'} issued. Max allowed is ${max}.`,
  inactive: "This member's account is not active.",
  pending: "This member's account is waiting for approval.",
  fines: (owed: number, limit: number) => `Owes ${formatMoney(owed)} — over the ${formatMoney(limit)} limit.`,
  overdueCount: (n: number, limit: number) => `Has ${n} overdue ${n === 1 ? 'loan' : 'loans'} — more than ${limit} ${limit === 1 ? 'is' : 'are'} not allowed.`,
  overdueDays: (days: number, limit: number) => `A loan is ${days} ${days === 1 ? 'day' : 'days'} overdue — more than ${limit} ${limit === 1 ? 'day' : 'days'} is not allowed.`,
  membershipExpired: (date: string) => `Membership expired on ${date}.`,
  overrideNeeded: 'This member is blocked. Staff who may override blocks can issue with a reason.',
  overrideForbidden: 'You do not have permission to override circulation blocks.',
  reasonRequired: 'Give a reason for the override.',
} as const;

/** The longest override reason. */
export const OVERRIDE_REASON_MAX = 200;

/**
 * The blocks that apply now, in the order the desk lists them. `dateFormat` is the library's, for
 * the expiry date in words.
 */
export function evaluateBlocks(standing: MemberStanding, settings: BlockSettings, action: BlockedAction = 'issue', dateFormat?: string | null): Block[] {
  const blocks: Block[] = [];
  if (standing.state !== 'active') {
    blocks.push({ code: 'account', reason: standing.state === 'pending' ? BLOCK_MESSAGES.pending : BLOCK_MESSAGES.inactive });
  }
  if (settings.membershipExpired && standing.membershipExpires !== null && standing.membershipExpires < standing.today) {
    blocks.push({ code: 'membership_expired', reason: BLOCK_MESSAGES.membershipExpired(formatDate(standing.membershipExpires, dateFormat) ?? standing.membershipExpires) });
  }
  if (settings.finesOver > 0 && standing.owed > settings.finesOver) {
    blocks.push({ code: 'fines', reason: BLOCK_MESSAGES.fines(standing.owed, settings.finesOver) });
  }
  if (settings.overdueCount !== null && standing.overdueLoans > settings.overdueCount) {
    blocks.push({ code: 'overdue_count', reason: BLOCK_MESSAGES.overdueCount(standing.overdueLoans, settings.overdueCount) });
  }
  if (settings.overdueDays !== null && standing.mostDaysOverdue > settings.overdueDays) {
    blocks.push({ code: 'overdue_days', reason: BLOCK_MESSAGES.overdueDays(standing.mostDaysOverdue, settings.overdueDays) });
  }
  if (action === 'issue' && standing.openLoans >= standing.loanLimit) {
    blocks.push({ code: 'loan_limit', reason: BLOCK_MESSAGES.limit(standing.openLoans, standing.loanLimit) });
  }
  return blocks;
}

/** The blocks' reasons in one paragraph (an error answer's message). */
export const blocksText = (blocks: readonly Block[]): string => blocks.map((block) => block.reason).join(' ');

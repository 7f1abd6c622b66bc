/**
 * Circulation blocks on the server: a member's standing read in a few queries (his account state,
 * what he owes, his overdue loans, his membership's end, his open loans and loan limit), the
 * shared rule (`#shared/blocks` evaluateBlocks) applied to it with the library's block conditions,
 * and the enforcement every issue, renewal and reservation pickup runs: no block, nothing to do;
 * blocks without an override reason, a 400 naming each; a reason from staff without the override
 * permission, a 403; a reason from a holder of it, the override audited in the caller's
 * transaction.
 */
import type { AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { overdueCountSql } from '../../db/overdue.js';
import { ApiError, notFound } from '../../errors.js';
import { BLOCK_MESSAGES, BLOCK_OVERRIDE_PERMISSION, evaluateBlocks, type Block, type BlockedAction, type MemberStanding } from '#shared/blocks';
import { lateDays } from '#shared/fines';
import { memberStateOf } from '#shared/member-state';
import { recordAudit } from '../audit/service.js';
import { amountOwed } from '../fines/ledger.js';
import { loanRulesFor } from '../members/plans.js';
import { hasPermission } from '../roles/service.js';
import { readDeskRules } from '../settings/desk-rules.js';
import { deskToday } from './queries.js';

/** A member's account flags and membership end (undefined: no such member). */
async function memberFacts(db: Db, memberId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['u.is_active', 'u.is_declined', 'u.approved_at', 'p.membership_expires'])
    .where('u.id', '=', memberId)
    .executeTakeFirst();
}

/** His open loans: how many, how many overdue, and the earliest due date of the overdue ones. */
async function openLoanFacts(db: Db, memberId: number, today: string) {
  const row = await db
    .selectFrom('loans as l')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('open'),
      overdueCountSql(today, 'l').as('overdue'),
      eb.fn.min<string | null>(eb.case().when('l.due_date', '<', today).then(eb.ref('l.due_date')).end()).as('earliest_overdue'),
    ])
    .where('l.member_id', '=', memberId)
    .where('l.returned_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue), earliestOverdue: row.earliest_overdue };
}

/**
 * The facts the block rule reads about a member, each by one query: account state and membership
 * end, what he owes (the ledger's amount owed), his open and overdue loans and the most days one is
 * overdue (the library's today), and his loan limit (his plan, else the book settings).
 */
export async function memberStanding(trx: Db, memberId: number): Promise<MemberStanding> {
  const { today } = await deskToday(trx);
  const [member, owed, loans, rules] = await Promise.all([memberFacts(trx, memberId), amountOwed(trx, memberId), openLoanFacts(trx, memberId, today), loanRulesFor(trx, memberId)]);
  return {
    state: member ? memberStateOf(member) : 'disabled',
    owed,
    overdueLoans: loans.overdue,
    mostDaysOverdue: loans.earliestOverdue ? lateDays(loans.earliestOverdue, today) : 0,
    membershipExpires: member?.membership_expires ?? null,
    openLoans: loans.open,
    loanLimit: rules.loanLimit,
    today,
  };
}

/** The blocks that apply now to a member for `action`, by the library's block conditions. */
export async function blocksFor(trx: Db, memberId: number, action: BlockedAction): Promise<Block[]> {
  const [standing, rules] = await Promise.all([memberStanding(trx, memberId), readDeskRules(trx)]);
  return evaluateBlocks(standing, rules.blocks, action, rules.dateFormat);
}

/** The 400 of a blocked issue or renewal: each reason under `member`, and the blocks themselves. */
export const blockedError = (blocks: readonly Block[]): ApiError => new ApiError(400, { member: blocks.map((block) => block.reason), blocks });

/** An override that went through: what to audit once the loan is known. */
export interface BlockOverride {
  blocks: Block[];
  reason: string;
  action: BlockedAction;
}

/** Audits an override on a loan (CIRCULATION_BLOCK_OVERRIDDEN), in the caller's transaction. */
export async function auditOverride(trx: Db, actor: AuthUser | null, loanId: number, override: BlockOverride): Promise<void> {
  await recordAudit(trx, { userId: actor?.id ?? null, action: 'CIRCULATION_BLOCK_OVERRIDDEN', entity: 'loan', entityId: loanId, after: { ...override } });
}

/**
 * Holds an action to the member's blocks: none, nothing happens (null); blocks and no reason, the
 * 400 naming them; a reason from someone without the override permission (the SUPER USER holds
 * every one; the demo seeding, with no actor, overrides nothing), a 403; else the override, audited
 * on `loanId` when given (an issue, whose loan does not exist yet, audits it with `auditOverride`).
 * `blocks` may be handed in when the caller has just evaluated them.
 */
export async function enforceBlocks(
  trx: Db,
  actor: AuthUser | null,
  memberId: number,
  action: BlockedAction,
  overrideReason: string | undefined,
  options: { loanId?: number; blocks?: Block[] } = {},
): Promise<BlockOverride | null> {
  const blocks = options.blocks ?? (await blocksFor(trx, memberId, action));
  if (blocks.length === 0) return null;
  if (overrideReason === undefined) throw blockedError(blocks);
  if (actor === null || !(await hasPermission(trx, actor, BLOCK_OVERRIDE_PERMISSION))) throw new ApiError(403, { detail: BLOCK_MESSAGES.overrideForbidden });
  const override = { blocks, reason: overrideReason, action };
  if (options.loanId !== undefined) await auditOverride(trx, actor, options.loanId, override);
  return override;
}

/** Whether a user may override blocks (the block list's and the member panel's `can_override`). */
export const mayOverrideBlocks = (db: Db, user: AuthUser): Promise<boolean> => hasPermission(db, user, BLOCK_OVERRIDE_PERMISSION);

/** The block list's answer (`GET /circulation/blocks/?member=`): 404 unless a member. */
export async function memberBlocks(db: Db, user: AuthUser, memberId: number): Promise<{ member: number; blocks: Block[]; can_override: boolean }> {
  const found = await db.selectFrom('users').select('id').where('id', '=', memberId).where('role', '=', 'MEMBER').where('deleted_at', 'is', null).executeTakeFirst();
  if (!found) throw notFound('Member not found.');
  const [blocks, canOverride] = await Promise.all([blocksFor(db, memberId, 'issue'), mayOverrideBlocks(db, user)]);
  return { member: memberId, blocks, can_override: canOverride };
}

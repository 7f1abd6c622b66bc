/**
 * A member's state, decided from the account flags the sign-in rules read, in their order:
 * rejected = declined (whatever else is set); active = active; pending = never approved;
 * disabled = approved once, now inactive. Both sides read the states and their words here; the
 * server's SQL form (lists, counts, the member report) is `server/src/db/member-state.ts`, held
 * to the same answers by a table test.
 */

/** The four states, in the order lists and reports show them. */
export const MEMBER_STATES = ['active', 'pending', 'rejected', 'disabled'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** How a state is written on screens and in reports. */
export const MEMBER_STATE_TEXT: Record<MemberState, string> = { active: 'Active', pending: 'Pending', rejected: 'Rejected', disabled: 'Disabled' };

/** The account flags a state is decided from (stored 0/1, or booleans). */
export interface MemberFlags {
  is_active: number | boolean | null;
  is_declined: number | boolean | null;
  approved_at: string | null;
}

/** A stored 0/1 flag (either database) or a boolean, as a boolean. */
const on = (value: number | boolean | null): boolean => Number(value) === 1;

/** The state of a member's account flags. */
export function memberStateOf(flags: MemberFlags): MemberState {
  if (on(flags.is_declined)) return 'rejected';
  if (on(flags.is_active)) return 'active';
  return flags.approved_at === null ? 'pending' : 'disabled';
}

/** Whether a value names a state (a query string's `state`). */
export const isMemberState = (value: unknown): value is MemberState => (MEMBER_STATES as readonly unknown[]).includes(value);

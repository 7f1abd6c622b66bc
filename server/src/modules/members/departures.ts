/**
 * A member leaving (deleted, disabled or declined) and what other modules keep for him: they
 * register a hook here (reservations cancels his reservations and passes a held copy on; `app.ts`
 * wires it), and the member services run every hook in the transaction of the change, so the
 * change and its consequences commit together. Members imports none of those modules: the
 * dependency points from them to here.
 */
import type { Db } from '../../db/schema.js';

/** How a member left the lists of those who may borrow. */
export type MemberDeparture = 'deleted' | 'disabled' | 'declined';

/** What a module does when a member leaves; answers whether it queued notices (the caller then kicks the delivery after commit). */
export type DepartureHook = (trx: Db, memberId: number, cause: MemberDeparture, actorId: number | null) => Promise<boolean>;

const hooks = new Set<DepartureHook>();

/** Registers a hook (registering the same function again changes nothing). */
export function onMemberDeparture(hook: DepartureHook): void {
  hooks.add(hook);
}

/** Runs every registered hook in the caller's transaction; answers whether any queued notices. */
export async function memberDeparted(trx: Db, memberId: number, cause: MemberDeparture, actorId: number | null): Promise<boolean> {
  let queued = false;
  for (const hook of hooks) queued = (await hook(trx, memberId, cause, actorId)) || queued;
  return queued;
}

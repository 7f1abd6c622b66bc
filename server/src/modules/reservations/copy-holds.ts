/**
 * Reservations' part in circulation's lends and returns: on load, registers the held-copy hooks
 * circulation declares (`circulation/copy-events.ts`). Imported for that effect by `app.ts` and
 * `provision.ts`, so every entry point that lends or takes back a copy runs them.
 */
import { registerCopyHolds } from '../circulation/copy-events.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { recordAudit } from '../audit/service.js';
import { heldCopyOf, holdReturnedCopy, markHoldIssued } from './holds.js';

/**
 * A return undone that had held its copy for the next in line: that reservation waits again
 * (PENDING, no pickup date, no copy), keeping its place (its queue rank and date are untouched).
 */
async function unholdUndoneReturn(trx: Db, copyId: number, actorId: number | null): Promise<number | undefined> {
  const held = await trx.selectFrom('reservations').select(['id', 'hold_until']).where('copy_id', '=', copyId).where('status', '=', 'FULFILLED').executeTakeFirst();
  if (!held) return undefined;
  const done = await trx
    .updateTable('reservations')
    .set({ status: 'PENDING', hold_until: null, copy_id: null, updated_at: nowIso() })
    .where('id', '=', held.id)
    .where('status', '=', 'FULFILLED')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return undefined;
  await recordAudit(trx, { userId: actorId, action: 'RETURN_UNDONE', entity: 'reservation', entityId: held.id, before: { status: 'FULFILLED', hold_until: held.hold_until, copy_id: copyId }, after: { status: 'PENDING', hold_until: null, copy_id: null } });
  return held.id;
}

registerCopyHolds({
  heldCopyFor: heldCopyOf,
  onHeldCopyLent: markHoldIssued,
  onCopyReturned: holdReturnedCopy,
  onReturnUndone: unholdUndoneReturn,
});

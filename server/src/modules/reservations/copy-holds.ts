/**
 * Reservations' part in circulation's lends and returns: on load, registers the held-copy hooks
 * circulation declares (`circulation/copy-events.ts`). Imported for that effect by `app.ts` and
 * `provision.ts`, so every entry point that lends or takes back a copy runs them.
 */
import { registerCopyHolds } from '../circulation/copy-events.js';
import { heldCopyOf, holdReturnedCopy, markHoldIssued } from './holds.js';

registerCopyHolds({
  heldCopyFor: heldCopyOf,
  onHeldCopyLent: markHoldIssued,
  onCopyReturned: holdReturnedCopy,
});

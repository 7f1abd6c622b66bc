/**
 * One scan, in one transaction: find the copy, decide the result, mark the expected copy seen,
 * record the scan and move the running counters. Of two scans of one copy at once, the conditional
 * update of `seen_at` (`where seen_at is null`) lets exactly one see it; the other answers
 * ALREADY_SCANNED (on PostgreSQL the second update waits for the first and then finds nothing to
 * update). A missing copy scanned is AVAILABLE again (through the one writer of statuses), audited,
 * and counts as seen: expected on the shelf, and seen, in this verification.
 */
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import { ApiError, notFound } from '../../errors.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { recordAudit } from '../audit/service.js';
import { moveCopy } from '../copies/stock.js';
import { findScannedCopy, type ScannedCopy } from './queries.js';
import { SCAN_MESSAGES, type ScanResult } from '#shared/copies';
import { SEEN_AWAY_RESULTS, STOCK_MESSAGES } from './results.js';
import { countsOf, type ScanCopyView, type VerificationCounts } from './views.js';

type Counter = 'expected' | 'expected_shelf' | 'seen' | 'seen_shelf' | 'seen_away' | 'unexpected';

/** What a scan answers. */
export interface ScanAnswer {
  result: ScanResult;
  message: string;
  copy: ScanCopyView | null;
  counts: VerificationCounts;
}

/** The result a copy's status gives once it is here: recorded as out, gone from the stock, or found. */
function resultOfStatus(copy: ScannedCopy): ScanResult {
  if (copy.status === 'ON_LOAN') return 'ON_LOAN';
  if (copy.status === 'ON_HOLD') return 'HELD';
  if (copy.status === 'LOST' || copy.status === 'WITHDRAWN') return 'WITHDRAWN';
  return 'FOUND';
}

interface Outcome {
  result: ScanResult;
  bump: Counter[];
  unexpected: boolean;
}

/** Marks an expected copy seen, once: undefined when another scan saw it first. */
async function markSeen(trx: Db, verificationId: number, copyId: number, result: ScanResult, now: string): Promise<Outcome | undefined> {
  const item = await trx
    .updateTable('stock_verification_items')
    .set({ seen_at: now, seen_result: result })
    .where('verification_id', '=', verificationId)
    .where('copy_id', '=', copyId)
    .where('seen_at', 'is', null)
    .returning(['expected'])
    .executeTakeFirst();
  if (!item) return undefined;
  const bump: Counter[] = ['seen'];
  if (item.expected === 'SHELF') bump.push('seen_shelf');
  if (SEEN_AWAY_RESULTS.includes(result)) bump.push('seen_away');
  return { result, bump, unexpected: false };
}

async function isExpected(trx: Db, verificationId: number, copyId: number): Promise<boolean> {
  return (await trx.selectFrom('stock_verification_items').select('id').where('verification_id', '=', verificationId).where('copy_id', '=', copyId).executeTakeFirst()) !== undefined;
}

/** Whether this copy (or unknown barcode) was scanned before in this verification as not expected. */
async function scannedBefore(trx: Db, verificationId: number, copy: ScannedCopy | undefined, barcode: string): Promise<boolean> {
  let query = trx.selectFrom('stock_verification_scans').select('id').where('verification_id', '=', verificationId).where('unexpected', '=', 1);
  query = copy ? query.where('copy_id', '=', copy.id) : query.where('barcode', '=', barcode).where('copy_id', 'is', null);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** A missing copy is here: AVAILABLE again, audited, and seen (added to what is expected when it was not). */
async function foundMissing(trx: Db, user: AuthUser, verificationId: number, copy: ScannedCopy, now: string): Promise<Outcome | undefined> {
  const verification = await mustBeOpen(trx, verificationId);
  const reason = STOCK_MESSAGES.foundReason(verification.name);
  const moved = await moveCopy(trx, copy.id, ['MISSING'], 'AVAILABLE', { reason, actorId: user.id });
  if (!moved) return undefined;
  await recordAudit(trx, { userId: user.id, action: 'COPY_STATUS_CHANGED', entity: 'copy', entityId: copy.id, before: { status: 'MISSING' }, after: { status: 'AVAILABLE', reason } });
  const seen = await markSeen(trx, verification.id, copy.id, 'FOUND_MISSING', now);
  if (seen) return seen;
  const added = await trx
    .insertInto('stock_verification_items')
    .values({ verification_id: verification.id, copy_id: copy.id, expected: 'SHELF', shelf: copy.shelf_location, seen_at: now, seen_result: 'FOUND_MISSING' })
    .onConflict((oc) => oc.columns(['verification_id', 'copy_id']).doNothing())
    .executeTakeFirst();
  const bump: Counter[] = Number(added.numInsertedOrUpdatedRows ?? 0) > 0 ? ['expected', 'expected_shelf', 'seen', 'seen_shelf'] : [];
  return { result: 'FOUND_MISSING', bump, unexpected: false };
}

async function decide(trx: Db, user: AuthUser, verification: { id: number }, copy: ScannedCopy | undefined, barcode: string, now: string): Promise<Outcome> {
  if (copy?.status === 'MISSING') {
    const outcome = await foundMissing(trx, user, verification.id, copy, now);
    if (outcome) return outcome;
    copy = await findScannedCopy(trx, barcode);
  }
  if (copy) {
    // Expected and not yet seen: this scan sees it (one statement, the common case).
    const seen = await markSeen(trx, verification.id, copy.id, resultOfStatus(copy), now);
    if (seen) return seen;
    if (await isExpected(trx, verification.id, copy.id)) return { result: 'ALREADY_SCANNED', bump: [], unexpected: false };
  }
  if (await scannedBefore(trx, verification.id, copy, barcode)) return { result: copy ? 'ALREADY_SCANNED' : 'UNKNOWN', bump: [], unexpected: false };
  const result: ScanResult = !copy ? 'UNKNOWN' : resultOfStatus(copy) === 'WITHDRAWN' ? 'WITHDRAWN' : 'NOT_EXPECTED';
  return { result, bump: ['unexpected'], unexpected: true };
}

/** The verification, which must be open: 404 unknown, 409 closed. */
async function mustBeOpen(trx: Db, id: number): Promise<{ id: number; name: string }> {
  const verification = await trx.selectFrom('stock_verifications').select(['id', 'name', 'status']).where('id', '=', id).executeTakeFirst();
  if (!verification) throw notFound();
  if (verification.status !== 'OPEN') throw new ApiError(409, { detail: STOCK_MESSAGES.closed });
  return verification;
}

/**
 * Scans a copy into an open verification (404 unknown verification, 409 closed). The counters'
 * update is also the check that the verification is open (the transaction is undone otherwise),
 * so a found copy costs four statements: the copy, its seen mark, the counters, the scan's row.
 */
export async function scanCopy(ctx: AppContext, user: AuthUser, verificationId: number, barcode: string): Promise<ScanAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    let copy = await findScannedCopy(trx, barcode);
    const outcome = await decide(trx, user, { id: verificationId }, copy, barcode, now);
    if (outcome.result === 'FOUND_MISSING') copy = await findScannedCopy(trx, barcode);
    const counters = await trx
      .updateTable('stock_verifications')
      .set((eb) => ({
        scans: eb('scans', '+', 1),
        ...Object.fromEntries(outcome.bump.map((counter) => [counter, sql<number>`${sql.ref(counter)} + 1`])),
      }))
      .where('id', '=', verificationId)
      .where('status', '=', 'OPEN')
      .returning(['expected', 'expected_shelf', 'expected_away', 'seen', 'seen_shelf', 'seen_away', 'unexpected', 'scans'])
      .executeTakeFirst();
    if (!counters) {
      await mustBeOpen(trx, verificationId);
      throw new ApiError(409, { detail: STOCK_MESSAGES.closed });
    }
    await trx
      .insertInto('stock_verification_scans')
      .values({ verification_id: verificationId, barcode, copy_id: copy?.id ?? null, result: outcome.result, unexpected: outcome.unexpected ? 1 : 0, scanned_by: user.id, at: now })
      .execute();
    return {
      result: outcome.result,
      message: SCAN_MESSAGES[outcome.result],
      copy: copy ? { id: copy.id, accession_no: copy.accession_no, barcode: copy.barcode, title: copy.title, shelf_location: copy.shelf_location } : null,
      counts: countsOf(counters),
    };
  });
}

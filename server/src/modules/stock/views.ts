/**
 * A verification as the API answers it (SessionView): its filters by name, who opened and closed
 * it, its running counts (read from the counters, never by counting rows) and its latest scans.
 */
import type { Db, StockVerificationRow } from '../../db/schema.js';
import { recentScans, verificationRows, type VerificationViewRow } from './queries.js';
import { SCAN_MESSAGES, type ScanResult } from '#shared/copies';

/** The counts a verification shows, from its counters. */
export interface VerificationCounts {
  expected: number;
  expected_shelf: number;
  expected_away: number;
  seen: number;
  not_seen: number;
  seen_away: number;
  unexpected: number;
  scans: number;
}

type Counters = Pick<StockVerificationRow, 'expected' | 'expected_shelf' | 'expected_away' | 'seen' | 'seen_shelf' | 'seen_away' | 'unexpected' | 'scans'>;

/** The counts from the counters: not seen = copies expected on the shelf that no scan has seen. */
export const countsOf = (row: Counters): VerificationCounts => ({
  expected: Number(row.expected),
  expected_shelf: Number(row.expected_shelf),
  expected_away: Number(row.expected_away),
  seen: Number(row.seen),
  not_seen: Number(row.expected_shelf) - Number(row.seen_shelf),
  seen_away: Number(row.seen_away),
  unexpected: Number(row.unexpected),
  scans: Number(row.scans),
});

/** The copy a scan names, as the answer shows it. */
export interface ScanCopyView {
  id: number;
  accession_no: string;
  barcode: string;
  title: string;
  shelf_location: string | null;
}

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function sessionView(row: VerificationViewRow, scans: Awaited<ReturnType<typeof recentScans>>) {
  return {
    id: row.id,
    name: row.name,
    filters: {
      department: row.department_id === null ? null : { id: row.department_id, name: row.department_name ?? '' },
      category: row.category_id === null ? null : { id: row.category_id, name: row.category_name ?? '' },
      shelf: row.shelf,
    },
    status: row.status,
    opened_at: row.opened_at,
    opened_by: person(row.opened_by, row.opened_by_name),
    closed_at: row.closed_at,
    closed_by: person(row.closed_by, row.closed_by_name),
    missing_marked_at: row.missing_marked_at,
    missing_marked_count: Number(row.missing_marked_count),
    counts: countsOf(row),
    recent_scans: scans.map((scan) => ({
      id: scan.id,
      at: scan.at,
      barcode: scan.barcode,
      result: scan.result,
      message: SCAN_MESSAGES[scan.result as ScanResult] ?? '',
      copy:
        scan.copy_id === null
          ? null
          : { id: scan.copy_id, accession_no: scan.accession_no!, barcode: scan.copy_barcode!, title: scan.title ?? '', shelf_location: scan.shelf_location },
    })),
  };
}

export type SessionView = ReturnType<typeof sessionView>;

/** The verification with this id as answered, or undefined. */
export async function readSessionView(db: Db, id: number): Promise<SessionView | undefined> {
  const row = await verificationRows(db).where('v.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return sessionView(row, await recentScans(db, id));
}

/** A page of verifications, newest first (each with its latest scans). */
export async function listSessionViews(db: Db, offset: number, limit: number): Promise<{ count: number; results: SessionView[] }> {
  const { n } = await db.selectFrom('stock_verifications').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await verificationRows(db).orderBy('v.opened_at', 'desc').orderBy('v.id', 'desc').offset(offset).limit(limit).execute();
  const results: SessionView[] = [];
  for (const row of rows) results.push(sessionView(row, await recentScans(db, row.id)));
  return { count: Number(n), results };
}

/** The counts of the verification with this id (one row read), or undefined. */
export async function readCounts(db: Db, id: number): Promise<VerificationCounts | undefined> {
  const row = await db
    .selectFrom('stock_verifications')
    .select(['expected', 'expected_shelf', 'expected_away', 'seen', 'seen_shelf', 'seen_away', 'unexpected', 'scans'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && countsOf(row);
}

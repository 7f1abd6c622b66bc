/**
 * Table types of stock verification (migration 0016): a verification with its filters and running
 * counters, the copies it expects (frozen when it opens) and every scan. Part of `Database` in `schema.ts`.
 */
import type { Generated, Selectable } from 'kysely';

export type VerificationStatus = 'OPEN' | 'CLOSED';
/** Where a copy was expected when the verification opened: on the shelf, or away (on loan or held). */
export type ExpectedPlace = 'SHELF' | 'AWAY';

export interface StockVerificationsTable {
  id: Generated<number>;
  name: string;
  department_id: number | null;
  category_id: number | null;
  shelf: string | null;
  status: Generated<VerificationStatus>;
  opened_by: number | null;
  opened_at: string;
  closed_by: number | null;
  closed_at: string | null;
  missing_marked_at: string | null;
  missing_marked_count: Generated<number>;
  /** Running counters, written in each scan's transaction. */
  expected: Generated<number>;
  expected_shelf: Generated<number>;
  expected_away: Generated<number>;
  seen: Generated<number>;
  /** Copies expected on the shelf and seen (not seen on the shelf = expected_shelf − seen_shelf). */
  seen_shelf: Generated<number>;
  /** Expected copies seen while the register says they are on loan or held. */
  seen_away: Generated<number>;
  /** Copies (and unknown barcodes) scanned that the verification did not expect, each counted once. */
  unexpected: Generated<number>;
  scans: Generated<number>;
}

export interface StockVerificationItemsTable {
  id: Generated<number>;
  verification_id: number;
  copy_id: number;
  expected: ExpectedPlace;
  /** The copy's shelf when the verification opened. */
  shelf: string | null;
  seen_at: string | null;
  /** The result of the scan that saw it. */
  seen_result: string | null;
}

export interface StockVerificationScansTable {
  id: Generated<number>;
  verification_id: number;
  barcode: string;
  copy_id: number | null;
  result: string;
  /** 1 on the first scan of a copy (or unknown barcode) the verification did not expect. */
  unexpected: Generated<number>;
  scanned_by: number | null;
  at: string;
}

export type StockVerificationRow = Selectable<StockVerificationsTable>;

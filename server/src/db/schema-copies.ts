/**
 * Table types of the accession register (migration 0015): one row per physical copy, and the
 * status changes made to copies outside a loan or a hold. Part of `Database` in `schema.ts`.
 */
import type { Generated, Selectable } from 'kysely';
import type { CopySource, CopyStatus } from '#shared/copies';

export interface CopiesTable {
  id: Generated<number>;
  book_id: number;
  /** The copy's ordinal within its title (copy 1, 2, …), never reused. */
  copy_no: number;
  /** Unique; the library's sequence (prefix + number) or an imported number kept as given. */
  accession_no: string;
  /** Unique; the accession number unless set otherwise. */
  barcode: string;
  call_number: string | null;
  shelf_location: string | null;
  /** YYYY-MM-DD. */
  acquired_on: string | null;
  source: CopySource | null;
  /** Minor units; null = the book's price. */
  price: number | null;
  condition_note: string | null;
  status: Generated<CopyStatus>;
  status_reason: string | null;
  status_changed_at: string | null;
  /** YYYY-MM-DD, when WITHDRAWN. */
  withdrawn_on: string | null;
  created_at: string;
  updated_at: string;
}

/** One status change of a copy made outside a loan or a hold (staff, a return as lost, stock verification). */
export interface CopyEventsTable {
  id: Generated<number>;
  copy_id: number;
  from_status: CopyStatus | null;
  to_status: CopyStatus;
  reason: string | null;
  user_id: number | null;
  created_at: string;
}

export type CopyRow = Selectable<CopiesTable>;

/**
 * What stock verification reads: a copy by what was scanned (barcode, then accession number, then
 * either ignoring case, each from an index), a verification with its filters' names and who opened
 * and closed it, its latest scans, and the report's groups and shelves (a page at a time, or in
 * chunks by id for the CSV file).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';
import { displayNameSql } from '../../db/person-name.js';
import { findCopyByCode } from '../copies/queries.js';
import { SEEN_AWAY_RESULTS } from './results.js';
import type { CopyStatus, StockReportGroup } from '#shared/copies';

/** A scanned copy with what the scan answer names. */
export interface ScannedCopy {
  id: number;
  book_id: number;
  status: CopyStatus;
  accession_no: string;
  barcode: string;
  shelf_location: string | null;
  title: string;
  department_id: number | null;
  category_id: number | null;
}

const copyWithTitle = (db: Db) =>
  db
    .selectFrom('copies as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.id', 'c.book_id', 'c.status', 'c.accession_no', 'c.barcode', 'c.shelf_location', 'b.title', 'b.department_id', 'b.category_id']);

/** The copy whose barcode or accession number is `code` (the copies module's one lookup), with its title. */
export async function findScannedCopy(db: Db, code: string): Promise<ScannedCopy | undefined> {
  const id = await findCopyByCode(db, code);
  return id === undefined ? undefined : copyWithTitle(db).where('c.id', '=', id).executeTakeFirst();
}

/** A verification row with the names its answer shows. */
export const verificationRows = (db: Db) =>
  db
    .selectFrom('stock_verifications as v')
    .leftJoin('departments as d', 'd.id', 'v.department_id')
    .leftJoin('categories as k', 'k.id', 'v.category_id')
    .leftJoin('users as o', 'o.id', 'v.opened_by')
    .leftJoin('users as x', 'x.id', 'v.closed_by')
    .selectAll('v')
    .select([
      'd.name as department_name',
      'k.name as category_name',
      sql<string | null>`case when o.id is null then null else ${displayNameSql('o')} end`.as('opened_by_name'),
      sql<string | null>`case when x.id is null then null else ${displayNameSql('x')} end`.as('closed_by_name'),
    ]);

export type VerificationViewRow = Awaited<ReturnType<ReturnType<typeof verificationRows>['executeTakeFirstOrThrow']>>;

/** The latest scans of a verification, newest first. */
export function recentScans(db: Db, verificationId: number, limit = 20) {
  return db
    .selectFrom('stock_verification_scans as s')
    .leftJoin('copies as c', 'c.id', 's.copy_id')
    .leftJoin('books as b', 'b.id', 'c.book_id')
    .select(['s.id', 's.at', 's.barcode', 's.result', 'c.id as copy_id', 'c.accession_no', 'c.barcode as copy_barcode', 'b.title', 'c.shelf_location'])
    .where('s.verification_id', '=', verificationId)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

/** A row of the report: the copy (null parts for an unknown barcode) and what its scan answered. */
export interface ReportRow {
  copy_id: number | null;
  accession_no: string | null;
  barcode: string;
  title: string | null;
  call_number: string | null;
  shelf_location: string | null;
  status: CopyStatus | null;
  result: string | null;
}

/** The rows of a group, in the order they were expected (shelf, then accession number) or scanned. */
function groupRows(db: Db, verificationId: number, group: StockReportGroup) {
  const rows = db
    .selectFrom('stock_verification_items as r')
    .innerJoin('copies as c', 'c.id', 'r.copy_id')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['r.id as row_id', 'c.id as copy_id', 'c.accession_no', 'c.barcode', 'b.title', 'c.call_number', 'c.shelf_location', 'c.status', 'r.seen_result as result'])
    .where('r.verification_id', '=', verificationId);
  if (group === 'unexpected') {
    const scans = db
      .selectFrom('stock_verification_scans as r')
      .leftJoin('copies as c', 'c.id', 'r.copy_id')
      .leftJoin('books as b', 'b.id', 'c.book_id')
      .select(['r.id as row_id', 'c.id as copy_id', 'c.accession_no', sql<string>`coalesce(c.barcode, r.barcode)`.as('barcode'), 'b.title', 'c.call_number', 'c.shelf_location', 'c.status', 'r.result'])
      .where('r.verification_id', '=', verificationId)
      .where('r.unexpected', '=', 1);
    // The same columns under the same aliases (r: the group's rows, ordered and paged by r.id).
    return scans as unknown as typeof rows;
  }
  return group === 'not_seen' ? rows.where('r.expected', '=', 'SHELF').where('r.seen_at', 'is', null) : rows.where('r.seen_result', 'in', [...SEEN_AWAY_RESULTS]);
}

const withoutRowId = ({ row_id: _rowId, ...row }: ReportRow & { row_id: number }): ReportRow => row;

/** One page of a group. */
export async function groupPage(db: Db, verificationId: number, group: StockReportGroup, offset: number, limit: number): Promise<ReportRow[]> {
  const rows = await groupRows(db, verificationId, group).orderBy('r.id').offset(offset).limit(limit).execute();
  return rows.map((row) => withoutRowId(row as ReportRow & { row_id: number }));
}

/** A group in chunks of `size` rows, by row id (the CSV file: never the whole group in memory). */
export async function* groupChunks(db: Db, verificationId: number, group: StockReportGroup, size = 1000): AsyncGenerator<ReportRow[]> {
  let after = 0;
  for (;;) {
    const rows = (await groupRows(db, verificationId, group).where('r.id', '>', after).orderBy('r.id').limit(size).execute()) as Array<ReportRow & { row_id: number }>;
    if (rows.length === 0) return;
    yield rows.map(withoutRowId);
    after = rows.at(-1)!.row_id;
    if (rows.length < size) return;
  }
}

/** Copies expected on the shelf, seen and not, by the shelf they were on when the verification opened. */
export async function shelfCounts(db: Db, verificationId: number): Promise<Array<{ shelf: string | null; expected: number; seen: number; not_seen: number }>> {
  const rows = await db
    .selectFrom('stock_verification_items')
    .select([
      'shelf',
      (eb) => eb.fn.countAll<number | string>().as('expected'),
      sql<number | string>`sum(case when seen_at is null then 0 else 1 end)`.as('seen'),
    ])
    .where('verification_id', '=', verificationId)
    .where('expected', '=', 'SHELF')
    .groupBy('shelf')
    .orderBy(sql`case when shelf is null then 1 else 0 end`)
    .orderBy('shelf')
    .execute();
  return rows.map((row) => ({ shelf: row.shelf, expected: Number(row.expected), seen: Number(row.seen), not_seen: Number(row.expected) - Number(row.seen) }));
}

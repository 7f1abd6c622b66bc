/**
 * Stock verification: a verification freezes the copies it expects when it opens (one INSERT …
 * SELECT: copies of the titles matching its department and category, on its shelf, leaving out
 * copies lost, missing or withdrawn; copies on loan or held are expected AWAY, the rest on the
 * SHELF), is scanned (`scan.ts`), closed, reported on, and once closed its unseen copies still on
 * the shelf can be marked missing in one audited action. Copy statuses change only through
 * `copies/stock.ts`.
 */
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import { ApiError, FieldErrorList, notFound } from '../../errors.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { toCsvRows } from '#shared/csv';
import { formatCount } from '#shared/numbers';
import { recordAudit } from '../audit/service.js';
import { moveCopiesInBulk } from '../copies/stock.js';
import { groupChunks, groupPage, shelfCounts, type ReportRow } from './queries.js';
import type { StockReportGroup } from '#shared/copies';
import { STOCK_MESSAGES } from './results.js';
import type { OpenInput, PageInput } from './schemas.js';
import { listSessionViews, readCounts, readSessionView, type SessionView } from './views.js';

export { scanCopy } from './scan.js';

const conflict = (detail: string): ApiError => new ApiError(409, { detail });

async function mustExist(db: Db, table: 'departments' | 'categories', id: number | null, field: string, errors: FieldErrorList): Promise<void> {
  if (id === null) return;
  if (!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())) errors.add(field, `Invalid pk "${id}" - object does not exist.`);
}

/** Opens a verification and freezes the copies it expects; audited. */
export async function openVerification(ctx: AppContext, user: AuthUser, input: OpenInput): Promise<SessionView> {
  const errors = new FieldErrorList();
  await mustExist(ctx.db, 'departments', input.department, 'department', errors);
  await mustExist(ctx.db, 'categories', input.category, 'category', errors);
  errors.throwIfAny();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('stock_verifications')
      .values({ name: input.name, department_id: input.department, category_id: input.category, shelf: input.shelf, opened_by: user.id, opened_at: now, closed_by: null, closed_at: null, missing_marked_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    let expected = trx
      .selectFrom('copies as c')
      .innerJoin('books as b', 'b.id', 'c.book_id')
      .select([
        sql<number>`cast(${id} as integer)`.as('verification_id'),
        'c.id as copy_id',
        sql<'SHELF' | 'AWAY'>`case when c.status in ('ON_LOAN', 'ON_HOLD') then 'AWAY' else 'SHELF' end`.as('expected'),
        'c.shelf_location as shelf',
      ])
      .where('c.status', 'not in', ['LOST', 'MISSING', 'WITHDRAWN']);
    if (input.department !== null) expected = expected.where('b.department_id', '=', input.department);
    if (input.category !== null) expected = expected.where('b.category_id', '=', input.category);
    if (input.shelf !== null) expected = expected.where('c.shelf_location', '=', input.shelf);
    // Items take ids in shelf and accession order: the report lists them in that order by id.
    await trx.insertInto('stock_verification_items').columns(['verification_id', 'copy_id', 'expected', 'shelf']).expression(expected.orderBy('c.shelf_location').orderBy('c.accession_no')).execute();
    const counts = await trx
      .selectFrom('stock_verification_items')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('expected'),
        sql<number | string>`coalesce(sum(case when expected = 'SHELF' then 1 else 0 end), 0)`.as('shelf'),
      ])
      .where('verification_id', '=', id)
      .executeTakeFirstOrThrow();
    const total = Number(counts.expected);
    const shelf = Number(counts.shelf);
    await trx.updateTable('stock_verifications').set({ expected: total, expected_shelf: shelf, expected_away: total - shelf }).where('id', '=', id).execute();
    await recordAudit(trx, { userId: user.id, action: 'STOCK_VERIFICATION_OPENED', entity: 'stock_verification', entityId: id, after: { ...input, expected: total } });
    return id;
  });
  return (await readSessionView(ctx.db, id))!;
}

/** The verification with this id (404 otherwise). */
export async function readVerification(ctx: AppContext, id: number): Promise<SessionView> {
  const view = await readSessionView(ctx.db, id);
  if (!view) throw notFound();
  return view;
}

/** A page of verifications, newest first. */
export async function listVerifications(ctx: AppContext, page: PageInput): Promise<{ count: number; results: SessionView[] }> {
  return listSessionViews(ctx.db, (page.page - 1) * page.pageSize, page.pageSize);
}

async function statusOf(db: Db, id: number) {
  const row = await db.selectFrom('stock_verifications').select(['id', 'name', 'status', 'missing_marked_at']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Closes an open verification (409 when already closed); audited. */
export async function closeVerification(ctx: AppContext, user: AuthUser, id: number): Promise<SessionView> {
  await ctx.db.transaction().execute(async (trx) => {
    await statusOf(trx, id);
    const now = nowIso();
    const closed = await trx.updateTable('stock_verifications').set({ status: 'CLOSED', closed_by: user.id, closed_at: now }).where('id', '=', id).where('status', '=', 'OPEN').executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) throw conflict(STOCK_MESSAGES.alreadyClosed);
    await recordAudit(trx, { userId: user.id, action: 'STOCK_VERIFICATION_CLOSED', entity: 'stock_verification', entityId: id, before: { status: 'OPEN' }, after: { status: 'CLOSED' } });
  });
  return readVerification(ctx, id);
}

/**
 * Marks missing every copy expected on the shelf, not seen, and still AVAILABLE, once per closed
 * verification (409 while open or the second time): set-based, one audit entry.
 */
export async function markMissing(ctx: AppContext, user: AuthUser, id: number): Promise<{ detail: string; marked: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const verification = await statusOf(trx, id);
    if (verification.status !== 'CLOSED') throw conflict(STOCK_MESSAGES.notClosed);
    const now = nowIso();
    const claimed = await trx.updateTable('stock_verifications').set({ missing_marked_at: now }).where('id', '=', id).where('missing_marked_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw conflict(STOCK_MESSAGES.alreadyMarked);
    const unseen = trx.selectFrom('stock_verification_items').select('copy_id').where('verification_id', '=', id).where('expected', '=', 'SHELF').where('seen_at', 'is', null);
    const reason = STOCK_MESSAGES.missingReason(verification.name);
    const marked = await moveCopiesInBulk(trx, unseen, 'AVAILABLE', 'MISSING', { reason, actorId: user.id });
    await trx.updateTable('stock_verifications').set({ missing_marked_count: marked }).where('id', '=', id).execute();
    await recordAudit(trx, { userId: user.id, action: 'STOCK_VERIFICATION_MISSING_MARKED', entity: 'stock_verification', entityId: id, after: { marked, reason } });
    return { detail: STOCK_MESSAGES.marked(marked), marked };
  });
}

/** A page of one of the report's groups (404 for an unknown verification or page). */
export async function reportPage(ctx: AppContext, id: number, query: PageInput & { group: StockReportGroup }): Promise<{ count: number; results: ReportRow[] }> {
  const counts = await readCounts(ctx.db, id);
  if (!counts) throw notFound();
  // Each group's size is one of the running counters: no rows are counted.
  const count = counts[query.group];
  const offset = (query.page - 1) * query.pageSize;
  if (offset > 0 && offset >= count) throw notFound('Invalid page.');
  return { count, results: await groupPage(ctx.db, id, query.group, offset, query.pageSize) };
}

/** Copies expected on the shelf, seen and not seen, by shelf. */
export async function reportShelves(ctx: AppContext, id: number) {
  await statusOf(ctx.db, id);
  return { results: await shelfCounts(ctx.db, id) };
}

/** The most rows a CSV file of a group holds; a last line says when it stopped there. */
export const STOCK_EXPORT_MAX_ROWS = 200_000;

const CSV_COLUMNS: ReadonlyArray<readonly [keyof ReportRow, string]> = [
  ['accession_no', 'Accession number'],
  ['barcode', 'Barcode'],
  ['title', 'Title'],
  ['call_number', 'Call number'],
  ['shelf_location', 'Shelf'],
  ['status', 'Status'],
  ['result', 'Result'],
];

/** A group as a CSV file, a chunk at a time (every cell neutralised against formulas). */
export async function reportExport(ctx: AppContext, id: number, group: StockReportGroup, max = STOCK_EXPORT_MAX_ROWS): Promise<{ fileName: string; parts: AsyncGenerator<string> }> {
  await statusOf(ctx.db, id);
  async function* parts(): AsyncGenerator<string> {
    yield `${toCsvRows([CSV_COLUMNS.map(([, label]) => label)])}\r\n`;
    let written = 0;
    for await (const chunk of groupChunks(ctx.db, id, group)) {
      const rows = chunk.slice(0, max - written);
      if (rows.length > 0) yield `${toCsvRows(rows.map((row) => CSV_COLUMNS.map(([key]) => (row[key] === null ? '' : String(row[key])))))}\r\n`;
      written += rows.length;
      if (chunk.length > rows.length) {
        yield `${toCsvRows([[`The export stopped at ${formatCount(max)} rows.`]])}\r\n`;
        return;
      }
    }
  }
  return { fileName: `stock-verification-${id}-${group}.csv`, parts: parts() };
}

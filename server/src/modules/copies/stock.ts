/**
 * The one home of a copy's status and of a title's counts. Every change of a copy's status goes
 * through `moveCopy` (a conditional update: of two desks racing for one copy, one hears false),
 * `takeShelfCopy` or `addCopies`, and each then recounts the title: `total_copies` = copies not
 * withdrawn, lost or missing; `available_copies` = copies AVAILABLE (the original contract's two
 * counters, now derived from the copies in the same transaction). Status changes made outside a
 * loan or a hold are kept in `copy_events` for the copy's history. Callers audit.
 */
import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import { dialectOfDb, type Dialect } from '../../db/connection.js';
import type { CopyRow, Database, Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { OUT_OF_STOCK, type CopySource, type CopyStatus } from '#shared/copies';
import { allocateAccessionNumbers } from './accession.js';

/**
 * On PostgreSQL, takes the catalogue's version row: the lock every writer of books holds to its
 * commit (a trigger on books bumps it). A transaction that will move copies takes it FIRST, before
 * any copy, loan or member row, so two desks never each hold a row the other waits for (an issue
 * holding its copy while waiting for this row, and a return holding this row while waiting for that
 * copy, deadlocked); and a title's count is read only once the copies moved before it are committed.
 * Taking it again in the same transaction costs nothing. SQLite writes one transaction at a time.
 */
export async function lockCopyCounts(trx: Db): Promise<void> {
  if (dialectOfDb(trx) === 'postgres') await trx.selectFrom('catalogue_version').select('id').where('id', '=', 1).forUpdate().execute();
}

/** Recounts a title's `total_copies` and `available_copies` from its copies; answers them. */
export async function syncBookCounts(trx: Db, bookId: number): Promise<{ total_copies: number; available_copies: number }> {
  await lockCopyCounts(trx);
  const counts = await trx
    .selectFrom('copies')
    .select([
      sql<number>`coalesce(sum(case when status not in (${sql.join(OUT_OF_STOCK)}) then 1 else 0 end), 0)`.as('total'),
      sql<number>`coalesce(sum(case when status = 'AVAILABLE' then 1 else 0 end), 0)`.as('available'),
    ])
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  const total = Number(counts.total);
  const available = Number(counts.available);
  await trx
    .updateTable('books')
    .set({ total_copies: total, available_copies: available, updated_at: nowIso() })
    .where('id', '=', bookId)
    .where((eb) => eb.or([eb('total_copies', '<>', total), eb('available_copies', '<>', available)]))
    .execute();
  return { total_copies: total, available_copies: available };
}

/** What a copy's details say (new or edited); each absent (undefined) when not given, null when cleared. */
export interface CopyDetails {
  call_number?: string | null;
  shelf_location?: string | null;
  acquired_on?: string | null;
  source?: CopySource | null;
  price?: number | null;
  condition_note?: string | null;
}

/** What a new copy may say about itself; everything is optional (the accession number comes from the sequence). */
export interface CopySpec extends CopyDetails {
  accession_no?: string;
  barcode?: string;
}

/**
 * Adds copies to a title, AVAILABLE: numbers given are kept as given, the others take the next
 * accession numbers; the barcode is the accession number unless given. A taken number or barcode
 * fails with the database's unique violation (the caller names the field). Answers the new rows.
 */
export async function addCopies(trx: Db, bookId: number, specs: readonly CopySpec[]): Promise<CopyRow[]> {
  if (specs.length === 0) return [];
  await lockCopyCounts(trx);
  const rows = await newCopyRows(trx, [{ bookId, specs }]);
  const inserted: CopyRow[] = [];
  // Bounded batches keep each statement under both databases' parameter limits.
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    inserted.push(...(await trx.insertInto('copies').values(rows.slice(i, i + INSERT_CHUNK)).returningAll().execute()));
  }
  await syncBookCounts(trx, bookId);
  return inserted;
}

/** Copy rows per insert: 13 values each stays under both databases' parameter limits. */
const INSERT_CHUNK = 500;

/** The rows of new copies of several titles: numbers given kept, the rest from the sequence, copy numbers after each title's last. */
async function newCopyRows(trx: Db, entries: readonly { bookId: number; specs: readonly CopySpec[] }[]) {
  const given = new Set(entries.flatMap((entry) => entry.specs.flatMap((spec) => (spec.accession_no ? [spec.accession_no] : []))));
  const wanted = entries.reduce((n, entry) => n + entry.specs.filter((spec) => !spec.accession_no).length, 0);
  const fresh = await allocateAccessionNumbers(trx, wanted, given);
  const lastNo = new Map<number, number>();
  const bookIds = [...new Set(entries.map((entry) => entry.bookId))];
  for (let i = 0; i < bookIds.length; i += INSERT_CHUNK) {
    const last = await trx
      .selectFrom('copies')
      .select(['book_id', (eb) => eb.fn.max('copy_no').as('n')])
      .where('book_id', 'in', bookIds.slice(i, i + INSERT_CHUNK))
      .groupBy('book_id')
      .execute();
    for (const row of last) lastNo.set(row.book_id, Number(row.n));
  }
  const now = nowIso();
  let next = 0;
  return entries.flatMap(({ bookId, specs }) =>
    specs.map((spec) => {
      const accession = spec.accession_no ?? fresh[next++]!;
      const copyNo = (lastNo.get(bookId) ?? 0) + 1;
      lastNo.set(bookId, copyNo);
      return {
        book_id: bookId,
        copy_no: copyNo,
        accession_no: accession,
        barcode: spec.barcode ?? accession,
        call_number: spec.call_number ?? null,
        shelf_location: spec.shelf_location ?? null,
        acquired_on: spec.acquired_on ?? null,
        source: spec.source ?? null,
        price: spec.price ?? null,
        condition_note: spec.condition_note ?? null,
        status: 'AVAILABLE' as const,
        created_at: now,
        updated_at: now,
      };
    }),
  );
}

/**
 * Adds the copies of many titles at once (a CSV import's batch): one allocation from the sequence,
 * multi-row inserts, then one recount per chunk of titles. Answers how many copies were added.
 */
export async function addCopiesToTitles(trx: Db, entries: readonly { bookId: number; specs: readonly CopySpec[] }[]): Promise<number> {
  const rows = await newCopyRows(trx, entries);
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.executeQuery(insertStatement(dialectOfDb(trx), rows.slice(i, i + INSERT_CHUNK)));
  await syncTitlesCounts(trx, entries.map((entry) => entry.bookId));
  return rows.length;
}

/**
 * A multi-row insert of new copies written directly: the query builder spends longer building a
 * 500-row statement than the database spends running it (the CSV import's batches).
 */
function insertStatement(dialect: Dialect, rows: readonly Awaited<ReturnType<typeof newCopyRows>>[number][]): CompiledQuery {
  const columns = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
  let n = 0;
  const placeholder = dialect === 'postgres' ? (): string => `$${++n}` : (): string => '?';
  const tuples = rows.map(() => `(${columns.map(placeholder).join(', ')})`).join(', ');
  return CompiledQuery.raw(`insert into copies (${columns.join(', ')}) values ${tuples}`, rows.flatMap((row) => columns.map((column) => row[column])));
}

/** `syncBookCounts` for many titles, set-based: one statement per chunk of titles. */
export async function syncTitlesCounts(trx: Db, bookIds: readonly number[]): Promise<void> {
  const ids = [...new Set(bookIds)];
  const inStock = sql<number>`(select count(*) from copies c where c.book_id = books.id and c.status not in (${sql.join(OUT_OF_STOCK)}))`;
  const available = sql<number>`(select count(*) from copies c where c.book_id = books.id and c.status = 'AVAILABLE')`;
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await trx
      .updateTable('books')
      .set({ total_copies: inStock, available_copies: available, updated_at: nowIso() })
      .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/**
 * Withdraws `count` AVAILABLE copies of a title, highest copy number first (a lowered total).
 * Answers the copies withdrawn (as they were); fewer than `count` when the shelf has fewer.
 */
export async function withdrawShelfCopies(trx: Db, bookId: number, count: number, options: Required<Pick<MoveOptions, 'reason' | 'actorId' | 'withdrawnOn'>>): Promise<CopyRow[]> {
  const picked = await trx.selectFrom('copies').select('id').where('book_id', '=', bookId).where('status', '=', 'AVAILABLE').orderBy('copy_no', 'desc').limit(count).execute();
  const withdrawn: CopyRow[] = [];
  for (const { id } of picked) {
    const moved = await moveCopy(trx, id, ['AVAILABLE'], 'WITHDRAWN', options);
    if (moved) withdrawn.push(moved);
  }
  return withdrawn;
}

/** How a status change is recorded: its reason and who made it; `event` false for loans and holds (their own tables keep them). */
export interface MoveOptions {
  reason?: string | null;
  actorId?: number | null;
  event?: boolean;
  /** YYYY-MM-DD: the withdrawal date when moving to WITHDRAWN (default: the caller's today, required then). */
  withdrawnOn?: string | null;
}

/**
 * Moves one copy from one of `from` to `to` with one conditional update, then recounts its title.
 * Answers the copy as it was before, or undefined when it was not in `from` (someone else moved it
 * first): nothing is written then.
 */
export async function moveCopy(trx: Db, copyId: number, from: readonly CopyStatus[], to: CopyStatus, options: MoveOptions = {}): Promise<CopyRow | undefined> {
  await lockCopyCounts(trx);
  const before = await trx.selectFrom('copies').selectAll().where('id', '=', copyId).executeTakeFirst();
  if (!before || !from.includes(before.status)) return undefined;
  const now = nowIso();
  const moved = await trx
    .updateTable('copies')
    .set({
      status: to,
      status_reason: options.event === false ? before.status_reason : (options.reason ?? null),
      status_changed_at: now,
      withdrawn_on: to === 'WITHDRAWN' ? (options.withdrawnOn ?? now.slice(0, 10)) : null,
      updated_at: now,
    })
    .where('id', '=', copyId)
    .where('status', '=', before.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return undefined;
  if (options.event !== false) {
    await trx.insertInto('copy_events').values({ copy_id: copyId, from_status: before.status, to_status: to, reason: options.reason ?? null, user_id: options.actorId ?? null, created_at: now }).execute();
  }
  await syncBookCounts(trx, before.book_id);
  return before;
}

/**
 * Takes a copy of a title off the shelf (AVAILABLE → `to`, ON_LOAN by default): the given copy, or
 * the available copy with the lowest copy number. Two desks racing for the last copy: one gets it,
 * the other undefined. Answers the copy as it was.
 */
export async function takeShelfCopy(trx: Db, bookId: number, options: { copyId?: number; to?: CopyStatus } = {}): Promise<CopyRow | undefined> {
  const to = options.to ?? 'ON_LOAN';
  if (options.copyId !== undefined) return moveCopy(trx, options.copyId, ['AVAILABLE'], to, { event: false });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = await trx.selectFrom('copies').select('id').where('book_id', '=', bookId).where('status', '=', 'AVAILABLE').orderBy('copy_no').limit(1).executeTakeFirst();
    if (!candidate) return undefined;
    const taken = await moveCopy(trx, candidate.id, ['AVAILABLE'], to, { event: false });
    if (taken) return taken;
  }
  return undefined;
}

/**
 * Moves every copy `copyIds` names that is in `from` to `to` with three set-based statements (the
 * update, the copies' events, their titles' recount), for thousands of copies at once (stock
 * verification's "mark missing"). Copies no longer in `from` are left alone. Answers how many moved.
 */
export async function moveCopiesInBulk(
  trx: Db,
  copyIds: SelectQueryBuilder<Database, keyof Database, { copy_id: number }>,
  from: CopyStatus,
  to: CopyStatus,
  options: Omit<MoveOptions, 'event' | 'withdrawnOn'> = {},
): Promise<number> {
  const now = nowIso();
  const moved = await trx
    .updateTable('copies')
    .set({ status: to, status_reason: options.reason ?? null, status_changed_at: now, withdrawn_on: to === 'WITHDRAWN' ? now.slice(0, 10) : null, updated_at: now })
    .where('id', 'in', copyIds)
    .where('status', '=', from)
    .executeTakeFirst();
  const count = Number(moved.numUpdatedRows);
  if (count === 0) return 0;
  // The copies just moved: in the set, in `to`, changed at this very moment.
  const justMoved = trx.selectFrom('copies').where('id', 'in', copyIds).where('status', '=', to).where('status_changed_at', '=', now);
  await trx
    .insertInto('copy_events')
    .columns(['copy_id', 'from_status', 'to_status', 'reason', 'user_id', 'created_at'])
    .expression(
      justMoved.select([
        'id',
        sql<CopyStatus>`cast(${from} as text)`.as('from_status'),
        sql<CopyStatus>`cast(${to} as text)`.as('to_status'),
        sql<string | null>`cast(${options.reason ?? null} as text)`.as('reason'),
        sql<number | null>`cast(${options.actorId ?? null} as integer)`.as('user_id'),
        sql<string>`cast(${now} as text)`.as('created_at'),
      ]),
    )
    .execute();
  await sql`
    update books set
      total_copies = (select count(*) from copies c where c.book_id = books.id and c.status not in (${sql.join(OUT_OF_STOCK)})),
      available_copies = (select count(*) from copies c where c.book_id = books.id and c.status = 'AVAILABLE'),
      updated_at = ${now}
    where id in (${justMoved.select('book_id')})`.execute(trx);
  return count;
}

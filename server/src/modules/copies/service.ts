/**
 * The copy calls' rules: adding copies to a title, editing a copy and changing its status by hand
 * (only the changes `manualChangeAllowed` lists, a reason where `REASON_REQUIRED` asks one, a
 * withdrawal dated the library's today), the scan lookup, the lists and a copy's history; and the
 * stock changes the book calls make (a new title's copies, a raised or lowered total). Every
 * status change goes through stock.ts; every change is audited in its transaction. A taken
 * accession number or barcode (any case: a scan finds codes in any case) is refused on its field
 * with nothing written.
 */
import { sql } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { CopyRow, Db } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/values.js';
import { ValidationError, notFound } from '../../errors.js';
import { readLibraryToday } from '../../lib/library-clock.js';
import { recordAudit } from '../audit/service.js';
import { COPY_MESSAGES, manualChangeAllowed, REASON_REQUIRED, type CopyStatus } from '#shared/copies';
import { todayIn } from '#shared/dates';
import { addCopies, moveCopy, syncBookCounts, withdrawShelfCopies, type CopyDetails, type CopySpec } from './stock.js';
import { bookCopies, copyHistory, copyView, copyViews, findCopyByCode, listCopies, type CopyView, type HistoryEntry } from './queries.js';
import { isCode, type AddCopiesInput, type CopyEdit, type CopyListQuery, type CopyPageRequest } from './schemas.js';

/** The library's zone and today. */
async function libraryDay(db: Db): Promise<{ timezone: string; today: string }> {
  const row = await db.selectFrom('library_settings').select('timezone').orderBy('id').executeTakeFirst();
  const timezone = row?.timezone ?? 'UTC';
  return { timezone, today: todayIn(timezone) };
}

async function bookOrNotFound(db: Db, bookId: number): Promise<{ id: number; shelf_location: string | null; total_copies: number; available_copies: number }> {
  const book = await db.selectFrom('books').select(['id', 'shelf_location', 'total_copies', 'available_copies']).where('id', '=', bookId).executeTakeFirst();
  if (!book) throw notFound();
  return book;
}

/** Which of these codes a copy (other than `exceptId`) already holds as accession number or barcode, in any case. */
async function codesTaken(db: Db, codes: readonly string[], exceptId?: number): Promise<boolean> {
  const lowered = [...new Set(codes.map((code) => code.toLowerCase()))];
  for (let i = 0; i < lowered.length; i += 250) {
    const chunk = lowered.slice(i, i + 250);
    let q = db
      .selectFrom('copies')
      .select('id')
      .where((eb) => eb.or([eb(sql`lower(accession_no)`, 'in', chunk), eb(sql`lower(barcode)`, 'in', chunk)]));
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    if (await q.limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/** A taken code's refusal on the field the caller gave it in. */
const takenRefusal = (field: 'accession_numbers' | 'barcode'): ValidationError =>
  ValidationError.field(field, field === 'barcode' ? COPY_MESSAGES.barcodeTaken : COPY_MESSAGES.accessionTaken);

function checkAcquired(details: CopyDetails, today: string): void {
  if (details.acquired_on && details.acquired_on > today) throw ValidationError.field('acquired_on', COPY_MESSAGES.acquiredInFuture);
}

const plural = (n: number): string => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/** Adds copies to a title (add_book): by count from the sequence, or with the numbers given. */
export async function addCopiesToBook(db: Db, user: AuthUser, bookId: number, input: AddCopiesInput): Promise<{ detail: string; results: CopyView[] }> {
  const { today } = await libraryDay(db);
  const book = await bookOrNotFound(db, bookId);
  checkAcquired(input.details, today);
  if (input.accessionNumbers && (await codesTaken(db, input.accessionNumbers))) throw ValidationError.field('accession_numbers', COPY_MESSAGES.accessionTaken);
  const spec: CopySpec = { shelf_location: book.shelf_location, acquired_on: today, ...input.details };
  const specs: CopySpec[] = input.accessionNumbers ? input.accessionNumbers.map((accession_no) => ({ ...spec, accession_no })) : Array.from({ length: input.count }, () => ({ ...spec }));
  let added: CopyRow[];
  try {
    added = await db.transaction().execute(async (trx) => {
      const rows = await addCopies(trx, bookId, specs);
      await recordAudit(trx, { userId: user.id, action: 'COPIES_ADDED', entity: 'book', entityId: bookId, after: { accession_numbers: rows.map((row) => row.accession_no), ...input.details } });
      return rows;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw takenRefusal('accession_numbers');
    throw error;
  }
  return { detail: `${plural(added.length)} added.`, results: await copyViews(db, added.map((row) => row.id), today) };
}

/** One copy's view (404 when there is none). */
export async function readCopy(db: Db, copyId: number): Promise<CopyView> {
  const view = await copyView(db, copyId, (await libraryDay(db)).today);
  if (!view) throw notFound();
  return view;
}

/** A title's copies, a page of them (404 for an unknown title). */
export async function readBookCopies(db: Db, bookId: number, page: CopyPageRequest): Promise<{ count: number; results: CopyView[] }> {
  await bookOrNotFound(db, bookId);
  return bookCopies(db, bookId, page, (await libraryDay(db)).today);
}

/** The copy a scanned code names (404 with the copy message when none does). */
export async function lookupCopy(db: Db, typed: string | undefined): Promise<CopyView> {
  const code = typed?.trim();
  const id = code !== undefined && isCode(code) ? await findCopyByCode(db, code) : undefined;
  const view = id === undefined ? undefined : await copyView(db, id, (await libraryDay(db)).today);
  if (!view) throw notFound(COPY_MESSAGES.notFound);
  return view;
}

/** The accession list with its filters. */
export async function readCopyList(db: Db, query: CopyListQuery): Promise<{ count: number; results: CopyView[] }> {
  const { timezone, today } = await libraryDay(db);
  return listCopies(db, query, timezone, today);
}

/** A copy's history (404 for an unknown copy). */
export async function readCopyHistory(db: Db, copyId: number): Promise<{ results: HistoryEntry[] }> {
  const exists = await db.selectFrom('copies').select('id').where('id', '=', copyId).executeTakeFirst();
  if (!exists) throw notFound();
  return { results: await copyHistory(db, copyId) };
}

/** Edits a copy's details and changes its status by hand (change_book); answers the copy. */
export async function editCopy(db: Db, user: AuthUser, copyId: number, edit: CopyEdit): Promise<CopyView> {
  const { today } = await libraryDay(db);
  const copy = await db.selectFrom('copies').selectAll().where('id', '=', copyId).executeTakeFirst();
  if (!copy) throw notFound();
  checkAcquired(edit.details, today);
  const to = edit.status !== undefined && edit.status !== copy.status ? edit.status : undefined;
  if (to !== undefined) checkTransition(copy.status, to, edit.reason);
  const barcode = edit.barcode !== undefined && edit.barcode !== copy.barcode ? edit.barcode : undefined;
  if (barcode !== undefined && (await codesTaken(db, [barcode], copyId))) throw ValidationError.field('barcode', COPY_MESSAGES.barcodeTaken);
  const changes = { ...edit.details, ...(barcode !== undefined ? { barcode } : {}) };
  try {
    await db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length > 0) {
        await trx.updateTable('copies').set({ ...changes, updated_at: nowIso() }).where('id', '=', copyId).execute();
        const before = Object.fromEntries(Object.keys(changes).map((key) => [key, copy[key as keyof CopyRow]]));
        await recordAudit(trx, { userId: user.id, action: 'COPY_UPDATED', entity: 'copy', entityId: copyId, before, after: changes });
      }
      if (to === undefined) return;
      const moved = await moveCopy(trx, copyId, [copy.status], to, { reason: edit.reason, actorId: user.id, withdrawnOn: today });
      if (!moved) {
        // Someone (a desk, another editor) moved the copy since it was read: done already when it is
        // where this change wanted it, else refused as from where it is now.
        const now = await trx.selectFrom('copies').select('status').where('id', '=', copyId).executeTakeFirstOrThrow();
        if (now.status === to) return;
        throw ValidationError.field('status', COPY_MESSAGES.transition(now.status, to));
      }
      await recordAudit(trx, { userId: user.id, action: 'COPY_STATUS_CHANGED', entity: 'copy', entityId: copyId, before: { status: copy.status }, after: { status: to, reason: edit.reason, book_id: copy.book_id } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw takenRefusal('barcode');
    throw error;
  }
  return readCopy(db, copyId);
}

function checkTransition(from: CopyStatus, to: CopyStatus, reason: string | null): void {
  if (!manualChangeAllowed(from, to)) throw ValidationError.field('status', COPY_MESSAGES.transition(from, to));
  if (REASON_REQUIRED.includes(to) && !reason) throw ValidationError.field('reason', COPY_MESSAGES.reasonRequired);
}

/** What a title's new copies take from the title: its shelf and its entry date. */
export interface TitleCopyDefaults {
  shelfLocation: string | null;
  acquiredOn: string | null;
}

/** A new title's first copies, in the caller's transaction (the book's creation audits them). Answers their accession numbers. */
export async function createTitleCopies(trx: Db, bookId: number, count: number, defaults: TitleCopyDefaults): Promise<string[]> {
  const specs = Array.from({ length: count }, (): CopySpec => ({ shelf_location: defaults.shelfLocation, acquired_on: defaults.acquiredOn }));
  return (await addCopies(trx, bookId, specs)).map((row) => row.accession_no);
}

/** The stock reduction's reason on each copy withdrawn. */
export const STOCK_REDUCED = 'Stock reduced';

/**
 * Brings a title's total to `target` in the caller's transaction: adds copies (the title's shelf,
 * acquired today), or withdraws copies on the shelf, highest copy number first; refuses on
 * `total_copies` when the shelf has too few. Audited as COPIES_ADDED or COPIES_WITHDRAWN.
 */
export async function setTitleTotal(trx: Db, user: AuthUser, bookId: number, target: number, defaults: Pick<TitleCopyDefaults, 'shelfLocation'>): Promise<void> {
  const { total_copies: total, available_copies: available } = await syncBookCounts(trx, bookId);
  if (target === total) return;
  const today = await readLibraryToday(trx);
  if (target > total) {
    const numbers = await createTitleCopies(trx, bookId, target - total, { shelfLocation: defaults.shelfLocation, acquiredOn: today });
    await recordAudit(trx, { userId: user.id, action: 'COPIES_ADDED', entity: 'book', entityId: bookId, after: { accession_numbers: numbers } });
    return;
  }
  const fewer = total - target;
  if (fewer > available) throw ValidationError.field('total_copies', COPY_MESSAGES.shelfTooShort(available, total - available));
  const withdrawn = await withdrawShelfCopies(trx, bookId, fewer, { reason: STOCK_REDUCED, actorId: user.id, withdrawnOn: today });
  if (withdrawn.length < fewer) throw ValidationError.field('total_copies', COPY_MESSAGES.shelfTooShort(available, total - available));
  await recordAudit(trx, { userId: user.id, action: 'COPIES_WITHDRAWN', entity: 'book', entityId: bookId, after: { accession_numbers: withdrawn.map((row) => row.accession_no), reason: STOCK_REDUCED } });
}

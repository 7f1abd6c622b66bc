/**
 * The catalogue's book writes: create, partial update (copies invariant, status with reason,
 * covers and e-book) and password-confirmed delete. Input arrives typed from schemas.ts; the
 * checks that need the database (references that exist, an ISBN not yet taken, copies out) are
 * made here. Every change writes its audit entry in the same transaction; files are saved before
 * and removed after the commit (`replaceFiles`). Reading is in queries.ts.
 */
import type { Updateable } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { BooksTable, Db } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/values.js';
import { readLibraryToday } from '../../lib/library-clock.js';
import { ApiError, notFound, ValidationError } from '../../errors.js';
import { isRowId } from '../../http/validation.js';
import { replaceFiles, type StoredFile } from '../../storage/service.js';
import { verifyPassword } from '../accounts/passwords.js';
import { recordAudit } from '../audit/service.js';
import { CATEGORIES, DEPARTMENTS, LANGUAGES, namedExists, type NamedKind } from '../reference/service.js';
import { MAX_COVERS } from '#shared/book-limits';
import type { AuditAction } from '#shared/audit-actions';
import { createTitleCopies, setTitleTotal } from '../copies/service.js';
import { getBook, type BookDetail } from './queries.js';
import { REFERENCE_COLUMNS, TOO_MANY_COVERS, type BookForm, type ParsedBookForm, type ReferenceColumn } from './schemas.js';

/** Covers a book may hold (the site's rule, re-read here so a test can prove both sides agree). */
export { MAX_COVERS };

const REFERENCE_KINDS: Record<ReferenceColumn, NamedKind> = { department: DEPARTMENTS, category: CATEGORIES, language: LANGUAGES };

/**
 * The form's values with its reference ids, once each id is known to exist; every field error
 * (the form's and these) is thrown at once.
 */
async function checkedValues(db: Db, { input, errors }: ParsedBookForm): Promise<Updateable<BooksTable>> {
  const values: Updateable<BooksTable> = { ...input.values };
  for (const { field, column } of REFERENCE_COLUMNS) {
    const id = input.references[field];
    if (id === undefined) continue;
    // An id beyond the id columns names no row (and would be an error in PostgreSQL's query).
    if (!isRowId(id) || !(await namedExists(db, REFERENCE_KINDS[field], id))) errors.add(field, `Invalid pk "${id}" - object does not exist.`);
    else values[column] = id;
  }
  errors.throwIfAny();
  return values;
}

const duplicateIsbn = (): ValidationError => ValidationError.field('isbn', 'book with this isbn already exists.');

async function isbnTaken(db: Db, isbn: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('books').select('id').where('isbn', '=', isbn);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function coverFiles(db: Db, bookId: number): Promise<string[]> {
  return (await db.selectFrom('book_covers').select('file').where('book_id', '=', bookId).orderBy('position').orderBy('id').execute()).map((r) => r.file);
}

/** The audit snapshot: the stored row plus its cover files. */
async function snapshot(db: Db, bookId: number): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirst();
  if (!row) return undefined;
  return { ...row, covers: await coverFiles(db, bookId) };
}

async function appendCovers(db: Db, bookId: number, files: StoredFile[]): Promise<void> {
  if (files.length === 0) return;
  const last = await db
    .selectFrom('book_covers')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  const start = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  await db
    .insertInto('book_covers')
    .values(files.map((file, i) => ({ book_id: bookId, file, position: start + i })))
    .execute();
}

/**
 * Creates a book (add_book), status ACTIVE, with `total_copies` copies: the next accession
 * numbers, the book's shelf, acquired on its entry date (its counts are read from them).
 */
export async function createBook(ctx: AppContext, user: AuthUser, form: ParsedBookForm): Promise<BookDetail> {
  const values = await checkedValues(ctx.db, form);
  const { covers, ebook } = form.input;
  if (await isbnTaken(ctx.db, values.isbn as string)) throw duplicateIsbn();

  const added: StoredFile[] = [];
  for (const c of covers) added.push(await ctx.media.save('covers', c.buffer, c.type));
  const ebookStored = ebook ? await ctx.media.save('ebooks', ebook.buffer, ebook.type) : null;
  if (ebookStored) added.push(ebookStored);
  const now = nowIso();
  // A book entered without a date is entered on the library's today, in its zone.
  const entered = await readLibraryToday(ctx.db);
  try {
    const id = await replaceFiles(ctx.media, { added, replaced: [] }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const total = values.total_copies as number;
        const dateOfEntry = (values.date_of_entry as string | undefined) ?? entered;
        const shelfLocation = (values.shelf_location as string | null | undefined) ?? null;
        const inserted = await trx
          .insertInto('books')
          .values({
            title: values.title as string,
            author: values.author as string,
            isbn: values.isbn as string,
            department_id: values.department_id as number,
            category_id: values.category_id as number,
            language_id: values.language_id as number,
            publisher: values.publisher as string,
            edition: (values.edition as string | null | undefined) ?? null,
            total_copies: 0,
            available_copies: 0,
            rack_no: values.rack_no as string,
            shelf_location: shelfLocation,
            date_of_entry: dateOfEntry,
            status: 'ACTIVE',
            status_reason: null,
            price: (values.price as number | undefined) ?? 0,
            specification_description: (values.specification_description as string | null | undefined) ?? null,
            detailed_description: (values.detailed_description as string | null | undefined) ?? null,
            ebook_file: ebookStored,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const accessionNumbers = await createTitleCopies(trx, inserted.id, total, { shelfLocation, acquiredOn: dateOfEntry });
        await appendCovers(trx, inserted.id, added.filter((a) => a !== ebookStored));
        const after = { ...(await snapshot(trx, inserted.id)), accession_numbers: accessionNumbers };
        await recordAudit(trx, { userId: user.id, action: 'BOOK_CREATED', entity: 'book', entityId: inserted.id, after });
        return inserted.id;
      }),
    );
    return getBook(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIsbn();
    throw error;
  }
}

/** Recorded when a book is marked LOST or WRITE_OFF without a reason (the original client sends none). */
export const NO_REASON_GIVEN = 'no reason given';

/**
 * Partial update (change_book). A new total_copies adds copies or withdraws copies on the shelf
 * (`setTitleTotal`: refused when the shelf has too few); a status change to LOST/WRITE_OFF needs `reason` (kept in status_reason);
 * new cover files append (after `cover_photo_clear` removes the old ones); a new e-book replaces
 * the old, `ebook_file_clear` removes it.
 */
export async function updateBook(ctx: AppContext, user: AuthUser, id: number, form: ParsedBookForm): Promise<BookDetail> {
  const existing = await ctx.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFound();
  const values = await checkedValues(ctx.db, form);
  const { status, reason, covers, ebook, clearCovers, clearEbook }: BookForm = form.input;
  if (values.isbn !== undefined && (await isbnTaken(ctx.db, values.isbn as string, id))) throw duplicateIsbn();

  const added: StoredFile[] = [];
  for (const c of covers) added.push(await ctx.media.save('covers', c.buffer, c.type));
  const ebookStored = ebook ? await ctx.media.save('ebooks', ebook.buffer, ebook.type) : null;
  const replaced: (StoredFile | null)[] = [];
  try {
    await replaceFiles(ctx.media, { added: ebookStored ? [...added, ebookStored] : added, replaced }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound();
        const beforeSnapshot = await snapshot(trx, id);
        // The counts are the copies' (stock.ts): a new total adds or withdraws copies instead.
        const { total_copies: total, ...changes }: Updateable<BooksTable> = { ...values };
        if (total !== undefined) {
          const shelfLocation = changes.shelf_location !== undefined ? (changes.shelf_location as string | null) : before.shelf_location;
          await setTitleTotal(trx, user, id, total as number, { shelfLocation });
        }
        let action: AuditAction = 'BOOK_UPDATED';
        if (status !== undefined && status !== before.status) {
          // Our form asks for a reason; clients of the original contract send none.
          const removed = status === 'LOST' || status === 'WRITE_OFF';
          changes.status = status;
          changes.status_reason = removed ? (reason ?? NO_REASON_GIVEN) : (reason ?? null);
          action = 'BOOK_STATUS_CHANGED';
        }
        const oldCovers = await coverFiles(trx, id);
        if (clearCovers) {
          await trx.deleteFrom('book_covers').where('book_id', '=', id).execute();
          replaced.push(...oldCovers);
        }
        const remaining = clearCovers ? 0 : oldCovers.length;
        if (remaining + added.length > MAX_COVERS) {
          throw ValidationError.field('cover_photo', TOO_MANY_COVERS);
        }
        await appendCovers(trx, id, added);
        if (ebookStored) changes.ebook_file = ebookStored;
        else if (clearEbook) changes.ebook_file = null;
        if ('ebook_file' in changes && before.ebook_file) replaced.push(before.ebook_file);
        const touched = Object.keys(changes).length > 0 || clearCovers || added.length > 0;
        if (!touched) return;
        changes.updated_at = nowIso();
        await trx.updateTable('books').set(changes).where('id', '=', id).execute();
        await recordAudit(trx, {
          userId: user.id,
          action,
          entity: 'book',
          entityId: id,
          before: beforeSnapshot ?? null,
          after: { ...(await snapshot(trx, id)), ...(action === 'BOOK_STATUS_CHANGED' ? { reason: reason ?? null } : {}) },
        });
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIsbn();
    throw error;
  }
  return getBook(ctx, id);
}

/**
 * Loans and reservations of a book on record (history the reports keep). The delete refuses with
 * 409 when this is above zero: such a book is marked LOST or WRITE_OFF instead.
 */
export async function loansOnRecord(db: Db, bookId: number): Promise<number> {
  const count = async (table: 'loans' | 'reservations') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('book_id', '=', bookId).executeTakeFirstOrThrow()).n);
  return (await count('loans')) + (await count('reservations'));
}

/** Deletes a book after checking the acting user's password (delete_book). */
export async function confirmDeleteBook(ctx: AppContext, user: AuthUser, id: number, { password }: { password: string }): Promise<void> {
  const exists = await ctx.db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound();
  const account = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.password_hash, password))) throw new ApiError(403, { detail: 'Password is incorrect.' });
  const replaced: (StoredFile | null)[] = [];
  await replaceFiles(ctx.media, { added: [], replaced }, () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, id);
      if (!before) throw notFound();
      const loans = await loansOnRecord(trx, id);
      if (loans > 0) {
        throw new ApiError(409, {
          detail: `This book has ${loans} ${loans === 1 ? 'loan' : 'loans'} on record and cannot be deleted; mark it LOST or WRITE_OFF instead.`,
        });
      }
      await trx.deleteFrom('book_covers').where('book_id', '=', id).execute();
      await trx.deleteFrom('wishlist_items').where('book_id', '=', id).execute();
      await trx.deleteFrom('books').where('id', '=', id).execute();
      await recordAudit(trx, { userId: user.id, action: 'BOOK_DELETED', entity: 'book', entityId: id, before });
      replaced.push(...((before['covers'] as string[]) ?? []), (before['ebook_file'] as string | null) ?? null);
    }),
  );
}

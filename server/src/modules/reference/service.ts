/** Reference data: departments and academic sessions; the catalogue's categories and languages. */
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/values.js';
import { ApiError, notFound, ValidationError } from '../../errors.js';
import { replaceFiles, type StoredFile } from '../../storage/service.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../../context.js';
import type { NamedInput } from './schemas.js';
import { REFERENCE_NAME_MAX } from '#shared/field-limits';
import { referenceAction, type ReferenceKind } from '#shared/audit-actions';

export interface DepartmentView {
  id: number;
  name: string;
}

export interface SessionView {
  id: number;
  session_range: string;
}

/** Every department, by name. */
export const listDepartments = (db: Db): Promise<DepartmentView[]> =>
  db.selectFrom('departments').select(['id', 'name']).orderBy('name').orderBy('id').execute();

/** Every academic session, by range. */
export const listSessions = (db: Db): Promise<SessionView[]> =>
  db.selectFrom('academic_sessions').select(['id', 'session_range']).orderBy('session_range').orderBy('id').execute();

export async function departmentExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function sessionExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('academic_sessions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Adds a department unless one of that name exists; returns its id. */
export async function ensureDepartment(db: Db, name: string): Promise<number> {
  await db.insertInto('departments').values({ name }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Adds an academic session unless one of that range exists; returns its id. */
export async function ensureSession(db: Db, sessionRange: string): Promise<number> {
  await db
    .insertInto('academic_sessions')
    .values({ session_range: sessionRange })
    .onConflict((oc) => oc.column('session_range').doNothing())
    .execute();
  return (
    await db.selectFrom('academic_sessions').select('id').where('session_range', '=', sessionRange).executeTakeFirstOrThrow()
  ).id;
}

// ---------------------------------------------------------------------------------------------
// Catalogue reference data: departments (admin), categories (with an image), languages.


/** Rows of another table that use a value, which then cannot be deleted. */
interface UsedBy {
  table: 'books' | 'member_profiles';
  column: 'department_id' | 'category_id' | 'language_id' | 'session_id';
  /** What one using row is called in the refusal ("book", "member"). */
  noun: string;
}

/** A kind of named reference value: its table and name column, what uses it, its words. */
interface NamedKind {
  table: 'departments' | 'categories' | 'languages' | 'academic_sessions';
  /** The column holding the value's name (sessions call it session_range). */
  column: 'name' | 'session_range';
  usedBy: UsedBy[];
  /** DRF's lower-case model name and field words, used in messages ("category with this name already exists."). */
  label: ReferenceKind;
  duplicateWords: string;
  entity: string;
  /** The longest name. */
  max: number;
}

const books = (column: UsedBy['column']): UsedBy => ({ table: 'books', column, noun: 'book' });

export const DEPARTMENTS: NamedKind = { table: 'departments', column: 'name', usedBy: [books('department_id'), { table: 'member_profiles', column: 'department_id', noun: 'member' }], label: 'department', duplicateWords: 'department with this name', entity: 'department', max: REFERENCE_NAME_MAX.department };
export const CATEGORIES: NamedKind = { table: 'categories', column: 'name', usedBy: [books('category_id')], label: 'category', duplicateWords: 'category with this name', entity: 'category', max: REFERENCE_NAME_MAX.category };
export const LANGUAGES: NamedKind = { table: 'languages', column: 'name', usedBy: [books('language_id')], label: 'language', duplicateWords: 'language with this name', entity: 'language', max: REFERENCE_NAME_MAX.language };
/** Academic sessions ("2024-2028"): members' sessions, `{id, session_range}`. */
export const SESSIONS: NamedKind = { table: 'academic_sessions', column: 'session_range', usedBy: [{ table: 'member_profiles', column: 'session_id', noun: 'member' }], label: 'session', duplicateWords: 'session settings with this session range', entity: 'session', max: REFERENCE_NAME_MAX.session };

export interface CategoryView {
  id: number;
  name: string;
  image: string | null;
}


const duplicateName = (kind: NamedKind): ValidationError =>
  ValidationError.field(kind.column, `${kind.duplicateWords} already exists.`);

async function nameTaken(db: Db, kind: NamedKind, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom(kind.table)
    .select('id')
    .where(sql<string>`lower(${sql.ref(kind.column)})`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Every value of a kind, by name: `{id, name}` (sessions `{id, session_range}`). */
export function listNamed(db: Db, kind: NamedKind): Promise<DepartmentView[] | SessionView[]> {
  if (kind.table === 'academic_sessions') return listSessions(db);
  return db.selectFrom(kind.table).select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

/** Every category with its image URL. */
export async function listCategories(ctx: Pick<AppContext, 'db' | 'media'>): Promise<CategoryView[]> {
  const rows = await ctx.db.selectFrom('categories').select(['id', 'name', 'image']).orderBy('name').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, image: ctx.media.url(r.image) }));
}

interface NamedRow {
  id: number;
  name: string;
  image?: string | null;
}

type NamedView = DepartmentView | CategoryView | SessionView;

async function findNamed(db: Db, kind: NamedKind, id: number): Promise<NamedRow | undefined> {
  if (kind.table === 'categories') return db.selectFrom('categories').select(['id', 'name', 'image']).where('id', '=', id).executeTakeFirst();
  if (kind.table === 'academic_sessions') return db.selectFrom('academic_sessions').select(['id', 'session_range as name']).where('id', '=', id).executeTakeFirst();
  return db.selectFrom(kind.table).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

function view(ctx: Pick<AppContext, 'media'>, kind: NamedKind, row: NamedRow): NamedView {
  if (kind.table === 'categories') return { id: row.id, name: row.name, image: ctx.media.url(row.image ?? null) };
  if (kind.table === 'academic_sessions') return { id: row.id, session_range: row.name };
  return { id: row.id, name: row.name };
}

/** An audit snapshot in the value's own column names. */
const snapshot = (kind: NamedKind, row: NamedRow): Record<string, unknown> => {
  const { name, ...rest } = row;
  return { ...rest, [kind.column]: name };
};

/** Creates a department, category or language; audited. */
export async function createNamed(ctx: AppContext, user: AuthUser, kind: NamedKind, input: NamedInput & { name: string }): Promise<NamedView> {
  const { name, image } = input;
  if (await nameTaken(ctx.db, kind, name)) throw duplicateName(kind);
  const added: StoredFile[] = image ? [await ctx.media.save('category', image.buffer, image.type)] : [];
  try {
    const row = await replaceFiles(ctx.media, { added, replaced: [] }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const values = kind.table === 'categories' ? { name, image: added[0] ?? null } : { [kind.column]: name };
        const inserted = await trx.insertInto(kind.table).values(values as never).returning('id').executeTakeFirstOrThrow();
        const row = (await findNamed(trx, kind, inserted.id))!;
        await recordAudit(trx, { userId: user.id, action: referenceAction(kind.label, 'CREATED'), entity: kind.entity, entityId: row.id, after: snapshot(kind, row) });
        return row;
      }),
    );
    return view(ctx, kind, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(kind);
    throw error;
  }
}

/** Renames a value or replaces/clears a category image; audited. */
export async function updateNamed(ctx: AppContext, user: AuthUser, kind: NamedKind, id: number, input: NamedInput): Promise<NamedView> {
  const { name, image, clearImage } = input;
  if (name !== undefined && (await nameTaken(ctx.db, kind, name, id))) throw duplicateName(kind);
  const added: StoredFile[] = image ? [await ctx.media.save('category', image.buffer, image.type)] : [];
  const replaced: (StoredFile | null)[] = [];
  try {
    const row = await replaceFiles(ctx.media, { added, replaced }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await findNamed(trx, kind, id);
        if (!before) throw notFound();
        const changes: Record<string, unknown> = {};
        if (name !== undefined) changes[kind.column] = name;
        if (added[0]) changes['image'] = added[0];
        else if (clearImage) changes['image'] = null;
        if (Object.keys(changes).length === 0) return before;
        await trx.updateTable(kind.table).set(changes as never).where('id', '=', id).execute();
        const after = (await findNamed(trx, kind, id))!;
        await recordAudit(trx, { userId: user.id, action: referenceAction(kind.label, 'UPDATED'), entity: kind.entity, entityId: id, before: snapshot(kind, before), after: snapshot(kind, after) });
        if ('image' in changes && before.image) replaced.push(before.image);
        return after;
      }),
    );
    return view(ctx, kind, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(kind);
    throw error;
  }
}

/** Deletes a value nothing uses (409 naming how many books or members do otherwise); audited. */
export async function deleteNamed(ctx: AppContext, user: AuthUser, kind: NamedKind, id: number): Promise<void> {
  const replaced: (StoredFile | null)[] = [];
  await replaceFiles(ctx.media, { added: [], replaced }, () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await findNamed(trx, kind, id);
      if (!before) throw notFound();
      for (const { table, column, noun } of kind.usedBy) {
        const used = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where(sql.ref(column), '=', id)
          .executeTakeFirstOrThrow();
        const n = Number(used.n);
        if (n > 0) throw new ApiError(409, { detail: `This ${kind.label} is used by ${n} ${n === 1 ? noun : `${noun}s`}.` });
      }
      await trx.deleteFrom(kind.table).where('id', '=', id).execute();
      await recordAudit(trx, { userId: user.id, action: referenceAction(kind.label, 'DELETED'), entity: kind.entity, entityId: id, before: snapshot(kind, before) });
      if (before.image) replaced.push(before.image);
    }),
  );
}

/** Whether a value of the kind exists (book form references). */
export async function namedExists(db: Db, kind: NamedKind, id: number): Promise<boolean> {
  return (await db.selectFrom(kind.table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Adds a value unless one of that name (any case) exists; returns its id (demo data). */
export async function ensureNamed(db: Db, kind: NamedKind, name: string): Promise<number> {
  const found = await db.selectFrom(kind.table).select('id').where(sql<string>`lower(${sql.ref(kind.column)})`, '=', name.toLowerCase()).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto(kind.table).values({ [kind.column]: name } as never).returning('id').executeTakeFirstOrThrow()).id;
}

export type { NamedKind };

/** Reference data: departments and academic sessions. */
import type { Db } from '../../db/schema.js';

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

/** The one users-row lookup that modules below users (roles) need too; users/service re-exports it. */
import type { Db, UserRow } from './schema.js';

/** A user by id. */
export const findUserById = (db: Db, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

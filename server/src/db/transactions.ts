/**
 * One unit of work: a service's changes are all or nothing. A service called inside a transaction
 * already open (a reservation's issue, the demo library's day, written as one batch) joins it
 * instead of opening its own; otherwise it opens one.
 */
import type { Db } from './schema.js';

/** Runs `work` in the caller's transaction when `db` is one, else in a new one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

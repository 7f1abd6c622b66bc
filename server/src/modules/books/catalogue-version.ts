/**
 * The catalogue's version stamp (migration 0005): one row that database triggers bump in the same
 * transaction as every change of books, covers, categories, departments and languages. Reading it
 * is how a server instance learns, with one small query, whether what it remembers about the
 * catalogue is still true; the stamp lives in the database, so several instances agree on it.
 */
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/schema.js';

/** What one read of the stamp tells: the database's epoch and the catalogue's version in it. */
export interface CatalogueStamp {
  /** Random per database (a recreated database starts a new epoch). */
  epoch: string;
  /** Grows with every committed change that can alter a book list answer. */
  version: number;
}

/** Counts a list query once per catalogue version: `key` is the normalised query, `count` the real count. */
export type CountOnce = (key: string, count: () => Promise<number>) => Promise<number>;

/** Reads the current stamp. Read it before the data it vouches for, never after. */
export async function readCatalogueStamp(db: Db): Promise<CatalogueStamp> {
  const [row] = await stampQuery(db);
  if (!row) throw new Error('The catalogue version row is missing: run the migrations.');
  return { epoch: row.epoch, version: Number(row.version) };
}

/** Read on every book list request, so built and compiled once. */
const stampQuery = compiledOnce((db: Db) => db.selectFrom('catalogue_version').select(['epoch', 'version']).where('id', '=', 1));

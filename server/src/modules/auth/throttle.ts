/**
 * Counting events per key in a sliding window, kept in the database (the login_attempts table:
 * key, attempted_at), so every server instance sees the same counts. Used for failed token
 * refreshes per client address and for mail sent per address and per account.
 */
import type { Db } from '../../db/schema.js';
import { isoIn, nowIso } from '../../db/values.js';

/** How many events a key has within the last `windowSeconds`. */
export async function countRecent(db: Db, key: string, windowSeconds: number): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('key', '=', key)
    .where('attempted_at', '>', isoIn(-windowSeconds))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Records one event for each key. */
export async function recordEvent(db: Db, ...keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const now = nowIso();
  await db.insertInto('login_attempts').values(keys.map((key) => ({ key, attempted_at: now }))).execute();
}

/** Whether any key already holds its limit of events in the window (a limit of 0 never blocks). */
export async function overLimit(db: Db, limits: ReadonlyArray<{ key: string; limit: number }>, windowSeconds: number): Promise<boolean> {
  for (const { key, limit } of limits) {
    if (limit > 0 && (await countRecent(db, key, windowSeconds)) >= limit) return true;
  }
  return false;
}

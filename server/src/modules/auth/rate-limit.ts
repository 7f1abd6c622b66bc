/**
 * Sign-in throttling kept in the database (login_attempts), so several server instances share
 * it. Failed attempts count per account and address together (or per typed name and address when
 * no account matches) and per client address within a sliding window; a successful sign-in clears
 * the account's counts.
 *
 * An attempt is written before the password is checked and removed again if it was not a
 * failure, so a burst of simultaneous guesses cannot slip past the limit between the count
 * and the write.
 */
import type { LoginRateLimit } from '../../config.js';
import type { Db } from '../../db/schema.js';
import { isoIn, nowIso } from '../../db/values.js';
import { tooManyRequests } from '../../errors.js';

export interface ThrottleKey {
  key: string;
  limit: number;
}

const CLEANUP_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Failures against an account count per account AND client address together, so nobody can lock
 * someone else out from his own address: a locked account still signs in from an address that
 * has not failed (the per-address limit still slows one address trying many accounts).
 */
const accountKey = (userId: number, clientAddress: string): string => `account:${userId}@${clientAddress}`;
const accountPrefix = (userId: number): string => `account:${userId}@`;

/**
 * The keys one sign-in attempt counts against: the account (or, when no account matches, the
 * name typed, so unknown names are throttled alike) and the client address.
 */
export function loginKeys(limits: LoginRateLimit, target: { userId?: number | undefined; typedName: string }, clientAddress: string): ThrottleKey[] {
  return [
    {
      key:
        target.userId !== undefined
          ? accountKey(target.userId, clientAddress)
          : `name:${target.typedName.trim().toLowerCase()}@${clientAddress}`,
      limit: limits.perUsername,
    },
    { key: `address:${clientAddress}`, limit: limits.perAddress },
  ];
}

/** One attempt in progress: its rows count as failures unless it is forgotten. */
export interface LoginAttempt {
  ids: number[];
}

/**
 * Records an attempt against every key, then throws 429 (forgetting the attempt) when any key
 * already held its limit of earlier failures within the window.
 */
export async function startLoginAttempt(db: Db, limits: LoginRateLimit, keys: ThrottleKey[]): Promise<LoginAttempt> {
  const now = nowIso();
  const since = isoIn(-limits.windowSeconds);
  // The table also counts refreshes and mail (./throttle.ts) over windows up to a day.
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', isoIn(-Math.max(limits.windowSeconds, CLEANUP_AFTER_SECONDS))).execute();
  const inserted = await db
    .insertInto('login_attempts')
    .values(keys.map(({ key }) => ({ key, attempted_at: now })))
    .returning('id')
    .execute();
  const attempt: LoginAttempt = { ids: inserted.map((row) => row.id) };

  let waitMs = 0;
  for (const { key, limit } of keys) {
    if (limit <= 0) continue;
    const earlier = await db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('key', '=', key)
      .where('attempted_at', '>', since)
      .where('id', 'not in', attempt.ids)
      .orderBy('attempted_at', 'desc')
      .limit(limit)
      .execute();
    const oldestCounted = earlier[limit - 1];
    if (oldestCounted) {
      // Sign-in opens again once the limit-th most recent failure leaves the window.
      const reopensAt = Date.parse(oldestCounted.attempted_at) + limits.windowSeconds * 1000;
      waitMs = Math.max(waitMs, reopensAt - Date.now());
    }
  }
  if (waitMs > 0) {
    await forgetLoginAttempt(db, attempt);
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw tooManyRequests(`Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
  }
  return attempt;
}

/** Removes an attempt that was not a failure (right password, or refused before checking). */
export async function forgetLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  if (attempt.ids.length > 0) await db.deleteFrom('login_attempts').where('id', 'in', attempt.ids).execute();
}

/** Forgets an account's failures (after a successful sign-in or a password reset). */
export async function clearLoginFailures(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', 'like', `${accountPrefix(userId)}%`).execute();
}

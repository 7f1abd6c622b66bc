/**
 * Sign-in throttling kept in the database (login_attempts), so several server instances share
 * it. Failed attempts count per account and address together (or per typed name and address when
 * no account matches) and per client address within a sliding window.
 *
 * - An account that holds its limit of failures from an address is under attack from there: every
 *   attempt on it from that address is refused before the password is checked, right or wrong, so
 *   guessing one account's password from one address is held to that limit per window.
 * - An address that holds its limit of failures (across accounts) has further WRONG passwords
 *   refused (429 instead of 401); a right password still signs in. Behind a proxy with
 *   TRUST_PROXY off every client shares the proxy's address, and one person's failures must not
 *   lock out the library.
 * - A successful sign-in clears the account's failures from that address only: the owner signing
 *   in elsewhere gives nobody new guesses.
 *
 * An attempt is written before the password is checked and removed again if it was not a
 * failure, so a burst of simultaneous guesses cannot slip past the limit between the count
 * and the write.
 */
import type { LoginRateLimit } from '../../config.js';
import type { Db } from '../../db/schema.js';
import { isoIn, nowIso } from '../../db/values.js';
import { tooManyRequests, type ApiError } from '../../errors.js';

export interface ThrottleKey {
  key: string;
  limit: number;
  /**
   * What the key refuses once it holds its limit: `attempt` refuses every attempt before the
   * password is checked (the account under attack from this address); `failure` refuses only a
   * wrong password (the address), so other accounts' right passwords still sign in.
   */
  refuses: 'attempt' | 'failure';
}

const CLEANUP_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Failures against an account count per account AND client address together, so nobody can lock
 * someone else out from his own address: a locked account still signs in from an address that
 * has not failed.
 */
const accountKey = (userId: number, clientAddress: string): string => `account:${userId}@${clientAddress}`;
const accountPrefix = (userId: number): string => `account:${userId}@`;

/**
 * The keys one sign-in attempt counts against: the account (or, when no account matches, the
 * name typed, so unknown names are throttled alike) from this address, and the address.
 */
export function loginKeys(limits: LoginRateLimit, target: { userId?: number | undefined; typedName: string }, clientAddress: string): ThrottleKey[] {
  return [
    {
      key:
        target.userId !== undefined
          ? accountKey(target.userId, clientAddress)
          : `name:${target.typedName.trim().toLowerCase()}@${clientAddress}`,
      limit: limits.perUsername,
      refuses: 'attempt',
    },
    { key: `address:${clientAddress}`, limit: limits.perAddress, refuses: 'failure' },
  ];
}

/** One attempt in progress: its rows count as failures unless it is forgotten. */
export interface LoginAttempt {
  ids: number[];
  /** Milliseconds until a wrong password is answered 401 again; above 0 it is refused with 429. */
  failureRefusedForMs: number;
}

/** The 429 of too many sign-in attempts, telling when to try again. */
export function tooManySignInAttempts(waitMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return tooManyRequests(`Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
}

/**
 * Records an attempt against every key, then throws 429 (forgetting the attempt) when a key that
 * refuses attempts already held its limit of earlier failures within the window. Keys that refuse
 * only failures tell the caller how long a wrong password is still refused.
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
  const ids = inserted.map((row) => row.id);

  const waitMs = { attempt: 0, failure: 0 };
  for (const { key, limit, refuses } of keys) {
    if (limit <= 0) continue;
    const earlier = await db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('key', '=', key)
      .where('attempted_at', '>', since)
      .where('id', 'not in', ids)
      .orderBy('attempted_at', 'desc')
      .limit(limit)
      .execute();
    const oldestCounted = earlier[limit - 1];
    if (oldestCounted) {
      // The key opens again once the limit-th most recent failure leaves the window.
      const reopensAt = Date.parse(oldestCounted.attempted_at) + limits.windowSeconds * 1000;
      waitMs[refuses] = Math.max(waitMs[refuses], reopensAt - Date.now());
    }
  }
  const attempt: LoginAttempt = { ids, failureRefusedForMs: waitMs.failure };
  if (waitMs.attempt > 0) {
    await forgetLoginAttempt(db, attempt);
    throw tooManySignInAttempts(waitMs.attempt);
  }
  return attempt;
}

/** Removes an attempt that was not a failure (right password, or refused before checking). */
export async function forgetLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  if (attempt.ids.length > 0) await db.deleteFrom('login_attempts').where('id', 'in', attempt.ids).execute();
}

/**
 * Forgets an account's failures: from one address after a successful sign-in there, from every
 * address after a password reset.
 */
export async function clearLoginFailures(db: Db, userId: number, clientAddress?: string): Promise<void> {
  const query = db.deleteFrom('login_attempts');
  await (clientAddress === undefined
    ? query.where('key', 'like', `${accountPrefix(userId)}%`)
    : query.where('key', '=', accountKey(userId, clientAddress))
  ).execute();
}

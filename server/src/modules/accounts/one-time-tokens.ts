/**
 * Single-use tokens sent by mail (verify e-mail, reset password, invitation). The token is 32
 * random bytes in base64url; only its SHA-256 is stored. Links name the account by `uid`, the
 * base64url of the user id, as Django does.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db, OneTimeTokenPurpose } from '../../db/schema.js';
import { isoIn, nowIso } from '../../db/values.js';

const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The uid segment of a link: base64url of the user id. */
export const encodeUid = (userId: number): string => Buffer.from(String(userId), 'utf8').toString('base64url');

/** The user id a uid segment names, or undefined when it names none. */
export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
}

export interface IssuedToken {
  id: number;
  token: string;
  expiresAt: string;
}

/** Creates a token; the caller mails `token` and never stores it. */
export async function issueOneTimeToken(
  db: Db,
  input: { userId: number | null; purpose: OneTimeTokenPurpose; ttlSeconds: number; payload?: unknown },
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = isoIn(input.ttlSeconds, now);
  const row = await db
    .insertInto('one_time_tokens')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
      payload: input.payload === undefined ? null : JSON.stringify(input.payload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt };
}

export interface ValidToken {
  id: number;
  userId: number | null;
  payload: unknown;
}

/**
 * Finds an unused, unexpired token of this purpose (and of this user, when given) without
 * spending it.
 */
export async function findValidToken(
  db: Db,
  query: { purpose: OneTimeTokenPurpose; token: string; userId?: number },
): Promise<ValidToken | undefined> {
  if (query.token.length === 0 || query.token.length > 200) return undefined;
  let select = db
    .selectFrom('one_time_tokens')
    .select(['id', 'user_id', 'payload'])
    .where('token_hash', '=', hashToken(query.token))
    .where('purpose', '=', query.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso());
  if (query.userId !== undefined) select = select.where('user_id', '=', query.userId);
  const row = await select.executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, userId: row.user_id, payload: row.payload === null ? null : (JSON.parse(row.payload) as unknown) };
}

/** Marks a token used; false when another request spent it first. */
export async function spendToken(db: Db, tokenId: number): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends every open token of one purpose for a user (a newer link replaces older ones). */
export async function spendOpenTokens(db: Db, userId: number, purpose: OneTimeTokenPurpose): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

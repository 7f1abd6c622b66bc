/**
 * Sign-ins: sign-in (with database-kept throttling), refresh with or without rotation (reuse
 * detection, the same successor pair for every replay within the grace period, failed refreshes
 * throttled per address), sign-out
 * and the revocation of sign-ins. Registration and mailed links live in accounts.ts.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext, AuthUser } from '../../context.js';
import type { Db, UserRow } from '../../db/schema.js';
import { isoIn, isSet, nowIso } from '../../db/values.js';
import { authenticationFailed, nonFieldError, notAuthenticated, refreshTokenNotValid, tooManyRequests } from '../../errors.js';
import { SIGNED_IN_ACTION } from '#shared/audit-actions';
import { recordAudit } from '../audit/service.js';
import { permissionCodenames } from '../roles/service.js';
import { findUserById, findUserByLogin } from '../users/service.js';
import { signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken, type RefreshClaims } from '../accounts/jwt.js';
import { spendVerificationTime, verifyPassword } from '../accounts/passwords.js';
import { clearLoginFailures, forgetLoginAttempt, loginKeys, startLoginAttempt, tooManySignInAttempts } from './rate-limit.js';
import { overLimit, recordEvent } from './throttle.js';

export const LOGIN_MESSAGES = {
  invalidCredentials: 'No active account found with the given credentials',
  unverified: 'Please verify your email before logging in.',
  awaitingApproval: 'Your account is awaiting approval by the library.',
  declined: 'Your registration was declined by the library.',
  disabled: 'Your account has been disabled. Please contact the library.',
} as const;

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface LoginAnswer extends TokenPair, AuthUser {
  permissions: string[];
}

/** Why a user with the right password still may not sign in; undefined when he may. */
export function signInBlock(user: UserRow): string | undefined {
  if (isSet(user.is_declined)) return LOGIN_MESSAGES.declined;
  if (!isSet(user.is_verified)) return LOGIN_MESSAGES.unverified;
  if (user.approved_at === null) return LOGIN_MESSAGES.awaitingApproval;
  if (!isSet(user.is_active)) return LOGIN_MESSAGES.disabled;
  return undefined;
}

interface IssuedToken {
  jti: string;
  familyId: string;
  issuedAt: Date;
}

/** Records a refresh token of a sign-in, issued at `issuedAt`. */
async function recordRefreshToken(ctx: AppContext, db: Db, userId: number, token: IssuedToken): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      jti: token.jti,
      user_id: userId,
      family_id: token.familyId,
      created_at: token.issuedAt.toISOString(),
      expires_at: isoIn(ctx.config.refreshTokenTtl, token.issuedAt),
      used_at: null,
      revoked_at: null,
      replaced_by: null,
    })
    .execute();
}

/** The pair of a recorded refresh token: the same token and issue time always sign the same pair. */
async function signPair(ctx: AppContext, user: UserRow, token: IssuedToken): Promise<TokenPair> {
  const issuedAt = Math.floor(token.issuedAt.getTime() / 1000);
  return {
    access: await signAccessToken(ctx.config, user, token.familyId, issuedAt),
    refresh: await signRefreshToken(ctx.config, { userId: user.id, jti: token.jti, familyId: token.familyId }, issuedAt),
  };
}

/** Starts a refresh token of a sign-in (a new one at sign-in) and signs its pair. */
async function issueTokenPair(ctx: AppContext, db: Db, user: UserRow, familyId: string): Promise<TokenPair> {
  const token: IssuedToken = { jti: randomUUID(), familyId, issuedAt: new Date() };
  await recordRefreshToken(ctx, db, user.id, token);
  return signPair(ctx, user, token);
}

/**
 * Signs in with a username or e-mail. An unknown name and a wrong password answer alike and
 * take alike long; the account's state is told only after the right password.
 */
export async function login(ctx: AppContext, credentials: { username: string; password: string }, clientAddress: string): Promise<LoginAnswer> {
  const { db, config } = ctx;
  const user = await findUserByLogin(db, credentials.username);
  const keys = loginKeys(config.loginRateLimit, { userId: user?.id, typedName: credentials.username }, clientAddress);
  const attempt = await startLoginAttempt(db, config.loginRateLimit, keys);

  const passwordMatches = user
    ? await verifyPassword(user.password_hash, credentials.password)
    : (await spendVerificationTime(credentials.password), false);
  if (!user || !passwordMatches) {
    // An address past its limit has wrong passwords refused; right ones of other accounts still sign in.
    if (attempt.failureRefusedForMs > 0) throw tooManySignInAttempts(attempt.failureRefusedForMs);
    throw authenticationFailed(LOGIN_MESSAGES.invalidCredentials);
  }
  // The right password is not a failure, whatever the account's state.
  await forgetLoginAttempt(db, attempt);
  const block = signInBlock(user);
  if (block) throw nonFieldError(block);

  const tokens = await db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, user.id, clientAddress);
    await trx.updateTable('users').set({ last_login: nowIso() }).where('id', '=', user.id).execute();
    await recordAudit(trx, { userId: user.id, action: SIGNED_IN_ACTION, entity: 'user', entityId: user.id, after: { username: user.username, role: user.role } });
    return issueTokenPair(ctx, trx, user, randomUUID());
  });
  return {
    ...tokens,
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    permissions: await permissionCodenames(db, user),
  };
}

/** What a refresh answers: a new pair with rotation, the access token alone without. */
export type RefreshAnswer = TokenPair | { access: string };

const REFRESH_THROTTLED = 'Too many failed token refreshes. Sign in again, or try again in a minute.';

/**
 * Exchanges a refresh token for a new access token. Failed attempts count per client address in
 * the database; past `refreshFailureLimit` the call answers 429 at once, so a client that loops on
 * a refused token cannot flood the server.
 */
export async function refresh(ctx: AppContext, token: string, clientAddress: string): Promise<RefreshAnswer> {
  const { db, config } = ctx;
  const failureKey = `refresh-failure:${clientAddress}`;
  const { limit, windowSeconds } = config.refreshFailureLimit;
  if (await overLimit(db, [{ key: failureKey, limit }], windowSeconds)) throw tooManyRequests(REFRESH_THROTTLED);
  try {
    return config.refreshRotation ? await rotate(ctx, token) : await refreshWithoutRotation(ctx, token);
  } catch (error) {
    await recordEvent(db, failureKey);
    throw error;
  }
}

/**
 * REFRESH_ROTATION=off: the token stays valid until its own expiry (or until its sign-in is
 * revoked) and the answer is `{access}`, as the original contract has it.
 */
async function refreshWithoutRotation(ctx: AppContext, token: string): Promise<{ access: string }> {
  const { db } = ctx;
  const claims = await verifyRefreshToken(ctx.config, token);
  const now = nowIso();
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'revoked_at', 'expires_at'])
    .where('jti', '=', claims.jti)
    .where('user_id', '=', claims.userId)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= now) throw refreshTokenNotValid();
  const user = await findUserById(db, claims.userId);
  if (!user || signInBlock(user)) {
    await revokeFamily(db, claims.familyId);
    throw refreshTokenNotValid();
  }
  await db.updateTable('refresh_tokens').set({ used_at: now }).where('jti', '=', claims.jti).execute();
  return { access: await signAccessToken(ctx.config, user, claims.familyId) };
}

/**
 * REFRESH_ROTATION=on: the presented token is spent and a new pair answers. Spending it records
 * its successor in the same transaction. Presented again within `refreshReuseGrace` seconds of
 * its use (other tabs of the same browser refreshing at the same moment), it answers that same
 * successor pair, however many times; later it means the token leaked and revokes the sign-in.
 */
async function rotate(ctx: AppContext, token: string): Promise<TokenPair> {
  const { db } = ctx;
  const claims = await verifyRefreshToken(ctx.config, token);
  const successor: IssuedToken = { jti: randomUUID(), familyId: claims.familyId, issuedAt: new Date() };
  const now = successor.issuedAt.toISOString();
  const spentNow = await db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now, replaced_by: successor.jti })
      .where('jti', '=', claims.jti)
      .where('user_id', '=', claims.userId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await recordRefreshToken(ctx, trx, claims.userId, successor);
    return true;
  });
  const issued = spentNow ? successor : await successorWithinGrace(ctx, claims);
  const user = await findUserById(db, claims.userId);
  if (!user || signInBlock(user)) {
    await revokeFamily(db, claims.familyId);
    throw refreshTokenNotValid();
  }
  return signPair(ctx, user, issued);
}

/**
 * The successor of a token presented after it was spent, when that was less than
 * `refreshReuseGrace` seconds ago and the sign-in is live: signed as issued at the moment of use,
 * it is the pair the first presentation got. Otherwise the token leaked: the sign-in is revoked.
 */
async function successorWithinGrace(ctx: AppContext, claims: RefreshClaims): Promise<IssuedToken> {
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'used_at', 'revoked_at', 'expires_at', 'replaced_by'])
    .where('jti', '=', claims.jti)
    .where('user_id', '=', claims.userId)
    .executeTakeFirst();
  const now = Date.now();
  if (row?.used_at && row.replaced_by && !row.revoked_at && Date.parse(row.expires_at) > now && now - Date.parse(row.used_at) <= ctx.config.refreshReuseGrace * 1000) {
    return { jti: row.replaced_by, familyId: row.family_id, issuedAt: new Date(row.used_at) };
  }
  if (row?.used_at) await revokeFamily(ctx.db, row.family_id);
  throw refreshTokenNotValid();
}

/** Whether a sign-in (refresh family) is still live: not signed out, not revoked by a password change or reuse. */
export async function signInIsLive(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Signs out: revokes the sign-in named by a valid access token (its `sid`) and the one of a valid
 * refresh token; access tokens of that sign-in stop working at once. Throws 401 when neither token
 * is valid (nothing says which sign-in to end).
 */
export async function logout(ctx: AppContext, accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
  const access = accessToken ? await verifyAccessToken(ctx.config, accessToken).catch(() => undefined) : undefined;
  const refreshClaims = refreshToken ? await verifyRefreshToken(ctx.config, refreshToken).catch(() => undefined) : undefined;
  if (!access && !refreshClaims) throw notAuthenticated();
  if (access) await revokeFamily(ctx.db, access.sessionId, access.userId);
  if (refreshClaims) await revokeFamily(ctx.db, refreshClaims.familyId, refreshClaims.userId);
}

async function revokeFamily(db: Db, familyId: string, userId?: number): Promise<void> {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('family_id', '=', familyId).where('revoked_at', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

/** Revokes every refresh token of a user (password reset, disabling). */
export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

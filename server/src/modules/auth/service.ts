/**
 * Sessions and account life: sign-in (with database-kept throttling), refresh-token rotation
 * with reuse detection, member self-registration, e-mail verification and password reset.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db, UserRow } from '../../db/schema.js';
import { isoIn, isSet, nowIso } from '../../db/values.js';
import { authenticationFailed, badRequest, FieldErrorList, nonFieldError, notAuthenticated, refreshTokenNotValid, tooManyRequests } from '../../errors.js';
import { overLimit, recordEvent } from './throttle.js';
import { describeLifetime } from '../../mail/templates.js';
import { recordAudit } from '../audit/service.js';
import { permissionCodenames } from '../roles/service.js';
import {
  checkNewAccount,
  checkReferences,
  createAccount,
  findUserById,
  findUserByLogin,
  INVALID_LINK,
  MEMBER,
  registeredMember,
  type AuthUser,
  type NewAccountFields,
  type RegisteredMember,
} from '../users/service.js';
import { signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from './jwt.js';
import { decodeUid, encodeUid, findValidToken, issueOneTimeToken, spendOpenTokens, spendToken } from './one-time-tokens.js';
import { hashPassword, passwordProblems, spendVerificationTime, verifyPassword } from './passwords.js';
import { clearLoginFailures, forgetLoginAttempt, loginKeys, startLoginAttempt } from './rate-limit.js';

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

async function issueTokenPair(ctx: AppContext, db: Db, user: UserRow, familyId: string): Promise<TokenPair> {
  const jti = randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      jti,
      user_id: user.id,
      family_id: familyId,
      created_at: nowIso(),
      expires_at: isoIn(ctx.config.refreshTokenTtl),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return {
    access: await signAccessToken(ctx.config, user, familyId),
    refresh: await signRefreshToken(ctx.config, { userId: user.id, jti, familyId }),
  };
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
  if (!user || !passwordMatches) throw authenticationFailed(LOGIN_MESSAGES.invalidCredentials);
  // The right password is not a failure, whatever the account's state.
  await forgetLoginAttempt(db, attempt);
  const block = signInBlock(user);
  if (block) throw nonFieldError(block);

  const tokens = await db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, user.id);
    await trx.updateTable('users').set({ last_login: nowIso() }).where('id', '=', user.id).execute();
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
 * REFRESH_ROTATION=on: the presented token is spent and a new pair answers. Presenting a spent
 * token again means it leaked and revokes the whole sign-in, except once within the last
 * `refreshReuseGrace` seconds (another tab of the same browser refreshing at the same moment):
 * that one replay gets a pair of the same sign-in, a second replay revokes it.
 */
async function rotate(ctx: AppContext, token: string): Promise<TokenPair> {
  const { db } = ctx;
  const claims = await verifyRefreshToken(ctx.config, token);
  const now = nowIso();
  const spent = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('jti', '=', claims.jti)
    .where('user_id', '=', claims.userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    const row = await db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'used_at', 'revoked_at', 'expires_at'])
      .where('jti', '=', claims.jti)
      .where('user_id', '=', claims.userId)
      .executeTakeFirst();
    const withinGrace =
      row?.used_at && !row.revoked_at && row.expires_at > now && Date.parse(now) - Date.parse(row.used_at) <= ctx.config.refreshReuseGrace * 1000;
    // The one allowed replay marks the token replayed (used_at moves past the grace period), so a
    // third presentation is a reuse even within the grace period.
    const replay = withinGrace
      ? await db
          .updateTable('refresh_tokens')
          .set({ used_at: isoIn(-ctx.config.refreshReuseGrace - 1) })
          .where('jti', '=', claims.jti)
          .where('used_at', '=', row.used_at)
          .executeTakeFirst()
      : undefined;
    if (!replay || Number(replay.numUpdatedRows) !== 1) {
      if (row?.used_at) await revokeFamily(db, row.family_id);
      throw refreshTokenNotValid();
    }
  }
  const user = await findUserById(db, claims.userId);
  if (!user || signInBlock(user)) {
    await revokeFamily(db, claims.familyId);
    throw refreshTokenNotValid();
  }
  return issueTokenPair(ctx, db, user, claims.familyId);
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

/** Revokes every refresh token of a user except those of one sign-in (a password change keeps the session that made it). */
export async function revokeOtherSessions(db: Db, userId: number, keepFamilyId: string | undefined): Promise<void> {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '<>', keepFamilyId);
  await query.execute();
}

/** Revokes every refresh token of a user (password reset, disabling). */
export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export interface MemberRegistration extends NewAccountFields {
  password2: string;
  department?: number | null | undefined;
  session?: number | null | undefined;
}

/** Self-registration: a pending, unverified member, and a verification mail. */
export async function registerMember(ctx: AppContext, input: MemberRegistration, clientAddress: string): Promise<RegisteredMember> {
  // Only registrations that send mail count (a form with mistakes may be sent again at once).
  await throttleMailByAddress(ctx, clientAddress, false);
  const errors = new FieldErrorList();
  await checkNewAccount(ctx.db, input, input.password2, errors);
  await checkReferences(ctx.db, input, errors);
  errors.throwIfAny();

  let link = '';
  const created = await createAccount(
    ctx.db,
    {
      ...input,
      role: MEMBER,
      verified: false,
      approved: false,
      departmentId: input.department ?? null,
      sessionId: input.session ?? null,
    },
    async (trx, { user, memberId }) => {
      const issued = await issueOneTimeToken(trx, { userId: user.id, purpose: 'verify_email', ttlSeconds: ctx.config.verifyEmailTtl });
      link = `${ctx.config.siteUrl}/auth/verify-email/${encodeUid(user.id)}/${issued.token}`;
      await recordAudit(trx, {
        userId: user.id,
        action: 'user.register',
        entity: 'user',
        entityId: user.id,
        after: { username: user.username, email: user.email, role: user.role, member_id: memberId },
      });
    },
  );
  await recordEvent(ctx.db, mailAddressKey(clientAddress));
  ctx.mailer.send({
    kind: 'verify_email',
    to: created.user.email,
    userId: created.user.id,
    recipientName: created.user.first_name || created.user.username,
    link,
    validFor: describeLifetime(ctx.config.verifyEmailTtl),
  });
  return registeredMember(created);
}

export interface VerifiedAnswer {
  detail: string;
  user_detail: { user_id: number; username: string; is_active: boolean; user_role: string };
}

/** Marks the e-mail verified; the link works once. */
export async function verifyEmail(ctx: AppContext, uid: string, token: string): Promise<VerifiedAnswer> {
  const userId = decodeUid(uid);
  if (userId === undefined) throw badRequest(INVALID_LINK);
  let detail = 'Email verified successfully.';
  const user = await ctx.db.transaction().execute(async (trx) => {
    const found = await findValidToken(trx, { purpose: 'verify_email', token, userId });
    if (found) {
      if (!(await spendToken(trx, found.id))) return undefined;
      await trx.updateTable('users').set({ is_verified: 1 }).where('id', '=', userId).execute();
      await recordAudit(trx, { userId, action: 'user.verify_email', entity: 'user', entityId: userId, before: { is_verified: false }, after: { is_verified: true } });
      return findUserById(trx, userId);
    }
    // The link mailed to a new address the user asked for in his profile.
    const change = await findValidToken(trx, { purpose: 'change_email', token, userId });
    const email = (change?.payload as { email?: unknown } | null)?.email;
    if (!change || typeof email !== 'string' || !(await spendToken(trx, change.id))) return undefined;
    const before = await findUserById(trx, userId);
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('id', '<>', userId)
      .executeTakeFirst();
    if (!before || taken) return undefined;
    await trx.updateTable('users').set({ email, is_verified: 1 }).where('id', '=', userId).execute();
    await recordAudit(trx, { userId, action: 'user.change_email', entity: 'user', entityId: userId, before: { email: before.email }, after: { email } });
    detail = 'Email address changed.';
    return findUserById(trx, userId);
  });
  if (!user) throw badRequest(INVALID_LINK);
  return {
    detail,
    user_detail: { user_id: user.id, username: user.username, is_active: isSet(user.is_active), user_role: user.role },
  };
}

export const FORGOT_PASSWORD_ANSWER = 'If an account matches, a password reset link has been sent.';
export const RESEND_VERIFICATION_ANSWER = 'If an account is waiting for verification, a new link has been sent.';
const MAIL_THROTTLED = 'Too many requests from your address. Try again later.';

/**
 * Mail that anyone can trigger (password reset, registration, verification) is limited per client
 * address (429) and per account (quietly not sent, so the answer does not tell whether the account
 * exists). Counts live in the database.
 */
async function throttleMailByAddress(ctx: AppContext, clientAddress: string, count = true): Promise<void> {
  const { perAddress, windowSeconds } = ctx.config.mailRateLimit;
  if (await overLimit(ctx.db, [{ key: mailAddressKey(clientAddress), limit: perAddress }], windowSeconds)) throw tooManyRequests(MAIL_THROTTLED);
  if (count) await recordEvent(ctx.db, mailAddressKey(clientAddress));
}

const mailAddressKey = (clientAddress: string): string => `mail-address:${clientAddress}`;

/** Whether one more mail may go to this account now (and counts it when it may). */
async function mailAllowedForAccount(ctx: AppContext, userId: number): Promise<boolean> {
  const { perAccount, windowSeconds } = ctx.config.mailRateLimit;
  const key = `mail-account:${userId}`;
  if (await overLimit(ctx.db, [{ key, limit: perAccount }], windowSeconds)) return false;
  await recordEvent(ctx.db, key);
  return true;
}

/** Mails a new verification link to an account that has not verified its e-mail; answers the same either way. */
export async function resendVerification(ctx: AppContext, identifier: string, clientAddress: string): Promise<void> {
  await throttleMailByAddress(ctx, clientAddress);
  const user = await findUserByLogin(ctx.db, identifier);
  if (!user || !user.email || isSet(user.is_verified) || isSet(user.is_declined)) return;
  if (!(await mailAllowedForAccount(ctx, user.id))) return;
  const issued = await ctx.db.transaction().execute(async (trx) => {
    await spendOpenTokens(trx, user.id, 'verify_email');
    return issueOneTimeToken(trx, { userId: user.id, purpose: 'verify_email', ttlSeconds: ctx.config.verifyEmailTtl });
  });
  ctx.mailer.send({
    kind: 'verify_email',
    to: user.email,
    userId: user.id,
    recipientName: user.first_name || user.username,
    link: `${ctx.config.siteUrl}/auth/verify-email/${encodeUid(user.id)}/${issued.token}`,
    validFor: describeLifetime(ctx.config.verifyEmailTtl),
  });
}

/** Mails a reset link when an account matches; the caller answers the same either way. */
export async function forgotPassword(ctx: AppContext, identifier: string, clientAddress: string): Promise<void> {
  await throttleMailByAddress(ctx, clientAddress);
  const user = await findUserByLogin(ctx.db, identifier);
  if (!user || !user.email || !(await mailAllowedForAccount(ctx, user.id))) {
    // Spend comparable time so the answer's timing does not tell whether the account exists.
    await spendVerificationTime(identifier);
    return;
  }
  const issued = await ctx.db.transaction().execute(async (trx) => {
    await spendOpenTokens(trx, user.id, 'reset_password');
    return issueOneTimeToken(trx, { userId: user.id, purpose: 'reset_password', ttlSeconds: ctx.config.resetPasswordTtl });
  });
  ctx.mailer.send({
    kind: 'reset_password',
    to: user.email,
    userId: user.id,
    recipientName: user.first_name || user.username,
    link: `${ctx.config.siteUrl}/reset-password/${encodeUid(user.id)}/${issued.token}`,
    validFor: describeLifetime(ctx.config.resetPasswordTtl),
  });
  await spendVerificationTime(identifier);
}

/** Sets a new password through a reset link; signs the user out everywhere. */
export async function resetPassword(
  ctx: AppContext,
  uid: string,
  token: string,
  input: { password: string; confirm_password: string },
): Promise<void> {
  const userId = decodeUid(uid);
  const found = userId === undefined ? undefined : await findValidToken(ctx.db, { purpose: 'reset_password', token, userId });
  const user = userId === undefined || !found ? undefined : await findUserById(ctx.db, userId);
  if (!found || !user) throw badRequest(INVALID_LINK);

  const errors = new FieldErrorList();
  for (const problem of passwordProblems(input.password, user)) errors.add('password', problem);
  if (input.password !== input.confirm_password) errors.add('confirm_password', 'Passwords do not match.');
  errors.throwIfAny();

  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await spendToken(trx, found.id))) throw badRequest(INVALID_LINK);
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    await revokeUserTokens(trx, user.id);
    await clearLoginFailures(trx, user.id);
    await recordAudit(trx, { userId: user.id, action: 'user.password_reset', entity: 'user', entityId: user.id });
  });
}

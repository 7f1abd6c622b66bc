/**
 * Account life through mailed links: member self-registration, e-mail verification (also of a
 * new address asked for in a profile), resending the verification link, and password reset.
 * Mail anyone can trigger is rate-limited per client address and per account, in the database.
 * Each mail is queued in the outbox in the transaction that issues its link (`mail/mailer.ts`).
 */
import type { AppContext } from '../../context.js';
import { isSet } from '../../db/values.js';
import { badRequest, FieldErrorList, tooManyRequests } from '../../errors.js';
import { queueMail } from '../../mail/mailer.js';
import { describeLifetime } from '../../mail/templates.js';
import { recordAudit } from '../audit/service.js';
import {
  auditNewAccount,
  checkNewAccount,
  checkReferences,
  createAccount,
  findUserById,
  findUserByLogin,
  INVALID_LINK,
  MEMBER,
  registeredMember,
  type NewAccountFields,
  type RegisteredMember,
} from '../users/service.js';
import { decodeUid, encodeUid, findValidToken, issueOneTimeToken, spendOpenTokens, spendToken } from '../accounts/one-time-tokens.js';
import { hashPassword, passwordProblems, spendVerificationTime } from '../accounts/passwords.js';
import { clearLoginFailures } from './rate-limit.js';
import { revokeUserTokens } from './service.js';
import { overLimit, recordEvent } from './throttle.js';
import { siteLink } from '../../lib/site-links.js';

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
      await auditNewAccount(trx, user.id, 'ACCOUNT_REGISTERED', { user, memberId });
      await queueMail(trx, verificationMail(ctx, user, issued.token));
    },
  );
  await recordEvent(ctx.db, mailAddressKey(clientAddress));
  ctx.notices.kick();
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
      await recordAudit(trx, { userId, action: 'EMAIL_VERIFIED', entity: 'user', entityId: userId, before: { is_verified: false }, after: { is_verified: true } });
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
    await recordAudit(trx, { userId, action: 'EMAIL_CHANGED', entity: 'user', entityId: userId, before: { email: before.email }, after: { email } });
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
  await ctx.db.transaction().execute(async (trx) => {
    await spendOpenTokens(trx, user.id, 'verify_email');
    const issued = await issueOneTimeToken(trx, { userId: user.id, purpose: 'verify_email', ttlSeconds: ctx.config.verifyEmailTtl });
    await queueMail(trx, verificationMail(ctx, user, issued.token));
  });
  ctx.notices.kick();
}

/** The mail with a link that verifies the account's e-mail address. */
function verificationMail(ctx: AppContext, user: { id: number; email: string; first_name: string; username: string }, token: string) {
  return {
    kind: 'verify_email',
    to: user.email,
    userId: user.id,
    recipientName: user.first_name || user.username,
    link: siteLink(ctx.config.siteUrl, 'verify-email', { uid: encodeUid(user.id), token }),
    validFor: describeLifetime(ctx.config.verifyEmailTtl),
  } as const;
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
  await ctx.db.transaction().execute(async (trx) => {
    await spendOpenTokens(trx, user.id, 'reset_password');
    const issued = await issueOneTimeToken(trx, { userId: user.id, purpose: 'reset_password', ttlSeconds: ctx.config.resetPasswordTtl });
    await queueMail(trx, {
      kind: 'reset_password',
      to: user.email,
      userId: user.id,
      recipientName: user.first_name || user.username,
      link: siteLink(ctx.config.siteUrl, 'reset-password', { uid: encodeUid(user.id), token: issued.token }),
      validFor: describeLifetime(ctx.config.resetPasswordTtl),
    });
  });
  ctx.notices.kick();
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
    await recordAudit(trx, { userId: user.id, action: 'PASSWORD_RESET', entity: 'user', entityId: user.id });
  });
}

/**
 * Changing one's own username or e-mail: both need the current password, and a new e-mail address
 * waits as pending until the link mailed to it is opened (`/auth/verify-email/{uid}/{token}`), so
 * nobody can move an account's mail (and its password resets) to an address they do not own.
 */
import type { AppContext } from '../../context.js';
import type { FieldErrorList } from '../../errors.js';
import { isValidEmail } from '../../http/validation.js';
import { hashPassword, passwordProblems, verifyPassword } from '../accounts/passwords.js';
import { EMAIL_TAKEN, findUserById, USERNAME_MESSAGES, USERNAME_PATTERN } from './service.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { notFound } from '../../errors.js';
import type { AccountForm } from './schemas.js';
import { queueMail } from '../../mail/mailer.js';
import { describeLifetime } from '../../mail/templates.js';
import { encodeUid, issueOneTimeToken, spendOpenTokens } from '../accounts/one-time-tokens.js';
import { siteLink } from '../../lib/site-links.js';

export const PASSWORD_MESSAGES = {
  wrongOld: 'Your old password was entered incorrectly.',
  mismatch: 'Passwords do not match.',
} as const;

export const ACCOUNT_CHANGE_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your username or e-mail.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailChanged: 'Email address changed.',
} as const;

/** The new e-mail address waiting for confirmation, or null. */
export async function pendingEmailOf(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('payload')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row?.payload) return null;
  const payload = JSON.parse(row.payload) as { email?: unknown };
  return typeof payload.email === 'string' ? payload.email : null;
}

/** What to call once the transaction that queued a confirmation mail has committed: it starts the delivery. */
export type PendingMail = () => void;

/**
 * Records a request to move the account to a new e-mail address (earlier requests lapse) and
 * queues the mail to the new address in the same transaction; the answer starts its delivery
 * after the commit.
 */
export async function requestEmailChange(
  ctx: AppContext,
  trx: Db,
  user: { id: number; first_name: string; username: string },
  email: string,
): Promise<PendingMail> {
  await spendOpenTokens(trx, user.id, 'change_email');
  const issued = await issueOneTimeToken(trx, { userId: user.id, purpose: 'change_email', ttlSeconds: ctx.config.verifyEmailTtl, payload: { email } });
  await queueMail(trx, {
    kind: 'change_email',
    to: email,
    userId: user.id,
    recipientName: user.first_name || user.username,
    link: siteLink(ctx.config.siteUrl, 'verify-email', { uid: encodeUid(user.id), token: issued.token }),
    validFor: describeLifetime(ctx.config.verifyEmailTtl),
  });
  return () => ctx.notices.kick();
}

export interface AccountChanges {
  username?: string;
  /** A new e-mail address waits for confirmation by link (see requestEmailChange); never set directly. */
  pendingEmail?: string;
  first_name?: string;
  last_name?: string;
  password_hash?: string;
}

/**
 * Checks the account fields and the password change against the database (uniqueness, the current
 * and old passwords), adding to the form's field errors; answers the changes to write.
 */
export async function checkAccountChanges(ctx: AppContext, form: AccountForm, errors: FieldErrorList, userId: number): Promise<AccountChanges> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const changes: AccountChanges = {};
  const username = form.username;
  if (username !== undefined) {
    if (!USERNAME_PATTERN.test(username)) errors.add('username', USERNAME_MESSAGES.invalid);
    else if (username !== user.username) {
      const taken = await ctx.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .where('id', '<>', userId)
        .executeTakeFirst();
      if (taken) errors.add('username', USERNAME_MESSAGES.taken);
      else changes.username = username;
    }
  }
  const email = form.email;
  if (email !== undefined) {
    if (!isValidEmail(email)) errors.add('email', 'Enter a valid email address.');
    else if (email !== user.email) {
      const taken = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '<>', '')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('id', '<>', userId)
        .executeTakeFirst();
      if (taken) errors.add('email', EMAIL_TAKEN);
      else changes.pendingEmail = email;
    }
  }
  if (form.first_name !== undefined) changes.first_name = form.first_name;
  if (form.last_name !== undefined) changes.last_name = form.last_name;

  const oldPassword = form.old_password;
  const newPassword = form.new_password;
  const confirmation = form.confirm_password;
  // A new username or e-mail takes over the account's sign-in and mail: the current password
  // proves it is the account's owner, not someone at an unlocked screen.
  if (changes.username !== undefined || changes.pendingEmail !== undefined) {
    const current = form.current_password ?? oldPassword;
    if (current === undefined) errors.add('current_password', ACCOUNT_CHANGE_MESSAGES.currentPasswordRequired);
    else if (!(await verifyPassword(user.password_hash, current))) errors.add('current_password', ACCOUNT_CHANGE_MESSAGES.currentPasswordWrong);
  }
  if (oldPassword !== undefined || newPassword !== undefined || confirmation !== undefined) {
    if (oldPassword === undefined) errors.add('old_password', 'This field is required.');
    if (newPassword === undefined) errors.add('new_password', 'This field is required.');
    if (confirmation === undefined) errors.add('confirm_password', 'This field is required.');
    if (oldPassword !== undefined && !(await verifyPassword(user.password_hash, oldPassword))) {
      errors.add('old_password', PASSWORD_MESSAGES.wrongOld);
    }
    if (newPassword !== undefined) {
      const names = { username: changes.username ?? user.username, email: changes.pendingEmail ?? user.email, first_name: changes.first_name ?? user.first_name, last_name: changes.last_name ?? user.last_name };
      for (const problem of passwordProblems(newPassword, names)) errors.add('new_password', problem);
      if (confirmation !== undefined && newPassword !== confirmation) errors.add('confirm_password', PASSWORD_MESSAGES.mismatch);
    }
    if (errors.empty && newPassword !== undefined) changes.password_hash = await hashPassword(newPassword);
  }
  return changes;
}

/** Writes the account's own columns; a new e-mail becomes a pending request whose mail is returned. */
export async function applyAccountChanges(ctx: AppContext, trx: Db, userId: number, changes: AccountChanges): Promise<PendingMail | undefined> {
  const { pendingEmail, ...columns } = changes;
  if (Object.keys(columns).length > 0) await trx.updateTable('users').set(columns).where('id', '=', userId).execute();
  if (pendingEmail === undefined) return undefined;
  const user = await findUserById(trx, userId);
  return user ? requestEmailChange(ctx, trx, user, pendingEmail) : undefined;
}

export const accountSnapshot = (changes: AccountChanges): Record<string, unknown> => {
  const { password_hash, ...rest } = changes;
  return password_hash ? { ...rest, password_changed: true } : rest;
};

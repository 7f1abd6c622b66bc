/**
 * A member registered by staff (`POST /auth/Single-Member-Register/`): active and verified at
 * once, with the profile fields, photo and plan. The welcome mail carries a link to choose a
 * password (a reset-password one-time token, valid as long as an invitation), never a password;
 * when staff typed no password the account gets a random one nobody knows. Registered approved,
 * the member's membership starts at once (`membership.ts`).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { FieldErrorList, ValidationError } from '../../errors.js';
import { isValidEmail } from '../../http/validation.js';
import { queueMail } from '../../mail/mailer.js';
import { describeLifetime } from '../../mail/templates.js';
import { replaceFiles } from '../../storage/service.js';
import { recordAudit } from '../audit/service.js';
import { encodeUid, issueOneTimeToken } from '../accounts/one-time-tokens.js';
import type { MemberDetails, ParsedForm } from '../users/schemas.js';
import { checkNewAccount, checkReferences, createAccount, MEMBER } from '../users/service.js';
import { planExists } from './plans.js';
import { startMemberships } from './membership.js';
import { readLibraryToday } from '../../lib/library-clock.js';
import type { MemberRegistrationForm } from './schemas.js';
import { siteLink } from '../../lib/site-links.js';
import type { AccountView } from '../accounts/account-view.js';

export const UNIQUE_PROFILE_MESSAGES = {
  registration_id: 'member profile with this registration id already exists.',
  library_membership_id: 'member profile with this library membership id already exists.',
} as const;

/** Adds errors for a registration id or membership id another member has (any letter case). */
export async function checkUniqueProfileFields(db: Db, profile: MemberDetails['profile'], errors: FieldErrorList, exceptUserId?: number): Promise<void> {
  for (const field of ['registration_id', 'library_membership_id'] as const) {
    const value = profile[field];
    if (!value || errors.has(field)) continue;
    let q = db.selectFrom('member_profiles').select('id').where(sql<string>`lower(${sql.ref(field)})`, '=', value.toLowerCase());
    if (exceptUserId !== undefined) q = q.where('user_id', '<>', exceptUserId);
    if (await q.executeTakeFirst()) errors.add(field, UNIQUE_PROFILE_MESSAGES[field]);
  }
}

/** Adds an error for a plan id that names no plan. */
export async function checkPlan(db: Db, plan: number | null | undefined, errors: FieldErrorList): Promise<void> {
  if (typeof plan === 'number' && !(await planExists(db, plan))) errors.add('plan', `Invalid pk "${plan}" - object does not exist.`);
}

/** The profile columns a member form sets (references and fee included). */
export function profileColumns(details: MemberDetails): Record<string, string | number | null> {
  const columns: Record<string, string | number | null> = { ...details.profile };
  if (details.department !== undefined) columns['department_id'] = details.department;
  if (details.session !== undefined) columns['session_id'] = details.session;
  if (details.plan !== undefined) columns['plan_id'] = details.plan;
  if (details.security_fee !== undefined) columns['security_fee'] = details.security_fee;
  return columns;
}

export interface RegisteredByStaff extends AccountView {
  role: string;
  member_id: string | null;
  profile_photo: string | null;
}

/** Creates the member and mails the set-password link. */
export async function registerMemberByStaff(ctx: AppContext, actor: AuthUser, { input, errors }: ParsedForm<MemberRegistrationForm>): Promise<RegisteredByStaff> {
  if (input.email !== undefined && !errors.has('email') && !isValidEmail(input.email)) errors.add('email', 'Enter a valid email address.');
  const password = input.password ?? randomBytes(24).toString('base64url');
  const account = { username: input.username ?? '', email: input.email ?? '', first_name: input.first_name ?? '', last_name: input.last_name ?? '', password };
  // Checks only the fields read without error, so the form shows every problem at once.
  await checkNewAccount(ctx.db, account, password, errors);
  await checkReferences(ctx.db, input, errors);
  await checkPlan(ctx.db, input.plan, errors);
  await checkUniqueProfileFields(ctx.db, input.profile, errors);
  errors.throwIfAny();

  const photo = input.photo ? await ctx.media.save('profiles', input.photo.buffer, input.photo.type) : null;
  const ttl = ctx.config.invitationTtl;
  let created;
  try {
    created = await replaceFiles(ctx.media, { added: [photo], replaced: [] }, () =>
      createAccount(ctx.db, { ...account, role: MEMBER, verified: true, approved: true }, async (trx, { user, memberId }) => {
        const columns = { ...profileColumns(input), ...(photo ? { profile_photo: photo } : {}) };
        if (Object.keys(columns).length > 0) await trx.updateTable('member_profiles').set(columns).where('user_id', '=', user.id).execute();
        const issued = await issueOneTimeToken(trx, { userId: user.id, purpose: 'reset_password', ttlSeconds: ttl });
        await recordAudit(trx, {
          userId: actor.id,
          action: 'MEMBER_REGISTERED',
          entity: 'user',
          entityId: user.id,
          after: { username: user.username, email: user.email, role: user.role, member_id: memberId, ...columns },
        });
        const link = siteLink(ctx.config.siteUrl, 'reset-password', { uid: encodeUid(user.id), token: issued.token });
        await queueMail(trx, { kind: 'welcome_member', to: user.email, userId: user.id, recipientName: user.first_name || user.username, link, validFor: describeLifetime(ttl) });
        // Registered approved: his membership starts now, on the plan just set.
        await startMemberships(trx, [user.id], await readLibraryToday(trx), { actorId: actor.id });
      }),
    );
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (error instanceof Error && /registration_id/i.test(error.message)) throw ValidationError.field('registration_id', UNIQUE_PROFILE_MESSAGES.registration_id);
    if (error instanceof Error && /library_membership_id/i.test(error.message)) throw ValidationError.field('library_membership_id', UNIQUE_PROFILE_MESSAGES.library_membership_id);
    throw error;
  }
  ctx.notices.kick();
  const { user, memberId } = created;
  return {
    id: user.id,
    user_id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    member_id: memberId,
    profile_photo: ctx.media.url(photo),
  };
}

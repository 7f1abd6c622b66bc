/** Staff accounts created by an administrator (a MANAGER, active and verified at once) and the managers' profiles. */
import type { AppContext } from '../../context.js';
import { sql } from 'kysely';
import { FieldErrorList, notFound, ValidationError } from '../../errors.js';
import { queueMail } from '../../mail/mailer.js';
import type { AuthUser } from '../../context.js';
import { auditNewAccount, checkNewAccount, createAccount, type NewAccountFields } from './service.js';
import { siteLink } from '../../lib/site-links.js';
import type { AccountView } from '../accounts/account-view.js';

export const STAFF_ID_TAKEN = 'This member ID is already in use.';

export interface ManagerRegistration extends NewAccountFields {
  password2: string;
  member_id?: string | undefined;
  contact_number?: string | undefined;
}

export interface RegisteredManager {
  id: number;
  username: string;
  email: string;
  role: 'MANAGER';
}

/** Creates the manager with his staff profile and mails a welcome (never the password). */
export async function registerManager(ctx: AppContext, actor: AuthUser, input: ManagerRegistration): Promise<RegisteredManager> {
  const errors = new FieldErrorList();
  await checkNewAccount(ctx.db, input, input.password2, errors);
  const memberId = input.member_id?.trim() || null;
  if (memberId && (await ctx.db.selectFrom('manager_profiles').select('id').where('member_id', '=', memberId).executeTakeFirst())) {
    errors.add('member_id', STAFF_ID_TAKEN);
  }
  errors.throwIfAny();
  let created;
  try {
    created = await createAccount(ctx.db, { ...input, role: 'MANAGER', verified: true, approved: true }, async (trx, { user }) => {
      await trx
        .insertInto('manager_profiles')
        .values({ user_id: user.id, member_id: memberId, contact_number: input.contact_number?.trim() || null, notes: null })
        .execute();
      await auditNewAccount(trx, actor.id, 'MANAGER_REGISTERED', { user, memberId });
      await queueMail(trx, { kind: 'welcome_staff', to: user.email, userId: user.id, recipientName: user.first_name || user.username, link: siteLink(ctx.config.siteUrl, 'login'), validFor: '' });
    });
  } catch (error) {
    if (error instanceof Error && /member_id/i.test(error.message)) throw ValidationError.field('member_id', STAFF_ID_TAKEN);
    throw error;
  }
  ctx.notices.kick();
  const { user } = created;
  return { id: user.id, username: user.username, email: user.email, role: 'MANAGER' };
}

/** A manager's staff profile as `GET /auth/manager-profile/` lists it. */
export interface ManagerProfileView extends AccountView {
  member_id: string | null;
  contact_number: string | null;
  notes: string | null;
  is_active: boolean;
}

const managerProfiles = (ctx: AppContext) =>
  ctx.db
    .selectFrom('users as u')
    .leftJoin('manager_profiles as m', 'm.user_id', 'u.id')
    .select(['m.id as profile_id', 'u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.is_active', 'm.member_id', 'm.contact_number', 'm.notes'])
    .where('u.role', '=', 'MANAGER')
    .where('u.deleted_at', 'is', null);

type ManagerRow = Awaited<ReturnType<ReturnType<typeof managerProfiles>['execute']>>[number];

const toManagerView = (r: ManagerRow): ManagerProfileView => ({
  // A manager who never opened his profile has no profile row yet: his user id stands in.
  id: r.profile_id ?? r.id,
  user_id: r.id,
  username: r.username,
  email: r.email,
  first_name: r.first_name,
  last_name: r.last_name,
  member_id: r.member_id,
  contact_number: r.contact_number,
  notes: r.notes,
  is_active: r.is_active === 1,
});

/** Every manager with his staff profile, by username. */
export async function listManagerProfiles(ctx: AppContext): Promise<ManagerProfileView[]> {
  return (await managerProfiles(ctx).orderBy(sql`lower(u.username)`).execute()).map(toManagerView);
}

/** One manager by his staff profile id, or user id when he has no profile row yet (404 otherwise). */
export async function managerProfile(ctx: AppContext, profileId: number | undefined): Promise<ManagerProfileView> {
  const row =
    profileId === undefined
      ? undefined
      : await managerProfiles(ctx)
          .where((eb) => eb.or([eb('m.id', '=', profileId), eb.and([eb('m.id', 'is', null), eb('u.id', '=', profileId)])]))
          .executeTakeFirst();
  if (!row) throw notFound();
  return toManagerView(row);
}

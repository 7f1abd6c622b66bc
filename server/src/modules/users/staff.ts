/** Staff accounts created by an administrator: a MANAGER, active and verified at once. */
import type { AppContext } from '../../context.js';
import { FieldErrorList, ValidationError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../../context.js';
import { checkNewAccount, createAccount, type NewAccountFields } from './service.js';

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
      await recordAudit(trx, {
        userId: actor.id,
        action: 'MANAGER_REGISTERED',
        entity: 'user',
        entityId: user.id,
        after: { username: user.username, email: user.email, role: user.role, member_id: memberId },
      });
    });
  } catch (error) {
    if (error instanceof Error && /member_id/i.test(error.message)) throw ValidationError.field('member_id', STAFF_ID_TAKEN);
    throw error;
  }
  const { user } = created;
  ctx.mailer.send({
    kind: 'welcome_staff',
    to: user.email,
    userId: user.id,
    recipientName: user.first_name || user.username,
    link: `${ctx.config.siteUrl}/`,
    validFor: '',
  });
  return { id: user.id, username: user.username, email: user.email, role: 'MANAGER' };
}

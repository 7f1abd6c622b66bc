/**
 * Staff editing a member's profile (`PATCH users/profile/update/`, change_members): the names,
 * every profile field (registration and membership ids, plan, fee included) and the photo,
 * checked with the same member rules as registration. Username, e-mail and password stay the
 * member's own to change. Audited with the fields before and after.
 */
import type { AppContext, AuthUser } from '../../context.js';
import { notFound, ValidationError } from '../../errors.js';
import { replaceFiles, type StoredFile } from '../../storage/service.js';
import { recordAudit } from '../audit/service.js';
import { checkPlan, checkUniqueProfileFields, profileColumns, UNIQUE_PROFILE_MESSAGES } from './register.js';
import { findMemberProfile, type MemberProfile } from './profiles.js';
import type { ParsedForm, StaffMemberEditForm } from '../users/schemas.js';
import { checkReferences } from '../users/service.js';

/** Applies a staff edit to a member (404 for an unknown or deleted member, or a staff account). */
export async function editMemberProfile(ctx: AppContext, actor: AuthUser, { input, errors }: ParsedForm<StaffMemberEditForm>): Promise<MemberProfile> {
  const userId = input.userId ?? undefined;
  const member = userId === undefined ? undefined : await findMemberProfile(ctx, userId);
  if (userId !== undefined && !member) throw notFound('Member not found.');
  await checkReferences(ctx.db, input, errors);
  await checkPlan(ctx.db, input.plan, errors);
  if (userId !== undefined) await checkUniqueProfileFields(ctx.db, input.profile, errors, userId);
  errors.throwIfAny();
  if (userId === undefined || !member) throw notFound('Member not found.');

  const columns: Record<string, string | number | null> = profileColumns(input);
  const account: { first_name?: string; last_name?: string } = {};
  if (input.first_name !== undefined) columns['first_name'] = account.first_name = input.first_name;
  if (input.last_name !== undefined) columns['last_name'] = account.last_name = input.last_name;
  const added: StoredFile[] = [];
  const replaced: (string | null)[] = [];
  if (input.photo) {
    const photo = await ctx.media.save('profiles', input.photo.buffer, input.photo.type);
    added.push(photo);
    columns['profile_photo'] = photo;
  } else if (input.clearPhoto) columns['profile_photo'] = null;
  if (Object.keys(columns).length === 0) return member;

  try {
    await replaceFiles(ctx.media, { added, replaced }, () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('member_profiles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
        await trx.updateTable('member_profiles').set(columns).where('user_id', '=', userId).execute();
        if (Object.keys(account).length > 0) await trx.updateTable('users').set(account).where('id', '=', userId).execute();
        if ('profile_photo' in columns && before.profile_photo) replaced.push(before.profile_photo);
        const beforeSnapshot = Object.fromEntries(Object.keys(columns).map((k) => [k, (before as Record<string, unknown>)[k]]));
        await recordAudit(trx, { userId: actor.id, action: 'MEMBER_PROFILE_UPDATED', entity: 'user', entityId: userId, before: beforeSnapshot, after: columns });
      }),
    );
  } catch (error) {
    for (const field of ['registration_id', 'library_membership_id'] as const) {
      if (error instanceof Error && error.message.includes(field)) throw ValidationError.field(field, UNIQUE_PROFILE_MESSAGES[field]);
    }
    throw error;
  }
  return (await findMemberProfile(ctx, userId))!;
}

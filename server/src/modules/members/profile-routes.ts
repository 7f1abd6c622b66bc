/** HTTP for members' profiles: a member's own, a member's for staff with view_members, edited by staff with change_members. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, currentUserInRole, requireSelfOrPermission } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { idParam } from '../../http/validation.js';
import { bearerSession } from '../accounts/jwt.js';
import { memberProfileFor, ownMemberProfile, updateMemberProfile } from './profiles.js';
import { editMemberProfile } from './member-edits.js';
import { parseMemberProfileForm, parseStaffMemberEdit } from '../users/schemas.js';

export const memberProfileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const photoLimits = { fileLimits: { profile_photo: ctx.config.uploadImageMaxBytes } };


  // Who may ask is settled before the id is read (an id out of range is 400).
  app.get<{ Params: { id: string } }>('/users/members/:id/profile/', { config: { access: 'user' } }, async (request) => {
    const user = currentUser(request);
    await requireSelfOrPermission(ctx, user, request.params.id, 'view_members');
    return memberProfileFor(ctx, user, idParam(request.params.id));
  });

  app.get('/users/update-profile/', { config: { access: 'user' } }, async (request) => ownMemberProfile(ctx, currentUserInRole(request, 'MEMBER')));
  const updateMember = async (request: FastifyRequest) => {
    const user = currentUserInRole(request, 'MEMBER');
    const form = await readForm(request, photoLimits);
    return updateMemberProfile(ctx, user, parseMemberProfileForm(form, ctx.media), await bearerSession(ctx.config, request.headers.authorization));
  };
  app.patch('/users/update-profile/', { config: { access: 'user' } }, updateMember);
  app.put('/users/update-profile/', { config: { access: 'user' } }, updateMember);

  // Staff editing a member's profile fields (the member named by user_id).
  app.patch('/users/profile/update/', { config: { access: { permission: 'change_members' } } }, async (request) => {
    const form = await readForm(request, photoLimits);
    return editMemberProfile(ctx, currentUser(request), parseStaffMemberEdit(form, ctx.media));
  });
};

/** HTTP for members' profiles: a member's own, a member's for staff with view_members, edited by staff with change_members. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { permissionDenied } from '../../errors.js';
import { currentUser } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { idParam } from '../../http/validation.js';
import { accessTokenSession } from '../accounts/jwt.js';
import { memberProfileFor, ownMemberProfile, updateMemberProfile } from './profiles.js';
import type { AuthUser } from '../../context.js';
import { editMemberProfile } from './member-edits.js';
import { parseMemberProfileForm, parseStaffMemberEdit } from '../users/schemas.js';

export const memberProfileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const photoLimits = { fileLimits: { profile_photo: ctx.config.uploadImageMaxBytes } };

  /** The signed-in user, who must hold this built-in role. */
  const self = (request: FastifyRequest, role: string): AuthUser => {
    const user = currentUser(request);
    if (user.role !== role) throw permissionDenied();
    return user;
  };
  /** The sign-in the request belongs to, so a password change keeps it. */
  const sessionOf = (request: FastifyRequest): Promise<string | undefined> =>
    accessTokenSession(ctx.config, (request.headers.authorization ?? '').replace(/^\s*bearer\s+/i, '').trim());

  app.get<{ Params: { id: string } }>('/users/members/:id/profile/', { config: { access: 'user' } }, async (request) =>
    memberProfileFor(ctx, currentUser(request), idParam(request.params.id)),
  );

  app.get('/users/update-profile/', { config: { access: 'user' } }, async (request) => ownMemberProfile(ctx, self(request, 'MEMBER')));
  const updateMember = async (request: FastifyRequest) => {
    const user = self(request, 'MEMBER');
    const form = await readForm(request, photoLimits);
    return updateMemberProfile(ctx, user, parseMemberProfileForm(form, ctx.media), await sessionOf(request));
  };
  app.patch('/users/update-profile/', { config: { access: 'user' } }, updateMember);
  app.put('/users/update-profile/', { config: { access: 'user' } }, updateMember);

  // Staff editing a member's profile fields (the member named by user_id).
  app.patch('/users/profile/update/', { config: { access: { permission: 'change_members' } } }, async (request) => {
    const form = await readForm(request, photoLimits);
    return editMemberProfile(ctx, currentUser(request), parseStaffMemberEdit(form, ctx.media));
  });
};

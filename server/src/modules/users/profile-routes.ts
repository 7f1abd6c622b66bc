/** HTTP for staff profiles: SUPER USER and MANAGER, each for himself (members' profiles: `members/profile-routes.ts`). */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUserInRole } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { bearerSession } from '../accounts/jwt.js';
import { staffProfile, updateStaffProfile } from './profiles.js';
import { parseStaffProfileForm } from './schemas.js';

export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const photoLimits = { fileLimits: { profile_photo: ctx.config.uploadImageMaxBytes } };


  for (const [path, role] of [['/users/admin/profile/', 'SUPER USER'], ['/users/update-manager-profile/', 'MANAGER']] as const) {
    app.get(path, { config: { access: 'user' } }, async (request) => staffProfile(ctx, currentUserInRole(request, role).id));
    const update = async (request: FastifyRequest) => {
      const user = currentUserInRole(request, role);
      const form = await readForm(request, photoLimits);
      // Only a manager's profile carries the staff member id and contact number.
      if (role !== 'MANAGER') {
        delete form.fields['member_id'];
        delete form.fields['contact_number'];
      }
      return updateStaffProfile(ctx, user, parseStaffProfileForm(form, ctx.media), await bearerSession(ctx.config, request.headers.authorization));
    };
    app.patch(path, { config: { access: 'user' } }, update);
    app.put(path, { config: { access: 'user' } }, update);
  }
};

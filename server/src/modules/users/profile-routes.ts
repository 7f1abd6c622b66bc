/** HTTP for staff profiles: SUPER USER and MANAGER, each for himself (members' profiles: `members/profile-routes.ts`). */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { permissionDenied } from '../../errors.js';
import { currentUser } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { accessTokenSession } from '../accounts/jwt.js';
import { staffProfile, updateStaffProfile } from './profiles.js';
import type { AuthUser } from '../../context.js';
import { parseStaffProfileForm } from './schemas.js';

export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
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

  for (const [path, role] of [['/users/admin/profile/', 'SUPER USER'], ['/users/update-manager-profile/', 'MANAGER']] as const) {
    app.get(path, { config: { access: 'user' } }, async (request) => staffProfile(ctx, self(request, role).id));
    const update = async (request: FastifyRequest) => {
      const user = self(request, role);
      const form = await readForm(request, photoLimits);
      // Only a manager's profile carries the staff member id and contact number.
      if (role !== 'MANAGER') {
        delete form.fields['member_id'];
        delete form.fields['contact_number'];
      }
      return updateStaffProfile(ctx, user, parseStaffProfileForm(form, ctx.media), await sessionOf(request));
    };
    app.patch(path, { config: { access: 'user' } }, update);
    app.put(path, { config: { access: 'user' } }, update);
  }
};

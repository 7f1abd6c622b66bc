/** HTTP for invitations, manager registration and the managers' profiles. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/guard.js';
import { parseBody } from '../../http/validation.js';
import { idParam } from '../../http/validation.js';
import { InvitationAcceptanceBody, InvitationBody, ManagerBody } from './schemas.js';
import { listManagerProfiles, managerProfile, registerManager } from './staff.js';
import * as users from './service.js';

export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/users/invitations/', { config: { access: { permission: 'add_members' } } }, async (request, reply) => {
    const { email, role } = parseBody(InvitationBody, request.body);
    return reply.status(201).send(await users.createInvitation(ctx, email, currentUser(request), role));
  });

  app.post<{ Params: { token: string } }>('/users/invitation/confirm/:token', { config: { access: 'public' } }, async (request, reply) => {
    const input = parseBody(InvitationAcceptanceBody, request.body);
    return reply.status(201).send(await users.confirmInvitation(ctx, request.params.token, input));
  });

  app.post('/auth/register/manager/', { config: { access: { permission: 'change_user_admin' } } }, async (request, reply) => {
    const body = parseBody(ManagerBody, request.body);
    const input = {
      ...body,
      first_name: body.first_name?.trim() ?? '',
      last_name: body.last_name?.trim() ?? '',
    };
    return reply.status(201).send(await registerManager(ctx, currentUser(request), input));
  });

  // The original answered these to anyone; here they are for whoever manages users.
  app.get('/auth/manager-profile/', { config: { access: { permission: 'change_user_admin' } } }, async () => listManagerProfiles(ctx));
  app.get<{ Params: { id: string } }>('/auth/manager-profile/:id/', { config: { access: { permission: 'change_user_admin' } } }, async (request) =>
    managerProfile(ctx, idParam(request.params.id)),
  );
};

/** HTTP for the permission catalogue and a user's permissions. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { currentUser, requirePermission } from '../../http/guard.js';
import { idParam } from '../../http/validation.js';
import { findUserById } from '../users/service.js';
import { listPermissions, permissionsOf } from './service.js';

export const roleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/permissions/', { config: { access: { permission: 'change_user_admin' } } }, async () => listPermissions(ctx.db));

  // The user himself, or whoever manages users and roles.
  app.get<{ Params: { id: string } }>('/users/:id/permissions/', { config: { access: 'user' } }, async (request) => {
    const caller = currentUser(request);
    const id = idParam(request.params.id);
    if (id !== caller.id) await requirePermission(ctx, caller, 'change_user_admin');
    const user = id === undefined ? undefined : await findUserById(ctx.db, id);
    if (!user) throw notFound();
    return permissionsOf(ctx.db, user);
  });
};

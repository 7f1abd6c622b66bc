/** HTTP for the permission catalogue, a user's permissions, role administration and the user list (manager registration is in users/routes.ts). */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound, permissionDenied } from '../../errors.js';
import { currentUser, isMember, requireAnyPermission, requirePermission, signedIn } from '../../http/guard.js';
import { idParam, parseBody } from '../../http/validation.js';
import { findUserById } from '../../db/user-by-id.js';
import { changeRoleMembers, createRole, deleteRole, getRole, listRoles, pageUsers, roleUsers, rolePermissions, searchUsers, updateRole } from './admin.js';
import { pagedAnswer } from '../../http/paging.js';
import { RoleBody, RolePatchBody, UserIdsBody } from './schemas.js';
import { listPermissions, permissionsOf } from './service.js';

const ADMIN = { access: { permission: 'change_user_admin' } } as const;
/**
 * Who may look staff and members up by name (`GET /users/?search=`): role assignment, and the
 * Audit Trail's "Who" and the Financial Report's "Collected by" filters. The paged user list stays
 * with change_user_admin.
 */
const USER_SEARCHERS = ['change_user_admin', 'view_auditlog', 'view_financial_report'] as const;

interface IdParams {
  Params: { id: string };
}

export const roleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/permissions/', { config: ADMIN }, async () => listPermissions(ctx.db));

  // The user himself, or whoever manages users and roles.
  app.get<IdParams>('/users/:id/permissions/', { config: { access: 'user' } }, async (request) => {
    const caller = currentUser(request);
    // Who may ask is settled before the id is read (an id out of range is 400).
    if (request.params.id !== String(caller.id)) await requirePermission(ctx, caller, 'change_user_admin');
    const id = idParam(request.params.id);
    const user = id === undefined ? undefined : await findUserById(ctx.db, id);
    if (!user) throw notFound();
    return permissionsOf(ctx.db, user);
  });

  // Without `page` the pickers' short list (up to 50); with it the paged user list.
  app.get<{ Querystring: { search?: string; role?: string; ordering?: string; page?: string; page_size?: string } }>('/users/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    const query = request.query ?? {};
    if (query.page === undefined || query.page === '') {
      if (isMember(user)) throw permissionDenied();
      await requireAnyPermission(ctx, user, USER_SEARCHERS);
      return searchUsers(ctx.db, String(query.search ?? ''), String(query.role ?? ''));
    }
    await requirePermission(ctx, user, 'change_user_admin');
    const { window, results } = await pageUsers(ctx.db, query);
    return pagedAnswer(request, ctx.config.apiPublicUrl, window, results);
  });

  app.get('/roles/', { config: ADMIN }, async () => listRoles(ctx.db));
  app.post('/roles/', { config: ADMIN }, async (request, reply) => {
    const body = parseBody(RoleBody, request.body);
    return reply.status(201).send(await createRole(ctx.db, currentUser(request).id, body));
  });
  app.get<IdParams>('/roles/:id/', { config: ADMIN }, async (request) => getRole(ctx.db, idParam(request.params.id)));
  const update = async (request: { params: { id: string }; body: unknown } & Parameters<typeof currentUser>[0]) =>
    updateRole(ctx.db, currentUser(request).id, idParam(request.params.id), parseBody(RolePatchBody, request.body));
  app.patch<IdParams>('/roles/:id/', { config: ADMIN }, update);
  app.put<IdParams>('/roles/:id/', { config: ADMIN }, update);
  app.delete<IdParams>('/roles/:id/', { config: ADMIN }, async (request, reply) => {
    await deleteRole(ctx.db, currentUser(request).id, idParam(request.params.id));
    return reply.status(204).send();
  });
  app.post<IdParams>('/roles/:id/assign_user/', { config: ADMIN }, async (request) =>
    changeRoleMembers(ctx.db, currentUser(request).id, idParam(request.params.id), parseBody(UserIdsBody, request.body).user_ids, true),
  );
  app.post<IdParams>('/roles/:id/remove_user/', { config: ADMIN }, async (request) =>
    changeRoleMembers(ctx.db, currentUser(request).id, idParam(request.params.id), parseBody(UserIdsBody, request.body).user_ids, false),
  );
  app.get<IdParams>('/roles/:id/users/', { config: ADMIN }, async (request) => roleUsers(ctx.db, idParam(request.params.id)));
  app.get<IdParams>('/roles/:id/permissions/', { config: ADMIN }, async (request) => rolePermissions(ctx.db, idParam(request.params.id)));
};

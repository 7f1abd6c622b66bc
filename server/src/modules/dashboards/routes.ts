/**
 * HTTP for the two homes (docs/API.md, "Dashboards and reports"). The staff home needs
 * view_dashboard_summary (a SUPER USER passes every check; members never hold it) and answers only
 * the cards whose lists the reader may open. A member's home is his own, or staff's holding
 * view_members; another member's is 403. The period and the id are read in schemas.ts; the
 * figures are made in service.ts and member-home.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { permissionDenied } from '../../errors.js';
import { can, currentUser, isMember, requireSelfOrPermission, signedIn } from '../../http/guard.js';
import { permissionCodenames } from '../roles/service.js';
import { memberDashboard } from './member-home.js';
import { parseDashboardQuery, parseMemberId } from './schemas.js';
import { dashboardSummary } from './service.js';

export const dashboardRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Querystring: Record<string, unknown> }>('/reports/dashboard/', { config: can('view_dashboard_summary') }, async (request) => {
    const user = currentUser(request);
    if (isMember(user)) throw permissionDenied();
    const held = new Set(await permissionCodenames(ctx.db, user));
    return dashboardSummary(ctx.db, parseDashboardQuery(request.query ?? {}).period, (permission) => held.has(permission));
  });

  app.get<{ Params: { id: string } }>('/users/meberview/:id/dashboard/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    await requireSelfOrPermission(ctx, user, request.params.id, 'view_members');
    const id = parseMemberId(request.params.id);
    return memberDashboard(ctx, id);
  });
};

/** HTTP for reference data the registration form needs. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { listDepartments, listSessions } from './service.js';

export const referenceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/member-departments/', { config: { access: 'public' } }, async () => listDepartments(ctx.db));
  app.get('/member-sessions/', { config: { access: 'public' } }, async () => listSessions(ctx.db));
};

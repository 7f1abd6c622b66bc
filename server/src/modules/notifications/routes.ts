/** HTTP for a user's notifications. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/guard.js';
import { listNotifications } from './service.js';

export const notificationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/notifications/', { config: { access: 'user' } }, async (request) => listNotifications(ctx.db, currentUser(request).id));
};

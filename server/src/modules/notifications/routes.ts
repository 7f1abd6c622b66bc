/** HTTP for a user's notifications (the bell: list, unread count, mark read) and wish list. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/guard.js';
import { notFound } from '../../errors.js';
import { idParam } from '../../http/validation.js';
import { pagedAnswer } from '../../http/paging.js';
import { parseNotificationQuery, parseWishlistAddition } from './schemas.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.js';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.js';

export const notificationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Querystring: Record<string, unknown> }>('/notifications/', { config: { access: 'user' } }, async (request) => {
    const list = await listNotifications(ctx.db, currentUser(request).id, parseNotificationQuery(request.query ?? {}));
    return list.window ? pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.results) : list.results;
  });
  app.get('/notifications/unread-count/', { config: { access: 'user' } }, async (request) => unreadCount(ctx.db, currentUser(request).id));
  app.post<{ Params: { id: string } }>('/notifications/alerts/:id/mark_read/', { config: { access: 'user' } }, async (request, reply) => {
    await markRead(ctx.db, currentUser(request).id, idParam(request.params.id));
    return reply.status(204).send();
  });
  app.post('/notifications/alerts/mark_all_read/', { config: { access: 'user' } }, async (request, reply) => {
    await markAllRead(ctx.db, currentUser(request).id);
    return reply.status(204).send();
  });

  app.get('/notifications/wishlist/', { config: { access: 'user' } }, async (request) => listWishlist(ctx, currentUser(request)));
  app.post('/notifications/wishlist/', { config: { access: 'user' } }, async (request, reply) =>
    reply.status(201).send(await addToWishlist(ctx, currentUser(request), parseWishlistAddition(request.body))),
  );
  app.delete<{ Params: { id: string } }>('/notifications/wishlist/:id/', { config: { access: 'user' } }, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === undefined) throw notFound();
    await removeFromWishlist(ctx, currentUser(request), id);
    return reply.status(204).send();
  });
};

/** HTTP for a user's notifications. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/guard.js';
import { notFound } from '../../errors.js';
import { idParam } from '../../http/validation.js';
import { parseWishlistAddition } from './schemas.js';
import { listNotifications } from './service.js';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.js';

export const notificationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/notifications/', { config: { access: 'user' } }, async (request) => listNotifications(ctx.db, currentUser(request).id));

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

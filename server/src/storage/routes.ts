/** `GET /media/<kind>/<file>`: uploaded files with their content type and a long cache. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import { authenticate } from '../http/guard.js';
import { parseMediaPath } from './schemas.js';

export const mediaRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public at the route; kinds readable only when signed in check the token themselves.
  app.get<{ Params: { '*': string } }>('/media/*', { config: { access: 'public' } }, async (request, reply) => {
    const stored = parseMediaPath(request.params);
    const location = ctx.media.locate(stored);
    if (!location) throw notFound();
    if (location.kind.readAccess === 'user') await authenticate(ctx, request.headers.authorization);
    const file = await ctx.media.read(stored);
    if (!file) throw notFound();
    // Names are random and never reused, so a file never changes under its URL.
    reply.header('cache-control', location.kind.readAccess === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=3600');
    reply.header('content-disposition', 'inline');
    return reply.type(file.mime).send(file.body);
  });
};

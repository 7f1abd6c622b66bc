/**
 * HTTP for reservations (docs/API.md, "Reservations and notices"): the list, one reservation, a
 * member's, the queue by title, the holds to pull, reserve, fulfil, cancel, issue and move. A MEMBER reads, makes and
 * cancels only his own (another's is 404, as if it did not exist); staff need
 * `view_bookreservation` to read, `change_bookreservation` to reserve for a member, fulfil, cancel
 * and move, and `add_bookissuance` to issue. Bodies and query strings are read in schemas.ts; the
 * rules live in service.ts and holds.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext, AuthUser } from '../../context.js';
import { can, currentUser, isMember, requirePermission, requireSelfOrPermission, signedIn } from '../../http/guard.js';
import { pagedAnswer } from '../../http/paging.js';
import { pathId } from '../../http/validation.js';
import { listReservations, reservationById, reservationQueue } from './queries.js';
import { parseByMemberQuery, parseCancelBody, parseCreateBody, parseMoveBody, parseQueueQuery, parseReservationIssueBody, parseReservationListQuery } from './schemas.js';
import { cancelReservation, createReservation, fulfilReservation, issueReservation, moveReservation } from './service.js';
import { holdsToPull, TO_PULL_PAGE } from './to-pull.js';
import { readBoundedPage } from '../../http/query.js';

type IdParams = { Params: { id: string } };
type Query = { Querystring: Record<string, unknown> };

/** Registers the reservation calls. */
export const reservationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The member whose reservations the caller may see only (his own), or undefined for staff who may read them all. */
  const readScope = async (user: AuthUser): Promise<number | undefined> => {
    if (isMember(user)) return user.id;
    await requirePermission(ctx, user, 'view_bookreservation');
    return undefined;
  };

  app.get<Query>('/books/reservations/', { config: signedIn }, async (request) => {
    const only = await readScope(currentUser(request));
    const list = await listReservations(ctx.db, parseReservationListQuery(request.query ?? {}), only);
    return list.window ? pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.results) : list.results;
  });

  app.post('/books/reservations/', { config: signedIn }, async (request, reply) => {
    const user = currentUser(request);
    const staff = !isMember(user);
    if (staff) await requirePermission(ctx, user, 'change_bookreservation');
    return reply.status(201).send(await createReservation(ctx, user, parseCreateBody(request.body, staff), staff));
  });

  app.get<Query>('/books/reservations/queue/', { config: can('view_bookreservation') }, async (request) => {
    const list = await reservationQueue(ctx.db, parseQueueQuery(request.query ?? {}));
    return pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.results);
  });

  // The morning's pulls: titles with waiting holds and copies on the shelf, in shelf order.
  app.get<Query>('/books/reservations/to-pull/', { config: can('view_bookreservation') }, async (request) => {
    const { page, size } = readBoundedPage(request.query ?? {}, TO_PULL_PAGE);
    return holdsToPull(ctx.db, { page, pageSize: size });
  });

  app.get<IdParams & Query>('/books/reservations/by-member/:id/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    await requireSelfOrPermission(ctx, user, request.params.id, 'view_bookreservation');
    const id = pathId(request.params.id);
    const { status } = parseByMemberQuery(request.query ?? {});
    const list = await listReservations(ctx.db, { page: undefined, orders: [{ field: 'reserved_at', desc: true }], term: '', status, member: id, book: undefined });
    return list.results;
  });

  app.get<IdParams>('/books/reservations/:id/', { config: signedIn }, async (request) => {
    const only = await readScope(currentUser(request));
    return reservationById(ctx.db, pathId(request.params.id), only);
  });

  app.post<IdParams>('/books/reservations/:id/fulfill/', { config: can('change_bookreservation') }, async (request) =>
    fulfilReservation(ctx, currentUser(request), pathId(request.params.id)),
  );

  app.post<IdParams>('/books/reservations/:id/cancel/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    if (!isMember(user)) await requirePermission(ctx, user, 'change_bookreservation');
    const id = pathId(request.params.id);
    const { reason } = parseCancelBody(request.body);
    return cancelReservation(ctx, user, id, reason, isMember(user) ? user.id : undefined);
  });

  app.post<IdParams>('/books/reservations/:id/issue/', { config: can('add_bookissuance') }, async (request, reply) => {
    const id = pathId(request.params.id);
    return reply.status(201).send(await issueReservation(ctx, currentUser(request), id, parseReservationIssueBody(request.body)));
  });

  app.post<IdParams>('/books/reservations/:id/move/', { config: can('change_bookreservation') }, async (request) => {
    const id = pathId(request.params.id);
    const { position, reason } = parseMoveBody(request.body);
    return moveReservation(ctx, currentUser(request), id, position, reason);
  });
};

/**
 * HTTP for the fines desk (docs/API.md, "Circulation and fines"): the pending list, collect, a
 * member's fines and receipts, one receipt, a manual charge and a cancellation (change_fine). Input is read in schemas.ts; rules live in service.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, requireSelfOrPermission } from '../../http/guard.js';
import { pagedAnswer } from '../../http/paging.js';
import { idParam, pathId } from '../../http/validation.js';
import { memberFines, memberReceipts, pendingFines } from './queries.js';
import { parseCancelBody, parseChargeBody, parseCollectBody, parsePendingQuery, readReceiptNo } from './schemas.js';
import { addManualCharge, cancelFine } from './charges.js';
import { collectFines, readReceipt, requireFineReader } from './service.js';

type IdParams = { Params: { id: string } };

export const fineRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Querystring: Record<string, unknown> }>('/fines-viewset/pending/', { config: { access: { permission: 'view_fine' } } }, async (request) => {
    const list = await pendingFines(ctx.db, parsePendingQuery(request.query ?? {}));
    return list.window ? pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.results) : list.results;
  });

  app.post('/fines-viewset/collect/', { config: { access: { permission: 'change_fine' } } }, async (request) =>
    collectFines(ctx, currentUser(request), parseCollectBody(request.body)),
  );

  app.post('/fines/charges/', { config: { access: { permission: 'change_fine' } } }, async (request, reply) =>
    reply.status(201).send(await addManualCharge(ctx, currentUser(request), parseChargeBody(request.body))),
  );

  app.post<IdParams>('/fines/:id/cancel/', { config: { access: { permission: 'change_fine' } } }, async (request) => {
    const id = pathId(request.params.id);
    return cancelFine(ctx, currentUser(request), id, parseCancelBody(request.body).reason);
  });

  // Members reach these for themselves: who may ask is settled before the id is read (an id out
  // of range is 400), then the service checks the reader and finds the member.
  const fineReaderOf = async (request: FastifyRequest<IdParams>): Promise<number> => {
    const user = currentUser(request);
    await requireSelfOrPermission(ctx, user, request.params.id, 'view_fine');
    return requireFineReader(ctx, user, idParam(request.params.id));
  };
  app.get<IdParams>('/fines/user/:id/', { config: { access: 'user' } }, async (request) => memberFines(ctx.db, await fineReaderOf(request)));
  app.get<IdParams>('/fines/user/:id/receipts/', { config: { access: 'user' } }, async (request) => memberReceipts(ctx.db, await fineReaderOf(request)));
  app.get<{ Params: { receipt_no: string } }>('/fines/receipts/:receipt_no/', { config: { access: 'user' } }, async (request) =>
    readReceipt(ctx, currentUser(request), readReceiptNo(request.params.receipt_no)),
  );
};

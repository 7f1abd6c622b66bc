/**
 * HTTP for stock verification. Reading needs view_stockverification, opening and scanning
 * add_stockverification, closing and marking missing change_stockverification (members hold none).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { can, currentUser } from '../../http/guard.js';
import { pathId } from '../../http/validation.js';
import { parseOnceEach } from '../../http/query.js';
import { parseGroup, parseListQuery, parseOpen, parseReportQuery, parseScan } from './schemas.js';
import { closeVerification, listVerifications, markMissing, openVerification, readVerification, reportExport, reportPage, reportShelves, scanCopy } from './service.js';

type IdParams = { Params: { id: string } };

export const stockRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const view = can('view_stockverification');
  const add = can('add_stockverification');
  const change = can('change_stockverification');

  app.get('/stock-verifications/', { config: view }, async (request) => listVerifications(ctx, parseListQuery(request.query)));

  app.post('/stock-verifications/', { config: add }, async (request, reply) =>
    reply.status(201).send(await openVerification(ctx, currentUser(request), parseOpen(request.body))),
  );

  app.get<IdParams>('/stock-verifications/:id/', { config: view }, async (request) => {
    const id = pathId(request.params.id);
    parseOnceEach(request.query);
    return readVerification(ctx, id);
  });

  app.post<IdParams>('/stock-verifications/:id/scans/', { config: add }, async (request, reply) => {
    const id = pathId(request.params.id);
    const barcode = parseScan(request.body);
    return reply.status(201).send(await scanCopy(ctx, currentUser(request), id, barcode));
  });

  app.post<IdParams>('/stock-verifications/:id/close/', { config: change }, async (request) => closeVerification(ctx, currentUser(request), pathId(request.params.id)));

  app.post<IdParams>('/stock-verifications/:id/mark-missing/', { config: change }, async (request) => markMissing(ctx, currentUser(request), pathId(request.params.id)));

  app.get<IdParams>('/stock-verifications/:id/report/', { config: view }, async (request) => {
    const id = pathId(request.params.id);
    return reportPage(ctx, id, parseReportQuery(request.query));
  });

  app.get<IdParams>('/stock-verifications/:id/report/shelves/', { config: view }, async (request) => {
    const id = pathId(request.params.id);
    parseOnceEach(request.query);
    return reportShelves(ctx, id);
  });

  app.get<IdParams>('/stock-verifications/:id/report/export/', { config: view }, async (request, reply) => {
    const id = pathId(request.params.id);
    const file = await reportExport(ctx, id, parseGroup(request.query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(Readable.from(file.parts));
  });
};

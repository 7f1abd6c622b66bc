/**
 * HTTP for the copies of the accession register: a title's copies (list, add), one copy (read,
 * edit and status change), the scan lookup and the accession list, and a copy's history. Reading
 * needs view_book; adding add_book; editing change_book; the lookup by barcode is open to the
 * desk too (any loan reader's permission), since scanning a copy is how it issues and takes back.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { can, currentUser, requireAnyPermission, requirePermission, signedIn } from '../../http/guard.js';
import { pathId } from '../../http/validation.js';
import { LOAN_READERS } from '#shared/permission-codes';
import { parseAddCopiesBody, parseBookCopiesQuery, parseCopyEditBody, parseCopyListQuery, parseLookupQuery } from './schemas.js';
import { addCopiesToBook, editCopy, lookupCopy, readBookCopies, readCopy, readCopyHistory, readCopyList } from './service.js';

type IdParams = { Params: { id: string }; Querystring: Record<string, unknown> };

/** Who may look a copy up by its barcode: catalogue readers and the desk. */
const LOOKUP_READERS: readonly string[] = ['view_book', ...LOAN_READERS];

export const copyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<IdParams>('/books/books/:id/copies/', { config: can('view_book') }, async (request) =>
    readBookCopies(ctx.db, pathId(request.params.id), parseBookCopiesQuery(request.query ?? {})),
  );

  app.post<IdParams>('/books/books/:id/copies/', { config: can('add_book') }, async (request, reply) => {
    const bookId = pathId(request.params.id);
    return reply.status(201).send(await addCopiesToBook(ctx.db, currentUser(request), bookId, parseAddCopiesBody(request.body)));
  });

  // With `barcode` the scan lookup (one copy), without it the accession list.
  app.get<{ Querystring: Record<string, unknown> }>('/books/copies/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    const query = request.query ?? {};
    if (query['barcode'] !== undefined) {
      await requireAnyPermission(ctx, user, LOOKUP_READERS);
      return lookupCopy(ctx.db, parseLookupQuery(query).barcode);
    }
    await requirePermission(ctx, user, 'view_book');
    return readCopyList(ctx.db, parseCopyListQuery(query));
  });

  app.get<IdParams>('/books/copies/:id/', { config: can('view_book') }, async (request) => readCopy(ctx.db, pathId(request.params.id)));

  app.patch<IdParams>('/books/copies/:id/', { config: can('change_book') }, async (request) => {
    const copyId = pathId(request.params.id);
    return editCopy(ctx.db, currentUser(request), copyId, parseCopyEditBody(request.body));
  });

  app.get<IdParams>('/books/copies/:id/history/', { config: can('view_book') }, async (request) => readCopyHistory(ctx.db, pathId(request.params.id)));
};

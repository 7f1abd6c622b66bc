/** HTTP for the catalogue's books. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { currentUser, requirePermission } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { BookCsvImport } from './bulk.js';
import { streamCsvUpload } from '../imports/routes.js';
import { BookListCache, LIST_CACHE_CONTROL } from './list-cache.js';
import { ebookOf, getBook, listBooks } from './queries.js';
import { parseBookId, parseBookListQuery, parseBookUpdateForm, parseDeleteConfirmation, parseNewBookForm } from './schemas.js';
import { confirmDeleteBook, createBook, updateBook } from './service.js';

type IdParams = { Params: { id: string } };

/** Members browse the catalogue; staff need view_book. */
async function requireBrowse(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (user.role !== 'MEMBER') await requirePermission(ctx, user, 'view_book');
}

/** The books calls: list, detail, create, update, delete, e-book, bulk upload. */
export const bookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const fileLimits = (): Record<string, number> => ({
    cover_photo: ctx.media.kind('covers').maxBytes,
    cover_photos: ctx.media.kind('covers').maxBytes,
    ebook_file: ctx.media.kind('ebooks').maxBytes,
  });

  // ETag, 304 and the count and page memos: list-cache.ts.
  const listCache = new BookListCache(ctx.config.apiPublicUrl);
  app.get('/books/books/', { config: { access: 'user' } }, async (request, reply) => {
    await requireBrowse(ctx, request);
    // The query is read only when a page is built: a tag can match only a URL this database
    // answered (its random epoch is in the tag), so a revalidation skips the parsing. `*` matches
    // any tag and vouches for nothing, so with it the query is read first.
    const ifNoneMatch = request.headers['if-none-match'];
    const readFirst = ifNoneMatch?.includes('*') ? parseBookListQuery(request.query ?? {}) : undefined;
    const answer = await listCache.answer(ctx.db, request.url, ifNoneMatch, async (countOnce) => {
      const query = readFirst ?? parseBookListQuery(request.query ?? {});
      const result = await listBooks(ctx, query, countOnce);
      if (!result.page) return result.results;
      const { number, last, count } = result.page;
      const link = (n: number): string => {
        const url = new URL(request.url, ctx.config.apiPublicUrl);
        url.searchParams.set('page', String(n));
        return `${ctx.config.apiPublicUrl}${url.pathname}${url.search}`;
      };
      return { count, next: number < last ? link(number + 1) : null, previous: number > 1 ? link(number - 1) : null, results: result.results };
    });
    reply.header('etag', answer.tag).header('cache-control', LIST_CACHE_CONTROL);
    if (answer.notModified) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(answer.body);
  });

  app.get<IdParams>('/books/books/:id/', { config: { access: 'user' } }, async (request) => {
    await requireBrowse(ctx, request);
    return getBook(ctx, parseBookId(request.params.id));
  });

  app.post('/books/books/', { config: { access: { permission: 'add_book' } } }, async (request, reply) => {
    const form = await readForm(request, { fileLimits: fileLimits() });
    return reply.status(201).send(await createBook(ctx, currentUser(request), parseNewBookForm(form, ctx.media)));
  });

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route<IdParams>({
      method,
      url: '/books/books/:id/',
      config: { access: { permission: 'change_book' } },
      handler: async (request) => {
        const id = parseBookId(request.params.id);
        const form = await readForm(request, { fileLimits: fileLimits() });
        return updateBook(ctx, currentUser(request), id, parseBookUpdateForm(form, ctx.media));
      },
    });
  }

  app.post<IdParams>('/books/books/:id/confirm-delete/', { config: { access: { permission: 'delete_book' } } }, async (request) => {
    const id = parseBookId(request.params.id);
    await confirmDeleteBook(ctx, currentUser(request), id, parseDeleteConfirmation(request.body));
    return { detail: 'Book deleted successfully.' };
  });

  // Streamed: the file part is imported as it arrives (see bulk.ts); create_missing must come first.
  app.post('/books/bulk-upload/', { config: { access: { permission: 'add_book' } } }, async (request) => {
    const job = new BookCsvImport(ctx, currentUser(request));
    if (!request.isMultipart()) {
      // A JSON body carries no file (readForm refuses a body that is not an object).
      const form = await readForm(request, { fileLimits: {} });
      job.field('create_missing', form.fields['create_missing']);
      return job.finish();
    }
    await streamCsvUpload(request, job, ctx.config.uploadCsvMaxBytes);
    return job.finish();
  });

  // The e-book, to signed-in users only (members included), streamed from disk.
  app.get<IdParams>('/books/books/:id/ebook/', { config: { access: 'user' } }, async (request, reply) => {
    const ebook = await ebookOf(ctx, parseBookId(request.params.id));
    let size: number;
    try {
      size = (await stat(ebook.path)).size;
    } catch {
      throw notFound();
    }
    const name = `${ebook.title.replace(/[^\w .-]+/g, '').trim().slice(0, 80) || 'ebook'}.pdf`;
    reply.header('cache-control', 'private, max-age=3600');
    reply.header('content-disposition', `inline; filename="${name}"`);
    reply.header('content-length', String(size));
    return reply.type(ebook.mime).send(createReadStream(ebook.path));
  });
};

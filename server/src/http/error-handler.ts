/**
 * The one error handler and the 404 handler. Every failure leaves as a DRF-shaped body
 * (docs/API.md): our ApiErrors as they are, Fastify's parsing errors as 400/413/415 with a
 * `detail`, and anything unexpected as a logged 500 whose body never carries a stack trace. A body
 * the client abandoned half-way is logged as a client abort (warn), not as an error.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES, ValidationError } from '../errors.js';
import { refuseControlCharactersInQuery } from './control-characters.js';

function clientErrorBody(error: FastifyError, contentType: string | undefined): { status: number; detail: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, detail: 'JSON parse error - the request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, detail: 'JSON parse error - the request body is empty.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, detail: `Unsupported media type "${(contentType ?? '').split(';')[0]}" in request.` };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, detail: 'Request body is too large.' };
  }
  if (error instanceof SyntaxError) return { status: 400, detail: 'JSON parse error - the request body is not valid JSON.' };
  // A cut-off body, a missing or wrong boundary: the multipart parser's own errors carry no status.
  if (/multipart|boundary|unexpected end of form/i.test(error.message ?? '') && !(typeof error.statusCode === 'number' && error.statusCode >= 500)) {
    return { status: 400, detail: 'Multipart form parse error - the request body is not a complete multipart form.' };
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, detail: error.message };
  return undefined;
}

/**
 * Whether the client went away before its body arrived (a closed tab, a lost connection): Node
 * reports it as ECONNRESET "aborted" (or a premature close) while the body is being read.
 */
function clientAborted(error: FastifyError, request: FastifyRequest): boolean {
  if (request.raw.readableAborted) return true;
  return (error.code === 'ECONNRESET' && error.message === 'aborted') || error.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** Installs the error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (clientAborted(error, request)) {
      // Nobody is left to answer, and nothing failed on our side: a warning, not an error.
      request.log.warn({ url: request.url, method: request.method }, 'client aborted the upload');
      return reply.status(400).send({ detail: 'The request body was not received in full.' });
    }
    const client = clientErrorBody(error, request.headers['content-type']);
    if (client) {
      return reply.status(client.status).send({ detail: client.detail });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({ detail: MESSAGES.serverError });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: MESSAGES.notFound }));

  // Query strings: a parameter given twice (?search=a&search=b) or holding a control character is
  // refused before any route reads it, so no service meets an array where it expects a string.
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    const repeated = Object.entries(query).filter(([, value]) => Array.isArray(value));
    if (repeated.length > 0) {
      throw new ValidationError(Object.fromEntries(repeated.map(([key]) => [key, ['Give this parameter once.']])));
    }
    // No parameter carries a control character (a NUL in ?search= reached PostgreSQL, which refused it).
    refuseControlCharactersInQuery(query);
  });
}

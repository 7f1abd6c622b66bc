/**
 * JSON bodies: an empty body sent as application/json reads as `{}` (clients of the original
 * contract send one and expect the usual field errors, not a parse error), and `text/plain` is read
 * as JSON too, so a sign-out sent with `keepalive`/`sendBeacon` (which cannot set a JSON content
 * type) still works. Malformed JSON answers 400 through the error handler, and so does a body
 * holding a control character (other than tab, newline, CRLF) anywhere, read by a schema or not.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';
import { mayHoldControlCharacters, refuseControlCharactersInBody } from './control-characters.js';

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw badRequest('JSON parse error - the request body is not valid JSON.');
  }
  if (mayHoldControlCharacters(text)) refuseControlCharactersInBody(body);
  return body;
}

export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, async (_request: unknown, body: string | Buffer) =>
    parseJson(typeof body === 'string' ? body : body.toString('utf8')),
  );
}

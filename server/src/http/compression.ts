/**
 * Compresses the API's text answers (JSON, CSV) above ~1 KB with brotli or gzip, whichever the
 * caller accepts (brotli first): catalogue pages and reference lists shrink to a fraction over a
 * slow mobile link. Streams (files, media) and small answers go as they are.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this go uncompressed: the saving would not pay for the work. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /^(application\/(json|problem\+json)|text\/)/i;

type Encoding = 'br' | 'gzip';

/** The encoding to use for an Accept-Encoding header (brotli before gzip; q=0 refuses one). */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const allows = (name: Encoding): boolean => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

function compressible(reply: FastifyReply, size: number): boolean {
  if (size < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

/** Adds the compressing onSend hook (registered last, so it sees the final payload). */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (!compressible(reply, body.length)) return payload;
    const vary = reply.getHeader('vary');
    // Added to what CORS put there (Origin), not in its place.
    reply.header('vary', typeof vary === 'string' && vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzipAsync(body, { level: 6 });
    // The bytes differ from the identity answer's, so a strong validator becomes a weak one.
    const tag = reply.getHeader('etag');
    if (typeof tag === 'string' && tag.startsWith('"')) reply.header('etag', `W/${tag}`);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

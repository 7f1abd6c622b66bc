/**
 * Serves the built static site (dist/) the way a CDN host does: files as they are, the
 * `_redirects` rewrites for dynamic routes, `/config.json` with the API base URL of this run, and
 * `404.html` with status 404 for everything else; precompressed files (brotli, gzip) by
 * Accept-Encoding, immutable caching of hashed assets, and the security headers (CSP with the
 * build's inline-script hashes; scripts/security-headers.ts). Used by `npm start` and the browser tests; in
 * production any static host (or deploy/nginx.conf) does the same job.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CSP_HASHES_FILE, cacheControlFor, securityHeaders } from './security-headers';

export interface SiteServerOptions {
  distDir: string;
  apiBaseUrl: string;
  port: number;
  host?: string;
}

interface Rewrite {
  prefix: string;
  target: string;
}

/** Reads `<prefix>* <target> 200` lines of a `_redirects` file. */
export function parseRedirects(text: string): Rewrite[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/))
    .filter((parts) => parts.length >= 3 && parts[0]!.endsWith('*') && parts[2] === '200')
    .map((parts) => ({ prefix: parts[0]!.slice(0, -1), target: parts[1]! }));
}

/** The file under distDir that answers this path, or null. */
function resolveFile(distDir: string, pathname: string, rewrites: Rewrite[]): string | null {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [safe, join(safe, 'index.html'), `${safe.replace(/\/$/, '')}.html`];
  for (const candidate of candidates) {
    const full = join(distDir, candidate);
    if (!full.startsWith(distDir)) continue;
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  const rewrite = rewrites.find((r) => pathname.startsWith(r.prefix));
  if (rewrite) return join(rewrite.target, 'index.html');
  return null;
}

/** Builds (does not start) the static site server. */
export async function buildSiteServer(options: SiteServerOptions): Promise<FastifyInstance> {
  const distDir = resolve(options.distDir);
  const redirectsFile = join(distDir, '_redirects');
  const rewrites = existsSync(redirectsFile) ? parseRedirects(readFileSync(redirectsFile, 'utf8')) : [];
  const app = Fastify({ logger: false });
  const hashesFile = join(distDir, CSP_HASHES_FILE);
  const scriptHashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, 'utf8')) as string[]) : [];
  const headers = securityHeaders(options.apiBaseUrl, scriptHashes);
  // Files precompressed at build time (scripts/site-build.ts) are sent as .br or .gz by Accept-Encoding.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true, cacheControl: false });
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });

  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json');
    return { apiBaseUrl: options.apiBaseUrl };
  });

  app.get('/*', async (request, reply) => {
    const pathname = new URL(request.url, 'http://site').pathname;
    let file: string | null;
    try {
      file = resolveFile(distDir, pathname, rewrites);
    } catch {
      file = null;
    }
    reply.header('cache-control', cacheControlFor(pathname));
    if (file) return reply.sendFile(file);
    return reply.code(404).sendFile('404.html');
  });
  return app;
}

/** Starts the static site server and resolves with its URL. */
export async function startSiteServer(options: SiteServerOptions): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildSiteServer(options);
  await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  return { app, url: `http://localhost:${options.port}` };
}

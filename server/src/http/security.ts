/**
 * Response headers for a JSON API: no sniffing, no framing, no referrer, a CSP that allows
 * nothing (the API serves no documents), CORP cross-origin so the site can show future uploads,
 * and `no-store` unless a route chose its own caching (public settings do).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** Adds CORS for the configured origins and the security headers to every response. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    // Exports name their file (Content-Disposition); the site on another origin may read it.
    exposedHeaders: ['Content-Disposition'],
    credentials: false,
    maxAge: 600,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** Hides the secret parts of paths that carry tokens before they reach the log. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/auth\/verify-email\/[^/?#]+\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/auth\/reset-password\/[^/?#]+\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/users\/invitation\/confirm\/)[^/?#]+/i, '$1[redacted]')
    .replace(/([?&](?:token|invitation)=)[^&#]+/gi, '$1[redacted]');
}

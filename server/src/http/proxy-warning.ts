/**
 * With TRUST_PROXY off the server reads each client's address from the connection. Behind a proxy
 * or load balancer that is the proxy's address for everyone, so the sign-in limits would count the
 * whole library as one client. A request carrying X-Forwarded-For shows that a proxy is there: the
 * first one is reported in the log, once per server process, telling the admin what to set.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** The warning, naming the address every client seems to come from. */
export const untrustedProxyWarning = (proxyAddress: string): string =>
  `Requests carry X-Forwarded-For but TRUST_PROXY is off: every client seems to come from the proxy at ${proxyAddress}, so sign-in limits count them as one address. Set TRUST_PROXY=on behind a load balancer or reverse proxy.`;

/** Logs the warning at the first request with X-Forwarded-For while TRUST_PROXY is off. */
export function warnOnUntrustedProxy(app: FastifyInstance, config: Config): void {
  if (config.trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn(untrustedProxyWarning(request.ip));
  });
}

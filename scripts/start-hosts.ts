/**
 * Where `npm start` listens. It is the command a newcomer runs on a laptop, so the API and the
 * site answer this machine only (127.0.0.1) unless API_HOST / SITE_HOST name another address
 * (`0.0.0.0` to reach them from the network). The production command (`npm run server`) keeps
 * the server's own API_HOST default (server/src/config.ts).
 */

/** The loopback address `npm start` listens on by default. */
export const LOCAL_HOST = '127.0.0.1';

/** The API's and the site's listening addresses for `npm start`. */
export function startHosts(env: Record<string, string | undefined>): { api: string; site: string } {
  const chosen = (name: 'API_HOST' | 'SITE_HOST'): string => env[name]?.trim() || LOCAL_HOST;
  return { api: chosen('API_HOST'), site: chosen('SITE_HOST') };
}

/**
 * Links the server sends to people (mailed verification, reset, invitation and sign-in links) are
 * built from the site's one route table, so a moved page moves its mailed links with it. Every
 * path parameter and query value is percent-encoded.
 */
import { pathFor } from '#shared/routes';

/** The absolute address of a site route: `siteUrl` plus the route's pattern filled with `params`, then `query`. */
export function siteLink(
  siteUrl: string,
  routeId: string,
  params: Record<string, string | number> = {},
  query: Record<string, string> = {},
): string {
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${siteUrl.replace(/\/+$/, '')}${pathFor(routeId, params)}${search ? `?${search}` : ''}`;
}

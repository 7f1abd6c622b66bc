/**
 * The security headers of the site, one definition for every way it is served: the site server of
 * `npm start` (scripts/site-server.ts), `dist/_headers` for static hosts and the nginx snippet
 * `dist/_security-headers.conf` (both written at build time by scripts/site-build.ts).
 */

/** Origin (scheme://host[:port]) of the API base URL, or null when it is relative or invalid. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy: only our own files run (inline scripts by their sha256 hash), the API
 * origin may be called and may serve images (covers, photos, logo), no framing.
 */
export function contentSecurityPolicy(apiBaseUrl: string, scriptHashes: readonly string[]): string {
  const api = originOf(apiBaseUrl);
  const extra = api ? ` ${api}` : '';
  const hashes = scriptHashes.map((hash) => ` '${hash}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes}`,
    // React sets style attributes (widths, colours); no script can run from a style.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    `connect-src 'self'${extra}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Every security header of a site response, and a `Link` preconnect to the API origin: the page's
 * first API call then finds the connection open (a header, not a tag in the HTML, because the API
 * origin is the one of the served config.json, which the built pages cannot know).
 */
export function securityHeaders(apiBaseUrl: string, scriptHashes: readonly string[]): Record<string, string> {
  const api = originOf(apiBaseUrl);
  return {
    ...(api ? { link: `<${api}>; rel=preconnect; crossorigin` } : {}),
    'content-security-policy': contentSecurityPolicy(apiBaseUrl, scriptHashes),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  };
}

/** Cache policy by path: hashed build assets forever, everything else revalidated. */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The file in dist/ listing the sha256 hashes of every inline script of the build. */
export const CSP_HASHES_FILE = '_csp-hashes.json';

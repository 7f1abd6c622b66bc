/**
 * Host rewrite rules derived from the route table: each dynamic route's deep links are served by
 * its shell page. `public/_redirects` (Netlify, Cloudflare Pages) and `deploy/nginx.conf` are
 * generated from here by `npm run routes:gen`; a unit test fails when the committed files drift.
 */
import { BUILT_PAGES, ROUTES, isDynamic, shellPath } from '#shared/routes';

/** Shell prefixes of the dynamic routes whose pages are built, longest first. */
export function shellPrefixes(): string[] {
  return ROUTES.filter((def) => isDynamic(def) && BUILT_PAGES.has(def.id))
    .map(shellPath)
    .sort((a, b) => b.length - a.length);
}

/** `_redirects` file: `<prefix>* <prefix> 200` rewrites (status 200 keeps the URL). */
export function renderRedirects(): string {
  const lines = shellPrefixes().map((prefix) => `${prefix}* ${prefix} 200`);
  return ['# Generated from src/lib/routes.ts by `npm run routes:gen`. Do not edit.', ...lines, ''].join('\n');
}

/**
 * The security headers (CSP with the build's inline-script hashes, X-Frame-Options, Referrer-Policy,
 * Permissions-Policy) are written at build time to dist/_security-headers.conf by
 * scripts/site-build.ts. nginx drops inherited add_header lines in a location that adds its own,
 * so every location includes them.
 */
const HEADERS = 'include /srv/library/dist/_security-headers.conf;';

/** nginx server block serving dist/ with the same rewrites, the 404 page, precompressed files and headers. */
export function renderNginx(): string {
  const locations = shellPrefixes()
    .map((prefix) => `    location ^~ ${prefix} {\n        ${HEADERS}\n        add_header Cache-Control "no-cache";\n        try_files $uri $uri/index.html ${prefix}index.html;\n    }`)
    .join('\n');
  return `# Generated from src/lib/routes.ts by \`npm run routes:gen\`. Do not edit.
# Serves the static site (dist/). Set root to where dist/ is deployed.
server {
    listen 8080;
    server_name _;
    root /srv/library/dist;
    index index.html;

    # Files precompressed at build time (.gz beside each; .br too, for nginx's brotli module:
    # brotli_static on;).
    gzip_static on;

    # The API base URL lives here; admins edit it without a rebuild, so never cache it long.
    location = /config.json {
        ${HEADERS}
        add_header Cache-Control "no-cache";
        try_files $uri =404;
    }

    # Hashed build assets never change.
    location ^~ /_astro/ {
        ${HEADERS}
        add_header Cache-Control "public, max-age=31536000, immutable";
        try_files $uri =404;
    }

    # Deep links of dynamic routes are served by their shell pages.
${locations}

    location / {
        ${HEADERS}
        add_header Cache-Control "no-cache";
        try_files $uri $uri/index.html $uri.html =404;
    }

    error_page 404 /404.html;
}
`;
}

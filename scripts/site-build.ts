/**
 * Astro integration run after `astro build`: precompresses the text files of dist/ (brotli and
 * gzip, beside each file as .br/.gz, served by scripts/site-server.ts, nginx's gzip_static/brotli_static
 * and most CDNs), collects the sha256 hashes of every inline script for the CSP, and writes the
 * security headers for static hosts (`_headers`) and nginx (`_security-headers.conf`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { CSP_HASHES_FILE, cacheControlFor, securityHeaders } from './security-headers';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;
const MIN_BYTES = 512;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** sha256 CSP sources of the inline scripts of one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    const body = match[2] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** Precompresses, hashes and writes header files for a built dist/ folder. */
export function finishBuild(distDir: string): { compressed: number; hashes: string[] } {
  const hashes = new Set<string>();
  let compressed = 0;
  for (const file of walk(distDir)) {
    if (file.endsWith('.html')) for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES || relative(distDir, file) === 'config.json') continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    compressed += 1;
  }
  const sorted = [...hashes].sort();
  writeFileSync(join(distDir, CSP_HASHES_FILE), `${JSON.stringify(sorted, null, 2)}\n`);

  // The API origin of the build's config.json; an admin who edits config.json edits these too.
  let apiBaseUrl = '';
  try {
    apiBaseUrl = (JSON.parse(readFileSync(join(distDir, 'config.json'), 'utf8')) as { apiBaseUrl?: string }).apiBaseUrl ?? '';
  } catch {
    apiBaseUrl = '';
  }
  const headers = securityHeaders(apiBaseUrl, sorted);
  // Hosts combine every matching block, so the cache policy of /_astro/ is its own block only.
  const lines = (entries: Record<string, string>) => Object.entries(entries).map(([k, v]) => `  ${k}: ${v}`);
  writeFileSync(
    join(distDir, '_headers'),
    [
      '/*',
      ...lines(headers),
      '',
      '/_astro/*',
      ...lines({ 'cache-control': cacheControlFor('/_astro/') }),
      '',
    ].join('\n'),
  );
  const nginx = Object.entries(headers).map(([k, v]) => `add_header ${k} "${v}" always;`);
  writeFileSync(
    join(distDir, '_security-headers.conf'),
    ['# Generated at build time (scripts/site-build.ts): the site\'s security headers for nginx.', ...nginx, ''].join('\n'),
  );
  return { compressed, hashes: sorted };
}

/** The Astro integration. */
export default function siteBuild() {
  return {
    name: 'library-site-build',
    hooks: {
      'astro:build:done': ({ dir }: { dir: URL }) => {
        finishBuild(fileURLToPath(dir));
      },
    },
  };
}

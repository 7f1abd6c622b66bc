import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { finishBuild, inlineScriptHashes } from '../../scripts/site-build';
import { buildSiteServer } from '../../scripts/site-server';
import { contentSecurityPolicy } from '../../scripts/security-headers';

const INLINE = "document.documentElement.dataset.theme='dark';";
const PAGE = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/_astro/app.js"></script></head><body>${'<p>Catalogue</p>'.repeat(100)}</body></html>`;
const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(dist, '_astro'));
  mkdirSync(join(dist, 'reset-password'));
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, '404.html'), PAGE.replace('Catalogue', 'Page Not Found 404'));
  writeFileSync(join(dist, 'reset-password', 'index.html'), PAGE);
  writeFileSync(join(dist, '_astro', 'app.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dist, '_redirects'), '/reset-password/* /reset-password/ 200\n');
  writeFileSync(join(dist, 'config.json'), '{"apiBaseUrl":"https://api.library.test"}');
  finishBuild(dist);
  app = await buildSiteServer({ distDir: dist, apiBaseUrl: 'https://api.library.test', port: 0 });
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the build step', () => {
  test('hashes inline scripts only (not external or JSON ones)', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha(INLINE)]);
    expect(inlineScriptHashes('<script type="application/json">{"a":1}</script>')).toEqual([]);
  });

  test('precompresses text files and writes the static hosts\' header file', () => {
    expect(brotliDecompressSync(readFileSync(join(dist, 'index.html.br'))).toString()).toBe(PAGE);
    expect(gunzipSync(readFileSync(join(dist, '_astro', 'app.js.gz'))).length).toBeGreaterThan(4000);
    const headers = readFileSync(join(dist, '_headers'), 'utf8');
    expect(headers).toContain(`'${sha(INLINE)}'`);
    expect(headers).toContain('connect-src \'self\' https://api.library.test');
    expect(headers).toContain('link: <https://api.library.test>; rel=preconnect; crossorigin');
    expect(headers).toMatch(/\/_astro\/\*\n {2}cache-control: public, max-age=31536000, immutable/);
    expect(readFileSync(join(dist, '_security-headers.conf'), 'utf8')).toContain('add_header x-frame-options "DENY" always;');
  });
});

describe('the site server', () => {
  test('sends brotli or gzip by Accept-Encoding, plain otherwise', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    const gz = await app.inject({ url: '/_astro/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });

  test('caches hashed assets for a year and revalidates pages', async () => {
    expect((await app.inject({ url: '/_astro/app.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/reset-password/abc/def' })).headers['cache-control']).toBe('no-cache');
  });

  test('sends the security headers on pages, assets and the 404 page', async () => {
    for (const url of ['/', '/_astro/app.js', '/no/such/page', '/config.json']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy('https://api.library.test', [sha(INLINE)]));
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers.link).toBe('<https://api.library.test>; rel=preconnect; crossorigin');
    }
    expect((await app.inject({ url: '/no/such/page' })).statusCode).toBe(404);
  });

  test('the CSP allows our origin, the API origin for calls and images, and forbids framing', () => {
    const csp = contentSecurityPolicy('http://localhost:8000/api/', []);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' http://localhost:8000");
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:8000");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

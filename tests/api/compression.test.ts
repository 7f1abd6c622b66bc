import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';

/** Answers smaller than this go uncompressed (the threshold the app gives the compressor). */
const COMPRESS_MIN_BYTES = 1024;
const varies = (header: unknown): string[] => String(header ?? '').toLowerCase().split(/,\s*/);

let t: TestApp;
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Book number ${i}` })) };

beforeAll(async () => {
  t = await startTestApp({ SITE_URL: 'http://localhost:5055', SITE_PORT: '5055' });
  t.app.get('/test/big', { config: { access: 'public' } }, async (_request, reply) => reply.header('etag', '"v1"').send(big));
  t.app.get('/test/small', { config: { access: 'public' } }, async () => ({ ok: true }));
  t.app.get('/test/image', { config: { access: 'public' } }, async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096, 7)));
  t.app.get('/test/pdf', { config: { access: 'public' } }, async (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(4096, 7)));
  t.app.get('/test/csv', { config: { access: 'public' } }, async (_request, reply) => reply.type('text/csv; charset=utf-8').send('title,year\n'.repeat(300)));
  t.app.get('/test/cached', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('etag', '"v1"');
    return request.headers['if-none-match'] === '"v1"' || request.headers['if-none-match'] === 'W/"v1"' ? reply.status(304).send() : reply.send(big);
  });
});

afterAll(async () => t.close());

describe('API answer compression', () => {
  test.each([
    ['br', 'br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip, deflate', 'gzip', (b: Buffer) => gunzipSync(b)],
    ['gzip, deflate, br', 'br', (b: Buffer) => brotliDecompressSync(b)],
  ])('a large JSON answer asked with %s comes as %s and decodes to the same JSON', async (accept, encoding, decode) => {
    const response = await t.app.inject({ method: 'GET', url: '/test/big', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(varies(response.headers.vary)).toContain('accept-encoding');
    expect(response.headers.etag).toBe('W/"v1"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(big);
  });

  test('a cross-origin answer varies by Origin and by Accept-Encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/big', headers: { 'accept-encoding': 'gzip', origin: 'http://localhost:5055' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5055');
    expect(varies(response.headers.vary)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  test('without Accept-Encoding the answer is plain, with its strong ETag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/big' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.etag).toBe('"v1"');
    expect(response.json()).toEqual(big);
  });

  test('a small answer is not compressed', async () => {
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESS_MIN_BYTES);
    const response = await t.app.inject({ method: 'GET', url: '/test/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });

  test('an error answer of the real app still reads as JSON when compressed or not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/books/books/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('detail');
  });

  test.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['*', 'gzip'],
    ['*;q=0', undefined],
    ['deflate', undefined],
    ['zstd', undefined],
  ])('a large answer asked with Accept-Encoding %j comes as %j', async (header, expected) => {
    const response = await t.app.inject({ method: 'GET', url: '/test/big', headers: header === undefined ? {} : { 'accept-encoding': header } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    if (expected === undefined) expect(response.json()).toEqual(big);
  });

  test.each([
    ['an image', '/test/image'],
    ['a PDF', '/test/pdf'],
  ])('%s (already compressed) goes as it is, however large', async (_what, url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(4096);
  });

  test('a large CSV download is compressed and decodes to the same text', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/csv', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe('title,year\n'.repeat(300));
  });

  test('a HEAD request gets the headers without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/test/big', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(0);
  });

  test('a compressed answer\'s weak ETag revalidates to an empty 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/test/cached', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers.etag).toBe('W/"v1"');
    const again = await t.app.inject({ method: 'GET', url: '/test/cached', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.rawPayload.length).toBe(0);
  });

  test('a request body sent gzip-encoded is not unpacked by the server', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync(JSON.stringify({ email: 'a@b.c', password: 'x' })) });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

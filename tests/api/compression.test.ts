import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chooseEncoding, COMPRESS_MIN_BYTES } from '../../server/src/http/compression.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Book number ${i}` })) };

beforeAll(async () => {
  t = await startTestApp({ SITE_URL: 'http://localhost:5055', SITE_PORT: '5055' });
  t.app.get('/test/big', { config: { access: 'public' } }, async (_request, reply) => reply.header('etag', '"v1"').send(big));
  t.app.get('/test/small', { config: { access: 'public' } }, async () => ({ ok: true }));
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
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers.etag).toBe('W/"v1"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(big);
  });

  test('a cross-origin answer varies by Origin and by Accept-Encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/big', headers: { 'accept-encoding': 'gzip', origin: 'http://localhost:5055' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5055');
    expect(String(response.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['Origin', 'Accept-Encoding']));
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
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['deflate', null],
  ])('Accept-Encoding %j chooses %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

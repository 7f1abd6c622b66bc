import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultCorsOrigins } from '../../server/src/config.js';
import { startTestApp, type TestApp } from './support/harness.js';

describe('default CORS origins', () => {
  test('the site port on every loopback name, plus the site address', () => {
    const origins = defaultCorsOrigins('http://localhost:5000', '5000');
    for (const origin of ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000', 'http://127.0.0.1:4321']) {
      expect(origins).toContain(origin);
    }
  });

  test('a public site address is kept as is and adds no other host', () => {
    const origins = defaultCorsOrigins('https://library.example.org');
    expect(origins).toContain('https://library.example.org');
    expect(origins.every((o) => o === 'https://library.example.org' || /\/\/(localhost|127\.0\.0\.1|\[::1\]):4321$/.test(o))).toBe(true);
  });
});

describe('a newcomer on a non-default site port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SITE_URL: 'http://localhost:5055', SITE_PORT: '5055' });
  });
  afterAll(() => t.close());

  for (const origin of ['http://127.0.0.1:5055', 'http://[::1]:5055', 'http://localhost:5055']) {
    test(`can sign in from ${origin}`, async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/auth/login/',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    });
  }

  test('an export\'s file name can be read by the site on its own origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz/', headers: { origin: 'http://localhost:5055' } });
    expect(response.headers['access-control-expose-headers']).toBe('Content-Disposition');
  });

  test('another port on the same machine stays refused', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz/', headers: { origin: 'http://127.0.0.1:6666' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postJson, startTestApp, type TestApp } from './support/harness.js';
import { libraryZoneApart } from './support/library-zone.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  // A route that fails the way a bug would, to see what the caller is shown.
  t.app.get('/test/explode', { config: { access: 'public' } }, async () => {
    throw new Error('Kaboom at /srv/library/secret.ts:42');
  });
  await t.db.insertInto('departments').values([{ name: 'Zoology' }, { name: 'Botany' }]).execute();
  await t.db.insertInto('academic_sessions').values([{ session_range: '2025-2029' }, { session_range: '2023-2027' }]).execute();
});

afterAll(async () => t.close());

describe('bad requests', () => {
  test('malformed JSON is a 400 with a detail, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
  });

  test('an empty JSON body reads as {} and gets the usual field errors, not a parse error', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
  });

  test('malformed JSON is still a 400 parse error', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
  });

  test('a field of the wrong type is a 400 naming the field', async () => {
    const response = await postJson(t.app, '/auth/login/', { username: 5, password: 'whatever-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['Not a valid string.'] });
  });

  test('a null field is a 400 naming the field', async () => {
    const response = await postJson(t.app, '/auth/login/', { username: null, password: 'whatever-1' });
    expect(response.json()).toEqual({ username: ['This field may not be null.'] });
  });

  test('a JSON array instead of an object is a 400', async () => {
    const response = await postJson(t.app, '/auth/login/', ['a', 'b']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  test('an unsupported content type is a 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Unsupported media type "application/xml" in request.' });
  });

  test('a body over 1 MB is refused with 413', async () => {
    const response = await postJson(t.app, '/auth/login/', { username: 'a', password: 'x'.repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large.' });
  });

  test('an unknown route is a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/place/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  test('an unexpected failure is a 500 with a fixed message and no stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'A server error occurred.' });
    expect(response.body).not.toMatch(/Kaboom|secret\.ts|at /);
  });
});

describe('every response', () => {
  test('carries the security headers', async () => {
    for (const url of ['/healthz/', '/no/such/place']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'cross-origin',
      });
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  test('is not cached unless the route says so', async () => {
    const response = await postJson(t.app, '/auth/login/', { username: 'x', password: 'y' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('answers each path with or without its trailing slash', async () => {
    for (const url of ['/healthz', '/healthz/', '/settings/library', '/member-departments', '/member-sessions/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });
});

describe('CORS', () => {
  test('lets the site\'s origin call the API with an Authorization header', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/login/',
      headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:4321');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  test('does not open the API to other origins', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz/', headers: { origin: 'http://evil.test' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('public calls', () => {
  test('the health check answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz/' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('the general settings are public, cacheable for a minute, with money as a decimal string', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/settings/library/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    // The default zone, unless this run keeps the library's date apart from UTC's.
    const { timezone } = await t.db.selectFrom('library_settings').select('timezone').executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      id: 1,
      library_name: 'My Library',
      logo: null,
      favicon: null,
      theme: 'dark',
      timezone: libraryZoneApart() ? timezone : 'Asia/Karachi',
      date_format: 'DD/MM/YYYY',
      time_format: '12hr',
      max_books_per_member: 3,
      max_issue_duration: 3,
      fine_per_day: '10.00',
      low_stock_threshold: 3,
      rack_number_format: 'RACK-000',
      member_id_format: 'MBR-0000',
      upload_limits: { image: 2 * 1024 * 1024, cover: 5 * 1024 * 1024, ebook: 50 * 1024 * 1024, csv: 10 * 1024 * 1024 },
      calendar: { closed_weekdays: [], holidays: [] },
      fines_count_closed_days: true,
      lost_processing_fee: '0.00',
    });
  });

  test('departments and sessions are listed for the registration form, sorted', async () => {
    const departments = await t.app.inject({ method: 'GET', url: '/member-departments/' });
    expect(departments.json()).toEqual([
      { id: expect.any(Number), name: 'Botany' },
      { id: expect.any(Number), name: 'Zoology' },
    ]);
    const sessions = await t.app.inject({ method: 'GET', url: '/member-sessions/' });
    expect(sessions.json()).toEqual([
      { id: expect.any(Number), session_range: '2023-2027' },
      { id: expect.any(Number), session_range: '2025-2029' },
    ]);
  });
});

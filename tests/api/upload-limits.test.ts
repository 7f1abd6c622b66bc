import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_UPLOAD_LIMITS } from '#shared/upload-rules';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';

const COVER_LIMIT = 3 * 1024 * 1024 + 512 * 1024;
const CSV_LIMIT = 1024 * 1024;

let custom: TestApp;
let plain: TestApp;

beforeAll(async () => {
  [custom, plain] = await Promise.all([
    startTestApp({ UPLOAD_COVER_MAX_BYTES: String(COVER_LIMIT), UPLOAD_CSV_MAX_BYTES: String(CSV_LIMIT) }),
    startTestApp(),
  ]);
});

afterAll(async () => Promise.all([custom.close(), plain.close()]));

const publicSettings = (app: TestApp) => app.app.inject({ method: 'GET', url: '/settings/library/' });

describe('upload limits in the public general settings', () => {
  test('answer the limits the environment sets, to anyone', async () => {
    const response = await publicSettings(custom);
    expect(response.statusCode).toBe(200);
    expect(response.json().upload_limits).toEqual({
      image: DEFAULT_UPLOAD_LIMITS.image,
      cover: COVER_LIMIT,
      ebook: DEFAULT_UPLOAD_LIMITS.ebook,
      csv: CSV_LIMIT,
    });
  });

  test('answer the shared defaults when the environment sets none', async () => {
    expect((await publicSettings(plain)).json().upload_limits).toEqual(DEFAULT_UPLOAD_LIMITS);
  });

  test('are the limits the server enforces: a category image one byte over the answered cover limit is refused', async () => {
    await createUser(custom.db, { username: 'keeper', role: 'SUPER USER' });
    const token = (await signIn(custom.app, 'keeper')).access;
    const limit = (await publicSettings(custom)).json().upload_limits.cover as number;
    const send = (content: Buffer, name: string) => {
      const body = multipart({ name }, { image: { filename: 'image.png', content, contentType: 'image/png' } });
      return custom.app.inject({ method: 'POST', url: '/categories/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    };
    const over = await send(Buffer.concat([PNG, Buffer.alloc(limit + 1 - PNG.length)]), 'Too big');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ image: ['File is too large (max 3.5 MB).'] });
    const atLimit = await send(Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]), 'Just fits');
    expect(atLimit.statusCode).toBe(201);
  });

  test('come back with the saved settings, so the site keeps them after a save', async () => {
    await createUser(custom.db, { username: 'owner', role: 'SUPER USER' });
    const token = (await signIn(custom.app, 'owner')).access;
    const saved = await custom.app.inject({ method: 'PUT', url: '/settings/library/', payload: { theme: 'dark' }, headers: bearer(token) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().upload_limits.cover).toBe(COVER_LIMIT);
  });
});

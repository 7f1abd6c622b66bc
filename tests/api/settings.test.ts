import { describe, expect, test } from 'vitest';
import { access, bearer, t, useSignedInApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';

useSignedInApp({ API_PUBLIC_URL: 'http://api.test', UPLOAD_IMAGE_MAX_BYTES: String(2 * 1024 * 1024) }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

const put = (token: string | undefined, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'PUT', url: '/settings/library/', payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
};
const getSettings = () => t.app.inject({ method: 'GET', url: '/settings/library/' });
const mediaPath = (url: string) => new URL(url).pathname;

describe('PUT /settings/library/', () => {
  test('refuses a caller without a token (401), a member and a manager without change_librarysettings (403)', async () => {
    expect((await put(undefined, { library_name: 'X' })).statusCode).toBe(401);
    const member = await put(access['reader'], { library_name: 'X' });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await put(access['desk'], { library_name: 'X' })).statusCode).toBe(403);
    expect((await getSettings()).json().library_name).toBe('My Library');
  });

  test('saves the fields, answers the settings with money as a 2-place string, and GET shows the change', async () => {
    const response = await put(access['admin'], {
      library_name: '  City Library ',
      theme: 'light',
      date_format: 'YYYY-MM-DD',
      time_format: '24hr',
      timezone: 'Europe/London',
      fine_per_day: '12.50',
      max_books_per_member: '5',
      max_issue_duration: '14',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      library_name: 'City Library',
      theme: 'light',
      date_format: 'YYYY-MM-DD',
      time_format: '24hr',
      timezone: 'Europe/London',
      fine_per_day: '12.50',
      max_books_per_member: 5,
      max_issue_duration: 14,
    });
    const stored = await t.db.selectFrom('library_settings').select('fine_per_day').executeTakeFirstOrThrow();
    expect(stored.fine_per_day).toBe(1250);
    const read = await getSettings();
    expect(read.headers['cache-control']).toBe('public, max-age=60');
    expect(read.headers['vary']).toContain('Authorization');
    expect(read.json()).toMatchObject({ library_name: 'City Library', theme: 'light', fine_per_day: '12.50' });
    // A signed-in reader (the settings screens) is never answered from a cached anonymous copy.
    const signedIn = await t.app.inject({ method: 'GET', url: '/settings/library/', headers: bearer(access['admin']!) });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'SETTINGS_UPDATED').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ library_name: 'My Library', fine_per_day: 1000 });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ library_name: 'City Library', fine_per_day: 1250 });
  });

  test('also accepts JSON for the plain fields', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/settings/library/', payload: { theme: 'dark' }, headers: bearer(access['admin']!) });
    expect(response.statusCode).toBe(200);
    expect(response.json().theme).toBe('dark');
  });

  test('reports every invalid field at once and changes nothing', async () => {
    const response = await put(access['admin'], {
      theme: 'purple',
      date_format: 'DD.MM.YYYY',
      time_format: '36hr',
      fine_per_day: '-1',
      max_books_per_member: '0',
      library_name: '',
      timezone: 'Mars/Olympus',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      theme: ['"purple" is not a valid choice.'],
      date_format: ['"DD.MM.YYYY" is not a valid choice.'],
      time_format: ['"36hr" is not a valid choice.'],
      fine_per_day: ['Ensure this value is greater than or equal to 0.'],
      max_books_per_member: ['Ensure this value is greater than or equal to 1.'],
      library_name: ['This field may not be blank.'],
      timezone: ['"Mars/Olympus" is not a valid choice.'],
    });
    expect((await put(access['admin'], { fine_per_day: '1.234' })).json()).toEqual({ fine_per_day: ['Ensure that there are no more than 2 decimal places.'] });
    expect((await put(access['admin'], { library_name: 'x'.repeat(256) })).json()).toEqual({ library_name: ['Ensure this field has no more than 255 characters.'] });
    expect((await getSettings()).json()).toMatchObject({ library_name: 'City Library', fine_per_day: '12.50' });
  });

  test('stores a real PNG logo and serves it back as image/png from an absolute URL', async () => {
    const response = await put(access['admin'], {}, { logo: { filename: 'logo.png', content: PNG, contentType: 'image/png' } });
    expect(response.statusCode).toBe(200);
    const logo = response.json().logo as string;
    expect(logo).toMatch(/^http:\/\/api\.test\/media\/logo\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: mediaPath(logo) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await getSettings()).json().logo).toBe(logo);
  });

  test('refuses a text file named logo.png', async () => {
    const response = await put(access['admin'], {}, { logo: { filename: 'logo.png', content: Buffer.from('not an image at all'), contentType: 'image/png' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ logo: ['Upload a valid image (PNG, JPEG or WebP).'] });
  });

  test('decides by content: a PNG named logo.pdf is stored as PNG, and the old logo file is deleted', async () => {
    const before = (await getSettings()).json().logo as string;
    const response = await put(access['admin'], {}, { logo: { filename: 'logo.pdf', content: PNG, contentType: 'application/pdf' } });
    expect(response.statusCode).toBe(200);
    const logo = response.json().logo as string;
    expect(logo).toMatch(/\.png$/);
    expect(logo).not.toBe(before);
    expect((await t.app.inject({ method: 'GET', url: mediaPath(logo) })).headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: mediaPath(before) })).statusCode).toBe(404);
  });

  test('refuses a file over the size limit with the limit in the message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await put(access['admin'], {}, { favicon: { filename: 'favicon.png', content: big } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ favicon: ['File is too large (max 2 MB).'] });
  });

  test('logo_clear removes the logo and its file', async () => {
    const logo = (await getSettings()).json().logo as string;
    const response = await put(access['admin'], { logo_clear: 'true' });
    expect(response.json().logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: mediaPath(logo) })).statusCode).toBe(404);
  });
});

describe('GET /media/', () => {
  test('answers 404 for traversal attempts and unknown kinds', async () => {
    for (const url of [
      '/media/logo/../../library.db',
      '/media/logo/..%2F..%2Fjwt-secret',
      '/media/../jwt-secret',
      '/media/logo/%2e%2e/%2e%2e/jwt-secret',
      '/media/secrets/abcdefghijklmnopqrstuvwx.png',
      '/media/logo/abcdefghijklmnopqrstuvwx.png',
      '/media/logo/abcdefghijklmnopqrstuvwx.exe',
      '/media/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

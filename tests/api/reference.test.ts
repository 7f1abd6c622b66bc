import { describe, expect, test } from 'vitest';
import { access, bearer, postJson, t, useSignedInApp } from './support/harness.js';
import { multipart, PDF, PNG } from './support/multipart.js';

useSignedInApp({ API_PUBLIC_URL: 'http://api.test' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

const send = (method: 'POST' | 'PATCH', url: string, token: string | undefined, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
};
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });

describe('departments, categories, languages', () => {
  test('departments: view/add/change/delete_department; members refused', async () => {
    expect((await get('/admin-departments/', access['reader'])).statusCode).toBe(403);
    expect((await postJson(t.app, '/admin-departments/', { name: 'Physics' }, bearer(access['reader']!))).statusCode).toBe(403);
    const created = await postJson(t.app, '/admin-departments/', { name: ' Physics ' }, bearer(access['desk']!));
    expect(created.statusCode).toBe(201);
    const dept = created.json();
    expect(dept).toEqual({ id: expect.any(Number), name: 'Physics' });
    const dup = await postJson(t.app, '/admin-departments/', { name: 'physics' }, bearer(access['desk']!));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['department with this name already exists.'] });
    const renamed = await t.app.inject({ method: 'PATCH', url: `/admin-departments/${dept.id}/`, payload: { name: 'Applied Physics' }, headers: bearer(access['desk']!) });
    expect(renamed.json()).toEqual({ id: dept.id, name: 'Applied Physics' });
    expect((await get('/admin-departments/', access['desk'])).json()).toContainEqual({ id: dept.id, name: 'Applied Physics' });
    expect((await postJson(t.app, '/admin-departments/', {}, bearer(access['desk']!))).json()).toEqual({ name: ['This field is required.'] });
    expect((await del(`/admin-departments/${dept.id}/`, access['desk']!)).statusCode).toBe(204);
    expect((await del(`/admin-departments/${dept.id}/`, access['desk']!)).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'department').execute();
    expect(audit.map((a) => a.action)).toEqual(['DEPARTMENT_CREATED', 'DEPARTMENT_UPDATED', 'DEPARTMENT_DELETED']);
  });

  test('categories: multipart with an optional image checked by content; any signed-in user may list', async () => {
    expect((await get('/categories/')).statusCode).toBe(401);
    expect((await send('POST', '/categories/', access['reader'], { name: 'Fiction' })).statusCode).toBe(403);
    const bad = await send('POST', '/categories/', access['desk'], { name: 'Fiction' }, { image: { filename: 'cover.png', content: PDF } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ image: ['Upload a valid image (PNG, JPEG or WebP).'] });
    const created = await send('POST', '/categories/', access['desk'], { name: 'Fiction' }, { image: { filename: 'x.pdf', content: PNG } });
    expect(created.statusCode).toBe(201);
    const cat = created.json();
    expect(cat.image).toMatch(/^http:\/\/api\.test\/media\/category\/.+\.png$/);
    const image = await get(new URL(cat.image).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const list = await get('/categories/', access['reader']);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([cat]);
    const cleared = await send('PATCH', `/categories/${cat.id}/`, access['desk'], { image_clear: 'true', name: 'Novels' });
    expect(cleared.json()).toEqual({ id: cat.id, name: 'Novels', image: null });
    expect((await get(new URL(cat.image).pathname)).statusCode).toBe(404);
    const dup = await send('POST', '/categories/', access['desk'], { name: 'NOVELS' });
    expect(dup.json()).toEqual({ name: ['category with this name already exists.'] });
  });

  test('languages: add/change/delete_language; GET for any signed-in user', async () => {
    const created = await postJson(t.app, '/language/', { name: 'Urdu' }, bearer(access['desk']!));
    expect(created.statusCode).toBe(201);
    expect((await get('/language/', access['reader'])).json()).toContainEqual(created.json());
    expect((await postJson(t.app, '/language/', { name: 'urdu' }, bearer(access['admin']!))).json()).toEqual({
      name: ['language with this name already exists.'],
    });
    expect((await del(`/language/${created.json().id}/`, access['reader']!)).statusCode).toBe(403);
  });

  test('deleting a value used by books is refused with 409 naming the count', async () => {
    const dept = (await postJson(t.app, '/admin-departments/', { name: 'History' }, bearer(access['desk']!))).json();
    const cat = (await send('POST', '/categories/', access['desk'], { name: 'Reference' })).json();
    const lang = (await postJson(t.app, '/language/', { name: 'English' }, bearer(access['desk']!))).json();
    for (const isbn of ['0306406152', '9780306406157']) {
      const book = await send('POST', '/books/books/', access['desk'], {
        title: `Book ${isbn}`, author: 'A', isbn, department: String(dept.id), publisher: 'P', total_copies: '2',
        category: String(cat.id), rack_no: 'R1', language: String(lang.id),
      });
      expect(book.statusCode).toBe(201);
    }
    const refused = await del(`/categories/${cat.id}/`, access['admin']!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'This category is used by 2 books.' });
    expect((await del(`/language/${lang.id}/`, access['admin']!)).json()).toEqual({ detail: 'This language is used by 2 books.' });
    expect((await del(`/admin-departments/${dept.id}/`, access['admin']!)).json()).toEqual({ detail: 'This department is used by 2 books.' });
  });
});

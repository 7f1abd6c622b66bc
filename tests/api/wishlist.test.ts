import { beforeAll, describe, expect, test } from 'vitest';
import { access, bearer, postJson, t, useSignedInApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';

const books: number[] = [];

useSignedInApp({ API_PUBLIC_URL: 'http://api.test' }, [['desk', 'MANAGER'], ['ann', 'MEMBER'], ['bob', 'MEMBER']]);

beforeAll(async () => {
  const auth = bearer(access['desk']!);
  const department = (await postJson(t.app, '/admin-departments/', { name: 'Arts' }, auth)).json().id;
  const category = (await postJson(t.app, '/categories/', { name: 'Novels' }, auth)).json().id;
  const language = (await postJson(t.app, '/language/', { name: 'English' }, auth)).json().id;
  for (const [title, isbn] of [['Emma', '0306406152'], ['Persuasion', '9780306406157']]) {
    const body = multipart(
      { title: title!, author: 'Jane Austen', isbn: isbn!, department: String(department), publisher: 'P', total_copies: '1', category: String(category), rack_no: 'R', language: String(language) },
      { cover_photo: { filename: 'c.png', content: PNG } },
    );
    const created = await t.app.inject({ method: 'POST', url: '/books/books/', payload: body.payload, headers: { ...body.headers, ...auth } });
    books.push(created.json().id);
  }
});

const list = (user: string) => t.app.inject({ method: 'GET', url: '/notifications/wishlist/', headers: bearer(access[user]!) });
const add = (user: string, bookId: unknown) => postJson(t.app, '/notifications/wishlist/', { book_id: bookId }, bearer(access[user]!));
const remove = (user: string, id: number) => t.app.inject({ method: 'DELETE', url: `/notifications/wishlist/${id}/`, headers: bearer(access[user]!) });

describe('wish list', () => {
  test('a member adds books, sees own entries newest first, duplicates refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/notifications/wishlist/' })).statusCode).toBe(401);
    const first = await add('ann', books[0]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      book: { id: books[0], title: 'Emma', author: 'Jane Austen', cover_photo: expect.stringMatching(/^http:\/\/api\.test\/media\/covers\//) },
      added_at: expect.any(String),
    });
    await new Promise((r) => setTimeout(r, 5));
    expect((await add('ann', String(books[1]))).statusCode).toBe(201);
    const twice = await add('ann', books[0]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: 'This book is already in your wishlist.' });
    expect((await list('ann')).json().map((i: { book: { title: string } }) => i.book.title)).toEqual(['Persuasion', 'Emma']);
    expect((await list('bob')).json()).toEqual([]);
  });

  test('unknown or missing book is 400; staff have no wish list', async () => {
    expect((await add('bob', 99999)).json()).toEqual({ book_id: ['Invalid pk "99999" - object does not exist.'] });
    expect((await postJson(t.app, '/notifications/wishlist/', {}, bearer(access['bob']!))).json()).toEqual({ book_id: ['This field is required.'] });
    const staff = await add('desk', books[0]);
    expect(staff.statusCode).toBe(400);
    expect(staff.json()).toEqual({ detail: 'Only members have a wish list.' });
    expect((await list('desk')).json()).toEqual([]);
  });

  test('only the owner removes an entry: another member gets 404', async () => {
    const item = (await list('ann')).json()[0];
    expect((await remove('bob', item.id)).statusCode).toBe(404);
    expect((await list('ann')).json()).toHaveLength(2);
    expect((await remove('ann', item.id)).statusCode).toBe(204);
    expect((await remove('ann', item.id)).statusCode).toBe(404);
    expect((await list('ann')).json()).toHaveLength(1);
  });
});

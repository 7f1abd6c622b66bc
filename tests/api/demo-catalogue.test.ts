import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../../server/src/main.js';
import { isValidIsbn } from '../../server/src/modules/books/isbn.js';
import { bearer, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('seed-demo catalogue', () => {
  test('adds 6 categories, 4 languages and about 60 books with valid ISBNs, once', async () => {
    const first = await seedDemo(t.db);
    await seedDemo(t.db);
    expect(first.catalogue).toMatchObject({ categories: 6, languages: 4 });
    expect(await t.db.selectFrom('categories').select('id').execute()).toHaveLength(6);
    expect(await t.db.selectFrom('languages').select('id').execute()).toHaveLength(4);
    const books = await t.db.selectFrom('books').select(['isbn', 'department_id', 'total_copies', 'available_copies']).execute();
    expect(books.length).toBe(first.catalogue.books);
    expect(books.length).toBeGreaterThanOrEqual(55);
    expect(new Set(books.map((b) => b.isbn)).size).toBe(books.length);
    for (const b of books) {
      expect(isValidIsbn(b.isbn)).toBe(true);
      expect(b.department_id).not.toBeNull();
      expect(b.available_copies).toBe(b.total_copies);
    }
    const member = await signIn(t.app, 'demo.member', 'Member-demo-2026');
    const page = await t.app.inject({ method: 'GET', url: '/books/books/?page=1&page_size=10&search=austen', headers: bearer(member.access) });
    expect(page.json().count).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_BOOK_COUNT } from '../../server/src/demo-catalogue.js';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/src/main.js';
import { DEMO_MEMBER_USERNAMES } from '../../server/src/demo-members.js';
import { isValidIsbn } from '#shared/isbn';
import { bearer, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
});
afterAll(async () => t.close());

describe('seed-demo catalogue', () => {
  test('adds 6 categories, 4 languages and about 300 books with valid ISBNs and a cover each, once', async () => {
    const started = performance.now();
    const first = await seedDemo(t.db, { media: t.app.ctx.media, year: false });
    console.log(`seed-demo: ${Math.round(performance.now() - started)} ms (accounts, ${first.catalogue.books} books, ${first.catalogue.covers} covers)`);
    const second = await seedDemo(t.db, { media: t.app.ctx.media, year: false });
    expect(first.catalogue).toMatchObject({ categories: 6, languages: 4, books: DEMO_BOOK_COUNT, covers: DEMO_BOOK_COUNT });
    expect(second.catalogue.covers).toBe(0);
    expect(await t.db.selectFrom('categories').select('id').execute()).toHaveLength(6);
    expect(await t.db.selectFrom('languages').select('id').execute()).toHaveLength(4);
    const books = await t.db.selectFrom('books').select(['id', 'title', 'isbn', 'department_id', 'total_copies', 'available_copies']).execute();
    expect(books.length).toBe(DEMO_BOOK_COUNT);
    expect(books.length).toBeGreaterThanOrEqual(250);
    expect(new Set(books.map((b) => b.isbn)).size).toBe(books.length);
    expect(new Set(books.map((b) => b.title.toLowerCase())).size).toBe(books.length);
    // Every copy is on the shelf except those still out on loan and held: the demo desk's (one copy each of three
    // titles) and the year's last loans and holds.
    const out = new Map<number, number>();
    const open = await t.db.selectFrom('loans').select('book_id').where('returned_at', 'is', null).execute();
    const held = await t.db.selectFrom('reservations').select('book_id').where('status', '=', 'FULFILLED').execute();
    for (const r of [...open, ...held]) out.set(r.book_id, (out.get(r.book_id) ?? 0) + 1);
    const desk = await t.db.selectFrom('users').select('id').where('username', 'in', ['demo.member', 'usman.tariq']);
    const deskOut = await t.db.selectFrom('loans').select('book_id').where('returned_at', 'is', null).where('member_id', 'in', desk).execute();
    const deskHeld = await t.db.selectFrom('reservations').select('book_id').where('status', '=', 'FULFILLED').where('member_id', 'in', desk).execute();
    expect(new Set([...deskOut, ...deskHeld].map((r) => r.book_id)).size).toBe(3);
    for (const b of books) {
      expect(isValidIsbn(b.isbn)).toBe(true);
      expect(b.department_id).not.toBeNull();
      expect(b.available_copies).toBe(b.total_copies - (out.get(b.id) ?? 0));
    }
    // Most copies are back on the shelf.
    const copies = books.reduce((sum, b) => sum + b.total_copies, 0);
    expect(books.reduce((sum, b) => sum + b.available_copies, 0)).toBeGreaterThan(copies * 0.8);
    expect(await t.db.selectFrom('book_covers').select('id').execute()).toHaveLength(DEMO_BOOK_COUNT);

    const member = await signIn(t.app, 'demo.member', 'Member-demo-2026');
    const page = await t.app.inject({ method: 'GET', url: '/books/books/?page=1&page_size=10&search=austen', headers: bearer(member.access) });
    expect(page.json().count).toBe(3);
    const emma = page.json().results.find((b: { title: string }) => b.title === 'Emma');
    expect(emma.cover_photo).toMatch(/^http:\/\/api\.test\/media\/covers\/[\w-]+\.png$/);
    const cover = await t.app.inject({ method: 'GET', url: new URL(emma.cover_photo).pathname });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(cover.rawPayload.length).toBeLessThan(8 * 1024);
  }, 240_000);

  test('gives demo.member a living desk once: a loan due soon, one overdue, one returned late with Rs. 40.00 still owed', async () => {
    const member = await signIn(t.app, 'demo.member', 'Member-demo-2026');
    const summary = (await t.app.inject({ method: 'GET', url: `/reports/members/${member.id}/issued-books/`, headers: bearer(member.access) })).json();
    expect(summary).toMatchObject({ issued_count: 2, overdue_count: 1, member: { isDefaulter: true, fine_amount: '40.00' } });
    const history = (await t.app.inject({ method: 'GET', url: `/reports/returned-books/${member.id}/`, headers: bearer(member.access) })).json();
    expect(history.history).toHaveLength(1);
    expect(history.history[0].fine_amount).toBe('70.00');
    expect(await t.db.selectFrom('fine_receipts').select('cash').where('member_id', '=', member.id).execute()).toEqual([{ cash: 3000 }]);
    await seedDemo(t.db, { media: t.app.ctx.media, year: false });
    expect(await t.db.selectFrom('loans').select('id').where('member_id', '=', member.id).execute()).toHaveLength(3);
    // The fourth is the demo defaulter's late return (tests/api/demo-members.test.ts); the year's loans are its generated members'.
    const named = t.db.selectFrom('users').select('id').where('username', 'in', [...DEMO_ACCOUNTS.map((a) => a.username), ...DEMO_MEMBER_USERNAMES]);
    expect(await t.db.selectFrom('loans').select('id').where('member_id', 'in', named).execute()).toHaveLength(4);
  });

  test('gives demo.member a held copy and puts two members in line for his overdue title, once', async () => {
    const member = await signIn(t.app, 'demo.member', 'Member-demo-2026');
    const own = (await t.app.inject({ method: 'GET', url: '/books/reservations/', headers: bearer(member.access) })).json() as { status: string; hold_until: string | null }[];
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ status: 'FULFILLED', hold_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const desk = (await t.app.inject({ method: 'GET', url: `/books/issued-books/?member=${member.id}&ordering=due_date`, headers: bearer((await signIn(t.app, 'demo.admin', 'Admin-demo-2026')).access) })).json() as { reserved_for: { member: { username: string } } | null }[];
    expect(desk[0]!.reserved_for?.member.username).toBe('ayesha.khan');
    await seedDemo(t.db, { media: t.app.ctx.media, year: false });
    const named = t.db.selectFrom('users').select('id').where('username', 'in', [...DEMO_ACCOUNTS.map((a) => a.username), ...DEMO_MEMBER_USERNAMES]);
    expect(await t.db.selectFrom('reservations').select(['status']).where('member_id', 'in', named).orderBy('id').execute()).toEqual([{ status: 'FULFILLED' }, { status: 'PENDING' }, { status: 'PENDING' }]);
  });

  test('gives a cover to a demo book that has none and leaves books that have one alone', async () => {
    const book = await t.db.selectFrom('books').select('id').where('title', '=', 'Emma').executeTakeFirstOrThrow();
    await t.db.deleteFrom('book_covers').where('book_id', '=', book.id).execute();
    const again = await seedDemo(t.db, { media: t.app.ctx.media, year: false });
    expect(again.catalogue.covers).toBe(1);
    expect(await t.db.selectFrom('book_covers').select('id').where('book_id', '=', book.id).execute()).toHaveLength(1);
  });
});

/**
 * The circulation reads: the issued list (filters, search, ordering, paging, a MEMBER's own
 * loans, hostile query strings), the member issue summary, the returned history (all and one
 * member's), the book loan report and the member obligations that block deletion.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { memberObligations, obligationsOf } from '../../server/src/modules/members/obligations.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { actor, addBook, giveBack, issue, libraryToday, onlyInRole, type Actor } from './support/circulation.js';

let t: TestApp;
let desk: Actor;
let ann: Actor;
let bob: Actor;
let today: string;
const loans: Record<string, number> = {};
const books: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  desk = await actor(t, 'desk', 'SUPER USER');
  ann = await actor(t, 'ann');
  bob = await actor(t, 'bob');
  today = await libraryToday(t);
  for (const title of ['Alpha', 'Beta', 'Gamma', 'Delta']) books[title] = await addBook(t, title, 2, 20000);
  const lend = async (key: string, who: Actor, title: string, issued: number, due: number) => {
    const response = await issue(t, desk, { book: books[title], member: who.id, issue_date: addDays(today, issued), due_date: addDays(today, due) });
    expect(response.statusCode).toBe(201);
    loans[key] = (response.json() as { id: number }).id;
  };
  await lend('annAlpha', ann, 'Alpha', -10, -2);
  await lend('annBeta', ann, 'Beta', -3, 4);
  await lend('bobAlpha', bob, 'Alpha', -1, 5);
  await lend('bobGamma', bob, 'Gamma', -20, -15);
  await giveBack(t, desk, loans['bobGamma']!, { fine_collected_amount: '10.00' });
});

afterAll(async () => t.close());

const get = (url: string, who: Actor = desk) => t.app.inject({ method: 'GET', url, headers: who.headers });
const ids = (body: unknown) => (body as { id: number }[]).map((r) => r.id);

describe('issued list', () => {
  test('loans still out, newest issue first, with the accrued fine', async () => {
    const response = await get('/books/issued-books/');
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual([loans['bobAlpha'], loans['annBeta'], loans['annAlpha']]);
    const overdue = (response.json() as { id: number }[]).find((r) => r.id === loans['annAlpha']);
    expect(overdue).toMatchObject({ overdue: true, late_days: 2, fine_amount: '20.00', member: { name: 'ann' }, book: { title: 'Alpha', price: '200.00' } });
  });

  test.each([
    ['?overdue=true', ['annAlpha']],
    ['?search=ALP', ['bobAlpha', 'annAlpha']],
    ['?search=bob', ['bobAlpha']],
    ['?ordering=due_date', ['annAlpha', 'annBeta', 'bobAlpha']],
    ['?ordering=title,-issue_date', ['bobAlpha', 'annAlpha', 'annBeta']],
    ['?ordering=-member', ['bobAlpha', 'annBeta', 'annAlpha']],
  ])('%s', async (query, expected) => {
    expect(ids((await get(`/books/issued-books/${query}`)).json())).toEqual(expected.map((k) => loans[k]));
  });

  test('member= and book= filters', async () => {
    expect(ids((await get(`/books/issued-books/?member=${ann.id}`)).json())).toEqual([loans['annBeta'], loans['annAlpha']]);
    expect(ids((await get(`/books/issued-books/?book=${books['Alpha']}`)).json())).toEqual([loans['bobAlpha'], loans['annAlpha']]);
  });

  test('paged like the member lists', async () => {
    const page = (await get('/books/issued-books/?page=1&page_size=2')).json();
    expect(page).toMatchObject({ count: 3, previous: null, next: 'http://api.test/books/issued-books/?page=2&page_size=2' });
    expect(page.results).toHaveLength(2);
    expect((await get('/books/issued-books/?page=2&page_size=2')).json().results).toHaveLength(1);
    expect((await get('/books/issued-books/?page=3&page_size=2')).statusCode).toBe(404);
    expect((await get('/books/issued-books/?page=1&page_size=1000000000')).json().results).toHaveLength(3);
  });

  test.each(['?member=2147483648', '?member=abc', '?book=1&book=2', '?search=a&search=b', '?page=1&page=2', '?overdue=maybe', '?member=%00', '?search=%00%01'])(
    'hostile %s → 400',
    async (query) => {
      const response = await get(`/books/issued-books/${query}`);
      expect(response.statusCode).toBe(400);
    },
  );

  test('a MEMBER sees only his own loans, whatever he asks', async () => {
    expect(ids((await get('/books/issued-books/', ann)).json())).toEqual([loans['annBeta'], loans['annAlpha']]);
    expect(ids((await get(`/books/issued-books/?member=${bob.id}`, ann)).json())).toEqual([]);
  });

  test('staff read loans with any circulation permission (a desk that issues or returns sees what is out); none → 403', async () => {
    for (const [username, codename] of [['viewer.clerk', 'view_bookissuance'], ['issuer.clerk', 'add_bookissuance'], ['returner.clerk', 'change_bookissuance']] as const) {
      const clerk = await actor(t, username, 'MANAGER');
      await onlyInRole(t, clerk.id, `Only ${codename}`, [codename]);
      expect((await get('/books/issued-books/', clerk)).statusCode, codename).toBe(200);
      expect((await get(`/reports/members/${ann.id}/issued-books/`, clerk)).statusCode, codename).toBe(200);
      expect((await get('/reports/books/returned-history/', clerk)).statusCode, codename).toBe(200);
      expect((await get(`/reports/returned-books/${ann.id}/`, clerk)).statusCode, codename).toBe(200);
    }
    const clerk = await actor(t, 'clerk', 'MANAGER');
    await onlyInRole(t, clerk.id, 'Catalogue only', ['view_book']);
    expect((await get('/books/issued-books/', clerk)).statusCode).toBe(403);
    expect((await get(`/reports/members/${ann.id}/issued-books/`, clerk)).statusCode).toBe(403);
    expect((await get('/reports/books/returned-history/', clerk)).statusCode).toBe(403);
    expect((await get(`/reports/returned-books/${ann.id}/`, clerk)).statusCode).toBe(403);
    // A member reads no one's history of returns but his own.
    expect((await get('/reports/books/returned-history/', ann)).statusCode).toBe(403);
  });
});

describe('member issue summary', () => {
  test('his open loans, counts, rules and what he owes', async () => {
    const summary = (await get(`/reports/members/${ann.id}/issued-books/`)).json();
    expect(summary).toMatchObject({
      member: { id: ann.id, username: 'ann', isDefaulter: false, fine_amount: '0.00', is_active: true, full_name: 'Test ann' },
      issued_count: 2,
      overdue_count: 1,
      loan_limit: 3,
      loan_period_days: 3,
      fine_per_day: '10.00',
    });
    expect(summary.issued_books.map((l: { issue_id: number }) => l.issue_id)).toEqual([loans['annAlpha'], loans['annBeta']]);
    expect(summary.issued_books[0]).toMatchObject({ overdue: true, late_days: 2, fine_amount: '20.00', renewals: 0, book: { title: 'Alpha', publisher: 'Press', category: null } });
  });

  test('what a member owes after a partly paid return', async () => {
    const summary = (await get(`/reports/members/${bob.id}/issued-books/`)).json();
    expect(summary.member).toMatchObject({ isDefaulter: true, fine_amount: '140.00' });
    expect(summary.issued_count).toBe(1);
  });

  test('the member himself may read it; another member may not; a staff id or unknown id → 404', async () => {
    expect((await get(`/reports/members/${ann.id}/issued-books/`, ann)).statusCode).toBe(200);
    expect((await get(`/reports/members/${ann.id}/issued-books/`, bob)).statusCode).toBe(403);
    expect((await get(`/reports/members/${desk.id}/issued-books/`)).statusCode).toBe(404);
    expect((await get('/reports/members/999999/issued-books/')).statusCode).toBe(404);
    expect((await get('/reports/members/2147483648/issued-books/')).statusCode).toBe(400);
  });
});

describe('returned history', () => {
  test('all returns, newest first, with the fine charged', async () => {
    const answer = (await get('/reports/books/returned-history/')).json();
    expect(answer.returned_count).toBe(1);
    expect(answer.history[0]).toMatchObject({
      issue_id: loans['bobGamma'],
      return_date: today,
      issued_on: addDays(today, -20),
      due_date: addDays(today, -15),
      status: 'RETURNED',
      fine_amount: '150.00',
      book: { id: books['Gamma'], title: 'Gamma' },
      member: { id: bob.id, username: 'bob', email: 'bob@example.test' },
    });
  });

  test('paged, searched, one member', async () => {
    expect((await get('/reports/books/returned-history/?page=1&page_size=1')).json()).toMatchObject({ returned_count: 1, count: 1, next: null });
    expect((await get('/reports/books/returned-history/?search=zzz')).json()).toMatchObject({ returned_count: 0, history: [] });
    expect((await get(`/reports/returned-books/${bob.id}/`, bob)).json().returned_count).toBe(1);
    expect((await get(`/reports/returned-books/${ann.id}/`, ann)).json().returned_count).toBe(0);
    expect((await get(`/reports/returned-books/${bob.id}/`, ann)).statusCode).toBe(403);
    expect((await get('/reports/books/returned-history/?page=x&page=y')).statusCode).toBe(400);
  });
});

describe('book loan report and obligations', () => {
  test('every loan of the title, newest first, distinct members counted', async () => {
    const report = (await get(`/reports/books/${books['Alpha']}/issued-members/`)).json();
    expect(report.member_count).toBe(2);
    expect(report.issued_to.map((l: { issue_id: number }) => l.issue_id)).toEqual([loans['bobAlpha'], loans['annAlpha']]);
    expect(report.issued_to[1]).toMatchObject({ status: 'ISSUED', return_date: null, member: { id: ann.id, username: 'ann' } });
  });

  test('books out and fines owed, for one member and for many', async () => {
    expect(await memberObligations(t.db, bob.id)).toEqual({ booksOut: 1, finesOwed: 14000 });
    const many = await obligationsOf(t.db, [ann.id, bob.id, desk.id]);
    expect(many.get(ann.id)).toEqual({ booksOut: 2, finesOwed: 0 });
    expect(many.get(desk.id)).toEqual({ booksOut: 0, finesOwed: 0 });
    const refused = await t.app.inject({ method: 'DELETE', url: `/users/delete/${bob.id}/`, headers: desk.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This member has 1 book out and owes Rs. 140.00 in fines; return the books and settle the fines before deleting the account.');
  });
});

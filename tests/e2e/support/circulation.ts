/** Circulation fixtures for browser tests: books with a price and loans made through the real API. */
import { expect, type APIRequestContext } from '@playwright/test';
import { todayIn } from '../../../src/lib/dates';
import type { IssuedRecord } from '../../../src/lib/schemas/circulation';
import { API, adminHeaders, randomIsbn13 } from './books';

/** Creates a one-copy book with a price (a decimal string) as the admin; answers its id and title. */
export async function createPricedBook(request: APIRequestContext, title: string, price: string): Promise<{ id: number; title: string }> {
  const headers = await adminHeaders(request);
  const first = async (path: string) => ((await (await request.get(`${API}${path}`, { headers })).json()) as { id: number }[])[0]!.id;
  const created = await request.post(`${API}/books/books/`, {
    headers,
    data: {
      title,
      author: 'Test Author',
      isbn: randomIsbn13(),
      department: await first('/admin-departments/'),
      category: await first('/categories/'),
      language: await first('/language/'),
      publisher: 'Test Press',
      total_copies: 1,
      rack_no: 'T-1',
      price,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { id, title };
}

/** The library's today as the server counts it (its time zone's date). */
export async function libraryTodayOf(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${API}/settings/library/`, { headers: await adminHeaders(request) });
  const { timezone } = (await answer.json()) as { timezone?: string | null };
  return todayIn(timezone ?? 'UTC');
}

/** Issues `book` to `member` with the given dates (old dates make an overdue loan). */
export async function issueThroughApi(request: APIRequestContext, book: number, member: number, issueDate: string, dueDate: string): Promise<IssuedRecord> {
  const answer = await request.post(`${API}/books/issued-books/`, {
    headers: await adminHeaders(request),
    data: { book, member, issue_date: issueDate, due_date: dueDate, status: 'ISSUED' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as IssuedRecord;
}

/** A member's loans still out, through the API. */
export async function openLoansOf(request: APIRequestContext, member: number): Promise<IssuedRecord[]> {
  const answer = await request.get(`${API}/books/issued-books/?member=${member}`, { headers: await adminHeaders(request) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as IssuedRecord[];
}

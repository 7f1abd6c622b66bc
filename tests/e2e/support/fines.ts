/** Fines for browser tests, made the real way: a book lent through the desk API and returned late. */
import { expect, type APIRequestContext } from '@playwright/test';
import { addDays } from '#shared/dates';
import { API, adminHeaders, randomIsbn13 } from './books';
import { libraryTodayOf } from './circulation';

/** Creates a one-copy book through the API as the admin; answers its id. */
export async function createBookViaApi(request: APIRequestContext, title: string): Promise<number> {
  const headers = await adminHeaders(request);
  const first = async (path: string) => ((await (await request.get(`${API}${path}`, { headers })).json()) as { id: number }[])[0]!.id;
  const created = await request.post(`${API}/books/books/`, {
    headers,
    data: {
      title, author: 'Fine Author', isbn: randomIsbn13(), department: await first('/admin-departments/'), category: await first('/categories/'),
      language: await first('/language/'), publisher: 'Test Press', total_copies: 1, rack_no: 'F-1',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/**
 * Lends the book to the member due `lateDays` before the library's today (issued 5 days earlier,
 * within the loan date window) and returns it today with nothing paid: a fine of lateDays × the
 * daily rate (Rs. 10 by default). Answers the loan id.
 */
export async function returnLate(request: APIRequestContext, memberId: number, bookId: number, lateDays: number): Promise<number> {
  const returnDate = await libraryTodayOf(request);
  const dueDate = addDays(returnDate, -lateDays);
  const issued = await request.post(`${API}/books/issued-books/`, {
    headers: await adminHeaders(request),
    data: { issue_date: addDays(dueDate, -5), due_date: dueDate, status: 'ISSUED', book: bookId, member: memberId },
  });
  expect(issued.status()).toBe(201);
  const loanId = ((await issued.json()) as { id: number }).id;
  const returned = await request.post(`${API}/books/issued-books/${loanId}/return/`, {
    headers: await adminHeaders(request),
    data: { returnDate, fine_collected_amount: '0.00', discount: '0.00', status: 'RETURNED' },
  });
  expect(returned.status()).toBe(200);
  return loanId;
}

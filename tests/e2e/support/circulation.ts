/** Circulation fixtures for browser tests: books (with a price), a member's number, the library's today, and loans through the real API. */
import { expect, type APIRequestContext } from '@playwright/test';
import { formatDate, todayIn } from '#shared/dates';
import type { IssuedRecord } from '../../../src/lib/schemas/circulation';
import { API, adminHeaders, randomIsbn13 } from './books';

/** A book the test made. */
export interface TestBook {
  id: number;
  title: string;
  isbn: string;
}

/** Creates a book through the API as the admin: `copies` copies (2) at `price` (a decimal string, "500"). */
export async function createLendableBook(request: APIRequestContext, title: string, { copies = 2, price = '500', department }: { copies?: number; price?: string; department?: number } = {}): Promise<TestBook> {
  const headers = await adminHeaders(request);
  const first = async (path: string) => ((await (await request.get(`${API}${path}`, { headers })).json()) as { id: number }[])[0]!.id;
  const isbn = randomIsbn13();
  const created = await request.post(`${API}/books/books/`, {
    headers,
    multipart: {
      title,
      author: 'Desk Test Author',
      isbn,
      department: String(department ?? (await first('/admin-departments/'))),
      category: String(await first('/categories/')),
      language: String(await first('/language/')),
      publisher: 'Desk Test Press',
      total_copies: String(copies),
      rack_no: 'D-1',
      price,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { id, title, isbn };
}

/** The member number (`MBR-0001`) of a member, from the member search. */
export async function memberNumberOf(request: APIRequestContext, username: string): Promise<string> {
  const found = await request.get(`${API}/members/search/?search=${encodeURIComponent(username)}`, { headers: await adminHeaders(request) });
  const rows = (await found.json()) as { username: string; member_id: string }[];
  const row = rows.find((r) => r.username === username);
  expect(row?.member_id).toBeTruthy();
  return row!.member_id;
}

/** Issues a book through the API (old dates make an overdue loan); answers the new loan. */
export async function issueThroughApi(request: APIRequestContext, body: { book: number; member: number; issue_date?: string; due_date?: string }): Promise<IssuedRecord> {
  const answer = await request.post(`${API}/books/issued-books/`, { headers: await adminHeaders(request), data: { status: 'ISSUED', ...body } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as IssuedRecord;
}

/** Returns a loan through the API without paying anything. */
export async function returnUnpaid(request: APIRequestContext, loanId: number | string, returnDate: string): Promise<void> {
  const answer = await request.post(`${API}/books/issued-books/${loanId}/return/`, {
    headers: await adminHeaders(request),
    data: { returnDate, fine_collected_amount: '0.00', discount: '0.00', status: 'RETURNED' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A member's issue summary as the desk reads it. */
export async function issueSummaryOf(request: APIRequestContext, memberId: number): Promise<{ issued_count: number; member: { isDefaulter: boolean; fine_amount: string } }> {
  const answer = await request.get(`${API}/reports/members/${memberId}/issued-books/`, { headers: await adminHeaders(request) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { issued_count: number; member: { isDefaulter: boolean; fine_amount: string } };
}

/** The library's today as the server counts it (its time zone's date). */
export async function libraryTodayOf(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${API}/settings/library/`, { headers: await adminHeaders(request) });
  const { timezone } = (await answer.json()) as { timezone?: string | null };
  return todayIn(timezone ?? 'UTC');
}

/** The library's date format (the `date_format` setting): what date fields show and take. */
export async function libraryDateFormatOf(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${API}/settings/library/`, { headers: await adminHeaders(request) });
  return ((await answer.json()) as { date_format?: string | null }).date_format ?? 'DD/MM/YYYY';
}

/** A date as a person types it into a date field in the library's format. */
export const typedDate = (date: string, format: string): string => formatDate(date, format) ?? date;

/** A member's loans still out, through the API. */
export async function openLoansOf(request: APIRequestContext, member: number): Promise<IssuedRecord[]> {
  const answer = await request.get(`${API}/books/issued-books/?member=${member}`, { headers: await adminHeaders(request) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as IssuedRecord[];
}
